// Vitest settings for the browser tests: one file at a time, generous timeouts for a full product start.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Names the run; drops its template database and Redis keys at the end (launcher/src/testing/template-database.ts).
    globalSetup: ['launcher/src/testing/global-setup.ts'],
  },
});
