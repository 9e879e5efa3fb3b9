import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSignedInUser } from '../../test/api-kit';
import { createTestApp, deleteKeys, type TestApp } from '../../test/test-app';
import {
  closeSockets,
  connectPanel,
  connectTracker,
  freshLiveDomain,
  giveDomain,
  listeningOrigin,
} from './live-test-kit';

// A node that stops (a deploy, a restart) sends its sockets away with a reconnect hint: the
// transport closes, so the tracker and the panel reconnect, through the load balancer, to a node
// still running. A namespace disconnect (`41`) would stop every tracker for its page load.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ liveConnectsPerMinute: 100_000 });
});

afterAll(async () => {
  closeSockets();
  await testApp.close();
});

test('a stopping node closes the transports of trackers and panels, so both reconnect', async () => {
  const { app } = testApp;
  const origin = await listeningOrigin(app);
  const owner = await createSignedInUser(app, { firstName: 'سارا', lastName: 'محمدی' });
  const domainName = freshLiveDomain();
  await giveDomain(app, owner.id, domainName);
  const tracker = await connectTracker(origin, { domainName });
  const panel = await connectPanel(origin, owner.token);
  const reasons = Promise.all(
    [tracker, panel].map(
      (socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)),
    ),
  );

  // The keys the closing node still writes (its visitors leaving) go with a connection of ours.
  const redis = app.redis?.duplicate();
  await app.close();
  if (redis) {
    await deleteKeys(redis, app.config.redisKeyPrefix);
    await redis.quit();
  }

  // 'io server disconnect' is the namespace disconnect, after which neither comes back.
  expect(await reasons).toEqual(['transport close', 'transport close']);
});
