import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  FAKE_BUILT_SITE_USAGE,
  type FakeBuilderSite,
  type FakeSiteBuilder,
  startFakeSiteBuilder,
} from './fake-site-builder';
import {
  type AccountSpec,
  type PanelCallRecord,
  PanelError,
  type PanelErrorKind,
} from './panel-driver';
import {
  type ParsedBuilderCallback,
  parseBuilderCallback,
  SiteBuilderDriver,
} from './site-builder-driver';
import { generateWebhookSecret, MemorySeenWebhookIds, signWebhook } from './webhook-signature';

const secret = generateWebhookSecret();

interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  body: string;
  result: ParsedBuilderCallback;
  status: number;
}

/** What the server's callback route will be: parseBuilderCallback behind a plain HTTP server. */
async function startCallbackReceiver(secrets: string[]) {
  const seen = new MemorySeenWebhookIds();
  const received: ReceivedCallback[] = [];
  let refuseNext = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const result = await parseBuilderCallback({ secrets, headers: request.headers, body, seen });
      let status = result.ok ? 204 : result.reason === 'invalid-payload' ? 400 : 401;
      if (refuseNext > 0) {
        refuseNext -= 1;
        status = 503;
      }
      received.push({ headers: request.headers, body: body.toString('utf8'), result, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/provisioning/site-builder/callback`,
    received,
    /** The next `count` deliveries are answered 503 (the server was down). */
    refuseNext(count: number) {
      refuseNext = count;
    },
    /** The callback about `username` the receiver took (2xx), once it has come. */
    async accepted(username: string) {
      let found: ReceivedCallback | undefined;
      await expect
        .poll(
          () => {
            found = received.find(
              (entry) =>
                entry.status === 204 &&
                entry.result.ok &&
                entry.result.callback.username === username,
            );
            return found !== undefined;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      return found as ReceivedCallback;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeSiteBuilder;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
let driver: SiteBuilderDriver;
const records: PanelCallRecord[] = [];

beforeAll(async () => {
  fake = await startFakeSiteBuilder({ secret, buildMs: 30 });
  receiver = await startCallbackReceiver([secret]);
  driver = driverFor(fake);
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

beforeEach(() => {
  fake.setMode('normal');
  fake.failNext(0);
  fake.failRate(0);
  fake.latencyMs = 0;
  fake.requests.length = 0;
  records.length = 0;
});

function driverFor(
  builder: { url: string },
  options: { timeoutMs?: number; secret?: string; onCall?: (record: PanelCallRecord) => void } = {},
) {
  return new SiteBuilderDriver({
    baseUrl: builder.url,
    secret: options.secret ?? secret,
    callbackUrl: receiver.url,
    timeoutMs: options.timeoutMs,
    onCall: options.onCall ?? ((record) => records.push(record)),
  });
}

let lastSite = 0;
/** A new customer's site each time, so tests do not share builder state. */
function newSite(overrides: Partial<AccountSpec> = {}): AccountSpec {
  lastSite += 1;
  return {
    username: `sara${lastSite}`,
    domain: `sara${lastSite}.vitrin.site`,
    packageName: 'starter',
    limits: {},
    contactEmail: 'sara@example.com',
    password: `Xk9!pQ-${lastSite}-vR2#mT`,
    theme: 'shop',
    ...overrides,
  };
}

function siteOf(builder: FakeSiteBuilder, username: string): FakeBuilderSite | undefined {
  return builder.sites().find((site) => site.username === username);
}

async function rejection(promise: Promise<unknown>): Promise<PanelError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PanelError);
    return error as PanelError;
  }
  return expect.unreachable('the driver call did not throw');
}

function expectKind(error: PanelError, kind: PanelErrorKind, retryable: boolean) {
  expect({ kind: error.kind, retryable: error.retryable }).toEqual({ kind, retryable });
}

/** Sends a raw request to the fake, as an attacker or a broken client would. */
function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

async function errorCode(response: Response): Promise<[number, string]> {
  const json = (await response.json()) as { error: { code: string } };
  return [response.status, json.error.code];
}

