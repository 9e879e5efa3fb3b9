import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  closeSockets,
  connectTracker,
  eventually,
  freshLiveDomain,
  giveDomain,
  listeningOrigin,
  sendVisit,
} from '../modules/live/live-test-kit';
import { serviceEvents, services } from '../schema';
import { createSignedInUser } from '../test/api-kit';
import { createTestApp, postJson, type TestApp, testDatabaseKind } from '../test/test-app';

// Issue 23: /metrics in Prometheus's format, moving with the traffic; scraped from this machine
// or a private network, or with the token from anywhere; refused otherwise.

const TOKEN = 'metrics-token-for-the-tests-0001';
let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp({ seedDemoData: true });
  guarded = await createTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  closeSockets();
  await open.close();
  await guarded.close();
});

const scrape = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** A series' value in a Prometheus text answer (the first line that starts with `series`). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(series));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

describe('/metrics', () => {
  test('request durations by call and status move with the traffic; process series are there', async () => {
    const count = '{app="vitrin",call="/api/app/get-app-info",method="POST",status="200"}';
    const countSeries = `vitrin_http_request_duration_seconds_count${count}`;
    const before = seriesValue((await scrape(open, '127.0.0.1')).body, countSeries);
    for (let i = 0; i < 3; i++) await postJson(open.app, '/api/app/get-app-info', {});
    const answer = await scrape(open, '127.0.0.1');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(seriesValue(answer.body, countSeries)).toBe((Number.isNaN(before) ? 0 : before) + 3);
    // An unknown path is one series, not one per address.
    await open.app.inject({
      method: 'GET',
      url: '/no/such/page-1',
      headers: { accept: 'text/html' },
    });
    await open.app.inject({
      method: 'GET',
      url: '/no/such/page-2',
      headers: { accept: 'text/html' },
    });
    const after = (await scrape(open, '127.0.0.1')).body;
    expect(after).not.toContain('page-1');
    // On PostgreSQL, its pool: connections open and in use, calls waiting.
    if (testDatabaseKind === 'postgres') {
      expect(
        seriesValue(after, 'vitrin_db_pool_connections{state="open",app="vitrin"}'),
      ).toBeGreaterThan(0);
      expect(seriesValue(after, 'vitrin_db_pool_connections{state="waiting",app="vitrin"}')).toBe(
        0,
      );
    }
    // The demo's services by status, from the database at scrape time.
    expect(seriesValue(after, 'vitrin_services{status="active",app="vitrin"}')).toBeGreaterThan(0);
    for (const series of [
      'vitrin_payments_last_day',
      'vitrin_live_sockets',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'vitrin_rate_limit_fallbacks_total',
      'vitrin_jobs_waiting',
    ]) {
      expect(after, series).toContain(series);
    }
  });

  test('SMS and e-mail handed to their providers are counted by kind and outcome', async () => {
    const series = 'vitrin_messages_total{channel="sms",kind="code",outcome="sent",app="vitrin"}';
    const before = seriesValue((await scrape(open, '127.0.0.1')).body, series);
    await open.app.sms.sendCode({ to: '+989121234567', code: '12345', text: 'کد: ۱۲۳۴۵' });
    await open.app.mail.send({
      to: 'sara@example.com',
      subject: 'آزمون',
      text: 'سلام',
      html: '<p>سلام</p>',
      messageId: 'metrics-test-1',
    });
    const after = (await scrape(open, '127.0.0.1')).body;
    expect(seriesValue(after, series)).toBe((Number.isNaN(before) ? 0 : before) + 1);
    expect(
      seriesValue(
        after,
        'vitrin_messages_total{channel="email",kind="mail",outcome="sent",app="vitrin"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  test('visits the trackers report, and provisioning steps of the last day, are counted', async () => {
    const series = 'vitrin_live_visits_total{kind="new",app="vitrin"}';
    const before = seriesValue((await scrape(open, '127.0.0.1')).body, series);
    const owner = await createSignedInUser(open.app, { firstName: 'سارا', lastName: 'محمدی' });
    const domainName = freshLiveDomain();
    await giveDomain(open.app, owner.id, domainName);
    const tracker = await connectTracker(await listeningOrigin(open.app), { domainName });
    sendVisit(tracker);
    const expected = (Number.isNaN(before) ? 0 : before) + 1;
    const counted = await eventually(
      async () => seriesValue((await scrape(open, '127.0.0.1')).body, series),
      (value) => value === expected,
    );
    expect(counted).toBe(expected);

    const [service] = await open.app.db.select({ id: services.id }).from(services).limit(1);
    const kind = 'provision.handover';
    const handovers = `vitrin_provisioning_events_last_day{kind="${kind}",app="vitrin"}`;
    const beforeHandovers = seriesValue((await scrape(open, '127.0.0.1')).body, handovers);
    await open.app.db.insert(serviceEvents).values({
      serviceId: service?.id ?? '',
      kind,
      actor: 'panel',
      message: 'ساخت حساب نشد و به کارشناس سپرده شد',
    });
    // The database's series are read at most once a second, whatever asks.
    const expectedHandovers = (Number.isNaN(beforeHandovers) ? 0 : beforeHandovers) + 1;
    const after = await eventually(
      async () => seriesValue((await scrape(open, '127.0.0.1')).body, handovers),
      (value) => value === expectedHandovers,
    );
    expect(after).toBe(expectedHandovers);
  });

  test('without a token: this machine and private networks only', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.7', '::1', 'fd00::5']) {
      expect((await scrape(open, address)).statusCode, address).toBe(200);
    }
    const outside = await scrape(open, '203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  test('with a token: the token, from anywhere, and nothing else', async () => {
    expect(
      (await scrape(guarded, '203.0.113.9', { authorization: `Bearer ${TOKEN}` })).statusCode,
    ).toBe(200);
    expect((await scrape(guarded, '127.0.0.1')).statusCode).toBe(403);
    expect(
      (await scrape(guarded, '127.0.0.1', { authorization: `Bearer ${TOKEN}x` })).statusCode,
    ).toBe(403);
  });
});
