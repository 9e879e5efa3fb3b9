import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type SelfSignedPair, selfSignedCertificate } from '../../test/self-signed';
import { EppRegistrar, randomAuthCode } from './epp-registrar';
import { HOST_NS, RGP_NS, resultKind } from './epp-xml';
import { FakeEppServer, OTHER_REGISTRAR } from './fake-epp-server';
import { type ContactSpec, type RegisterRequest, RegistrarError } from './registrar-driver';

// The generic EPP driver's domain, contact and poll commands (RFC 5731, 5733, 5730 §2.9.2.3,
// RFC 3915) against the local fake registry, over real TLS. Each test has a registry of its own,
// so no state or queued message leaks between tests.

const US = 'vitrin';
const PASSWORD = 'epp-secret-1';

let pair: SelfSignedPair;
let fake: FakeEppServer;
let endpoint: { host: string; port: number };
let drivers: EppRegistrar[] = [];

beforeAll(async () => {
  pair = await selfSignedCertificate();
});
beforeEach(async () => {
  fake = new FakeEppServer({ ...pair, clientId: US, password: PASSWORD, seed: 38 });
  endpoint = await fake.start();
});
afterEach(async () => {
  await Promise.all(drivers.map((driver) => driver.close()));
  drivers = [];
  await fake.stop();
});

function driver(onExchange?: ConstructorParameters<typeof EppRegistrar>[0]['onExchange']) {
  const made = new EppRegistrar({
    endpoint: { ...endpoint, ca: pair.cert },
    login: { clientId: US, password: PASSWORD },
    timeoutMs: 2_000,
    onExchange,
  });
  drivers.push(made);
  return made;
}

async function refusal(promise: Promise<unknown>): Promise<RegistrarError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RegistrarError);
  return error as RegistrarError;
}

const sara: ContactSpec = {
  clientHandle: 'VT-SARA-1',
  kind: 'person',
  name: 'Sara Ahmadi',
  organisation: null,
  nationalCode: '0012345678',
  companyId: null,
  registrationNumber: null,
  passportNumber: null,
  email: 'sara@example.ir',
  phone: '+98.9121234567',
  street: 'No. 5, Azadi St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1234567890',
  countryCode: 'IR',
};

function request(name: string, overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    name,
    years: 1,
    registrant: sara.clientHandle,
    nameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
    authCode: 'Code-2024-xyz!',
    ...overrides,
  };
}

/** A name registered by us, with its contact. */
async function ourName(registry: EppRegistrar, name: string, overrides?: Partial<RegisterRequest>) {
  await registry.ensureContact(sara);
  const outcome = await registry.register(request(name, overrides));
  if (outcome.state !== 'done') throw new Error('expected the name registered at once');
  return outcome.info;
}