describe('site builder driver: connection', () => {
  test('testConnection answers the builder version and how many sites it holds', async () => {
    await driver.createAccount(newSite());
    const info = await driver.testConnection();
    expect(info).toEqual({ version: 'fake-site-builder 1.0', accounts: fake.sites().length });
    expect(info.accounts).toBeGreaterThan(0);
  });

  test('every request is a signed JSON POST whose body names its action', async () => {
    await driver.testConnection();
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/status');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    expect(request?.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(request?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(JSON.parse(request?.body ?? '')).toEqual({ action: 'status' });
  });

  test('a secret not in the whsec_ form is refused when the driver is made', () => {
    expect(
      () =>
        new SiteBuilderDriver({ baseUrl: fake.url, secret: 'hunter22', callbackUrl: receiver.url }),
    ).toThrow(/whsec_/);
  });
});

describe('site builder driver: creating a site', () => {
  test('create sends the spec and answers pending; the builder then calls back site.ready, signed', async () => {
    const spec = newSite();
    expect(await driver.createAccount(spec)).toEqual({
      username: spec.username,
      adopted: false,
      state: 'pending',
    });
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/sites');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      action: 'site.create',
      username: spec.username,
      domain: spec.domain,
      theme: 'shop',
      package: 'starter',
      contactEmail: 'sara@example.com',
      password: spec.password,
      callbackUrl: receiver.url,
    });

    const callback = await receiver.accepted(spec.username);
    expect(callback.result).toEqual({
      ok: true,
      deliveryId: callback.headers['webhook-id'],
      callback: {
        event: 'site.ready',
        username: spec.username,
        siteUrl: `https://${spec.domain}/`,
        reason: null,
      },
    });
    expect(callback.status).toBe(204);
    expect(siteOf(fake, spec.username)).toMatchObject({
      state: 'ready',
      theme: 'shop',
      package: 'starter',
      password: spec.password,
    });
  });

  test('a null theme builds with the builder default theme', async () => {
    const spec = newSite({ theme: null });
    await driver.createAccount(spec);
    expect(siteOf(fake, spec.username)?.theme).toBe('minimal');
  });

  test('a build that fails calls back site.failed with the reason; creating it again rebuilds it', async () => {
    const spec = newSite();
    fake.failNextBuild('the shop theme could not be rendered');
    await driver.createAccount(spec);
    await expect
      .poll(() => receiver.received.find((entry) => entry.body.includes(`"${spec.username}"`)))
      .toBeDefined();
    const failed = receiver.received.find((entry) => entry.body.includes(`"${spec.username}"`));
    expect(failed?.result).toMatchObject({
      ok: true,
      callback: {
        event: 'site.failed',
        username: spec.username,
        siteUrl: null,
        reason: 'the shop theme could not be rendered',
      },
    });

    expect(await driver.createAccount(spec)).toEqual({
      username: spec.username,
      adopted: false,
      state: 'pending',
    });
    await expect.poll(() => siteOf(fake, spec.username)?.state).toBe('ready');
  });

  test('a create whose answer was lost is adopted on retry: pending while building, ready once built', async () => {
    const slowBuilds = await startFakeSiteBuilder({ secret, buildMs: 1500 });
    try {
      const retrying = driverFor(slowBuilds);
      const spec = newSite();
      slowBuilds.loseNextCreateAnswer();
      const lost = await rejection(retrying.createAccount(spec));
      expectKind(lost, 'unreachable', true);
      expect(siteOf(slowBuilds, spec.username)?.state).toBe('building');

      expect(await retrying.createAccount(spec)).toEqual({
        username: spec.username,
        adopted: true,
        state: 'pending',
      });
      await expect
        .poll(() => siteOf(slowBuilds, spec.username)?.state, { timeout: 10_000 })
        .toBe('ready');
      expect(await retrying.createAccount(spec)).toEqual({
        username: spec.username,
        adopted: true,
        state: 'ready',
      });
      expect(slowBuilds.sites()).toHaveLength(1);
    } finally {
      await slowBuilds.close();
    }
  });

  test('a username whose site serves another domain is refused, not adopted', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    const error = await rejection(driver.createAccount({ ...spec, domain: 'another.example' }));
    expectKind(error, 'refused', false);
    expect(error.message).toContain('another.example');
    expect(siteOf(fake, spec.username)?.domain).toBe(spec.domain);
  });

  test('a domain another site already serves is refused', async () => {
    const first = newSite();
    await driver.createAccount(first);
    const error = await rejection(driver.createAccount(newSite({ domain: first.domain })));
    expectKind(error, 'refused', false);
    expect(error.message).toContain('domain_taken');
  });

  test.each([
    ['unknown_theme', { theme: 'brutalist' }],
    ['unknown_package', { packageName: 'platinum' }],
    ['invalid_domain', { domain: 'not a domain' }],
    ['weak_password', { password: 'short' }],
  ] as const)('%s is refused and not retryable; nothing is made', async (code, overrides) => {
    const spec = newSite(overrides);
    const error = await rejection(driver.createAccount(spec));
    expectKind(error, 'refused', false);
    expect(error.message).toContain(code);
    expect(siteOf(fake, spec.username)).toBeUndefined();
  });
});

