import { afterAll, afterEach, vi } from 'vitest';

/*
 * The server's test files share their worker's modules (`isolate: false` in vitest.config.ts: importing the app once
 * per worker instead of once per file halves the suite's time). What one test changes globally is undone here, so
 * no file sees another's clock, spies or environment.
 */
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

afterAll(() => {
  vi.unstubAllEnvs();
});
