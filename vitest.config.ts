import { defineConfig } from 'vitest/config';

// The API suite runs on embedded PGlite always, and again on real PostgreSQL (and Redis) when
// TEST_DATABASE_URL is set, as CI does (QUALITY.md).
const realServers = Boolean(process.env.TEST_DATABASE_URL);

// The server's tests of the parts below the modules (lib/, providers/, db/, backup/, deploy/)
// import no module (the layer rules of scripts/layers.cjs), so they run without the modules'
// reactions; the rest are wired as the app wires them (src/reactions.ts), so a test that calls a
// module's functions directly sees the same reactions. Loading the wiring costs each test file
// the whole module graph: about 1.5 s a file for the ones that would not load it otherwise.
const BELOW_THE_MODULES = ['lib', 'providers', 'db', 'backup', 'deploy'].map(
  (dir) => `src/${dir}/**/*.test.ts`,
);

function serverProjects(name: string, database: 'pglite' | 'postgres') {
  const common = {
    root: 'apps/server',
    env: { VITRIN_TEST_DATABASE: database },
    // One migrated database per run that each test file's database is copied from: a dump for
    // PGlite, a template database for PostgreSQL (migrating one costs about 1.7 s a file).
    globalSetup: [
      database === 'pglite' ? 'src/test/global-setup.ts' : 'src/test/global-setup-postgres.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  // The real-server tests (*.real.test.ts) run only against PostgreSQL.
  const realOnly = database === 'pglite' ? ['src/**/*.real.test.ts'] : [];
  return [
    {
      test: {
        ...common,
        name,
        include: ['src/**/*.test.ts'],
        exclude: [...BELOW_THE_MODULES, ...realOnly],
        setupFiles: ['src/reactions.ts'],
      },
    },
    {
      test: { ...common, name: `${name}-base`, include: BELOW_THE_MODULES, exclude: realOnly },
    },
  ];
}

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
      ...serverProjects('server', 'pglite'),
      ...(realServers
        ? [
            ...serverProjects('server-postgres', 'postgres'),
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