function yearsAfter(date: Date, years: number): Date {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

function commands(verb: string): string[] {
  return fake.log.filter((entry) => entry.command === verb).map((entry) => entry.xml);
}

/** The host commands (RFC 5732) of one verb sent so far. */
function hostCommands(verb: string): string[] {
  return fake.log
    .filter((entry) => entry.command === verb && entry.object === 'host')
    .map((entry) => entry.xml);
}

describe('EPP result codes (RFC 5730 §3)', () => {
  test('each code is read by what it means, and only the registry’s own faults are retryable', () => {
    const kinds = Object.fromEntries(
      [1000, 1001, 1300, 1301, 2001, 2004, 2104, 2200, 2201, 2202, 2302, 2303, 2304, 2305, 2306]
        .concat([2400, 2500, 2501, 2502])
        .map((code) => [code, resultKind(code)]),
    );
    expect(kinds).toEqual({
      1000: 'ok',
      1001: 'ok',
      1300: 'ok',
      1301: 'ok',
      2001: 'refused',
      2004: 'refused',
      2104: 'billing',
      2200: 'auth',
      2201: 'auth',
      2202: 'auth',
      2302: 'exists',
      2303: 'not-found',
      2304: 'prohibited',
      2305: 'prohibited',
      2306: 'refused',
      2400: 'unreachable',
      2500: 'unreachable',
      2501: 'auth',
      2502: 'unreachable',
    });
    expect(new RegistrarError('unreachable', 'x').retryable).toBe(true);
    expect(new RegistrarError('exists', 'x').retryable).toBe(false);
  });

  test('a transfer code is 16 characters with a capital, a small letter, a digit and a symbol', () => {
    const codes = Array.from({ length: 50 }, randomAuthCode);
    for (const code of codes) {
      expect(code).toHaveLength(16);
      expect(code).toMatch(/[A-Z]/);
      expect(code).toMatch(/[a-z]/);
      expect(code).toMatch(/[0-9]/);
      expect(code).toMatch(/[^A-Za-z0-9]/);
    }
    expect(new Set(codes).size).toBe(50);
  });
});

describe('contacts (RFC 5733)', () => {
  test('asked again with changed details, our contact is updated in place (§3.2.5)', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    const moved = { ...sara, street: 'No. 9, Enghelab St.', email: 'sara.new@example.ir' };
    expect(await registry.ensureContact(moved)).toBe('VT-SARA-1');
    expect(commands('create')).toHaveLength(1);
    expect(commands('update')).toHaveLength(1);
    expect(fake.contact('VT-SARA-1')).toMatchObject({
      street: ['No. 9, Enghelab St.'],
      email: 'sara.new@example.ir',
      name: 'Sara Ahmadi',
    });
  });

  test('a contact is created once under our handle; asking again creates nothing', async () => {
    const registry = driver();
    expect(await registry.ensureContact(sara)).toBe('VT-SARA-1');
    expect(await registry.ensureContact(sara)).toBe('VT-SARA-1');
    expect(commands('create')).toHaveLength(1);
    expect(fake.contact('VT-SARA-1')).toMatchObject({
      sponsor: US,
      postalType: 'int',
      name: 'Sara Ahmadi',
      street: ['No. 5, Azadi St.'],
      city: 'Tehran',
      province: 'Tehran',
      postalCode: '1234567890',
      countryCode: 'IR',
      phone: '+98.9121234567',
      email: 'sara@example.ir',
    });
    expect(fake.contact('VT-SARA-1')?.authCode).toHaveLength(16);
  });

  test('values with <, &, and quotes arrive as they were written', async () => {
    const tricky = {
      ...sara,
      clientHandle: 'VT-TRICKY',
      name: `O'Brien & "Sons" <Ltd>`,
      organisation: 'A&B </contact:org><contact:x>',
      street: `1 < 2 & 3 > 2 "St" 'x'`,
    };
    await driver().ensureContact(tricky);
    expect(fake.contact('VT-TRICKY')).toMatchObject({
      name: `O'Brien & "Sons" <Ltd>`,
      organisation: 'A&B </contact:org><contact:x>',
      street: [`1 < 2 & 3 > 2 "St" 'x'`],
    });
  });

  test('a name that is not plain ASCII goes as the localised form (RFC 5733 §2.3)', async () => {
    await driver().ensureContact({ ...sara, clientHandle: 'VT-FA', name: 'سارا احمدی' });
    expect(fake.contact('VT-FA')).toMatchObject({ postalType: 'loc', name: 'سارا احمدی' });
  });

  test('a create whose answer was lost is found by the retry and not made twice', async () => {
    let armed = true;
    // Once the first check is answered, the create that follows acts but is not answered.
    const registry = driver(({ command }) => {
      if (armed && command.includes('<contact:check')) {
        fake.dropNextAfterActing = 1;
        armed = false;
      }
    });
    expect((await refusal(registry.ensureContact(sara))).kind).toBe('unreachable');
    expect(fake.contact('VT-SARA-1')?.sponsor).toBe(US);
    expect(await registry.ensureContact(sara)).toBe('VT-SARA-1');
    expect(commands('create')).toHaveLength(1);
  });
});

