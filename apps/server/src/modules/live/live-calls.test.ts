import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LIVE_TRACKER_SCRIPT_PATH } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { liveVisitors, liveVisits } from '../../schema';
import { createSignedInUser, ok, refused, type SignedInUser } from '../../test/api-kit';
import { createTestApp, setupTestApp } from '../../test/test-app';
import { createLiveService } from './live-service';
import {
  closeSockets,
  connectPanel,
  connectTracker,
  freshKwClientId,
  freshLiveDomain,
  giveDomain,
  listeningOrigin,
  nextNotify,
  pageView,
  sendVisit,
  start,
} from './live-test-kit';
import { createMemoryVisitorCounts } from './memory-visitor-counts';

const t = setupTestApp({ liveConnectsPerMinute: 100_000, publicUrl: 'https://vitrin.example' });
let origin: string;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  origin = await listeningOrigin(t.app);
  owner = await createSignedInUser(t.app, { firstName: 'سارا', lastName: 'محمدی' });
  stranger = await createSignedInUser(t.app, { firstName: 'رضا', lastName: 'کریمی' });
});

afterEach(closeSockets);

/** Visits `domainName` as `kwClientId` through a real tracker socket and waits for the panel. */
async function visitThrough(domainName: string, kwClientId: string, pagePath: string) {
  const panel = await connectPanel(origin, owner.token);
  await start(panel, { userId: owner.id, domainName });
  const tracker = await connectTracker(origin, { domainName, kwClientId });
  sendVisit(tracker, { ...pageView(pagePath), referrer: 'https://www.google.com/' });
  return nextNotify(panel);
}

