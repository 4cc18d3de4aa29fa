import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The upload-cap test measures what a request keeps alive, not garbage awaiting collection.
    execArgv: ['--expose-gc'],
    // PostgreSQL for the server suite (TEST_DATABASE_URL, else the local server, else a warning),
    // and the compiled server the journeys and commands start.
    globalSetup: [
      'packages/server/test/setup/database.global.ts',
      'packages/server/test/setup/server-bundle.global.ts',
    ],
    setupFiles: ['packages/server/test/setup/database.env.ts', 'packages/admin/test/dom.setup.ts'],
    // A DOM test or a browser step that times out on a busy machine is tried again (up to twice);
    // a wrong result still fails.
    retry: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.ts'],
          // One file per core (Vitest's default leaves one core free): most of these files wait
          // on PostgreSQL, child processes or the network, so two at once on two cores take about
          // half the time. Each file has its own databases, folders and ports.
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['e2e/**/*.test.ts'],
          // Each journey runs a real server and a real Chromium: on two cores they run one at a
          // time, after the rest of the suite, so that no journey's timing depends on what else
          // the machine is doing.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
