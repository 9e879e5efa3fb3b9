import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ONLINE_TTL_MS, type Visit, type VisitorCountStore } from './visitor-counts';

export interface VisitorCountNodes {
  /** The store as one node sees it. */
  store: VisitorCountStore;
  /** The same counts as a second node sees them (the same object when there is one process). */
  otherNode: VisitorCountStore;
  /** Removes whatever the test left behind. */
  dispose(): Promise<void>;
}

const DOMAIN = 'shop.example.ir';
// 23:59:59 on 21 November 2026 in Tehran (UTC+3:30), and its midnight one second later.
const LAST_SECOND_OF_NOV_21 = new Date('2026-11-21T20:29:59Z');
const MIDNIGHT_NOV_22 = new Date('2026-11-21T20:30:00Z');
const NOON_NOV_21 = new Date('2026-11-21T08:30:00Z');

const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * The store as the live service uses it: a domain the store has not loaded is loaded (with no
 * stored visitors) and asked again. The tests of loading itself use the bare store.
 */
function loadingOnDemand(store: VisitorCountStore) {
  async function whenLoaded<T>(domainName: string, at: Date, ask: () => Promise<T | null>) {
    const first = await ask();
    if (first !== null) return first;
    await store.load(domainName, [], at);
    const second = await ask();
    if (second === null) throw new Error(`${domainName} still not loaded`);
    return second;
  }
  return {
    ...store,
    recordVisit: (visit: Visit) =>
      whenLoaded(visit.domainName, visit.at, () => store.recordVisit(visit)),
    counts: (domainName: string, at: Date) =>
      whenLoaded(domainName, at, () => store.counts(domainName, at)),
  };
}

/**
 * The one suite every VisitorCountStore passes (issue 7, "Counting"): in memory always, on Redis
 * in visitor-counts.real.test.ts. `makeNodes` returns a store with no counts in it.
 */
