import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { deleteKeys } from '../../test/test-app';
import { createRedisVisitorCounts } from './redis-visitor-counts';
import { describeVisitorCounts } from './visitor-counts.suite';

// Only a real Redis can answer these: run by the server-postgres project.
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('the Redis visitor-count tests need REDIS_URL (CI sets it)');

// Two clients, as two nodes have; each test gets its own key prefix and deletes it after.
const clients = [new Redis(redisUrl), new Redis(redisUrl)] as const;

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

describeVisitorCounts('visitor counts in Redis', async () => {
  const prefix = `vitrin-test-${randomBytes(6).toString('hex')}:`;
  return {
    store: createRedisVisitorCounts(clients[0], prefix),
    otherNode: createRedisVisitorCounts(clients[1], prefix),
    dispose: () => deleteKeys(clients[0], prefix),
  };
});