describe('registration (RFC 5731 §3.2.1)', () => {
  test('a create answered 1000 is done, and info shows the name as ours', async () => {
    const registry = driver();
    const before = new Date();
    const info = await ourName(registry, 'sara-shop.com', { years: 2 });
    expect(info).toMatchObject({
      name: 'sara-shop.com',
      ours: true,
      registrant: 'VT-SARA-1',
      nameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
      statuses: ['ok'],
      authCode: 'Code-2024-xyz!',
    });
    expect(info.createdAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect(info.expiresAt).toEqual(yearsAfter(info.createdAt as Date, 2));
    expect(info.expiresAt?.getTime()).toBeGreaterThanOrEqual(
      yearsAfter(before, 2).getTime() - 1_000,
    );
    expect(fake.domain('sara-shop.com')).toMatchObject({ sponsor: US, registrant: 'VT-SARA-1' });
  });

  test('a transfer code with <, &, and quotes is kept exactly', async () => {
    const authCode = `a<b&c"d'e>f`;
    const info = await ourName(driver(), 'escape-test.com', { authCode });
    expect(fake.domain('escape-test.com')?.authCode).toBe(authCode);
    expect(info.authCode).toBe(authCode);
  });

  test('creating a name twice answers exists (2302); info shows it is ours', async () => {
    const registry = driver();
    await ourName(registry, 'twice.com');
    const error = await refusal(registry.register(request('twice.com')));
    expect(error.kind).toBe('exists');
    expect(error.code).toBe(2302);
    expect(error.retryable).toBe(false);
    expect((await registry.info('twice.com'))?.ours).toBe(true);
  });

  test('a create that acted but whose answer was lost: the retry finds it exists and ours', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    fake.dropNextAfterActing = 1;
    const lost = await refusal(registry.register(request('lost-answer.com')));
    expect(lost.kind).toBe('unreachable');
    expect(lost.retryable).toBe(true);
    expect(fake.domain('lost-answer.com')?.sponsor).toBe(US);
    const again = await refusal(registry.register(request('lost-answer.com')));
    expect(again.kind).toBe('exists');
    // The domains module adopts it: the registry says the name is ours.
    expect(await registry.info('lost-answer.com')).toMatchObject({ ours: true, statuses: ['ok'] });
  });

  test('a connection dropped before the create acted leaves nothing; the retry registers', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    fake.dropNext = 1;
    expect((await refusal(registry.register(request('dropped-first.com')))).kind).toBe(
      'unreachable',
    );
    expect(fake.domain('dropped-first.com')).toBeNull();
    expect((await registry.register(request('dropped-first.com'))).state).toBe('done');
  });

  test('a short balance (2104) is a billing error, not retried, and registers nothing', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    fake.billingShort = true;
    const error = await refusal(registry.register(request('no-money.com')));
    expect(error.kind).toBe('billing');
    expect(error.code).toBe(2104);
    expect(error.retryable).toBe(false);
    expect(fake.domain('no-money.com')).toBeNull();
  });

  test('a name someone else holds is exists, and info says it is not ours, without its code', async () => {
    fake.addDomain('taken-elsewhere.com', { authCode: 'their-code' });
    const registry = driver();
    await registry.ensureContact(sara);
    expect((await refusal(registry.register(request('taken-elsewhere.com')))).kind).toBe('exists');
    expect(await registry.info('taken-elsewhere.com')).toMatchObject({
      ours: false,
      authCode: null,
      registrant: null,
    });
  });

  test('a create reviewed offline is pending (1001) until the poll tells the outcome', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    fake.pendingCreates = true;
    expect(await registry.register(request('reviewed.ir'))).toEqual({
      state: 'pending',
      note: 'Command completed successfully; action pending',
    });
    expect((await registry.info('reviewed.ir'))?.statuses).toEqual(['pendingCreate']);
    expect(await registry.poll()).toBeNull();

    fake.approvePending('reviewed.ir', true);
    const message = await registry.poll();
    expect(message).toMatchObject({
      name: 'reviewed.ir',
      event: 'registered',
      text: 'Pending action completed successfully.',
    });
    if (!message) throw new Error('expected a message');
    // Polled again before the ack: the same message.
    expect((await registry.poll())?.id).toBe(message.id);
    await registry.ack(message.id);
    expect(await registry.poll()).toBeNull();
    expect((await registry.info('reviewed.ir'))?.statuses).toEqual(['ok']);
  });

  test('a create refused after review is registration-refused, and the name is gone', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    fake.pendingCreates = true;
    await registry.register(request('refused.ir'));
    fake.approvePending('refused.ir', false);
    expect(await registry.poll()).toMatchObject({
      name: 'refused.ir',
      event: 'registration-refused',
    });
    expect(await registry.info('refused.ir')).toBeNull();
  });
});

describe('info (RFC 5731 §3.1.2)', () => {
  test('a name the registry does not hold is null (2303)', async () => {
    expect(await driver().info('nowhere.com')).toBeNull();
    expect(commands('info')[0]).toContain('hosts="all"');
  });

  test('a name in redemption shows the grace period status from RFC 3915’s extension', async () => {
    const registry = driver();
    await ourName(registry, 'expired.com');
    fake.enterRedemption('expired.com');
    expect((await registry.info('expired.com'))?.statuses).toEqual([
      'pendingDelete',
      'redemptionPeriod',
    ]);
  });
});

