/** Recognises constraint violations from either database by their driver codes. */
interface DbError {
  code?: string;
}

const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
// SQLite reports ON DELETE RESTRICT as a trigger constraint, deferred or immediate keys as FOREIGNKEY.
const FK_CODES = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', 'SQLITE_CONSTRAINT_TRIGGER', '23503']);
const CHECK_CODES = new Set(['SQLITE_CONSTRAINT_CHECK', '23514', 'SQLITE_CONSTRAINT_NOTNULL', '23502']);

const codeOf = (err: unknown) => (err as DbError | null)?.code;

export const isUniqueViolation = (err: unknown) => UNIQUE_CODES.has(codeOf(err) ?? '');
export const isForeignKeyViolation = (err: unknown) => FK_CODES.has(codeOf(err) ?? '');
export const isCheckViolation = (err: unknown) => CHECK_CODES.has(codeOf(err) ?? '');