describe('site builder driver: managing a site', () => {
  test('suspend and unsuspend change the site, and repeating either changes nothing', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    await driver.suspendAccount(spec.username, 'unpaid renewal');
    await driver.suspendAccount(spec.username, 'asked twice');
    expect(siteOf(fake, spec.username)).toMatchObject({
      suspended: true,
      suspendReason: 'unpaid renewal',
    });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? '')).toEqual({
      action: 'site.suspend',
      username: spec.username,
      reason: 'asked twice',
    });
    await driver.unsuspendAccount(spec.username);
    await driver.unsuspendAccount(spec.username);
    expect(siteOf(fake, spec.username)).toMatchObject({ suspended: false, suspendReason: null });
  });

  test('terminate deletes the site; terminating it again, or one never made, succeeds', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    await driver.terminateAccount(spec.username);
    expect(siteOf(fake, spec.username)).toBeUndefined();
    await driver.terminateAccount(spec.username);
    await driver.terminateAccount('nobody');
    expect(records.at(-1)).toMatchObject({ operation: 'terminate', status: 404, error: null });
  });

  test('terminating a site mid-build stops the build: no callback comes', async () => {
    const slowBuilds = await startFakeSiteBuilder({ secret, buildMs: 300 });
    try {
      const spec = newSite();
      await driverFor(slowBuilds).createAccount(spec);
      await driverFor(slowBuilds).terminateAccount(spec.username);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(slowBuilds.deliveredCallbacks).toEqual([]);
    } finally {
      await slowBuilds.close();
    }
  });

  test('changePackage moves the site; to the package it has already succeeds', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    await driver.changePackage(spec.username, 'business');
    await driver.changePackage(spec.username, 'business');
    expect(siteOf(fake, spec.username)?.package).toBe('business');
    const error = await rejection(driver.changePackage(spec.username, 'platinum'));
    expectKind(error, 'refused', false);
    expect(error.message).toContain('unknown_package');
    expect(siteOf(fake, spec.username)?.package).toBe('business');
  });

  test('resetPassword gives the builder the new password', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    await driver.resetPassword(spec.username, 'N3w-Pass-Word!9');
    expect(siteOf(fake, spec.username)?.password).toBe('N3w-Pass-Word!9');
  });

  test('loginUrl answers a one-time link into the editor', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    const url = await driver.loginUrl(spec.username);
    expect(url.startsWith(`${fake.url}/login/`)).toBe(true);
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(spec.username);
    expect((await fetch(url)).status).toBe(410);
  });

  test('usage answers nothing used while building, the built site later, the package limits', async () => {
    const slowBuilds = await startFakeSiteBuilder({ secret, buildMs: 400 });
    try {
      const reader = driverFor(slowBuilds);
      const spec = newSite();
      await reader.createAccount(spec);
      expect(await reader.usage(spec.username)).toEqual({
        diskUsedMb: 0,
        diskLimitMb: 1024,
        bandwidthUsedMb: 0,
        bandwidthLimitMb: 10_240,
        sites: 1,
      });
      await expect.poll(() => siteOf(slowBuilds, spec.username)?.state).toBe('ready');
      await reader.changePackage(spec.username, 'pro');
      expect(await reader.usage(spec.username)).toEqual({
        diskUsedMb: FAKE_BUILT_SITE_USAGE.diskUsedMb,
        diskLimitMb: null,
        bandwidthUsedMb: FAKE_BUILT_SITE_USAGE.bandwidthUsedMb,
        bandwidthLimitMb: null,
        sites: 1,
      });
    } finally {
      await slowBuilds.close();
    }
  });

  test('every operation on a site the builder does not have is not-found, except terminate', async () => {
    const calls = [
      driver.suspendAccount('ghost', 'unpaid'),
      driver.unsuspendAccount('ghost'),
      driver.changePackage('ghost', 'starter'),
      driver.resetPassword('ghost', 'N3w-Pass-Word!9'),
      driver.loginUrl('ghost'),
      driver.usage('ghost'),
    ];
    for (const call of calls) expectKind(await rejection(call), 'not-found', false);
    await driver.terminateAccount('ghost');
  });
});