describe('renewal (RFC 5731 §3.2.3)', () => {
  test('a renewal extends from the current expiry and answers the new one', async () => {
    const registry = driver();
    const info = await ourName(registry, 'renew-me.com');
    const current = info.expiresAt as Date;
    const renewed = await registry.renew('renew-me.com', 2, current);
    expect(renewed.expiresAt).toEqual(yearsAfter(current, 2));
    expect(fake.domain('renew-me.com')?.expiresAt).toEqual(renewed.expiresAt);
  });

  test('a renewal repeated with the old expiry is refused (2306), so it cannot extend twice', async () => {
    const registry = driver();
    const info = await ourName(registry, 'renew-once.com');
    const first = await registry.renew('renew-once.com', 1, info.expiresAt as Date);
    const error = await refusal(registry.renew('renew-once.com', 1, info.expiresAt as Date));
    expect(error.kind).toBe('refused');
    expect(error.code).toBe(2306);
    expect(fake.domain('renew-once.com')?.expiresAt).toEqual(first.expiresAt);
  });

  test('an expiry changed at the registry behind our back makes our date stale', async () => {
    const registry = driver();
    const info = await ourName(registry, 'moved.com');
    fake.setExpiry('moved.com', new Date(Date.UTC(2031, 0, 15)));
    expect((await refusal(registry.renew('moved.com', 1, info.expiresAt as Date))).code).toBe(2306);
    const renewed = await registry.renew('moved.com', 1, new Date(Date.UTC(2031, 0, 15, 20)));
    expect(renewed.expiresAt?.toISOString()).toBe('2032-01-15T00:00:00.000Z');
  });

  test('a renewal on a short balance is billing', async () => {
    const registry = driver();
    const info = await ourName(registry, 'poor.com');
    fake.billingShort = true;
    expect((await refusal(registry.renew('poor.com', 1, info.expiresAt as Date))).kind).toBe(
      'billing',
    );
  });
});

describe('transfers (RFC 5731 §3.2.4)', () => {
  test('a transfer with the right code is pending until the losing side approves', async () => {
    const expiresAt = new Date(Date.UTC(2027, 5, 1));
    fake.addDomain('coming.com', { authCode: 'Their-Code-1', expiresAt });
    const registry = driver();
    expect(await registry.requestTransfer('coming.com', 'Their-Code-1', 1)).toEqual({
      state: 'pending',
      note: 'Command completed successfully; action pending',
    });
    expect(await registry.info('coming.com')).toMatchObject({
      ours: false,
      statuses: ['pendingTransfer'],
    });
    // The losing registrar was told.
    expect(fake.messages(OTHER_REGISTRAR)).toHaveLength(1);

    fake.approveTransfer('coming.com');
    const message = await registry.poll();
    expect(message).toMatchObject({
      name: 'coming.com',
      event: 'transfer-completed',
      expiresAt: new Date(Date.UTC(2028, 5, 1)),
    });
    await registry.ack(message?.id as string);
    expect(await registry.info('coming.com')).toMatchObject({ ours: true, statuses: ['ok'] });
  });

  test('a wrong transfer code is an auth error (2202), and nothing is pending', async () => {
    fake.addDomain('guarded.com', { authCode: 'right' });
    const error = await refusal(driver().requestTransfer('guarded.com', 'wrong', 1));
    expect(error.kind).toBe('auth');
    expect(error.code).toBe(2202);
    expect(fake.domain('guarded.com')?.pendingTransfer).toBeNull();
  });

  test('a transfer the losing side rejects is transfer-refused', async () => {
    fake.addDomain('stays.com', { authCode: 'code' });
    const registry = driver();
    await registry.requestTransfer('stays.com', 'code', 1);
    fake.rejectTransfer('stays.com');
    expect(await registry.poll()).toMatchObject({ name: 'stays.com', event: 'transfer-refused' });
    expect(fake.domain('stays.com')?.sponsor).toBe(OTHER_REGISTRAR);
  });

  test('a name taken away by another registrar is transferred-away, and no longer ours', async () => {
    const registry = driver();
    await ourName(registry, 'leaving.com');
    fake.transferAway('leaving.com');
    expect(await registry.poll()).toMatchObject({ name: 'leaving.com', event: 'transferred-away' });
    expect((await registry.info('leaving.com'))?.ours).toBe(false);
  });

  test('another registrar asking for our name is a state change while it waits', async () => {
    const registry = driver();
    await ourName(registry, 'asked-for.com');
    fake.requestTransferAway('asked-for.com');
    expect(await registry.poll()).toMatchObject({
      name: 'asked-for.com',
      event: 'state-changed',
    });
  });

  test('a locked name cannot be transferred (2304)', async () => {
    fake.addDomain('locked-elsewhere.com', {
      authCode: 'code',
      statuses: ['clientTransferProhibited'],
    });
    const error = await refusal(driver().requestTransfer('locked-elsewhere.com', 'code', 1));
    expect(error.kind).toBe('prohibited');
    expect(error.code).toBe(2304);
  });

  test('our pending transfer is withdrawn with op="cancel", naming the name alone', async () => {
    fake.addDomain('second-thoughts.com', { authCode: 'Their-Code-2' });
    const registry = driver();
    await registry.requestTransfer('second-thoughts.com', 'Their-Code-2', 1);
    await registry.cancelTransfer('second-thoughts.com');
    const sent = fake.log.filter((entry) => entry.command === 'transfer').at(-1)?.xml ?? '';
    expect(sent).toContain('<transfer op="cancel">');
    expect(sent).toContain('<domain:name>second-thoughts.com</domain:name>');
    expect(sent).not.toContain('Their-Code-2');
    expect(fake.domain('second-thoughts.com')).toMatchObject({
      sponsor: OTHER_REGISTRAR,
      statuses: ['ok'],
      pendingTransfer: null,
    });
    // The losing registrar heard of the request, then of its withdrawal (trStatus clientCancelled).
    const told = fake.messages(OTHER_REGISTRAR);
    expect(told).toHaveLength(2);
    expect(told[1]?.data).toContain('<domain:trStatus>clientCancelled</domain:trStatus>');
    // Our own queue says the request ended unapproved.
    expect(await registry.poll()).toMatchObject({
      name: 'second-thoughts.com',
      event: 'transfer-refused',
    });
  });

  test('a cancel with no request of ours pending is refused (2301); info tells what came of it', async () => {
    fake.addDomain('arrived.com', { authCode: 'code' });
    const registry = driver();
    await registry.requestTransfer('arrived.com', 'code', 1);
    fake.approveTransfer('arrived.com');
    const late = await refusal(registry.cancelTransfer('arrived.com'));
    expect(late.kind).toBe('refused');
    expect(late.code).toBe(2301);
    expect(late.retryable).toBe(false);
    expect(await registry.info('arrived.com')).toMatchObject({ ours: true, statuses: ['ok'] });

    const missing = await refusal(registry.cancelTransfer('nowhere.com'));
    expect(missing.kind).toBe('not-found');
  });

  test('another registrar’s transfer request for our name is not ours to cancel (2201)', async () => {
    const registry = driver();
    await ourName(registry, 'wanted.com');
    fake.requestTransferAway('wanted.com');
    const error = await refusal(registry.cancelTransfer('wanted.com'));
    expect(error.kind).toBe('auth');
    expect(error.code).toBe(2201);
    expect(fake.domain('wanted.com')?.pendingTransfer).not.toBeNull();
  });
});

