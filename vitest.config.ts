import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'packages/*/test/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The upload-cap test measures what a request keeps alive, not garbage awaiting collection.
    execArgv: ['--expose-gc'],
    // PostgreSQL for the server suite: TEST_DATABASE_URL, else the local server, else a warning.
    globalSetup: ['packages/server/test/setup/database.global.ts'],
    setupFiles: ['packages/server/test/setup/database.env.ts', 'packages/admin/test/dom.setup.ts'],
    // Browser journeys and DOM tests wait on a real server and a real browser sharing two cores
    // with the rest of the suite: a step that times out is tried again, a wrong result still fails.
    retry: 2,
  },
});