describe('get-live-domains', () => {
  test('lists the person’s own domains once each, normalized, with the tracker’s URL', async () => {
    const person = await createSignedInUser(t.app, { firstName: 'مینا', lastName: 'نوری' });
    const shop = freshLiveDomain();
    const blog = freshLiveDomain();
    await giveDomain(t.app, person.id, shop);
    await giveDomain(t.app, person.id, `www.${shop}`);
    await giveDomain(t.app, person.id, blog.toUpperCase(), 'expired');
    await giveDomain(t.app, person.id, freshLiveDomain(), 'cancelled');
    await giveDomain(t.app, stranger.id, freshLiveDomain());
    const answer = await ok(t.app, '/api/user/live/get-live-domains', {}, person.token);
    expect(answer).toEqual({
      domains: [
        { domainName: shop, serviceName: `سایت‌ساز کسب‌وکار (${shop})`, hasVisits: false },
        {
          domainName: blog,
          serviceName: `سایت‌ساز کسب‌وکار (${blog.toUpperCase()})`,
          hasVisits: false,
        },
      ],
      trackerScriptUrl: `https://vitrin.example${LIVE_TRACKER_SCRIPT_PATH}`,
    });
  });

  test('hasVisits turns true with the first visit', async () => {
    const domainName = freshLiveDomain();
    await giveDomain(t.app, owner.id, domainName);
    await visitThrough(domainName, freshKwClientId(), '/');
    const { domains } = await ok(t.app, '/api/user/live/get-live-domains', {}, owner.token);
    expect(domains.find((domain) => domain.domainName === domainName)?.hasVisits).toBe(true);
  });

  test('signed out it is refused', async () => {
    const error = await refused(t.app, '/api/user/live/get-live-domains', {}, undefined, 401);
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});

describe('get-live-activity', () => {
  test('shows the visits just made, newest first, with today’s hours in Tehran time', async () => {
    const domainName = freshLiveDomain();
    await giveDomain(t.app, owner.id, domainName);
    const visitor = freshKwClientId();
    await visitThrough(domainName, visitor, '/first');
    await visitThrough(domainName, visitor, '/second');
    const answer = await ok(t.app, '/api/user/live/get-live-activity', { domainName }, owner.token);
    expect(answer.userCount).toMatchObject({ allVisitorsCount: 1, allVisitorsTodayCount: 1 });
    expect(answer.recentVisits.map((visit) => [visit.path, visit.kind])).toEqual([
      ['/second', 'returning'],
      ['/first', 'new'],
    ]);
    expect(answer.recentVisits[0]).toMatchObject({
      title: 'صفحهٔ نمونه',
      referrer: 'https://www.google.com/',
    });
    expect(answer.visitsByHour).toHaveLength(24);
    const tehranHour = Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Tehran',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(new Date(answer.recentVisits[0]?.at ?? 0)),
    );
    expect(answer.visitsByHour[tehranHour]).toEqual({ hour: tehranHour, visits: 2 });
    expect(answer.visitsByHour.reduce((sum, hour) => sum + hour.visits, 0)).toBe(2);
  });

  test('another person’s domain, or an unknown one, is NOT_FOUND', async () => {
    const theirs = freshLiveDomain();
    await giveDomain(t.app, stranger.id, theirs);
    for (const domainName of [theirs, freshLiveDomain()]) {
      const error = await refused(
        t.app,
        '/api/user/live/get-live-activity',
        { domainName },
        owner.token,
        404,
      );
      expect(error.code).toBe('NOT_FOUND');
    }
  });

  test('a malformed domain is a Persian validation error', async () => {
    const error = await refused(
      t.app,
      '/api/user/live/get-live-activity',
      { domainName: 'not a domain' },
      owner.token,
      400,
    );
    expect(error).toMatchObject({
      code: 'VALIDATION',
      fields: { domainName: 'قالب مقدار درست نیست' },
    });
  });
});

describe('persistence', () => {
  test('visits are written behind: visitor rows keep first and last visit, page views each', async () => {
    const domainName = freshLiveDomain();
    await giveDomain(t.app, owner.id, domainName);
    const visitor = freshKwClientId();
    await visitThrough(domainName, visitor, '/a');
    await visitThrough(domainName, visitor, '/b');
    await t.app.live.service.flush();
    const rows = await t.app.db
      .select()
      .from(liveVisitors)
      .where(eq(liveVisitors.domainName, domainName));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kwClientId).toBe(visitor);
    expect(rows[0]?.lastVisitAt.getTime()).toBeGreaterThan(rows[0]?.firstSeenAt.getTime() ?? 0);
    const views = await t.app.db
      .select()
      .from(liveVisits)
      .where(eq(liveVisits.domainName, domainName));
    expect(views.map((view) => view.path).sort()).toEqual(['/a', '/b']);
  });

  test('a store that lost its sets (a restart) loads the domain back before answering', async () => {
    const domainName = freshLiveDomain();
    await giveDomain(t.app, owner.id, domainName);
    const visitor = freshKwClientId();
    await visitThrough(domainName, visitor, '/');
    await visitThrough(domainName, freshKwClientId(), '/');
    await t.app.live.service.flush();

    // As after a restart without Redis: the same database, an empty store.
    const restarted = createLiveService({
      db: t.app.db,
      store: createMemoryVisitorCounts(),
      log: t.app.log,
    });
    const now = new Date();
    expect(await restarted.counts(domainName, now)).toEqual({
      allVisitorsCount: 2,
      allVisitorsTodayCount: 2,
      newVisitorsTodayCount: 2,
      onlineVisitorsCount: 0,
    });
    const again = await restarted.recordVisit({
      domainName,
      kwClientId: visitor,
      at: now,
      page: pageView('/again'),
    });
    expect(again.kind).toBe('returning');
    const fresh = await restarted.recordVisit({
      domainName,
      kwClientId: freshKwClientId(),
      at: now,
      page: pageView('/'),
    });
    expect(fresh).toMatchObject({ kind: 'new', counts: { allVisitorsCount: 3 } });
  });

  test('a failed write keeps the visits for the next flush', async () => {
    const store = createMemoryVisitorCounts();
    let failNext = true;
    const db = new Proxy(t.app.db, {
      get(target, property, receiver) {
        if (property === 'transaction' && failNext) {
          failNext = false;
          return async () => {
            throw new Error('database down');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const service = createLiveService({ db, store, log: t.app.log });
    const domainName = freshLiveDomain();
    await service.recordVisit({
      domainName,
      kwClientId: freshKwClientId(),
      at: new Date(),
      page: pageView('/kept'),
    });
    await service.flush();
    expect(service.pendingCount()).toBe(1);
    await service.flush();
    expect(service.pendingCount()).toBe(0);
    const views = await t.app.db
      .select()
      .from(liveVisits)
      .where(eq(liveVisits.domainName, domainName));
    expect(views.map((view) => view.path)).toEqual(['/kept']);
  });

  test('the live job deletes page views older than 30 days and keeps the visitors', async () => {
    const domainName = freshLiveDomain();
    const old = new Date(Date.now() - 31 * 86_400_000);
    await t.app.db.insert(liveVisitors).values({
      domainName,
      kwClientId: 'old-visitor-0000000000',
      firstSeenAt: old,
      lastVisitAt: old,
    });
    await t.app.db.insert(liveVisits).values({
      domainName,
      kwClientId: 'old-visitor-0000000000',
      kind: 'new',
      path: '/',
      title: '',
      referrer: '',
      visitedAt: old,
    });
    expect(await t.app.live.runJobOnce()).toBe(true);
    const views = await t.app.db
      .select()
      .from(liveVisits)
      .where(eq(liveVisits.domainName, domainName));
    expect(views).toEqual([]);
    const visitors = await t.app.db
      .select()
      .from(liveVisitors)
      .where(eq(liveVisitors.domainName, domainName));
    expect(visitors).toHaveLength(1);
  });
});

describe(`GET ${LIVE_TRACKER_SCRIPT_PATH}`, () => {
  test('without a built tracker it is a Persian 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: LIVE_TRACKER_SCRIPT_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  test('serves the script gzipped, cross-origin, cached for a day, revalidated by ETag', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrin-tracker-'));
    const file = path.join(dir, 'tracker.js');
    const source = '(()=>{/* tracker */})();\n';
    writeFileSync(file, source);
    const served = await createTestApp({ trackerScriptFile: file });
    try {
      const response = await served.app.inject({
        method: 'GET',
        url: LIVE_TRACKER_SCRIPT_PATH,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'text/javascript; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
        'cross-origin-resource-policy': 'cross-origin',
        vary: 'Accept-Encoding',
      });
      expect(gunzipSync(response.rawPayload).toString()).toBe(source);
      const etag = String(response.headers.etag);
      const plain = await served.app.inject({ method: 'GET', url: LIVE_TRACKER_SCRIPT_PATH });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
      expect(plain.headers.etag).toBe(etag);
      const again = await served.app.inject({
        method: 'GET',
        url: LIVE_TRACKER_SCRIPT_PATH,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    } finally {
      await served.close();
    }
  });
});
