import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DirectAdminDriver, type DirectAdminDriverOptions } from './directadmin-driver';
import {
  type FakeDirectAdmin,
  type FakeDirectAdminFault,
  startFakeDirectAdmin,
} from './fake-directadmin';
import {
  type AccountSpec,
  type PanelCallRecord,
  PanelError,
  type PanelErrorKind,
} from './panel-driver';

let fake: FakeDirectAdmin;
let driver: DirectAdminDriver;
/** Gives up after 300 ms, for the faults that never answer. */
let impatient: DirectAdminDriver;
const records: PanelCallRecord[] = [];

function driverOptions(
  overrides: Partial<DirectAdminDriverOptions> = {},
): DirectAdminDriverOptions {
  return {
    baseUrl: fake.url,
    username: fake.username,
    loginKey: fake.loginKey,
    ip: '203.0.113.11',
    timeoutMs: 3000,
    onCall: (record) => records.push(record),
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startFakeDirectAdmin({ latencyMs: 600 });
  driver = new DirectAdminDriver(driverOptions());
  impatient = new DirectAdminDriver(driverOptions({ timeoutMs: 300 }));
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.clearFaults();
  fake.requests.length = 0;
  records.length = 0;
});

let lastUser = 0;
/** A fresh account spec: the fake keeps its accounts for the whole file. */
function newSpec(overrides: Partial<AccountSpec> = {}): AccountSpec {
  lastUser += 1;
  const username = `sara${String(lastUser).padStart(3, '0')}`;
  return {
    username,
    domain: `${username}-gallery.ir`,
    packageName: 'starter',
    limits: {},
    contactEmail: 'sara@example.com',
    password: `Zq!7${username}-long-Secret`,
    theme: null,
    ...overrides,
  };
}

async function created(overrides: Partial<AccountSpec> = {}): Promise<AccountSpec> {
  const spec = newSpec(overrides);
  await driver.createAccount(spec);
  return spec;
}

