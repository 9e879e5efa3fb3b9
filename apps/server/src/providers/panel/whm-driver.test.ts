import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FakeWhm, type FakeWhmMode, startFakeWhm } from './fake-whm';
import {
  type AccountSpec,
  type PanelCallRecord,
  PanelError,
  type PanelErrorKind,
} from './panel-driver';
import { WhmDriver, type WhmDriverOptions } from './whm-driver';

const SLOW_MS = 600;
const IMPATIENT_MS = 250;

let fake: FakeWhm;
let records: PanelCallRecord[];
let driver: WhmDriver;

function makeDriver(overrides: Partial<WhmDriverOptions> = {}): WhmDriver {
  return new WhmDriver({
    baseUrl: fake.url,
    username: fake.username,
    apiToken: fake.apiToken,
    timeoutMs: 3000,
    onCall: (record) => records.push(record),
    ...overrides,
  });
}

beforeAll(async () => {
  fake = await startFakeWhm({ slowMs: SLOW_MS });
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.reset();
  records = [];
  driver = makeDriver();
});

// Characters that form encoding and encodeURIComponent write differently, and JSON escapes.
const PASSWORD = 'Gh7!(x) p@ss&w=rd+~"q';

function spec(overrides: Partial<AccountSpec> = {}): AccountSpec {
  return {
    username: 'sara1',
    domain: 'sara-shop.ir',
    packageName: 'starter',
    limits: {},
    contactEmail: 'sara@example.com',
    password: PASSWORD,
    theme: null,
    ...overrides,
  };
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

function account(user: string) {
  const found = fake.accounts().find((a) => a.user === user);
  if (!found) return expect.unreachable(`no account ${user} on the fake`);
  return found;
}

/** The WHM functions called, in order. */
function calledFunctions(): string[] {
  return fake.requests.map((r) => r.function);
}

describe('WHM driver: speaking WHM API 1', () => {
  test('calls GET /json-api/<function> with api.version=1 and the whm token header', async () => {
    await driver.createAccount(spec());
    const [received] = fake.requests;
    expect(received?.method).toBe('GET');
    expect(received?.function).toBe('createacct');
    expect(received?.headers.authorization).toBe(`whm root:${fake.apiToken}`);
    expect(received?.query).toEqual({
      'api.version': '1',
      username: 'sara1',
      domain: 'sara-shop.ir',
      plan: 'starter',
      password: PASSWORD,
      contactemail: 'sara@example.com',
      showpass: 'n',
    });
  });

  test('testing the connection answers the WHM version and how many accounts it holds', async () => {
    fake.addAccount({ user: 'old1', domain: 'old-one.ir' });
    fake.addAccount({ user: 'old2', domain: 'old-two.ir' });
    expect(await driver.testConnection()).toEqual({ version: '11.126.0.12', accounts: 2 });
    expect(calledFunctions()).toEqual(['version', 'get_current_users_count']);
  });

  test('a server without get_current_users_count still connects, the count unknown', async () => {
    fake.removeFunctions('get_current_users_count');
    expect(await driver.testConnection()).toEqual({ version: '11.126.0.12', accounts: null });
  });

  test('a token refused the account count fails the connection test as auth', async () => {
    fake.denyFunctions('get_current_users_count');
    expect((await rejection(driver.testConnection())).kind).toBe('auth');
  });
});

describe('WHM driver: every operation', () => {
  test('create makes a ready account on the package, with its domain, e-mail and password', async () => {
    expect(await driver.createAccount(spec())).toEqual({
      username: 'sara1',
      adopted: false,
      state: 'ready',
    });
    expect(account('sara1')).toMatchObject({
      domain: 'sara-shop.ir',
      plan: 'starter',
      contactEmail: 'sara@example.com',
      password: PASSWORD,
      suspended: false,
      diskLimitMb: 1024,
    });
  });

  test('suspend keeps the reason; unsuspend lifts it', async () => {
    await driver.createAccount(spec());
    await driver.suspendAccount('sara1', 'Unpaid invoice 1042');
    expect(account('sara1')).toMatchObject({
      suspended: true,
      suspendReason: 'Unpaid invoice 1042',
    });
    expect(fake.requests.at(-1)?.query).toMatchObject({
      user: 'sara1',
      reason: 'Unpaid invoice 1042',
    });
    await driver.unsuspendAccount('sara1');
    expect(account('sara1')).toMatchObject({ suspended: false, suspendReason: null });
  });

  test('terminate removes the account (removeacct with username)', async () => {
    await driver.createAccount(spec());
    await driver.terminateAccount('sara1');
    expect(fake.accounts()).toEqual([]);
    expect(fake.requests.at(-1)).toMatchObject({
      function: 'removeacct',
      query: { username: 'sara1' },
    });
  });

  test('changing the package moves the account and its limits', async () => {
    await driver.createAccount(spec());
    await driver.changePackage('sara1', 'business');
    expect(account('sara1')).toMatchObject({
      plan: 'business',
      diskLimitMb: 5120,
      bandwidthLimitMb: 51_200,
    });
    expect(fake.requests.at(-1)?.query).toMatchObject({ user: 'sara1', pkg: 'business' });
  });

  test('resetting the password sets the new one', async () => {
    await driver.createAccount(spec());
    await driver.resetPassword('sara1', 'N3w&Secret(pass)');
    expect(account('sara1').password).toBe('N3w&Secret(pass)');
  });

  test('the login url is the one-time cPanel session url for the account', async () => {
    await driver.createAccount(spec());
    const url = await driver.loginUrl('sara1');
    const [session] = fake.sessions();
    expect(url).toMatch(/^https:\/\/server\.example\.test:2083\/cpsess\d{10}\/login\/\?session=/);
    expect(decodeURIComponent(new URL(url).searchParams.get('session') ?? '')).toContain(
      `sara1:${session}:create_user_session`,
    );
    expect(fake.requests.at(-1)?.query).toMatchObject({ user: 'sara1', service: 'cpaneld' });
  });

  test('usage reads disk from accountsummary and bandwidth from showbw, in MiB', async () => {
    await driver.createAccount(spec());
    fake.setUsage('sara1', { diskUsedMb: 312, bandwidthUsedMb: 2048 });
    expect(await driver.usage('sara1')).toEqual({
      diskUsedMb: 312,
      diskLimitMb: 1024,
      bandwidthUsedMb: 2048,
      bandwidthLimitMb: 10_240,
      sites: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      function: 'showbw',
      query: { searchtype: 'user', search: '^sara1$' },
    });
  });

  test('an unlimited package reads as null limits', async () => {
    await driver.createAccount(spec({ packageName: 'unlimited' }));
    fake.addAccount({ user: 'sara10', domain: 'sara-ten.ir', plan: 'starter' });
    fake.setUsage('sara10', { bandwidthUsedMb: 99 });
    expect(await driver.usage('sara1')).toEqual({
      diskUsedMb: 0,
      diskLimitMb: null,
      bandwidthUsedMb: 0,
      bandwidthLimitMb: null,
      sites: null,
    });
  });
});

describe('WHM driver: doing it again is harmless', () => {
  test('creating again adopts the account made the first time, never a second one', async () => {
    await driver.createAccount(spec());
    expect(await driver.createAccount(spec())).toEqual({
      username: 'sara1',
      adopted: true,
      state: 'ready',
    });
    expect(fake.accounts()).toHaveLength(1);
    expect(calledFunctions()).toEqual(['createacct', 'createacct', 'accountsummary']);
  });

  test('adoption compares the domain without regard to case', async () => {
    await driver.createAccount(spec());
    expect((await driver.createAccount(spec({ domain: 'SARA-Shop.ir' }))).adopted).toBe(true);
  });

  test('the same username under another domain is refused, not adopted', async () => {
    fake.addAccount({ user: 'sara1', domain: 'someone-else.ir', plan: 'business' });
    const error = await rejection(driver.createAccount(spec()));
    expect(error.kind).toBe('refused');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('someone-else.ir');
    expect(account('sara1')).toMatchObject({ domain: 'someone-else.ir', plan: 'business' });
  });

  test('an answer lost after WHM created the account: the retry adopts it', async () => {
    fake.loseAnswer('createacct');
    const lost = await rejection(driver.createAccount(spec()));
    expect(lost.kind).toBe('unreachable');
    expect(lost.retryable).toBe(true);
    expect(fake.accounts()).toHaveLength(1);
    expect(await driver.createAccount(spec())).toMatchObject({ adopted: true });
    expect(fake.accounts()).toHaveLength(1);
  });

  test('an answer that never comes after WHM created the account: the retry adopts it', async () => {
    const impatient = makeDriver({ timeoutMs: IMPATIENT_MS });
    fake.loseAnswer('createacct', 'hang');
    const lost = await rejection(impatient.createAccount(spec()));
    expect(lost.kind).toBe('timeout');
    expect(lost.retryable).toBe(true);
    expect(await impatient.createAccount(spec())).toMatchObject({ adopted: true });
    expect(fake.accounts()).toHaveLength(1);
  });

  test('a create WHM finished after we gave up (slow panel) is adopted on the retry', async () => {
    const impatient = makeDriver({ timeoutMs: IMPATIENT_MS });
    fake.setMode('slow');
    expect((await rejection(impatient.createAccount(spec()))).kind).toBe('timeout');
    await expect.poll(() => fake.accounts().length, { timeout: SLOW_MS * 3 }).toBe(1);
    fake.setMode('normal');
    expect(await impatient.createAccount(spec())).toMatchObject({ adopted: true });
  });

  test('suspending a suspended account succeeds though WHM refuses the repeat', async () => {
    await driver.createAccount(spec());
    await driver.suspendAccount('sara1', 'Unpaid');
    await driver.suspendAccount('sara1', 'Unpaid');
    expect(account('sara1')).toMatchObject({ suspended: true, suspendReason: 'Unpaid' });
    expect(records.filter((r) => r.operation === 'suspend').map((r) => r.error)).toEqual([
      null,
      expect.stringContaining('already suspended'),
      null,
    ]);
  });

  test('unsuspending an active account succeeds', async () => {
    await driver.createAccount(spec());
    await driver.unsuspendAccount('sara1');
    expect(account('sara1').suspended).toBe(false);
    expect(calledFunctions()).toEqual(['createacct', 'unsuspendacct', 'accountsummary']);
  });

  test('terminating an account that is not there succeeds', async () => {
    await driver.terminateAccount('ghost1');
    await driver.createAccount(spec());
    await driver.terminateAccount('sara1');
    await driver.terminateAccount('sara1');
    expect(fake.accounts()).toEqual([]);
  });

  test('changing to the package the account already has succeeds', async () => {
    await driver.createAccount(spec());
    await driver.changePackage('sara1', 'starter');
    expect(account('sara1').plan).toBe('starter');
    expect(calledFunctions()).toEqual(['createacct', 'changepackage', 'accountsummary']);
  });
});

describe('WHM driver: what goes wrong, and whether a retry may help', () => {
  test.each([
    ['suspend', () => driver.suspendAccount('ghost1', 'x')],
    ['unsuspend', () => driver.unsuspendAccount('ghost1')],
    ['changePackage', () => driver.changePackage('ghost1', 'business')],
    ['resetPassword', () => driver.resetPassword('ghost1', 'Long-enough-1')],
    ['loginUrl', () => driver.loginUrl('ghost1')],
    ['usage', () => driver.usage('ghost1')],
  ])('%s of an unknown account is not-found, not retryable', async (_name, call) => {
    const error = await rejection(call());
    expect(error.kind).toBe('not-found');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('ghost1');
  });

  test('an unknown package is refused and creates nothing', async () => {
    const error = await rejection(driver.createAccount(spec({ packageName: 'platinum' })));
    expect(error.kind).toBe('refused');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('platinum');
    expect(fake.accounts()).toEqual([]);
  });

  test('changing to an unknown package is refused and leaves the account alone', async () => {
    await driver.createAccount(spec());
    const error = await rejection(driver.changePackage('sara1', 'platinum'));
    expect(error.kind).toBe('refused');
    expect(account('sara1').plan).toBe('starter');
  });

  test('a domain WHM will not take is refused', async () => {
    const invalid = await rejection(driver.createAccount(spec({ domain: 'not a domain' })));
    expect(invalid.kind).toBe('refused');
    fake.addAccount({ user: 'other1', domain: 'sara-shop.ir' });
    const taken = await rejection(driver.createAccount(spec()));
    expect(taken.kind).toBe('refused');
    expect(taken.retryable).toBe(false);
  });

  test('a password WHM will not take is refused', async () => {
    await driver.createAccount(spec());
    expect((await rejection(driver.resetPassword('sara1', 'short'))).kind).toBe('refused');
    await driver.suspendAccount('sara1', 'Unpaid');
    expect((await rejection(driver.resetPassword('sara1', 'Long-enough-1'))).kind).toBe('refused');
  });

  test('a token WHM does not accept is auth, not retryable', async () => {
    const wrongToken = makeDriver({ apiToken: 'NOTTHETOKEN' });
    const error = await rejection(wrongToken.createAccount(spec()));
    expect(error.kind).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(fake.accounts()).toEqual([]);
  });

  test('a token without the privilege for a function is auth, and no lookup hides it', async () => {
    await driver.createAccount(spec());
    fake.denyFunctions('suspendacct');
    const error = await rejection(driver.suspendAccount('sara1', 'Unpaid'));
    expect(error.kind).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(calledFunctions().at(-1)).toBe('suspendacct');
  });

  const modes: Array<[FakeWhmMode, PanelErrorKind, boolean]> = [
    ['timeout', 'timeout', true],
    ['slow', 'timeout', true],
    ['server-error', 'server-error', true],
    ['garbage', 'protocol', true],
    ['auth-failure', 'auth', false],
  ];

  test.each(modes)(
    '%s: every operation fails with %s (retryable: %s)',
    async (mode, kind, retryable) => {
      await driver.createAccount(spec());
      const impatient = makeDriver({ timeoutMs: IMPATIENT_MS });
      fake.setMode(mode);
      const calls = [
        () => impatient.testConnection(),
        () => impatient.createAccount(spec({ username: 'nima1', domain: 'nima-shop.ir' })),
        () => impatient.suspendAccount('sara1', 'Unpaid'),
        () => impatient.unsuspendAccount('sara1'),
        () => impatient.terminateAccount('sara1'),
        () => impatient.changePackage('sara1', 'business'),
        () => impatient.resetPassword('sara1', 'Long-enough-1'),
        () => impatient.loginUrl('sara1'),
        () => impatient.usage('sara1'),
      ];
      const errors = await Promise.all(calls.map((call) => rejection(call())));
      for (const error of errors) {
        expect(error.kind).toBe(kind);
        expect(error.retryable).toBe(retryable);
      }
      fake.setMode('normal');
      // A slow WHM still does the work after we gave up (see the adoption test above).
      if (mode !== 'slow') {
        expect(account('sara1')).toMatchObject({ plan: 'starter', suspended: false });
      }
    },
  );

  test('an unreachable WHM is unreachable and retryable', async () => {
    const nowhere = makeDriver({ baseUrl: 'http://127.0.0.1:9' });
    const error = await rejection(nowhere.testConnection());
    expect(error.kind).toBe('unreachable');
    expect(error.retryable).toBe(true);
  });
});

describe('WHM driver: call records', () => {
  test('every exchange is recorded without the token, the password or the login session', async () => {
    const otherPassword = 'Zz9)(!*~ second "pass"';
    await driver.testConnection();
    await driver.createAccount(spec());
    await driver.createAccount(spec());
    await rejection(driver.createAccount(spec({ username: 'nima1', packageName: 'platinum' })));
    await driver.resetPassword('sara1', otherPassword);
    await rejection(driver.resetPassword('sara1', 'Wk1!x'));
    const url = await driver.loginUrl('sara1');
    await driver.suspendAccount('sara1', 'Unpaid');
    await rejection(driver.loginUrl('ghost1'));
    await driver.usage('sara1');
    fake.loseAnswer('createacct');
    await rejection(driver.createAccount(spec({ username: 'nima2', domain: 'nima-two.ir' })));
    fake.setMode('auth-failure');
    await rejection(driver.changePackage('sara1', 'business'));
    fake.setMode('normal');

    expect(records.length).toBe(fake.requests.length);
    const written = JSON.stringify(records);
    const loginUrl = new URL(url);
    const securityToken = loginUrl.pathname.split('/')[1] ?? '';
    const secrets = [
      fake.apiToken,
      PASSWORD,
      otherPassword,
      'Wk1!x',
      url,
      securityToken,
      loginUrl.searchParams.get('session') ?? '',
      ...fake.sessions(),
    ];
    expect(fake.sessions()).toHaveLength(1);
    expect(securityToken).toMatch(/^cpsess\d+$/);
    const texts = [
      written,
      ...records.flatMap((r) => [r.url, r.requestBody, r.responseBody, r.error]),
    ].filter((text): text is string => text !== null);
    for (const secret of secrets) {
      const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
      for (const text of texts) {
        for (const form of forms) expect(text).not.toContain(form);
      }
    }
    expect(written).toContain('password=[redacted]');
  });

  test('a record names the operation, the call, the status and the failure', async () => {
    await driver.createAccount(spec());
    await rejection(driver.changePackage('sara1', 'platinum'));
    const change = records.filter((r) => r.operation === 'changePackage');
    expect(change).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/json-api/changepackage?api.version=1&user=sara1&pkg=platinum',
        requestBody: null,
        status: 200,
        error: expect.stringContaining('platinum'),
      }),
      expect.objectContaining({
        url: '/json-api/accountsummary?api.version=1&user=sara1',
        status: 200,
        error: null,
      }),
    ]);
    expect(change[0]?.responseBody).toContain('"result":0');
  });

  test('the login answer is recorded with its session redacted', async () => {
    await driver.createAccount(spec());
    await driver.loginUrl('sara1');
    const login = records.find((r) => r.operation === 'loginUrl');
    expect(login?.responseBody).toContain(
      '"url":"https://server.example.test:2083/[redacted]/login/?session=[redacted]"',
    );
    expect(login?.responseBody).toContain('"session":"[redacted]"');
    expect(login?.responseBody).toContain('"cp_security_token":"/[redacted]"');
  });
});

