import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    // The 3-node test needs a real PostgreSQL and Redis (and nginx): run where TEST_DATABASE_URL
    // is set, as CI does, like the server-postgres project.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['cluster.test.ts'])],
    testTimeout: 60_000,
    // expect.poll waits for a state the page reaches (a field filled, a toast gone) up to 10 s,
    // not Vitest's 1 s: with two files at once on a loaded 2-core machine the checkout test's
    // theme field took longer. A poll that means a deadline says so itself ({ timeout: 1_500 }).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Two files at a time (CI's wall time was 53 min with one): each file has its own server
    // (a free port, a fresh DATA_DIR or database) and its own Chromium, and much of a browser
    // test is waiting (the network going quiet, the server, timers). Vitest's default in a run
    // is one fewer worker than the CPUs: one on a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