function accountOf(username: string) {
  return fake.accounts().find((account) => account.username === username);
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

function commandsSent(): string[] {
  return fake.requests.map((request) => request.path);
}

describe('DirectAdmin: connecting', () => {
  test('testConnection counts the accounts our login owns; DirectAdmin tells no version', async () => {
    const before = await driver.testConnection();
    await created();
    expect(await driver.testConnection()).toEqual({
      version: null,
      accounts: (before.accounts ?? 0) + 1,
    });
  });

  test('every call logs in with HTTP Basic as our reseller and its login key', async () => {
    await driver.testConnection();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/CMD_API_SHOW_USERS', authUser: 'vitrin' });
  });

  test('a wrong login key is an auth failure (HTTP 401) that a retry will not fix', async () => {
    const wrongKey = new DirectAdminDriver(driverOptions({ loginKey: 'not-the-key' }));
    const failure = await rejection(wrongKey.testConnection());
    expect(failure.kind).toBe('auth');
    expect(failure.retryable).toBe(false);
  });
});

describe('DirectAdmin: creating accounts', () => {
  test('create makes the account with its domain, package, e-mail, password and our IP', async () => {
    const spec = newSpec({ domain: 'Sara-Gallery-Shop.IR' });
    expect(await driver.createAccount(spec)).toEqual({
      username: spec.username,
      adopted: false,
      state: 'ready',
    });
    expect(accountOf(spec.username)).toMatchObject({
      domain: 'sara-gallery-shop.ir',
      packageName: 'starter',
      email: 'sara@example.com',
      password: spec.password,
      ip: '203.0.113.11',
      suspended: false,
    });
  });

  test('create sends the documented form and asks the panel not to mail the customer', async () => {
    const spec = newSpec();
    await driver.createAccount(spec);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/CMD_API_ACCOUNT_USER' });
    expect(request?.params).toEqual({
      action: 'create',
      add: 'Submit',
      username: spec.username,
      email: spec.contactEmail,
      passwd: spec.password,
      passwd2: spec.password,
      domain: spec.domain,
      package: 'starter',
      ip: '203.0.113.11',
      notify: 'no',
    });
  });

  test('without a configured IP, the account gets the first IP the panel lists for us', async () => {
    const noIp = new DirectAdminDriver(driverOptions({ ip: undefined }));
    const spec = newSpec();
    await noIp.createAccount(spec);
    expect(commandsSent()).toEqual(['/CMD_API_SHOW_RESELLER_IPS', '/CMD_API_ACCOUNT_USER']);
    expect(accountOf(spec.username)?.ip).toBe('203.0.113.10');
  });

  test('a retried create adopts the account already there under that username and domain', async () => {
    const spec = await created();
    expect(await driver.createAccount(spec)).toEqual({
      username: spec.username,
      adopted: true,
      state: 'ready',
    });
    expect(fake.accounts().filter((account) => account.username === spec.username)).toHaveLength(1);
  });

  test('create is refused when the username belongs to another domain, and says whose', async () => {
    const spec = await created();
    const failure = await rejection(driver.createAccount({ ...spec, domain: 'someone-else.ir' }));
    expect(failure.kind).toBe('refused');
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(spec.domain);
  });

  test('create with a package the panel does not have is refused in the panel own words', async () => {
    const spec = newSpec({ packageName: 'platinum' });
    const failure = await rejection(driver.createAccount(spec));
    expect(failure).toMatchObject({ kind: 'refused', retryable: false });
    expect(failure.message).toContain('The package platinum does not exist');
    expect(accountOf(spec.username)).toBeUndefined();
  });

  test('create with a domain the panel rejects, or one another account holds, is refused', async () => {
    const invalid = await rejection(driver.createAccount(newSpec({ domain: 'not a domain' })));
    expect(invalid.kind).toBe('refused');
    expect(invalid.message).toContain('That domain is not valid');
    const holder = await created();
    const taken = await rejection(driver.createAccount(newSpec({ domain: holder.domain })));
    expect(taken.kind).toBe('refused');
    expect(taken.message).toContain('That domain already exists');
  });

  test('a create whose answer was lost (panel did it, we never heard) is adopted on retry', async () => {
    const spec = newSpec();
    fake.loseAnswers(1);
    const lost = await rejection(impatient.createAccount(spec));
    expect(lost).toMatchObject({ kind: 'timeout', retryable: true });
    expect(accountOf(spec.username)).toBeDefined();

    expect(await driver.createAccount(spec)).toEqual({
      username: spec.username,
      adopted: true,
      state: 'ready',
    });
    expect(fake.accounts().filter((account) => account.username === spec.username)).toHaveLength(1);
  });
});

describe('DirectAdmin: suspending and unsuspending', () => {
  test('suspend suspends; suspending again succeeds and leaves it suspended', async () => {
    const spec = await created();
    await driver.suspendAccount(spec.username, 'unpaid invoice');
    expect(accountOf(spec.username)?.suspended).toBe(true);
    fake.requests.length = 0;
    await driver.suspendAccount(spec.username, 'unpaid invoice');
    // The panel's Suspend/Unsuspend flips: asking again would have unsuspended it.
    expect(accountOf(spec.username)?.suspended).toBe(true);
    expect(commandsSent()).toEqual(['/CMD_API_SHOW_USER_CONFIG']);
  });

  test('suspend sends the documented selection form', async () => {
    const spec = await created();
    fake.requests.length = 0;
    await driver.suspendAccount(spec.username, 'abuse');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/CMD_API_SELECT_USERS',
      params: { location: 'CMD_SELECT_USERS', suspend: 'Suspend', select0: spec.username },
    });
  });

  test('unsuspend brings a suspended account back; unsuspending an active one succeeds', async () => {
    const spec = await created();
    await driver.unsuspendAccount(spec.username);
    expect(accountOf(spec.username)?.suspended).toBe(false);
    await driver.suspendAccount(spec.username, 'unpaid invoice');
    await driver.unsuspendAccount(spec.username);
    await driver.unsuspendAccount(spec.username);
    expect(accountOf(spec.username)?.suspended).toBe(false);
  });

  test('a suspend whose answer was lost leaves the account suspended after the retry', async () => {
    const spec = await created();
    fake.loseAnswers(1);
    expect((await rejection(impatient.suspendAccount(spec.username, 'unpaid'))).kind).toBe(
      'timeout',
    );
    await driver.suspendAccount(spec.username, 'unpaid');
    expect(accountOf(spec.username)?.suspended).toBe(true);
  });
});

describe('DirectAdmin: terminating', () => {
  test('terminate deletes the account with the documented confirmation', async () => {
    const spec = await created();
    fake.requests.length = 0;
    await driver.terminateAccount(spec.username);
    expect(accountOf(spec.username)).toBeUndefined();
    expect(fake.requests[0]).toMatchObject({
      path: '/CMD_API_SELECT_USERS',
      params: { confirmed: 'Confirm', delete: 'yes', select0: spec.username },
    });
  });

  test('terminating an account that is not there succeeds', async () => {
    await expect(driver.terminateAccount('ghost01')).resolves.toBeUndefined();
  });

  test('a terminate whose answer was lost succeeds on retry', async () => {
    const spec = await created();
    fake.loseAnswers(1);
    expect((await rejection(impatient.terminateAccount(spec.username))).kind).toBe('timeout');
    await expect(driver.terminateAccount(spec.username)).resolves.toBeUndefined();
    expect(accountOf(spec.username)).toBeUndefined();
  });
});