describe('site builder driver: when the builder misbehaves', () => {
  test.each([
    ['timeout', 'timeout', true],
    ['server-error', 'server-error', true],
    ['garbage', 'protocol', true],
    ['auth-failure', 'auth', false],
  ] as const)(
    '%s: every call fails as %s (retryable: %s) and nothing is made',
    async (mode, kind, retryable) => {
      const impatient = driverFor(fake, { timeoutMs: 300 });
      const spec = newSite();
      fake.setMode(mode);
      expectKind(await rejection(impatient.createAccount(spec)), kind, retryable);
      expectKind(await rejection(impatient.testConnection()), kind, retryable);
      expectKind(await rejection(impatient.usage(spec.username)), kind, retryable);
      fake.setMode('normal');
      expect(siteOf(fake, spec.username)).toBeUndefined();
      expect(await impatient.createAccount(spec)).toMatchObject({ adopted: false });
    },
  );

  test('slow: the create times out but the site was made, and the retry adopts it', async () => {
    const impatient = driverFor(fake, { timeoutMs: 300 });
    const spec = newSite();
    fake.setMode('slow');
    expectKind(await rejection(impatient.createAccount(spec)), 'timeout', true);
    fake.setMode('normal');
    expect(siteOf(fake, spec.username)).toBeDefined();
    expect(await impatient.createAccount(spec)).toMatchObject({ adopted: true });
  });

  test('latency delays every answer: past the driver limit it is a timeout', async () => {
    fake.latencyMs = 400;
    const started = performance.now();
    await driver.testConnection();
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    const impatient = driverFor(fake, { timeoutMs: 150 });
    expectKind(await rejection(impatient.testConnection()), 'timeout', true);
  });

  test('failNext: the next calls fail as retryable server errors, then the builder answers again', async () => {
    fake.failNext(2);
    expectKind(await rejection(driver.testConnection()), 'server-error', true);
    expectKind(await rejection(driver.testConnection()), 'server-error', true);
    expect(await driver.testConnection()).toMatchObject({ version: 'fake-site-builder 1.0' });
  });

  test('a busy builder (429) is a retryable server error', async () => {
    fake.failNext(1, 'busy');
    const error = await rejection(driver.testConnection());
    expectKind(error, 'server-error', true);
    expect(error.message).toContain('busy');
  });

  test('failRate fails a share of calls, the same ones again for the same seed', async () => {
    async function pattern() {
      const outcomes: boolean[] = [];
      for (let index = 0; index < 30; index += 1) {
        outcomes.push(
          await driver.testConnection().then(
            () => true,
            () => false,
          ),
        );
      }
      return outcomes;
    }
    fake.failRate(0.4, 7);
    const first = await pattern();
    fake.failRate(0.4, 7);
    expect(await pattern()).toEqual(first);
    const failed = first.filter((ok) => !ok).length;
    expect(failed).toBeGreaterThan(3);
    expect(failed).toBeLessThan(27);
    fake.failRate(0.4, 8);
    expect(await pattern()).not.toEqual(first);
  });

  test('an unreachable builder is a retryable unreachable error', async () => {
    const nowhere = driverFor({ url: 'http://127.0.0.1:9' });
    expectKind(await rejection(nowhere.testConnection()), 'unreachable', true);
  });

  test('a driver with the wrong secret is refused as auth by the builder, and nothing is made', async () => {
    const stranger = driverFor(fake, { secret: generateWebhookSecret() });
    const spec = newSite();
    const error = await rejection(stranger.createAccount(spec));
    expectKind(error, 'auth', false);
    expect(records.at(-1)?.responseBody).toContain('invalid_signature');
    expect(siteOf(fake, spec.username)).toBeUndefined();
  });

  test('during a rotation the builder takes both secrets', async () => {
    const newSecret = generateWebhookSecret();
    const rotating = await startFakeSiteBuilder({ secret: [newSecret, secret] });
    try {
      expect(await driverFor(rotating).testConnection()).toMatchObject({ accounts: 0 });
      expect(await driverFor(rotating, { secret: newSecret }).testConnection()).toMatchObject({
        accounts: 0,
      });
      const stranger = driverFor(rotating, { secret: generateWebhookSecret() });
      expectKind(await rejection(stranger.testConnection()), 'auth', false);
    } finally {
      await rotating.close();
    }
  });
});

