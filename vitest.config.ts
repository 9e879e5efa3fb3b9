import { defineConfig } from 'vitest/config';

// The API suite runs on embedded PGlite always, and again on real PostgreSQL (and Redis) when
// TEST_DATABASE_URL is set, as CI does (QUALITY.md).
const realServers = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default in a run is one fewer than the CPUs, so one on a
    // 2-core machine, and that one worker left a core idle about half the time (the API tests
    // wait on PostgreSQL, Redis and timers). Every file has its own database (test-app.ts).
    maxWorkers: 2,
    projects: [
      'packages/fa',
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      // Web logic that needs no page (session, red dots); pages are tested in the browser (e2e/).
      {
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      // The Android project's build decisions and its committed files (issue 9).
      {
        test: {
          name: 'android',
          root: 'apps/android',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tracker',
          root: 'apps/tracker',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.real.test.ts'],
          env: { VITRIN_TEST_DATABASE: 'pglite' },
          globalSetup: ['src/test/global-setup.ts'],
          // Wired as the app wires them, so a test that calls a module's functions directly sees
          // the same reactions (src/reactions.ts).
          setupFiles: ['src/reactions.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(realServers
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.test.ts'],
                env: { VITRIN_TEST_DATABASE: 'postgres' },
                setupFiles: ['src/reactions.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            // The bench's own code that needs PostgreSQL: its statement counter (bench/).
            {
              test: {
                name: 'bench',
                root: 'bench',
                include: ['*.test.ts'],
                environment: 'node',
              },
            },
          ]
        : []),
    ],
  },
});