describe('DirectAdmin: package, password, usage, sign-in', () => {
  test('changePackage moves the account; to the package it has, no change is asked', async () => {
    const spec = await created();
    await driver.changePackage(spec.username, 'business');
    expect(accountOf(spec.username)?.packageName).toBe('business');
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/CMD_API_MODIFY_USER',
      params: { action: 'package', user: spec.username, package: 'business' },
    });
    fake.requests.length = 0;
    await driver.changePackage(spec.username, 'business');
    expect(commandsSent()).toEqual(['/CMD_API_SHOW_USER_CONFIG']);
  });

  test('changePackage to a package the panel lacks is refused and changes nothing', async () => {
    const spec = await created();
    const failure = await rejection(driver.changePackage(spec.username, 'platinum'));
    expect(failure).toMatchObject({ kind: 'refused', retryable: false });
    expect(accountOf(spec.username)?.packageName).toBe('starter');
  });

  test('resetPassword sets the new password; one the panel rejects is refused', async () => {
    const spec = await created();
    await driver.resetPassword(spec.username, 'N3w-Long-Passw0rd!');
    expect(accountOf(spec.username)?.password).toBe('N3w-Long-Passw0rd!');
    const weak = await rejection(driver.resetPassword(spec.username, 'abc'));
    expect(weak).toMatchObject({ kind: 'refused', retryable: false });
    expect(accountOf(spec.username)?.password).toBe('N3w-Long-Passw0rd!');
  });

  test('usage reports disk and bandwidth used and the limits in MiB, unlimited as null', async () => {
    const starter = await created();
    fake.setUsage(starter.username, { diskMb: 312.5, bandwidthMb: 2048 });
    expect(await driver.usage(starter.username)).toEqual({
      diskUsedMb: 312.5,
      diskLimitMb: 1024,
      bandwidthUsedMb: 2048,
      bandwidthLimitMb: 10_240,
      sites: 1,
    });
    const business = await created({ packageName: 'business' });
    expect(await driver.usage(business.username)).toMatchObject({
      diskLimitMb: 5120,
      bandwidthLimitMb: null,
    });
  });

  test('loginUrl gives a link that signs the customer in once', async () => {
    const spec = await created();
    const url = await driver.loginUrl(spec.username);
    expect(url).toMatch(new RegExp(`^${fake.url}/api/login/url\\?key=[A-Z2-7]{60}$`));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/api/login-keys/urls',
      authUser: `vitrin|${spec.username}`,
      params: { allowNetworks: [] },
    });
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/^session=/);
    const second = await fetch(url, { redirect: 'manual' });
    expect(second.status).toBe(403);
  });

  test('loginUrl for a suspended account is refused: the panel lets no one in', async () => {
    const spec = await created();
    await driver.suspendAccount(spec.username, 'unpaid');
    expect((await rejection(driver.loginUrl(spec.username))).kind).toBe('refused');
  });

  test('each operation on an account the panel does not have fails as not-found', async () => {
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['suspend', () => driver.suspendAccount('ghost02', 'unpaid')],
      ['unsuspend', () => driver.unsuspendAccount('ghost02')],
      ['changePackage', () => driver.changePackage('ghost02', 'business')],
      ['resetPassword', () => driver.resetPassword('ghost02', 'N3w-Long-Passw0rd!')],
      ['usage', () => driver.usage('ghost02')],
      ['loginUrl', () => driver.loginUrl('ghost02')],
    ];
    for (const [name, call] of calls) {
      const failure = await rejection(call());
      expect({ name, kind: failure.kind, retryable: failure.retryable }).toEqual({
        name,
        kind: 'not-found',
        retryable: false,
      });
    }
  });
});