export function describeVisitorCounts(name: string, makeNodes: () => Promise<VisitorCountNodes>) {
  describe(name, () => {
    let nodes: VisitorCountNodes;
    let store: ReturnType<typeof loadingOnDemand>;
    let otherNode: ReturnType<typeof loadingOnDemand>;

    beforeEach(async () => {
      nodes = await makeNodes();
      store = loadingOnDemand(nodes.store);
      otherNode = loadingOnDemand(nodes.otherNode);
    });
    afterEach(async () => {
      await nodes.dispose();
    });

    const visit = (kwClientId: string, at: Date, domainName = DOMAIN) =>
      store.recordVisit({ domainName, kwClientId, at });

    describe('new and returning visitors', () => {
      test("a visitor's first visit is new and every later one returning", async () => {
        expect((await visit('v1', NOON_NOV_21)).kind).toBe('new');
        expect((await visit('v1', later(NOON_NOV_21, 1000))).kind).toBe('returning');
        expect((await visit('v1', later(NOON_NOV_21, 30 * 86_400_000))).kind).toBe('returning');
      });

      test('a visit returns the counts that include it', async () => {
        await visit('v1', NOON_NOV_21);
        const { counts } = await visit('v2', NOON_NOV_21);
        expect(counts).toEqual({
          allVisitorsCount: 2,
          allVisitorsTodayCount: 2,
          newVisitorsTodayCount: 2,
          onlineVisitorsCount: 0,
        });
      });

      test('the same visitor is new on each domain, and the domains count apart', async () => {
        expect((await visit('v1', NOON_NOV_21, 'a.example.ir')).kind).toBe('new');
        expect((await visit('v1', NOON_NOV_21, 'b.example.ir')).kind).toBe('new');
        await visit('v2', NOON_NOV_21, 'b.example.ir');
        expect((await store.counts('a.example.ir', NOON_NOV_21)).allVisitorsCount).toBe(1);
        expect((await store.counts('b.example.ir', NOON_NOV_21)).allVisitorsCount).toBe(2);
      });

      test('a domain nobody visited counts zero everywhere', async () => {
        expect(await store.counts('quiet.example.ir', NOON_NOV_21)).toEqual({
          allVisitorsCount: 0,
          allVisitorsTodayCount: 0,
          newVisitorsTodayCount: 0,
          onlineVisitorsCount: 0,
        });
      });
    });

    describe('today is the Asia/Tehran calendar day', () => {
      test('many visits by one visitor in a day count once', async () => {
        for (let minute = 0; minute < 5; minute += 1) {
          await visit('v1', later(NOON_NOV_21, minute * 60_000));
        }
        const counts = await store.counts(DOMAIN, NOON_NOV_21);
        expect(counts.allVisitorsTodayCount).toBe(1);
        expect(counts.newVisitorsTodayCount).toBe(1);
        expect(counts.allVisitorsCount).toBe(1);
      });

      test('23:59:59 in Tehran is still that day; 00:00:00 starts the next', async () => {
        const before = await visit('v1', LAST_SECOND_OF_NOV_21);
        expect(before.counts).toMatchObject({ allVisitorsTodayCount: 1, newVisitorsTodayCount: 1 });

        const after = await visit('v2', MIDNIGHT_NOV_22);
        expect(after.kind).toBe('new');
        expect(after.counts).toMatchObject({
          allVisitorsCount: 2,
          allVisitorsTodayCount: 1,
          newVisitorsTodayCount: 1,
        });
        expect(await store.counts(DOMAIN, LAST_SECOND_OF_NOV_21)).toMatchObject({
          allVisitorsTodayCount: 1,
          newVisitorsTodayCount: 1,
        });
      });

      test('a visitor first seen yesterday counts today but not as new today', async () => {
        await visit('v1', LAST_SECOND_OF_NOV_21);
        const back = await visit('v1', later(MIDNIGHT_NOV_22, 5000));
        expect(back.kind).toBe('returning');
        await visit('v2', later(MIDNIGHT_NOV_22, 6000));
        expect(await store.counts(DOMAIN, later(MIDNIGHT_NOV_22, 7000))).toEqual({
          allVisitorsCount: 2,
          allVisitorsTodayCount: 2,
          newVisitorsTodayCount: 1,
          onlineVisitorsCount: 0,
        });
      });

      test("today's counts start from zero at Tehran midnight; all-time counts do not", async () => {
        await visit('v1', NOON_NOV_21);
        await visit('v2', NOON_NOV_21);
        expect(await store.counts(DOMAIN, MIDNIGHT_NOV_22)).toEqual({
          allVisitorsCount: 2,
          allVisitorsTodayCount: 0,
          newVisitorsTodayCount: 0,
          onlineVisitorsCount: 0,
        });
      });
    });

    describe('loading stored visitors after a restart', () => {
      const YESTERDAY = later(NOON_NOV_21, -86_400_000);

      test('until a domain is loaded, visits and counts answer null and record nothing', async () => {
        const bare = nodes.store;
        const bareOther = nodes.otherNode;
        expect(
          await bare.recordVisit({ domainName: DOMAIN, kwClientId: 'v1', at: NOON_NOV_21 }),
        ).toBe(null);
        expect(await bare.counts(DOMAIN, NOON_NOV_21)).toBe(null);
        expect(await bareOther.counts(DOMAIN, NOON_NOV_21)).toBe(null);
        await bare.load(DOMAIN, [], NOON_NOV_21);
        expect(await bareOther.counts(DOMAIN, NOON_NOV_21)).toMatchObject({
          allVisitorsCount: 0,
        });
        const visit = await bare.recordVisit({
          domainName: DOMAIN,
          kwClientId: 'v1',
          at: NOON_NOV_21,
        });
        expect(visit?.kind).toBe('new');
      });

      test('a domain is not loaded until load is called, and then is on every node', async () => {
        expect(await store.loaded(DOMAIN)).toBe(false);
        await store.load(DOMAIN, [], NOON_NOV_21);
        expect(await store.loaded(DOMAIN)).toBe(true);
        expect(await otherNode.loaded(DOMAIN)).toBe(true);
        expect(await store.loaded('other.example.ir')).toBe(false);
      });

      test('loaded visitors are returning and counted by the days of their rows', async () => {
        await store.load(
          DOMAIN,
          [
            { kwClientId: 'old', firstSeenAt: YESTERDAY, lastVisitAt: YESTERDAY },
            { kwClientId: 'back-today', firstSeenAt: YESTERDAY, lastVisitAt: NOON_NOV_21 },
            { kwClientId: 'new-today', firstSeenAt: NOON_NOV_21, lastVisitAt: NOON_NOV_21 },
          ],
          NOON_NOV_21,
        );
        expect(await store.counts(DOMAIN, NOON_NOV_21)).toEqual({
          allVisitorsCount: 3,
          allVisitorsTodayCount: 2,
          newVisitorsTodayCount: 1,
          onlineVisitorsCount: 0,
        });
        expect((await visit('old', later(NOON_NOV_21, 1000))).kind).toBe('returning');
        const { kind, counts } = await visit('fresh', later(NOON_NOV_21, 2000));
        expect(kind).toBe('new');
        expect(counts).toMatchObject({ allVisitorsCount: 4, allVisitorsTodayCount: 4 });
      });

      test('loading twice, or over visits already recorded, counts nobody twice', async () => {
        const rows = [{ kwClientId: 'v1', firstSeenAt: NOON_NOV_21, lastVisitAt: NOON_NOV_21 }];
        await visit('v1', NOON_NOV_21);
        await store.load(DOMAIN, rows, NOON_NOV_21);
        await otherNode.load(DOMAIN, rows, NOON_NOV_21);
        expect(await store.counts(DOMAIN, NOON_NOV_21)).toMatchObject({
          allVisitorsCount: 1,
          allVisitorsTodayCount: 1,
          newVisitorsTodayCount: 1,
        });
      });

      test('a large domain loads whole', async () => {
        const rows = Array.from({ length: 12_001 }, (_, index) => ({
          kwClientId: `visitor-${index}`,
          firstSeenAt: YESTERDAY,
          lastVisitAt: index % 2 === 0 ? NOON_NOV_21 : YESTERDAY,
        }));
        await store.load(DOMAIN, rows, NOON_NOV_21);
        expect(await store.counts(DOMAIN, NOON_NOV_21)).toMatchObject({
          allVisitorsCount: 12_001,
          allVisitorsTodayCount: 6001,
          newVisitorsTodayCount: 0,
        });
      });
    });

    describe('online visitors', () => {
      const open = (connectionId: string, at: Date, nodeId = 'node-a', domainName = DOMAIN) =>
        store.connectionOpened({ domainName, connectionId, nodeId, at });
      const online = async (at: Date, domainName = DOMAIN) =>
        (await store.counts(domainName, at)).onlineVisitorsCount;

      test('an open connection is online until it closes', async () => {
        await open('c1', NOON_NOV_21);
        await open('c2', NOON_NOV_21);
        expect(await online(later(NOON_NOV_21, 1000))).toBe(2);
        await store.connectionClosed({ domainName: DOMAIN, connectionId: 'c1' });
        expect(await online(later(NOON_NOV_21, 2000))).toBe(1);
      });

      test('opening the same connection twice counts it once', async () => {
        await open('c1', NOON_NOV_21);
        await open('c1', later(NOON_NOV_21, 1000));
        expect(await online(later(NOON_NOV_21, 2000))).toBe(1);
      });

      test('a visit reports the online count with it', async () => {
        await open('c1', NOON_NOV_21);
        const { counts } = await visit('v1', later(NOON_NOV_21, 10));
        expect(counts.onlineVisitorsCount).toBe(1);
      });

      test('online is counted per domain', async () => {
        await open('c1', NOON_NOV_21, 'node-a', 'a.example.ir');
        await open('c2', NOON_NOV_21, 'node-a', 'b.example.ir');
        await open('c3', NOON_NOV_21, 'node-a', 'b.example.ir');
        expect(await online(NOON_NOV_21, 'a.example.ir')).toBe(1);
        expect(await online(NOON_NOV_21, 'b.example.ir')).toBe(2);
      });

      test('closing an unknown or already closed connection changes nothing', async () => {
        await open('c1', NOON_NOV_21);
        await store.connectionClosed({ domainName: DOMAIN, connectionId: 'never-opened' });
        await store.connectionClosed({ domainName: 'other.example.ir', connectionId: 'c1' });
        expect(await online(NOON_NOV_21)).toBe(1);
        await store.connectionClosed({ domainName: DOMAIN, connectionId: 'c1' });
        await store.connectionClosed({ domainName: DOMAIN, connectionId: 'c1' });
        expect(await online(NOON_NOV_21)).toBe(0);
      });

      test('connections drop out ONLINE_TTL_MS after their node last beat', async () => {
        await open('c1', NOON_NOV_21);
        expect(await online(later(NOON_NOV_21, ONLINE_TTL_MS - 1))).toBe(1);
        expect(await online(later(NOON_NOV_21, ONLINE_TTL_MS))).toBe(0);
      });

      test("heartbeats keep their node's connections online, not another node's", async () => {
        await open('c1', NOON_NOV_21, 'node-a');
        await open('c2', NOON_NOV_21, 'node-b');
        for (let beat = 1; beat <= 5; beat += 1) {
          await store.heartbeat('node-a', later(NOON_NOV_21, beat * 20_000));
        }
        // 100 s after opening: node-a beat 0 s ago, node-b (crashed) never did.
        expect(await online(later(NOON_NOV_21, 100_000))).toBe(1);
        expect(await online(later(NOON_NOV_21, 100_000 + ONLINE_TTL_MS - 1))).toBe(1);
        expect(await online(later(NOON_NOV_21, 100_000 + ONLINE_TTL_MS))).toBe(0);
      });

      test('a node beating again after its connections lapsed does not bring them back', async () => {
        await open('c1', NOON_NOV_21);
        await store.heartbeat('node-a', later(NOON_NOV_21, ONLINE_TTL_MS + 5000));
        expect(await online(later(NOON_NOV_21, ONLINE_TTL_MS + 6000))).toBe(0);
        await open('c2', later(NOON_NOV_21, ONLINE_TTL_MS + 7000));
        expect(await online(later(NOON_NOV_21, ONLINE_TTL_MS + 8000))).toBe(1);
      });

      test('a closed connection stays closed when its node beats', async () => {
        await open('c1', NOON_NOV_21);
        await open('c2', NOON_NOV_21);
        await store.connectionClosed({ domainName: DOMAIN, connectionId: 'c1' });
        await store.heartbeat('node-a', later(NOON_NOV_21, 20_000));
        expect(await online(later(NOON_NOV_21, 30_000))).toBe(1);
        expect(await online(later(NOON_NOV_21, 20_000 + ONLINE_TTL_MS - 1))).toBe(1);
      });

      test('a heartbeat from a node with no connections is harmless, and says it knows none', async () => {
        expect(await store.heartbeat('node-idle', NOON_NOV_21)).toBe(false);
        expect(await online(NOON_NOV_21)).toBe(0);
      });

      test('a heartbeat says whether the store still knows the node’s connections', async () => {
        await open('c1', NOON_NOV_21);
        expect(await store.heartbeat('node-a', later(NOON_NOV_21, 20_000))).toBe(true);
        await store.connectionClosed({ domainName: DOMAIN, connectionId: 'c1' });
        await store.heartbeat('node-a', later(NOON_NOV_21, 40_000));
        expect(await store.heartbeat('node-a', later(NOON_NOV_21, 60_000))).toBe(false);
      });

      test('every node sees the same online count', async () => {
        await store.connectionOpened({
          domainName: DOMAIN,
          connectionId: 'c1',
          nodeId: 'node-a',
          at: NOON_NOV_21,
        });
        await otherNode.connectionOpened({
          domainName: DOMAIN,
          connectionId: 'c2',
          nodeId: 'node-b',
          at: NOON_NOV_21,
        });
        expect((await otherNode.counts(DOMAIN, NOON_NOV_21)).onlineVisitorsCount).toBe(2);
        expect(await online(NOON_NOV_21)).toBe(2);
      });
    });

    describe('at the same moment on several nodes', () => {
      test('20 simultaneous first visits of one visitor give exactly one new', async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 === 0 ? store : otherNode).recordVisit({
              domainName: DOMAIN,
              kwClientId: 'v1',
              at: NOON_NOV_21,
            }),
          ),
        );
        expect(results.filter((result) => result.kind === 'new')).toHaveLength(1);
        expect(await store.counts(DOMAIN, NOON_NOV_21)).toMatchObject({
          allVisitorsCount: 1,
          allVisitorsTodayCount: 1,
          newVisitorsTodayCount: 1,
        });
      });

      test('many distinct visitors recorded at once are each counted exactly', async () => {
        const visitors = Array.from({ length: 300 }, (_, i) => `visitor-${i}`);
        // Each visitor arrives twice, once on each node.
        const results = await Promise.all(
          [...visitors, ...visitors].map((kwClientId, i) =>
            (i % 2 === 0 ? store : otherNode).recordVisit({
              domainName: DOMAIN,
              kwClientId,
              at: NOON_NOV_21,
            }),
          ),
        );
        expect(results.filter((result) => result.kind === 'new')).toHaveLength(300);
        expect(await otherNode.counts(DOMAIN, NOON_NOV_21)).toEqual({
          allVisitorsCount: 300,
          allVisitorsTodayCount: 300,
          newVisitorsTodayCount: 300,
          onlineVisitorsCount: 0,
        });
      });
    });
  });
}
