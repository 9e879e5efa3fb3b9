import {
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_REFRESHED,
  LIVE_ACTION_RETURNING_VISITOR,
  LIVE_ACTION_STARTED,
  LIVE_EVENT_REFRESH,
} from '@vitrin/contracts';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/api-kit';
import { createTestApp, deleteKeys, setupTestApp } from '../../test/test-app';
import { revokeSession } from '../accounts/sessions.service';
import { LIVE_MESSAGES } from './live-socket';
import {
  closeSockets,
  connectPanel,
  connectTracker,
  emitAndWait,
  eventually,
  freshKwClientId,
  freshLiveDomain,
  giveDomain,
  listeningOrigin,
  nextNotify,
  pageView,
  refresh,
  sendVisit,
  start,
  staysQuiet,
} from './live-test-kit';

const t = setupTestApp({ liveConnectsPerMinute: 100_000 });
let origin: string;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  origin = await listeningOrigin(t.app);
  owner = await createSignedInUser(t.app, { firstName: 'سارا', lastName: 'محمدی' });
  stranger = await createSignedInUser(t.app, { firstName: 'رضا', lastName: 'کریمی' });
});

afterEach(closeSockets);

/** A domain of the owner's, and a panel of the owner's already watching it. */
async function watchedDomain() {
  const domainName = freshLiveDomain();
  await giveDomain(t.app, owner.id, domainName);
  const panel = await connectPanel(origin, owner.token);
  const started = await start(panel, { userId: owner.id, domainName });
  if (!('notify' in started)) throw new Error('start was refused');
  return { domainName, panel };
}