describe('DirectAdmin: when the panel misbehaves', () => {
  const faults: Array<[FakeDirectAdminFault, PanelErrorKind, boolean]> = [
    ['timeout', 'timeout', true],
    ['slow', 'timeout', true],
    ['server-error', 'server-error', true],
    ['auth-failure', 'auth', false],
    ['garbage', 'protocol', true],
  ];

  test.each(faults)(
    'mode %s fails every operation as %s (retryable: %s)',
    async (mode, kind, retryable) => {
      const spec = await created();
      fake.setMode(mode);
      const calls: Array<() => Promise<unknown>> = [
        () => impatient.testConnection(),
        () => impatient.createAccount(newSpec()),
        () => impatient.suspendAccount(spec.username, 'unpaid'),
        () => impatient.unsuspendAccount(spec.username),
        () => impatient.terminateAccount(spec.username),
        () => impatient.changePackage(spec.username, 'business'),
        () => impatient.resetPassword(spec.username, 'N3w-Long-Passw0rd!'),
        () => impatient.usage(spec.username),
        () => impatient.loginUrl(spec.username),
      ];
      for (const call of calls) {
        const failure = await rejection(call());
        expect({ kind: failure.kind, retryable: failure.retryable }).toEqual({ kind, retryable });
      }
    },
  );

  test('a garbled answer to the sign-in link request is a protocol failure', async () => {
    const spec = await created();
    fake.requests.length = 0;
    fake.failNext(1, 'garbage', 'login-keys/urls');
    const failure = await rejection(driver.loginUrl(spec.username));
    expect(failure).toMatchObject({ kind: 'protocol', retryable: true });
    expect(commandsSent()).toEqual(['/CMD_API_SHOW_USER_CONFIG', '/api/login-keys/urls']);
  });

  test('a slow panel that answers within the time limit is fine', async () => {
    fake.setMode('slow');
    fake.setLatency(50);
    await expect(driver.testConnection()).resolves.toMatchObject({ version: null });
  });

  test('failNext fails only the next call; the retry succeeds and creates the account once', async () => {
    const spec = newSpec();
    fake.failNext(1, 'server-error');
    expect(await rejection(driver.createAccount(spec))).toMatchObject({
      kind: 'server-error',
      retryable: true,
    });
    expect(await driver.createAccount(spec)).toMatchObject({ adopted: false });
    expect(accountOf(spec.username)).toBeDefined();
  });

  test('through 30% failures and lost answers, retrying creates each account exactly once', async () => {
    async function provision(target: FakeDirectAdmin): Promise<number> {
      const patient = new DirectAdminDriver({
        baseUrl: target.url,
        username: target.username,
        loginKey: target.loginKey,
        ip: '203.0.113.10',
        timeoutMs: 300,
      });
      let failures = 0;
      for (let n = 1; n <= 6; n += 1) {
        const spec = newSpec({ username: `retry${n}`, domain: `retry-${n}.ir` });
        if (n % 3 === 0) target.loseAnswers(1);
        for (;;) {
          try {
            await patient.createAccount(spec);
            break;
          } catch (error) {
            expect(error).toBeInstanceOf(PanelError);
            expect((error as PanelError).retryable).toBe(true);
            failures += 1;
          }
        }
      }
      expect(target.accounts().map((account) => account.username)).toEqual([
        'retry1',
        'retry2',
        'retry3',
        'retry4',
        'retry5',
        'retry6',
      ]);
      return failures;
    }
    const first = await startFakeDirectAdmin({ seed: 7 });
    const second = await startFakeDirectAdmin({ seed: 7 });
    try {
      first.failRate(0.3);
      second.failRate(0.3);
      const failures = await provision(first);
      expect(failures).toBeGreaterThan(0);
      // The same seed fails the same calls.
      expect(await provision(second)).toBe(failures);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('DirectAdmin: call records', () => {
  test('every exchange is recorded with its operation, and none carries a secret', async () => {
    const spec = newSpec();
    await driver.testConnection();
    await driver.createAccount(spec);
    await driver.createAccount(spec);
    await driver.suspendAccount(spec.username, 'unpaid');
    await driver.unsuspendAccount(spec.username);
    await driver.changePackage(spec.username, 'business');
    await driver.resetPassword(spec.username, 'N3w-Long-Passw0rd!');
    await driver.usage(spec.username);
    const url = await driver.loginUrl(spec.username);
    await driver.terminateAccount(spec.username);
    fake.failNext(1, 'auth-failure');
    await rejection(driver.resetPassword(spec.username, 'An0ther-Passw0rd!'));
    fake.failNext(1, 'garbage');
    await rejection(driver.createAccount({ ...spec, password: 'Th1rd-Passw0rd!' }));

    expect(new Set(records.map((record) => record.operation))).toEqual(
      new Set([
        'testConnection',
        'create',
        'suspend',
        'unsuspend',
        'changePackage',
        'resetPassword',
        'usage',
        'loginUrl',
        'terminate',
      ]),
    );
    expect(records.length).toBe(fake.requests.length);
    const key = new URL(url).searchParams.get('key') ?? '';
    const everything = JSON.stringify(records);
    for (const secret of [
      fake.loginKey,
      spec.password,
      'N3w-Long-Passw0rd!',
      'An0ther-Passw0rd!',
      'Th1rd-Passw0rd!',
      key,
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(encodeURIComponent(secret));
    }
    const create = records.find(
      (record) => record.operation === 'create' && record.method === 'POST',
    );
    expect(create?.requestBody).toContain('passwd=[redacted]&passwd2=[redacted]');
    const link = records.find((record) => record.url === '/api/login-keys/urls');
    expect(link?.responseBody).toContain('/api/login/url?key=[redacted]');
  });

  test('a refusal is recorded with the panel reason', async () => {
    await rejection(driver.createAccount(newSpec({ packageName: 'platinum' })));
    const refused = records.find((record) => record.error !== null);
    expect(refused).toMatchObject({ operation: 'create', status: 200 });
    expect(refused?.error).toContain('The package platinum does not exist');
  });
});