describe('fake site builder: it verifies requests as a real builder must', () => {
  test('a captured request sent again is refused as replayed and changes nothing', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    await driver.suspendAccount(spec.username, 'unpaid');
    const captured = fake.requests.at(-1);
    await driver.unsuspendAccount(spec.username);
    const headers = {
      'webhook-id': String(captured?.headers['webhook-id']),
      'webhook-timestamp': String(captured?.headers['webhook-timestamp']),
      'webhook-signature': String(captured?.headers['webhook-signature']),
    };
    const again = await post(`/v1/sites/${spec.username}/suspend`, captured?.body ?? '', headers);
    expect(await errorCode(again)).toEqual([401, 'replayed']);
    const elsewhere = await post(
      `/v1/sites/${spec.username}/delete`,
      captured?.body ?? '',
      headers,
    );
    expect(await errorCode(elsewhere)).toEqual([401, 'replayed']);
    expect(siteOf(fake, spec.username)?.suspended).toBe(false);
  });

  test('a signed body sent to another operation or another site is refused', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    const suspend = JSON.stringify({
      action: 'site.suspend',
      username: spec.username,
      reason: 'x',
    });
    const toDelete = await post(
      `/v1/sites/${spec.username}/delete`,
      suspend,
      signWebhook(secret, suspend),
    );
    expect(await errorCode(toDelete)).toEqual([400, 'invalid_request']);
    const toOther = await post('/v1/sites/other/suspend', suspend, signWebhook(secret, suspend));
    expect(await errorCode(toOther)).toEqual([400, 'invalid_request']);
    expect(siteOf(fake, spec.username)?.suspended).toBe(false);
  });

  test('a request signed ten minutes ago, or ten minutes ahead, is refused as stale', async () => {
    const body = JSON.stringify({ action: 'status' });
    for (const offsetMs of [-600_000, 600_000]) {
      const headers = signWebhook(secret, body, { now: new Date(Date.now() + offsetMs) });
      expect(await errorCode(await post('/v1/status', body, headers))).toEqual([
        401,
        'stale_timestamp',
      ]);
    }
  });

  test('an unsigned or tampered request is refused', async () => {
    const body = JSON.stringify({ action: 'status' });
    expect(await errorCode(await post('/v1/status', body, {}))).toEqual([
      401,
      'malformed_signature',
    ]);
    const tampered = JSON.stringify({ action: 'status', extra: 1 });
    expect(await errorCode(await post('/v1/status', tampered, signWebhook(secret, body)))).toEqual([
      401,
      'invalid_signature',
    ]);
  });

  test('closing it ends the answers the timeout mode holds', async () => {
    const held = await startFakeSiteBuilder({ secret });
    held.setMode('timeout');
    const waiting = driverFor(held).testConnection();
    await expect.poll(() => held.requests.length).toBe(1);
    await held.close();
    expectKind(await rejection(waiting), 'unreachable', true);
  });
});