async function refusalOf(connecting: Promise<unknown>): Promise<string> {
  try {
    await connecting;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the socket was accepted');
}

describe('panel: start and refresh', () => {
  test('start answers socket-started with the domain’s counts, all zero at first', async () => {
    const domainName = freshLiveDomain();
    await giveDomain(t.app, owner.id, domainName);
    const panel = await connectPanel(origin, owner.token);
    const before = Date.now();
    const answer = await start(panel, { userId: owner.id, domainName });
    expect(answer).toEqual({
      notify: {
        action: LIVE_ACTION_STARTED,
        data: {
          userData: { connectDate: expect.any(String) },
          userCount: {
            allVisitorsCount: 0,
            allVisitorsTodayCount: 0,
            newVisitorsTodayCount: 0,
            onlineVisitorsCount: 0,
          },
        },
      },
    });
    const { connectDate } = (answer as { notify: { data: { userData: { connectDate: string } } } })
      .notify.data.userData;
    expect(Date.parse(connectDate)).toBeGreaterThanOrEqual(before - 5);
  });

  test('refreshLiveData answers socket-refresh-live-data with the counts as they are now', async () => {
    const { domainName, panel } = await watchedDomain();
    await connectTracker(origin, { domainName });
    const answer = await eventually(
      () => refresh(panel, { userId: owner.id, domainName }),
      (message) => 'notify' in message && message.notify.data.userCount.onlineVisitorsCount === 1,
    );
    expect(answer).toMatchObject({
      notify: { action: LIVE_ACTION_REFRESHED, data: { userCount: { onlineVisitorsCount: 1 } } },
    });
  });

  test('the domain is matched as trackers send it: any case, with or without www.', async () => {
    const domainName = freshLiveDomain();
    await giveDomain(t.app, owner.id, `WWW.${domainName.toUpperCase()}`);
    const panel = await connectPanel(origin, owner.token);
    const answer = await start(panel, { userId: owner.id, domainName: `www.${domainName}` });
    expect(answer).toMatchObject({ notify: { action: LIVE_ACTION_STARTED } });
    const tracker = await connectTracker(origin, { domainName });
    sendVisit(tracker);
    expect((await nextNotify(panel)).action).toBe(LIVE_ACTION_NEW_VISITOR);
  });

  test('a payload that does not fit is refused in Persian, and the socket stays usable', async () => {
    const { domainName, panel } = await watchedDomain();
    const kwClientId = freshKwClientId();
    for (const bad of [
      null,
      'start',
      { userId: owner.id },
      { userId: owner.id, domainName },
      { userId: owner.id, domainName, kwClientId: 'short' },
      { userId: owner.id, domainName: 'not a domain', kwClientId },
      { userId: 'x'.repeat(65), domainName, kwClientId },
    ]) {
      expect(await emitAndWait(panel, LIVE_EVENT_REFRESH, bad)).toEqual({
        refused: { message: LIVE_MESSAGES.badRequest },
      });
    }
    expect(await refresh(panel, { userId: owner.id, domainName })).toMatchObject({
      notify: { action: LIVE_ACTION_REFRESHED },
    });
  });
});

describe('panel: who may watch what', () => {
  test('without a token, or with a bad one, the panel socket is refused', async () => {
    expect(await refusalOf(connectPanel(origin, null))).toBe(LIVE_MESSAGES.signInNeeded);
    expect(await refusalOf(connectPanel(origin, `${owner.token}x`))).toBe(
      LIVE_MESSAGES.signInNeeded,
    );
  });

  test('a domain the person does not own is refused, and its visits never reach them', async () => {
    const theirs = freshLiveDomain();
    await giveDomain(t.app, stranger.id, theirs);
    const panel = await connectPanel(origin, owner.token);
    expect(await start(panel, { userId: owner.id, domainName: theirs })).toEqual({
      refused: { message: LIVE_MESSAGES.notYourDomain },
    });
    const tracker = await connectTracker(origin, { domainName: theirs });
    sendVisit(tracker);
    expect(await staysQuiet(panel)).toBe(true);
  });

  test('a forged userId is ignored: the token’s person is the one asking', async () => {
    const theirs = freshLiveDomain();
    await giveDomain(t.app, stranger.id, theirs);
    const panel = await connectPanel(origin, owner.token);
    // Naming the other person does not give their domain…
    expect(await start(panel, { userId: stranger.id, domainName: theirs })).toEqual({
      refused: { message: LIVE_MESSAGES.notYourDomain },
    });
    // …and naming someone else on one's own domain still answers one's own counts only.
    const mine = freshLiveDomain();
    await giveDomain(t.app, owner.id, mine);
    expect(await start(panel, { userId: stranger.id, domainName: mine })).toMatchObject({
      notify: { action: LIVE_ACTION_STARTED },
    });
  });

  test('a cancelled service’s domain cannot be watched; an expired one can', async () => {
    const cancelled = freshLiveDomain();
    const expired = freshLiveDomain();
    await giveDomain(t.app, owner.id, cancelled, 'cancelled');
    await giveDomain(t.app, owner.id, expired, 'expired');
    const panel = await connectPanel(origin, owner.token);
    expect(await start(panel, { userId: owner.id, domainName: cancelled })).toEqual({
      refused: { message: LIVE_MESSAGES.notYourDomain },
    });
    expect(await start(panel, { userId: owner.id, domainName: expired })).toMatchObject({
      notify: { action: LIVE_ACTION_STARTED },
    });
  });

  test('after signing out, the next request is refused and the socket is closed', async () => {
    const person = await createSignedInUser(t.app, { firstName: 'مینا', lastName: 'نوری' });
    const domainName = freshLiveDomain();
    await giveDomain(t.app, person.id, domainName);
    const panel = await connectPanel(origin, person.token);
    expect(await start(panel, { userId: person.id, domainName })).toMatchObject({
      notify: { action: LIVE_ACTION_STARTED },
    });
    const claims = JSON.parse(
      Buffer.from(person.token.split('.')[1] ?? '', 'base64url').toString(),
    );
    await revokeSession(t.app.db, claims.sid, 'logout');
    const closed = new Promise((resolve) => panel.once('disconnect', resolve));
    expect(await refresh(panel, { userId: person.id, domainName })).toEqual({
      refused: { message: LIVE_MESSAGES.signInNeeded },
    });
    expect(await closed).toBe('io server disconnect');
  });

  test('switching domains moves the panel: the old domain’s visits stop arriving', async () => {
    const { domainName: first, panel } = await watchedDomain();
    const second = freshLiveDomain();
    await giveDomain(t.app, owner.id, second);
    await start(panel, { userId: owner.id, domainName: second });
    const oldTracker = await connectTracker(origin, { domainName: first });
    sendVisit(oldTracker);
    expect(await staysQuiet(panel)).toBe(true);
    const newTracker = await connectTracker(origin, { domainName: second });
    sendVisit(newTracker);
    expect((await nextNotify(panel)).action).toBe(LIVE_ACTION_NEW_VISITOR);
  });
});

describe('visits', () => {
  test('a first visit is new-user-connected, later ones returning-user-connected', async () => {
    const { domainName, panel } = await watchedDomain();
    const kwClientId = freshKwClientId();
    const tracker = await connectTracker(origin, { domainName, kwClientId });
    const before = Date.now();
    sendVisit(tracker, pageView('/'));
    const first = await nextNotify(panel);
    expect(first).toEqual({
      action: LIVE_ACTION_NEW_VISITOR,
      data: {
        userData: { connectDate: expect.any(String) },
        userCount: {
          allVisitorsCount: 1,
          allVisitorsTodayCount: 1,
          newVisitorsTodayCount: 1,
          onlineVisitorsCount: 1,
        },
      },
    });
    expect(Date.parse(first.data.userData.connectDate)).toBeGreaterThanOrEqual(before - 5);
    sendVisit(tracker, pageView('/products'));
    expect(await nextNotify(panel)).toMatchObject({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userCount: { allVisitorsCount: 1, allVisitorsTodayCount: 1 } },
    });
    // The same visitor in another tab, or back another day, is still returning.
    const secondTab = await connectTracker(origin, { domainName, kwClientId });
    sendVisit(secondTab);
    expect(await nextNotify(panel)).toMatchObject({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userCount: { allVisitorsCount: 1, onlineVisitorsCount: 2 } },
    });
    const other = await connectTracker(origin, { domainName });
    sendVisit(other);
    expect(await nextNotify(panel)).toMatchObject({
      action: LIVE_ACTION_NEW_VISITOR,
      data: { userCount: { allVisitorsCount: 2, newVisitorsTodayCount: 2 } },
    });
  });

  test('every panel watching the domain hears the visit, and only those', async () => {
    const { domainName, panel } = await watchedDomain();
    const secondPanel = await connectPanel(origin, owner.token);
    await start(secondPanel, { userId: owner.id, domainName });
    const { panel: otherDomainPanel } = await watchedDomain();
    const tracker = await connectTracker(origin, { domainName });
    sendVisit(tracker);
    const [one, two] = await Promise.all([nextNotify(panel), nextNotify(secondPanel)]);
    expect(one.action).toBe(LIVE_ACTION_NEW_VISITOR);
    expect(two.action).toBe(LIVE_ACTION_NEW_VISITOR);
    expect(await staysQuiet(otherDomainPanel)).toBe(true);
  });

  test('the online count goes up with each connection and down as they close', async () => {
    const { domainName, panel } = await watchedDomain();
    const online = async () => {
      const answer = await refresh(panel, { userId: owner.id, domainName });
      return 'notify' in answer ? answer.notify.data.userCount.onlineVisitorsCount : -1;
    };
    const first = await connectTracker(origin, { domainName });
    const second = await connectTracker(origin, { domainName });
    expect(await eventually(online, (count) => count === 2)).toBe(2);
    first.close();
    expect(await eventually(online, (count) => count === 1)).toBe(1);
    second.close();
    expect(await eventually(online, (count) => count === 0)).toBe(0);
    // Connected without a visit: online, but neither today's nor all visitors.
    await connectTracker(origin, { domainName });
    const answer = await eventually(
      () => refresh(panel, { userId: owner.id, domainName }),
      (message) => 'notify' in message && message.notify.data.userCount.onlineVisitorsCount === 1,
    );
    expect(answer).toMatchObject({
      notify: { data: { userCount: { allVisitorsCount: 0, allVisitorsTodayCount: 0 } } },
    });
  });

  test('when the store has lost this node’s connections, the next heartbeat puts them back', async () => {
    const { domainName, panel } = await watchedDomain();
    const tracker = await connectTracker(origin, { domainName });
    const online = async () => {
      const answer = await refresh(panel, { userId: owner.id, domainName });
      return 'notify' in answer ? answer.notify.data.userCount.onlineVisitorsCount : -1;
    };
    expect(await eventually(online, (count) => count === 1)).toBe(1);
    // As a Redis restarted empty would: every connection of the node gone from the store.
    if (t.app.redis) {
      await deleteKeys(t.app.redis, t.app.config.redisKeyPrefix);
    } else {
      for (const socket of t.app.live.io.of('/tracker').sockets.values()) {
        await t.app.live.store.connectionClosed({
          domainName: socket.data.domainName,
          connectionId: socket.id,
        });
      }
    }
    expect(await online()).toBe(0);
    await t.app.live.heartbeat();
    expect(await online()).toBe(1);
    expect(tracker.connected).toBe(true);
  });

  test('a visit that does not fit is dropped and the socket kept', async () => {
    const { domainName, panel } = await watchedDomain();
    const tracker = await connectTracker(origin, { domainName });
    for (const bad of [
      null,
      'visit',
      { ...pageView(), extra: 1 },
      { ...pageView(), path: `/${'x'.repeat(500)}` },
      { ...pageView(), title: 't'.repeat(201) },
      { path: '/' },
    ]) {
      sendVisit(tracker, bad);
    }
    expect(await staysQuiet(panel)).toBe(true);
    sendVisit(tracker);
    expect((await nextNotify(panel)).data.userCount.allVisitorsCount).toBe(1);
  });

  test('one socket may send a burst of ten visits; the rest are dropped', async () => {
    const { domainName, panel } = await watchedDomain();
    const tracker = await connectTracker(origin, { domainName });
    let heard = 0;
    panel.on('nodeMessage.notify', () => {
      heard += 1;
    });
    for (let index = 0; index < 15; index += 1) sendVisit(tracker, pageView(`/p/${index}`));
    await eventually(
      async () => heard,
      (count) => count >= 10,
    );
    expect(await staysQuiet(panel, 500)).toBe(true);
    expect(heard).toBe(10);
  });
});

