import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contracts,domain,platform,dms,read-models,command-api,query-api,projector,workers,launcher,web}/src/**/*.test.{ts,tsx}', 'bench/lib/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Names the run; drops its template database and Redis keys at the end (launcher/src/testing/template-database.ts).
    globalSetup: ['launcher/src/testing/global-setup.ts'],
  },
});