describe('WHM driver under injected failures', () => {
  /** Retries a step while its failure is retryable, as the job queue would. */
  async function untilDone<T>(step: () => Promise<T>, failures: PanelError[]): Promise<T> {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      try {
        return await step();
      } catch (error) {
        if (!(error instanceof PanelError) || !error.retryable) throw error;
        failures.push(error);
      }
    }
    return expect.unreachable('a step kept failing');
  }

  async function lifecycle(failures: PanelError[]) {
    for (const [i, user] of ['amir1', 'bita1', 'cyrus1', 'dara1'].entries()) {
      const created = await untilDone(
        () => driver.createAccount(spec({ username: user, domain: `shop-${i}.ir` })),
        failures,
      );
      expect(created.username).toBe(user);
      await untilDone(() => driver.suspendAccount(user, 'Unpaid'), failures);
      await untilDone(() => driver.unsuspendAccount(user), failures);
      await untilDone(() => driver.changePackage(user, 'business'), failures);
      await untilDone(() => driver.resetPassword(user, `Renewed-${user}`), failures);
      await untilDone(() => driver.usage(user), failures);
    }
    await untilDone(() => driver.terminateAccount('dara1'), failures);
  }

  test.each([
    ['server-error', 'server-error'],
    ['lose-answer', 'unreachable'],
  ] as const)(
    'with 30 percent of calls failing (%s → %s), retrying every step reaches the same end state',
    async (fault, kind) => {
      fake.failRate(0.3, { seed: 2026, fault });
      const failures: PanelError[] = [];
      await lifecycle(failures);
      expect(failures.length).toBeGreaterThan(3);
      expect(new Set(failures.map((f) => f.kind))).toEqual(new Set([kind]));
      expect(
        fake.accounts().map(({ user, plan, suspended, password }) => ({
          user,
          plan,
          suspended,
          password,
        })),
      ).toEqual(
        ['amir1', 'bita1', 'cyrus1'].map((user) => ({
          user,
          plan: 'business',
          suspended: false,
          password: `Renewed-${user}`,
        })),
      );
    },
  );

  test('the failure rate is about 30% and the same seed fails the same calls', async () => {
    async function statuses(): Promise<number[]> {
      const out: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const response = await fetch(`${fake.url}/json-api/version?api.version=1`, {
          headers: { authorization: `whm root:${fake.apiToken}` },
        });
        await response.arrayBuffer();
        out.push(response.status);
      }
      return out;
    }
    fake.failRate(0.3, { seed: 7 });
    const first = await statuses();
    fake.reset();
    fake.failRate(0.3, { seed: 7 });
    expect(await statuses()).toEqual(first);
    const failed = first.filter((status) => status === 503).length;
    expect(failed).toBeGreaterThanOrEqual(10);
    expect(failed).toBeLessThanOrEqual(28);
    expect(first.filter((status) => status !== 503 && status !== 200)).toEqual([]);
  });

  test('failNext fails only the calls it names, and latency slows every answer', async () => {
    fake.failNext(2, { only: 'createacct' });
    fake.setLatency(80);
    const first = await rejection(driver.createAccount(spec()));
    expect(first.kind).toBe('server-error');
    expect(await driver.testConnection()).toMatchObject({ accounts: 0 });
    expect((await rejection(driver.createAccount(spec()))).kind).toBe('server-error');
    expect(await driver.createAccount(spec())).toMatchObject({ adopted: false });
    for (const record of records) expect(record.durationMs).toBeGreaterThanOrEqual(70);
  });
});

describe('fake WHM', () => {
  test('closing it ends the answers it holds', async () => {
    const held = await startFakeWhm();
    held.setMode('timeout');
    const waiting = fetch(`${held.url}/json-api/version?api.version=1`);
    await expect.poll(() => held.requests.length).toBe(1);
    await held.close();
    await expect(waiting).rejects.toThrow();
  });

  test('a call without api.version=1 gets an API 0 answer, without metadata', async () => {
    const response = await fetch(`${fake.url}/json-api/version`, {
      headers: { authorization: `whm root:${fake.apiToken}` },
    });
    expect(await response.json()).toEqual({ result: [expect.objectContaining({ status: 0 })] });
  });

  test('a missing token is answered 403 the way cpsrvd answers it', async () => {
    const response = await fetch(`${fake.url}/json-api/version?api.version=1`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      cpanelresult: expect.objectContaining({ error: 'Access denied' }),
    });
  });
});