describe('trackers: who may report', () => {
  test('an unregistered domain is refused', async () => {
    expect(await refusalOf(connectTracker(origin, { domainName: freshLiveDomain() }))).toBe(
      LIVE_MESSAGES.unknownDomain,
    );
  });

  test('a cancelled service’s domain is refused; an expired one still counts', async () => {
    const cancelled = freshLiveDomain();
    const expired = freshLiveDomain();
    await giveDomain(t.app, owner.id, cancelled, 'cancelled');
    await giveDomain(t.app, owner.id, expired, 'expired');
    expect(await refusalOf(connectTracker(origin, { domainName: cancelled }))).toBe(
      LIVE_MESSAGES.unknownDomain,
    );
    await expect(connectTracker(origin, { domainName: expired })).resolves.toBeTruthy();
  });

  test('a page of another site (Origin), or none, is refused; subdomains and www are the site', async () => {
    const { domainName } = await watchedDomain();
    for (const pageOrigin of ['https://evil.example', `https://${domainName}.evil.ir`, null]) {
      expect(await refusalOf(connectTracker(origin, { domainName, origin: pageOrigin }))).toBe(
        LIVE_MESSAGES.wrongOrigin,
      );
    }
    for (const pageOrigin of [`https://www.${domainName}`, `http://shop.${domainName}:8080`]) {
      await expect(
        connectTracker(origin, { domainName, origin: pageOrigin }),
      ).resolves.toBeTruthy();
    }
  });

  test('bots by user agent are refused', async () => {
    const { domainName } = await watchedDomain();
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      'HeadlessChrome/120',
    ]) {
      expect(await refusalOf(connectTracker(origin, { domainName, userAgent }))).toBe(
        LIVE_MESSAGES.botRefused,
      );
    }
  });

  test('a bad handshake is refused in Persian', async () => {
    const { domainName } = await watchedDomain();
    for (const auth of [
      {},
      { domainName },
      { domainName, kwClientId: 'short' },
      { domainName, kwClientId: 'x'.repeat(65) },
      { domainName, kwClientId: 'has spaces in it and more text' },
      { domainName: 'not a domain', kwClientId: freshKwClientId() },
    ]) {
      expect(await refusalOf(connectTracker(origin, { domainName, auth }))).toBe(
        LIVE_MESSAGES.badTracker,
      );
    }
  });
});