describe('site builder callbacks', () => {
  test('parseBuilderCallback takes the delivered callback, and refuses a forged or replayed one', async () => {
    const spec = newSite();
    await driver.createAccount(spec);
    const genuine = await receiver.accepted(spec.username);

    const forgedBody = JSON.stringify({
      event: 'site.ready',
      username: spec.username,
      siteUrl: 'https://evil.example/',
      reason: null,
    });
    const forged = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signWebhook(generateWebhookSecret(), forgedBody),
      },
      body: forgedBody,
    });
    expect(forged.status).toBe(401);
    expect(receiver.received.at(-1)?.result).toMatchObject({ ok: false, reason: 'bad-signature' });

    const replayed = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': String(genuine.headers['webhook-id']),
        'webhook-timestamp': String(genuine.headers['webhook-timestamp']),
        'webhook-signature': String(genuine.headers['webhook-signature']),
      },
      body: genuine.body,
    });
    expect(replayed.status).toBe(401);
    expect(receiver.received.at(-1)?.result).toMatchObject({ ok: false, reason: 'replayed' });
  });

  test('a signed callback that is not one of the two events is an invalid payload', async () => {
    const seen = new MemorySeenWebhookIds();
    const parse = (body: string) =>
      parseBuilderCallback({ secrets: [secret], headers: signWebhook(secret, body), body, seen });
    const invalid = [
      'not json',
      '[]',
      JSON.stringify({ event: 'site.deleted', username: 'sara', siteUrl: null, reason: null }),
      JSON.stringify({ event: 'site.ready', username: 'sara', siteUrl: null, reason: null }),
      JSON.stringify({ event: 'site.failed', username: 'sara', siteUrl: null, reason: '' }),
      JSON.stringify({ event: 'site.ready', username: 'Sara!', siteUrl: 'https://a.ir/' }),
    ];
    for (const body of invalid) {
      expect(await parse(body)).toMatchObject({ ok: false, reason: 'invalid-payload' });
    }
    expect(
      await parse(JSON.stringify({ event: 'site.failed', username: 'sara', reason: 'no space' })),
    ).toMatchObject({
      ok: true,
      callback: { event: 'site.failed', username: 'sara', siteUrl: null, reason: 'no space' },
    });
  });

  test('a callback the server did not take is delivered again as a new signed request', async () => {
    const spec = newSite();
    receiver.refuseNext(1);
    await driver.createAccount(spec);
    await receiver.accepted(spec.username);
    const attempts = fake.deliveredCallbacks.filter((entry) =>
      entry.body.includes(`"${spec.username}"`),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual([503, 204]);
    expect(attempts[0]?.body).toBe(attempts[1]?.body);
    expect(attempts[0]?.headers['webhook-id']).not.toBe(attempts[1]?.headers['webhook-id']);
  });
});

describe('site builder call records', () => {
  test('every exchange is recorded; none holds the secret, a password, a signature or the login link', async () => {
    const own: PanelCallRecord[] = [];
    const recorded = driverFor(fake, { onCall: (record) => own.push(record) });
    const spec = newSite();
    await recorded.testConnection();
    await recorded.createAccount(spec);
    await recorded.createAccount(spec);
    await recorded.usage(spec.username);
    await recorded.suspendAccount(spec.username, 'unpaid');
    await recorded.unsuspendAccount(spec.username);
    await recorded.changePackage(spec.username, 'business');
    await recorded.resetPassword(spec.username, 'N3w-Pass-Word!9');
    const loginUrl = await recorded.loginUrl(spec.username);
    await recorded.terminateAccount(spec.username);
    await rejection(recorded.usage(spec.username));

    expect(own.map((record) => [record.operation, record.status])).toEqual([
      ['testConnection', 200],
      ['create', 202],
      ['create', 409],
      ['create', 200],
      ['usage', 200],
      ['suspend', 200],
      ['unsuspend', 200],
      ['changePackage', 200],
      ['resetPassword', 200],
      ['loginUrl', 200],
      ['terminate', 200],
      ['usage', 404],
    ]);
    expect(own.at(-1)?.error).toContain('site_not_found');
    expect(own[1]?.url).toBe('/v1/sites');
    expect(own[1]?.requestBody).toContain('"password":"[redacted]"');
    expect(own[9]?.responseBody).toContain('"url":"[redacted]"');

    const everything = JSON.stringify(own);
    const signatures = fake.requests.map((request) => String(request.headers['webhook-signature']));
    const forbidden = [
      secret,
      secret.slice('whsec_'.length),
      spec.password,
      'N3w-Pass-Word!9',
      loginUrl,
      loginUrl.split('/').at(-1) ?? loginUrl,
      ...signatures,
      ...signatures.map((signature) => signature.slice(3)),
    ];
    for (const value of forbidden) expect(everything).not.toContain(value);
  });
});
