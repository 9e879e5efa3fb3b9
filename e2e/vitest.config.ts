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
    hookTimeout: 120_000,
    // One server and one Chromium at a time on a 2-core machine.
    fileParallelism: false,
  },
});