describe('connections per address', () => {
  test('past the limit a minute, trackers and panels from that address are refused', async () => {
    const limited = await createTestApp({ liveConnectsPerMinute: 3 });
    try {
      const limitedOrigin = await listeningOrigin(limited.app);
      const person = await createSignedInUser(limited.app, { firstName: 'الف', lastName: 'ب' });
      const domainName = freshLiveDomain();
      await giveDomain(limited.app, person.id, domainName);
      for (let index = 0; index < 3; index += 1) {
        await connectTracker(limitedOrigin, { domainName });
      }
      expect(await refusalOf(connectTracker(limitedOrigin, { domainName }))).toBe(
        LIVE_MESSAGES.tooManyConnections,
      );
      expect(await refusalOf(connectPanel(limitedOrigin, person.token))).toBe(
        LIVE_MESSAGES.tooManyConnections,
      );
    } finally {
      closeSockets();
      await limited.close();
    }
  });

  test('behind one trusted proxy, a forged leftmost X-Forwarded-For entry buys no fresh connects', async () => {
    // The test server's peer is 127.0.0.1: it stands for the balancer in front.
    const limited = await createTestApp({ trustProxy: 1, liveConnectsPerMinute: 3 });
    try {
      const limitedOrigin = await listeningOrigin(limited.app);
      const person = await createSignedInUser(limited.app, { firstName: 'الف', lastName: 'ب' });
      const domainName = freshLiveDomain();
      await giveDomain(limited.app, person.id, domainName);
      const forged = (index: number) => `198.18.${index}.${index + 1}, 203.0.113.9`;
      for (let index = 0; index < 3; index += 1) {
        await connectTracker(limitedOrigin, { domainName, forwardedFor: forged(index) });
      }
      expect(
        await refusalOf(connectTracker(limitedOrigin, { domainName, forwardedFor: forged(3) })),
      ).toBe(LIVE_MESSAGES.tooManyConnections);
      // Another visitor behind the same balancer has connects of their own.
      await connectTracker(limitedOrigin, { domainName, forwardedFor: '203.0.113.10' });
    } finally {
      closeSockets();
      await limited.close();
    }
  });
});
