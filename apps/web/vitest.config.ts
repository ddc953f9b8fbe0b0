import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share its modules and its jsdom (a file's imports and window are made once per worker,
    // not once per file: the suite takes a third of the time); test/setup.ts cleans the DOM, the storage and the
    // chart stub after each test, and no file mocks a module of its own (charts are stubbed for all in setup.ts).
    isolate: false,
    testTimeout: 20_000,
  },
});
