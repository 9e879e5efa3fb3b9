import { defineConfig } from 'vitest/config';

// The 3-node test needs a real PostgreSQL and Redis (and nginx): run where TEST_DATABASE_URL is
// set, as CI does, like the server-postgres project.
const realServers = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    root: import.meta.dirname,
    // A test may start a server of its own (shell.test.ts's SIGTERM test) or walk a long flow
    // (admin-flow.test.ts): with another file beside it on two loaded cores, both went past 60 s
    // here (at a load average of 15). The same 120 s as a file's own server start (hookTimeout).
    testTimeout: 120_000,
    // expect.poll waits for a state the page reaches (a field filled, a toast gone) up to 10 s,
    // not Vitest's 1 s: with two files at once on a loaded 2-core machine the checkout test's
    // theme field took longer. A poll that means a deadline says so itself ({ timeout: 1_500 }).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', 'cluster.test.ts'],
          // Two files at a time (CI's wall time was 53 min with one): each file has its own
          // server (a free port, a fresh DATA_DIR) and its own Chromium, and much of a browser
          // test is waiting (the network going quiet, the server, timers). Vitest's default in a
          // run is one fewer worker than the CPUs: one on a 2-core machine.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      ...(realServers
        ? [
            {
              extends: true as const,
              test: {
                // After the others, alone: three nodes, nginx, PostgreSQL, Redis and the load
                // already share the two cores, as the test was written for.
                name: 'cluster',
                include: ['cluster.test.ts'],
                fileParallelism: false,
                maxWorkers: 1,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
