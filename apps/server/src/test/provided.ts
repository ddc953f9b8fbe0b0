/*
 * What the server suite's global setup (test/global-setup.ts) hands every test file, through vitest's
 * provide / inject.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** On PostgreSQL, a database migrated and seeded once per run; each test app's database is a copy of it. */
    pgTemplate: string | null;
  }
}

export {};