describe('updates (RFC 5731 §3.2.5)', () => {
  test('nameservers change by sending only the differences', async () => {
    const registry = driver();
    await ourName(registry, 'hosts.com', { nameservers: ['ns1.a.ir', 'ns2.a.ir'] });
    await registry.setNameservers('hosts.com', ['NS2.a.ir', 'ns3.b.ir']);
    const [update] = commands('update');
    expect(update).toContain('<domain:add><domain:ns><domain:hostObj>ns3.b.ir</domain:hostObj>');
    expect(update).toContain('<domain:rem><domain:ns><domain:hostObj>ns1.a.ir</domain:hostObj>');
    expect(update).not.toContain('ns2.a.ir');
    expect(fake.domain('hosts.com')?.nameservers).toEqual(['ns2.a.ir', 'ns3.b.ir']);

    await registry.setNameservers('hosts.com', ['ns3.b.ir', 'ns2.a.ir']);
    expect(commands('update')).toHaveLength(1);
  });

  test('nameservers changed behind our back are read before the update', async () => {
    const registry = driver();
    await ourName(registry, 'drifted.com', { nameservers: ['ns1.a.ir', 'ns2.a.ir'] });
    fake.setNameservers('drifted.com', ['ns9.other.ir', 'ns2.a.ir']);
    await registry.setNameservers('drifted.com', ['ns1.a.ir', 'ns2.a.ir']);
    expect(fake.domain('drifted.com')?.nameservers.sort()).toEqual(['ns1.a.ir', 'ns2.a.ir']);
  });

  test('the nameservers of a name the registry does not hold: not-found', async () => {
    expect((await refusal(driver().setNameservers('ghost.com', ['ns1.a.ir']))).kind).toBe(
      'not-found',
    );
  });

  test('the transfer lock goes on and off, and setting it as it is sends nothing', async () => {
    const registry = driver();
    await ourName(registry, 'lock.com');
    await registry.setTransferLock('lock.com', true);
    expect(fake.domain('lock.com')?.statuses).toEqual(['clientTransferProhibited']);
    await registry.setTransferLock('lock.com', true);
    expect(commands('update')).toHaveLength(1);
    await registry.setTransferLock('lock.com', false);
    expect(fake.domain('lock.com')?.statuses).toEqual(['ok']);
    expect(commands('update')).toHaveLength(2);
    expect(commands('update')[1]).toContain(
      '<domain:rem><domain:status s="clientTransferProhibited"/>',
    );
  });

  test('a new transfer code is set at the registry and answered', async () => {
    const registry = driver();
    await ourName(registry, 'recode.com');
    const code = await registry.resetAuthCode('recode.com');
    expect(code).toHaveLength(16);
    expect(code).not.toBe('Code-2024-xyz!');
    expect(fake.domain('recode.com')?.authCode).toBe(code);
    expect((await registry.info('recode.com'))?.authCode).toBe(code);
  });

  test('another registrar’s name cannot be updated (2201)', async () => {
    fake.addDomain('not-mine.com');
    const error = await refusal(driver().resetAuthCode('not-mine.com'));
    expect(error.kind).toBe('auth');
    expect(error.code).toBe(2201);
  });
});

describe('delete and restore (RFC 5731 §3.2.2, RFC 3915 §4.2.5)', () => {
  test('a deleted name enters redemption, and a restore brings it back', async () => {
    const registry = driver();
    await ourName(registry, 'oops.com');
    await registry.delete('oops.com');
    expect((await registry.info('oops.com'))?.statuses).toEqual([
      'pendingDelete',
      'redemptionPeriod',
    ]);
    await registry.restore('oops.com');
    expect(commands('update').at(-1)).toContain(
      `<extension><rgp:update xmlns:rgp="${RGP_NS}"><rgp:restore op="request"/></rgp:update></extension>`,
    );
    expect(await registry.info('oops.com')).toMatchObject({ ours: true, statuses: ['ok'] });
  });

  test('a name that expired into redemption at the registry can be restored', async () => {
    const registry = driver();
    await ourName(registry, 'lapsed.com');
    fake.enterRedemption('lapsed.com');
    await registry.restore('lapsed.com');
    expect(fake.domain('lapsed.com')).toMatchObject({ statuses: ['ok'], rgpStatus: null });
  });

  test('restoring a name not in redemption is prohibited (2304)', async () => {
    const registry = driver();
    await ourName(registry, 'alive.com');
    expect((await refusal(registry.restore('alive.com'))).kind).toBe('prohibited');
  });

  test('a name under a delete lock is not deleted', async () => {
    const registry = driver();
    fake.addDomain('keep-locked.com', { sponsor: US, statuses: ['clientDeleteProhibited'] });
    expect((await refusal(registry.delete('keep-locked.com'))).code).toBe(2304);
    expect(fake.domain('keep-locked.com')?.statuses).toEqual(['clientDeleteProhibited']);
  });
});

describe('the poll queue (RFC 5730 §2.9.2.3)', () => {
  test('an empty queue answers null (1300)', async () => {
    expect(await driver().poll()).toBeNull();
  });

  test('acking an id the queue does not hold resolves: an earlier ack went through', async () => {
    const registry = driver();
    await expect(registry.ack('999')).resolves.toBeUndefined();
    await expect(registry.ack(`1"<&'`)).resolves.toBeUndefined();
  });

  test('a registry’s own renewal is renewed, with the new expiry; messages come oldest first', async () => {
    const registry = driver();
    const info = await ourName(registry, 'auto.com');
    fake.autoRenew('auto.com');
    fake.transferAway('auto.com');
    const first = await registry.poll();
    expect(first).toMatchObject({
      name: 'auto.com',
      event: 'renewed',
      text: 'Domain auto-renewed.',
      expiresAt: yearsAfter(info.expiresAt as Date, 1),
    });
    expect(first?.at).toBeInstanceOf(Date);
    await registry.ack(first?.id as string);
    await registry.ack(first?.id as string);
    expect((await registry.poll())?.event).toBe('transferred-away');
  });
});

describe('child nameservers (RFC 5732 host objects)', () => {
  test('a host under our name is created with its glue, changed by the addresses that differ, and deleted', async () => {
    const registry = driver();
    await ourName(registry, 'sara-blog.com');
    expect(await registry.saveHost('sara-blog.com', 'ns1.sara-blog.com', ['192.0.2.53'])).toBe(
      'at-registry',
    );
    expect(hostCommands('create')[0]).toContain(
      `<host:create xmlns:host="${HOST_NS}"><host:name>ns1.sara-blog.com</host:name><host:addr ip="v4">192.0.2.53</host:addr></host:create>`,
    );
    expect(fake.host('ns1.sara-blog.com')).toMatchObject({
      superordinate: 'sara-blog.com',
      sponsor: US,
      addresses: [{ ip: 'v4', address: '192.0.2.53' }],
      statuses: ['ok'],
    });

    // The v6 address as a person may write it; only the differences travel.
    await registry.saveHost('sara-blog.com', 'ns1.sara-blog.com', [
      '2001:DB8:0:0:0:0:0:53',
      '192.0.2.54',
    ]);
    const [update] = hostCommands('update');
    expect(update).toContain(
      '<host:add><host:addr ip="v6">2001:db8::53</host:addr><host:addr ip="v4">192.0.2.54</host:addr></host:add>',
    );
    expect(update).toContain('<host:rem><host:addr ip="v4">192.0.2.53</host:addr></host:rem>');
    expect(await registry.hostInfo('sara-blog.com', 'ns1.sara-blog.com')).toEqual({
      name: 'ns1.sara-blog.com',
      addresses: ['2001:db8::53', '192.0.2.54'],
      linked: false,
    });
    // The same addresses again change nothing at the registry.
    await registry.saveHost('sara-blog.com', 'ns1.sara-blog.com', ['192.0.2.54', '2001:db8::53']);
    expect(hostCommands('update')).toHaveLength(1);

    await registry.deleteHost('sara-blog.com', 'ns1.sara-blog.com');
    expect(fake.host('ns1.sara-blog.com')).toBeNull();
    expect(await registry.hostInfo('sara-blog.com', 'ns1.sara-blog.com')).toBeNull();
    // Deleting it again is done already (2303).
    await registry.deleteHost('sara-blog.com', 'ns1.sara-blog.com');
  });

  test('a name may point at a child nameserver only once it exists as a host (2303 before)', async () => {
    const answers: string[] = [];
    const registry = driver(({ answer }) => answers.push(answer ?? ''));
    await ourName(registry, 'own-dns.com', { nameservers: ['ns1.a.ir', 'ns2.a.ir'] });
    const missing = await refusal(
      registry.setNameservers('own-dns.com', ['ns1.own-dns.com', 'ns2.a.ir']),
    );
    expect(missing).toMatchObject({ kind: 'not-found', code: 2303 });
    expect(fake.domain('own-dns.com')?.nameservers).toEqual(['ns1.a.ir', 'ns2.a.ir']);

    await registry.saveHost('own-dns.com', 'ns1.own-dns.com', ['192.0.2.10']);
    await registry.setNameservers('own-dns.com', ['ns1.own-dns.com', 'ns2.a.ir']);
    expect(fake.domain('own-dns.com')?.nameservers).toEqual(['ns2.a.ir', 'ns1.own-dns.com']);
    expect(await registry.hostInfo('own-dns.com', 'ns1.own-dns.com')).toMatchObject({
      linked: true,
    });
    // RFC 5731 §3.1.2: the name's info lists its subordinate hosts to its sponsor.
    await registry.info('own-dns.com');
    expect(answers.at(-1)).toContain('<domain:host>ns1.own-dns.com</domain:host>');
  });

  test('a host still named as a nameserver is not deleted (2305), nor the name above it', async () => {
    const registry = driver();
    await ourName(registry, 'in-use.com', { nameservers: ['ns1.a.ir', 'ns2.a.ir'] });
    await registry.saveHost('in-use.com', 'ns1.in-use.com', ['192.0.2.11']);
    await registry.setNameservers('in-use.com', ['ns1.in-use.com', 'ns2.a.ir']);

    const refused = await refusal(registry.deleteHost('in-use.com', 'ns1.in-use.com'));
    expect(refused).toMatchObject({ kind: 'prohibited', code: 2305, retryable: false });
    expect(fake.host('ns1.in-use.com')?.statuses).toEqual(['linked']);
    const domainDelete = await refusal(registry.delete('in-use.com'));
    expect(domainDelete).toMatchObject({ kind: 'prohibited', code: 2305 });

    await registry.setNameservers('in-use.com', ['ns1.a.ir', 'ns2.a.ir']);
    await registry.deleteHost('in-use.com', 'ns1.in-use.com');
    expect(fake.host('ns1.in-use.com')).toBeNull();
  });

  test('a create that acted but whose answer was lost: the retry finds the host ours and updates it', async () => {
    const registry = driver();
    await ourName(registry, 'lost-host.com');
    fake.dropAfterActingOn = 'host create';
    const lost = await refusal(
      registry.saveHost('lost-host.com', 'ns1.lost-host.com', ['192.0.2.20']),
    );
    expect(lost.retryable).toBe(true);
    expect(fake.host('ns1.lost-host.com')?.addresses).toEqual([
      { ip: 'v4', address: '192.0.2.20' },
    ]);
    // Asked again, with an address changed meanwhile: found taken and ours, then updated.
    await registry.saveHost('lost-host.com', 'ns1.lost-host.com', ['192.0.2.21']);
    expect(hostCommands('create')).toHaveLength(1);
    expect(fake.host('ns1.lost-host.com')?.addresses).toEqual([
      { ip: 'v4', address: '192.0.2.21' },
    ]);
  });

  test('a create met by 2302 (the host made since the check said free) is found ours and updated', async () => {
    const registry = driver();
    await ourName(registry, 'raced.com');
    await registry.saveHost('raced.com', 'ns1.raced.com', ['192.0.2.30']);
    fake.staleHostChecks = true;
    await registry.saveHost('raced.com', 'ns1.raced.com', ['192.0.2.31']);
    expect(hostCommands('create')).toHaveLength(2);
    expect(hostCommands('update')).toHaveLength(1);
    expect(fake.host('ns1.raced.com')?.addresses).toEqual([{ ip: 'v4', address: '192.0.2.31' }]);
  });

  test("a host under another registrar's name, or under a name the registry lacks, is refused", async () => {
    const registry = driver();
    fake.addDomain('theirs.com');
    expect(
      await refusal(registry.saveHost('theirs.com', 'ns1.theirs.com', ['192.0.2.40'])),
    ).toMatchObject({ kind: 'auth', code: 2201 });
    expect(fake.host('ns1.theirs.com')).toBeNull();
    // RFC 5732 §3.2.1: in the registry's own zone, the name above must be known first.
    expect(
      await refusal(registry.saveHost('nowhere.com', 'ns1.nowhere.com', ['192.0.2.41'])),
    ).toMatchObject({ kind: 'not-found', code: 2303 });
  });
});

describe('the session around the commands', () => {
  test('the login names RFC 3915’s extension because the registry offers it', async () => {
    await driver().poll();
    expect(commands('login')[0]).toContain(`<svcExtension><extURI>${RGP_NS}</extURI>`);
  });

  test('the login names the host objects among its objects (RFC 5732 §5)', async () => {
    await driver().poll();
    expect(commands('login')[0]).toContain(`<objURI>${HOST_NS}</objURI>`);
  });

  test('transfer codes and passwords never reach the exchange log', async () => {
    const logged: string[] = [];
    const registry = driver(({ command, answer }) => logged.push(command, answer ?? ''));
    await ourName(registry, 'secret.com', { authCode: 'Very-Secret-Code-7' });
    const code = await registry.resetAuthCode('secret.com');
    await registry.requestTransfer('secret.com', 'Other-Secret', 1).catch(() => undefined);
    const all = logged.join('\n');
    expect(all).toContain('<domain:pw>***</domain:pw>');
    expect(all).toContain('<pw>***</pw>');
    for (const secret of [PASSWORD, 'Very-Secret-Code-7', code, 'Other-Secret']) {
      expect(all).not.toContain(secret);
    }
    expect(fake.contact('VT-SARA-1')?.authCode).toBeTruthy();
    expect(all).not.toContain(fake.contact('VT-SARA-1')?.authCode as string);
  });

  test('with a third of commands dropped, before or after acting, retries and info end with every name ours once', async () => {
    const registry = driver();
    await registry.ensureContact(sara);
    fake.failRate = 0.35;
    const names = Array.from({ length: 12 }, (_, index) => `flaky-${index}.com`);
    for (const name of names) {
      for (let attempt = 0; ; attempt++) {
        expect(attempt).toBeLessThan(30);
        try {
          await registry.register(request(name));
          break;
        } catch (error) {
          const kind = (error as RegistrarError).kind;
          if (kind !== 'exists' && !(error as RegistrarError).retryable) throw error;
          // After an ambiguous failure, ask the registry what happened (a failed info is retried).
          const info = await registry.info(name).catch(() => null);
          if (info?.ours) break;
        }
      }
    }
    fake.failRate = 0;
    expect(fake.drops.beforeActing).toBeGreaterThan(0);
    expect(fake.drops.afterActing).toBeGreaterThan(0);
    for (const name of names) expect(fake.domain(name)?.sponsor).toBe(US);
  });
});
