import { domainToASCII } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type SelfSignedPair, selfSignedCertificate } from '../../test/self-signed';
import { FakeIrnicServer } from './fake-irnic-server';
import { IrnicRegistrar } from './irnic-registrar';
import {
  contactCreateXml,
  describeIrnicStates,
  irnicResultKind,
  parseIrnic,
  parseIrnicDate,
  readDomainCheck,
  readIrnicResponse,
  tehranDate,
} from './irnic-xml';
import { type ContactSpec, RegistrarError } from './registrar-driver';

// The IRNIC driver against the local fake IRNIC (fake-irnic-server.ts), over real HTTPS.

const TOKEN = 'irnic-token-0123456789';
const DEPOSIT = '1234567890123456';
const RESELLER = 'vi100-irnic';
const PRICE_1_YEAR = 1_700_000;
const PRICE_5_YEARS = 5_100_000;

let pair: SelfSignedPair;
let fake: FakeIrnicServer;
let endpoint: string;
const drivers: IrnicRegistrar[] = [];

beforeAll(async () => {
  pair = await selfSignedCertificate();
  fake = new FakeIrnicServer({
    ...pair,
    token: TOKEN,
    depositCode: DEPOSIT,
    resellerHandle: RESELLER,
    balanceRial: 50_000_000,
    pricesRial: { 12: PRICE_1_YEAR, 60: PRICE_5_YEARS },
    reserved: ['reserved.ir'],
  });
  endpoint = await fake.start();
});
afterEach(async () => {
  fake.delayMs = 0;
  fake.billingShort = false;
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});
afterAll(() => fake.stop());

function driver(
  options: { token?: string; deposit?: string; timeoutMs?: number; ca?: string } = {},
) {
  const made = new IrnicRegistrar({
    endpoint,
    token: options.token ?? TOKEN,
    depositCode: options.deposit ?? DEPOSIT,
    resellerHandle: RESELLER,
    ca: options.ca ?? pair.cert,
    timeoutMs: options.timeoutMs ?? 2_000,
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

let people = 0;
/** A new person each call: IRNIC knows a contact by its e-mail. */
function person(overrides: Partial<ContactSpec> = {}): ContactSpec {
  people += 1;
  return {
    clientHandle: `C-${people}`,
    kind: 'person',
    name: 'Sara Ahmadi',
    organisation: null,
    nationalCode: '0012345679',
    companyId: null,
    registrationNumber: null,
    passportNumber: null,
    email: `sara${people}@example.ir`,
    phone: '+98.9121234567',
    street: 'No. 12, Azadi St.',
    city: 'Tehran',
    province: 'Tehran',
    postalCode: '1458889999',
    countryCode: 'IR',
    ...overrides,
  };
}

/** Drains the poll queue, acking each message as the domains module would after applying it. */
async function drainPoll(registry: IrnicRegistrar) {
  const messages = [];
  for (let message = await registry.poll(); message; message = await registry.poll()) {
    messages.push(message);
    await registry.ack(message.id);
  }
  return messages;
}

async function registered(registry: IrnicRegistrar, name: string, years = 1) {
  const holder = await registry.ensureContact(person());
  const outcome = await registry.register({
    name,
    years,
    registrant: holder,
    nameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
    authCode: 'unused',
  });
  return { holder, outcome };
}

describe("IRNIC's XML", () => {
  test('values are escaped into the XML, never spliced', () => {
    const xml = contactCreateXml(
      person({ name: 'Ali <x>&"Co"', street: '</contact:street><evil/>' }),
      DEPOSIT,
      'T-1',
    );
    expect(xml).not.toContain('<x>');
    expect(xml).not.toContain('<evil/>');
    const parsed = parseIrnic(xml) as {
      command: {
        create: { create: { postalInfo: { lastname: string; addr: { street: string } } } };
      };
    };
    expect(parsed.command.create.create.postalInfo.lastname).toBe('<x>&"Co"');
    expect(parsed.command.create.create.postalInfo.addr.street).toBe('</contact:street><evil/>');
  });

  test('an answer with a DOCTYPE is refused (no entity expansion)', () => {
    expect(() => parseIrnic('<!DOCTYPE epp [<!ENTITY x "y">]><epp/>')).toThrow(RegistrarError);
  });

  test('IRNIC dates without an offset are Tehran time, and curExpDate is the Tehran date', () => {
    expect(parseIrnicDate('2026-03-21T00:00:00')?.toISOString()).toBe('2026-03-20T20:30:00.000Z');
    expect(parseIrnicDate('2026-03-21T00:00:00Z')?.toISOString()).toBe('2026-03-21T00:00:00.000Z');
    expect(tehranDate(new Date('2026-03-20T20:29:59Z'))).toBe('2026-03-20');
    expect(tehranDate(new Date('2026-03-20T20:30:00Z'))).toBe('2026-03-21');
  });

  test('a .ایران name IRNIC answers in Persian script is read as the A-label asked', () => {
    const answer = parseIrnic(
      `<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><result code="1000"><msg>ok</msg></result><resData><domain:chkData xmlns:domain="http://epp.nic.ir/ns/domain-1.0"><domain:cd><domain:name avail="1">ویترین.ایران</domain:name></domain:cd></domain:chkData></resData></response></epp>`,
    );
    expect(readDomainCheck(readIrnicResponse(answer).resData)).toEqual([
      { name: domainToASCII('ویترین.ایران'), available: true, reason: null },
    ]);
  });

  test('result codes are read by meaning, as EPP', () => {
    expect(irnicResultKind(1001)).toBe('ok');
    expect(irnicResultKind(1301)).toBe('ok');
    expect(irnicResultKind(2104)).toBe('billing');
    expect(irnicResultKind(2201)).toBe('auth');
    expect(irnicResultKind(2302)).toBe('exists');
    expect(irnicResultKind(2303)).toBe('not-found');
    expect(irnicResultKind(2304)).toBe('prohibited');
    expect(irnicResultKind(2400)).toBe('unreachable');
    expect(irnicResultKind(2005)).toBe('refused');
    expect(irnicResultKind(2306)).toBe('refused');
  });

  test('review states are told in Persian, other words left out', () => {
    expect(
      describeIrnicStates('Domain status changed: irnicRegistrationDocRequired serverHold'),
    ).toBe('ایرنیک برای ثبت، مدارک دارنده را خواسته است؛ معلق از سوی ایرنیک');
    expect(describeIrnicStates(['irnicLocked', 'inactive'])).toBe(
      'قفل‌شده؛ تا تمدید کار نمی‌کند؛ غیرفعال',
    );
  });
});

describe('the IRNIC registrar', () => {
  test('checks names ten to a request, taken, reserved and free, in the order asked', async () => {
    fake.addDomain({ name: 'taken.ir' });
    const registry = driver();
    const before = fake.requests.length;
    const names = [
      'taken.ir',
      'reserved.ir',
      ...Array.from({ length: 10 }, (_, index) => `free-${index}.ir`),
    ];
    const answers = await registry.check(names);
    expect(fake.requests.length - before).toBe(2);
    expect(answers.map((answer) => answer.name)).toEqual(names);
    expect(answers[0]).toEqual({ name: 'taken.ir', available: false, reason: 'Domain exists' });
    expect(answers[1]).toEqual({ name: 'reserved.ir', available: false, reason: 'Reserved' });
    expect(answers.slice(2).every((answer) => answer.available)).toBe(true);
  });

  test('a .ایران name travels as its A-label', async () => {
    const aLabel = domainToASCII('ویترین.ایران');
    expect(aLabel).toMatch(/^xn--.+\.xn--mgba3a4f16a$/);
    const registry = driver();
    expect(await registry.check([aLabel])).toEqual([
      { name: aLabel, available: true, reason: null },
    ]);
    await registered(registry, aLabel);
    const sent = fake.requests.at(-1)?.xml ?? '';
    expect(sent).toContain(`<domain:name>${aLabel}</domain:name>`);
    expect(sent).not.toMatch(/[\u0600-\u06FF]/);
    expect((await registry.info(aLabel))?.ours).toBe(true);
  });

  test('a new customer becomes an IRNIC contact with contact:ident; IRNIC picks the handle', async () => {
    const registry = driver();
    const spec = person();
    const handle = await registry.ensureContact(spec);
    expect(handle).toMatch(/^[a-z]{2}\d{5}-irnic$/);
    const contact = fake.contact(handle);
    expect(contact).toMatchObject({
      email: spec.email,
      firstname: 'Sara',
      lastname: 'Ahmadi',
      voice: '+989121234567',
      ident: { type: 'idcard', attributes: { cc: 'IR', number: '0012345679' } },
    });
    // Asked again (a retry, or the customer's next order): the same handle, nothing created.
    const contacts = fake.allContacts().length;
    expect(await registry.ensureContact({ ...spec, clientHandle: 'C-other' })).toBe(handle);
    expect(fake.allContacts()).toHaveLength(contacts);
  });

  test('a company is identified by its registration number and national id; a foreigner by passport', async () => {
    const registry = driver();
    const company = await registry.ensureContact(
      person({
        kind: 'company',
        name: 'Reza Karimi',
        organisation: 'Pars Hosting Co',
        nationalCode: null,
        companyId: '10320123456',
        registrationNumber: '45678',
      }),
    );
    expect(fake.contact(company)).toMatchObject({
      org: 'Pars Hosting Co',
      ident: {
        type: 'privatereg',
        attributes: { cc: 'IR', number: '45678', number2: '10320123456', sp: 'Tehran' },
      },
    });
    const foreigner = await registry.ensureContact(
      person({
        kind: 'foreigner',
        nationalCode: null,
        passportNumber: 'X1234567',
        countryCode: 'DE',
      }),
    );
    expect(fake.contact(foreigner)?.ident).toEqual({
      type: 'passport',
      attributes: { cc: 'DE', issuer: 'DE', number: 'X1234567' },
    });
  });

  test('a contact IRNIC already knows by its e-mail is used, not created again', async () => {
    const existing = fake.addContact({
      email: 'known@example.ir',
      firstname: 'Nima',
      lastname: 'Rad',
    });
    const contacts = fake.allContacts().length;
    expect(await driver().ensureContact(person({ email: 'known@example.ir' }))).toBe(existing);
    expect(fake.allContacts()).toHaveLength(contacts);
  });

  test('a contact IRNIC refuses (a name not in Latin letters) is refused with its code', async () => {
    const error = await refusal(driver().ensureContact(person({ name: 'سارا احمدی' })));
    expect(error.kind).toBe('refused');
    expect(error.code).toBe(2005);
  });

  test('a registration is sent for 60 months with holder, admin, tech and bill, pending the holder check', async () => {
    const registry = driver();
    const balance = fake.balanceRial;
    const { holder, outcome } = await registered(registry, 'sara-shop.ir', 5);
    expect(outcome).toEqual({ state: 'pending', note: expect.stringContaining('pending') });
    const domain = fake.domain('sara-shop.ir');
    expect(domain).toMatchObject({
      holder,
      admin: holder,
      tech: holder,
      bill: holder,
      reseller: RESELLER,
      nameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
      pending: { kind: 'registration', months: 60 },
    });
    expect(fake.balanceRial).toBe(balance - PRICE_5_YEARS);
    expect(fake.requests.at(-1)?.xml).toContain('<domain:period unit="m">60</domain:period>');
    const info = await registry.info('sara-shop.ir');
    expect(info).toMatchObject({
      name: 'sara-shop.ir',
      ours: true,
      registrant: holder,
      statuses: ['irnicRegistrationPendingHolderCheck'],
      authCode: null,
    });
    expect(info?.expiresAt?.getTime()).toBe(domain?.expiresAt.getTime());
  });

  test('approval comes by poll as registered; after the ack the queue is empty', async () => {
    const registry = driver();
    await drainPoll(registry);
    await registered(registry, 'approved.ir');
    fake.approveRegistration('approved.ir');
    const message = await registry.poll();
    expect(message).toMatchObject({
      name: 'approved.ir',
      event: 'registered',
      expiresAt: null,
      text: 'Domain registration approved: irnicRegistrationApproved ok',
    });
    // Not acked: the same message again.
    expect((await registry.poll())?.id).toBe(message?.id);
    await registry.ack(message?.id ?? '');
    expect(await registry.poll()).toBeNull();
    expect((await registry.info('approved.ir'))?.statuses).toEqual(['ok']);
    // Acking it again after a crash changes nothing.
    await registry.ack(message?.id ?? '');
  });

  test('a refused registration comes by poll as registration-refused, and IRNIC refunds it', async () => {
    const registry = driver();
    await drainPoll(registry);
    const balance = fake.balanceRial;
    await registered(registry, 'refused-name.ir');
    expect(fake.balanceRial).toBe(balance - PRICE_1_YEAR);
    fake.rejectRegistration('refused-name.ir');
    const [message] = await drainPoll(registry);
    expect(message).toMatchObject({ name: 'refused-name.ir', event: 'registration-refused' });
    expect(fake.balanceRial).toBe(balance);
    expect(await registry.info('refused-name.ir')).toBeNull();
  });

  test('review states arrive by poll as state changes, with the registry words kept', async () => {
    const registry = driver();
    await drainPoll(registry);
    await registered(registry, 'documents.ir');
    fake.setReviewState('documents.ir', 'documents-required');
    fake.approveRegistration('documents.ir');
    fake.setReviewState('documents.ir', 'locked');
    const messages = await drainPoll(registry);
    expect(messages.map((message) => message.event)).toEqual([
      'state-changed',
      'registered',
      'state-changed',
    ]);
    expect(messages[0]?.text).toContain('irnicRegistrationDocRequired');
    expect(describeIrnicStates(messages[0]?.text ?? '')).toBe(
      'ایرنیک برای ثبت، مدارک دارنده را خواسته است',
    );
    expect(messages[2]?.text).toContain('irnicLocked');
    expect((await registry.info('documents.ir'))?.statuses).toEqual(['irnicLocked', 'inactive']);
  });

  test('terms other than 1 or 5 years and 1 or 5 nameservers are refused before IRNIC is asked', async () => {
    const registry = driver();
    const holder = await registry.ensureContact(person());
    const before = fake.requests.length;
    const request = {
      name: 'two-years.ir',
      registrant: holder,
      nameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
      authCode: 'x',
    };
    expect((await refusal(registry.register({ ...request, years: 2 }))).kind).toBe('refused');
    const tooFew = registry.register({ ...request, years: 1, nameservers: ['ns1.vitrin.ir'] });
    expect((await refusal(tooFew)).kind).toBe('refused');
    const manyHosts = ['a', 'b', 'c', 'd', 'e'].map((host) => `${host}.vitrin.ir`);
    const tooMany = registry.register({ ...request, years: 1, nameservers: manyHosts });
    expect((await refusal(tooMany)).kind).toBe('refused');
    expect(fake.requests.length).toBe(before);
  });

  test('a create repeated answers exists, and info shows the name is ours', async () => {
    const registry = driver();
    const { holder } = await registered(registry, 'twice.ir');
    const again = registry.register({
      name: 'twice.ir',
      years: 1,
      registrant: holder,
      nameservers: [],
      authCode: 'x',
    });
    const error = await refusal(again);
    expect(error.kind).toBe('exists');
    expect(error.code).toBe(2302);
    expect((await registry.info('twice.ir'))?.ours).toBe(true);
  });

  test('a create that times out may still go through: the retry finds it ours', async () => {
    const registry = driver({ timeoutMs: 200 });
    const holder = await registry.ensureContact(person());
    fake.delayMs = 400;
    const request = {
      name: 'slow-create.ir',
      years: 1,
      registrant: holder,
      nameservers: [],
      authCode: 'x',
    };
    const error = await refusal(registry.register(request));
    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
    fake.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await refusal(registry.register(request))).kind).toBe('exists');
    expect((await registry.info('slow-create.ir'))?.ours).toBe(true);
  });

  test('a renewal is pending (1001), confirmed by poll, and cannot extend twice', async () => {
    const registry = driver();
    await registered(registry, 'renew-me.ir');
    fake.approveRegistration('renew-me.ir');
    await drainPoll(registry);
    const before = (await registry.info('renew-me.ir'))?.expiresAt;
    if (!before) throw new Error('no expiry');
    const balance = fake.balanceRial;
    expect(await registry.renew('renew-me.ir', 1, before)).toEqual({ expiresAt: null });
    expect(fake.balanceRial).toBe(balance - PRICE_1_YEAR);
    expect(fake.requests.at(-1)?.xml).toContain(
      `<domain:curExpDate>${tehranDate(before)}</domain:curExpDate>`,
    );
    // While IRNIC looks at it, a second renewal is refused by status.
    expect((await refusal(registry.renew('renew-me.ir', 1, before))).kind).toBe('prohibited');
    fake.confirmRenewal('renew-me.ir');
    const [message] = await drainPoll(registry);
    expect(message).toMatchObject({ name: 'renew-me.ir', event: 'renewed' });
    const after = (await registry.info('renew-me.ir'))?.expiresAt;
    expect(after?.getUTCFullYear()).toBe(before.getUTCFullYear() + 1);
    // The same renewal repeated with the old expiry is stale now.
    const stale = await refusal(registry.renew('renew-me.ir', 1, before));
    expect(stale.kind).toBe('refused');
    expect(stale.code).toBe(2306);
  });

  test('a rejected renewal comes by poll as renewal-refused and is refunded', async () => {
    const registry = driver();
    await registered(registry, 'renewal-no.ir');
    fake.approveRegistration('renewal-no.ir');
    await drainPoll(registry);
    const expiry = (await registry.info('renewal-no.ir'))?.expiresAt ?? new Date();
    const balance = fake.balanceRial;
    await registry.renew('renewal-no.ir', 5, expiry);
    fake.rejectRenewal('renewal-no.ir');
    expect((await drainPoll(registry))[0]?.event).toBe('renewal-refused');
    expect(fake.balanceRial).toBe(balance);
  });

  test('a transfer by PIN waits for the holder, then the name is ours', async () => {
    const registry = driver();
    await drainPoll(registry);
    const seeded = fake.addDomain({ name: 'moving.ir', reseller: 'zz900-irnic' });
    expect((await registry.info('moving.ir'))?.ours).toBe(false);
    // The holder asks IRNIC for a PIN and gives it to the customer, who enters it with us.
    const pin = fake.issuePin('moving.ir');
    const outcome = await registry.requestTransfer('moving.ir', pin, 1);
    expect(outcome.state).toBe('pending');
    expect(fake.domain('moving.ir')?.pending).toMatchObject({
      kind: 'holder-change',
      by: RESELLER,
    });
    expect(fake.requests.at(-1)?.xml).toContain(`<pin pinCode="${pin}"/>`);
    fake.approveTransfer('moving.ir');
    const [message] = await drainPoll(registry);
    expect(message).toMatchObject({ name: 'moving.ir', event: 'transfer-completed' });
    const info = await registry.info('moving.ir');
    expect(info).toMatchObject({ ours: true, registrant: seeded.holder });
    // Asked again, the transfer is already done.
    expect(await registry.requestTransfer('moving.ir', pin, 1)).toEqual({ state: 'done', info });
  });

  test('a wrong PIN is refused as auth (2202); a transfer the holder refuses comes as transfer-refused', async () => {
    const registry = driver();
    await drainPoll(registry);
    fake.addDomain({ name: 'stays.ir' });
    const pin = fake.issuePin('stays.ir');
    const wrong = pin === '123456789' ? '987654321' : '123456789';
    const error = await refusal(registry.requestTransfer('stays.ir', wrong, 1));
    expect(error.kind).toBe('auth');
    expect(error.code).toBe(2202);
    await registry.requestTransfer('stays.ir', pin, 1);
    fake.rejectTransfer('stays.ir');
    expect((await drainPoll(registry))[0]?.event).toBe('transfer-refused');
    expect((await registry.info('stays.ir'))?.ours).toBe(false);
  });

  test('a PIN with markup in it reaches IRNIC as the same characters', async () => {
    const registry = driver();
    fake.addDomain({ name: 'markup.ir' });
    fake.issuePin('markup.ir');
    const error = await refusal(registry.requestTransfer('markup.ir', '1"2<3&4\'5', 1));
    expect(error.code).toBe(2005);
    expect(fake.requests.at(-1)?.xml).toContain('pinCode="1&quot;2&lt;3&amp;4&apos;5"');
  });

  test('nameservers are replaced by adding and removing against what IRNIC holds', async () => {
    const registry = driver();
    await registered(registry, 'hosts.ir');
    fake.approveRegistration('hosts.ir');
    // Changed behind our back: we diff against IRNIC's list, not ours.
    fake.changeDomain('hosts.ir', { nameservers: ['ns1.vitrin.ir', 'ns.other.ir'] });
    await registry.setNameservers('hosts.ir', ['NS1.vitrin.ir.', 'ns3.vitrin.ir', 'ns4.vitrin.ir']);
    expect(fake.domain('hosts.ir')?.nameservers).toEqual([
      'ns1.vitrin.ir',
      'ns3.vitrin.ir',
      'ns4.vitrin.ir',
    ]);
    const sent = fake.requests.at(-1)?.xml ?? '';
    expect(sent).toContain('<domain:rem><domain:ns><domain:hostAttr><domain:hostName>ns.other.ir');
    const requests = fake.requests.length;
    await registry.setNameservers('hosts.ir', ['ns4.vitrin.ir', 'ns3.vitrin.ir', 'ns1.vitrin.ir']);
    // Nothing to change: only the info was asked.
    expect(fake.requests.length - requests).toBe(1);
    expect((await refusal(registry.setNameservers('hosts.ir', ['only.vitrin.ir']))).kind).toBe(
      'refused',
    );
  });

  test("another reseller's name cannot be changed (2201)", async () => {
    fake.addDomain({ name: 'not-ours.ir' });
    const error = await refusal(driver().setNameservers('not-ours.ir', ['a.ir', 'b.ir']));
    expect(error).toMatchObject({ kind: 'auth', code: 2201 });
  });

  test('a child nameserver reaches IRNIC with its one address, in the update that names it', async () => {
    const registry = driver();
    await registered(registry, 'own-ns.ir');
    fake.approveRegistration('own-ns.ir');
    // Saved before the name points at it: IRNIC has nowhere to keep it yet, and nothing is sent.
    const before = fake.requests.length;
    expect(await registry.saveHost('own-ns.ir', 'ns1.own-ns.ir', ['185.51.200.10'])).toBe(
      'with-next-nameservers',
    );
    expect(fake.requests.slice(before).map((request) => request.command)).toEqual(['domain:info']);
    expect(await registry.hostInfo('own-ns.ir', 'ns1.own-ns.ir')).toBeNull();

    await registry.setNameservers('own-ns.ir', ['ns1.own-ns.ir', 'ns2.vitrin.ir'], {
      'ns1.own-ns.ir': ['185.51.200.10'],
    });
    const sent = fake.requests.at(-1)?.xml ?? '';
    expect(sent).toContain(
      '<domain:add><domain:ns><domain:hostAttr><domain:hostName>ns1.own-ns.ir</domain:hostName><domain:hostAddr ip="v4">185.51.200.10</domain:hostAddr></domain:hostAttr></domain:ns></domain:add>',
    );
    expect(sent).toContain(
      '<domain:rem><domain:ns><domain:hostAttr><domain:hostName>ns1.vitrin.ir</domain:hostName></domain:hostAttr></domain:ns></domain:rem>',
    );
    expect(fake.domain('own-ns.ir')).toMatchObject({
      nameservers: ['ns2.vitrin.ir', 'ns1.own-ns.ir'],
      glue: { 'ns1.own-ns.ir': '185.51.200.10' },
    });
    expect(await registry.hostInfo('own-ns.ir', 'ns1.own-ns.ir')).toEqual({
      name: 'ns1.own-ns.ir',
      addresses: ['185.51.200.10'],
      linked: true,
    });
  });

  test("a nameserver's address changes by removing and adding it back in one update", async () => {
    const registry = driver();
    await registered(registry, 'moving-ns.ir');
    fake.approveRegistration('moving-ns.ir');
    await registry.setNameservers('moving-ns.ir', ['ns1.moving-ns.ir', 'ns2.vitrin.ir'], {
      'ns1.moving-ns.ir': ['185.51.200.11'],
    });
    expect(
      await registry.saveHost('moving-ns.ir', 'ns1.moving-ns.ir', ['2A01:4F8:0:0:0:0:0:11']),
    ).toBe('at-registry');
    const sent = fake.requests.at(-1)?.xml ?? '';
    expect(sent).toContain(
      '<domain:rem><domain:ns><domain:hostAttr><domain:hostName>ns1.moving-ns.ir</domain:hostName><domain:hostAddr ip="v4">185.51.200.11</domain:hostAddr>',
    );
    expect(sent).toContain(
      '<domain:add><domain:ns><domain:hostAttr><domain:hostName>ns1.moving-ns.ir</domain:hostName><domain:hostAddr ip="v6">2a01:4f8::11</domain:hostAddr>',
    );
    expect(fake.domain('moving-ns.ir')).toMatchObject({
      nameservers: ['ns2.vitrin.ir', 'ns1.moving-ns.ir'],
      glue: { 'ns1.moving-ns.ir': '2a01:4f8::11' },
    });
    // The same address again sends nothing but the info.
    const before = fake.requests.length;
    await registry.saveHost('moving-ns.ir', 'ns1.moving-ns.ir', ['2a01:4f8::11']);
    expect(fake.requests.length - before).toBe(1);
    // Nameservers saved again with the glue IRNIC holds change nothing either.
    await registry.setNameservers('moving-ns.ir', ['ns2.vitrin.ir', 'ns1.moving-ns.ir'], {
      'ns1.moving-ns.ir': ['2a01:4f8::11'],
    });
    expect(fake.requests.length - before).toBe(2);
  });

  test('IRNIC keeps one address a nameserver: two are refused before IRNIC is asked', async () => {
    const registry = driver();
    const before = fake.requests.length;
    const two = await refusal(
      registry.saveHost('own-ns.ir', 'ns1.own-ns.ir', ['185.51.200.10', '2a01:4f8::10']),
    );
    expect(two.kind).toBe('refused');
    expect(two.message).toContain('one address');
    expect(fake.requests.length).toBe(before);
  });

  test('a nameserver under the name itself without its address is refused by IRNIC (2003)', async () => {
    const registry = driver();
    await registered(registry, 'bare-ns.ir');
    fake.approveRegistration('bare-ns.ir');
    const bare = await refusal(
      registry.setNameservers('bare-ns.ir', ['ns1.bare-ns.ir', 'ns2.vitrin.ir']),
    );
    expect(bare).toMatchObject({ kind: 'refused', code: 2003 });
    expect(fake.domain('bare-ns.ir')?.nameservers).toEqual(['ns1.vitrin.ir', 'ns2.vitrin.ir']);
  });

  test('a host the name still points at is not deleted; once it leaves the list, it is', async () => {
    const registry = driver();
    await registered(registry, 'drop-ns.ir');
    fake.approveRegistration('drop-ns.ir');
    await registry.setNameservers('drop-ns.ir', ['ns1.drop-ns.ir', 'ns2.vitrin.ir'], {
      'ns1.drop-ns.ir': ['185.51.200.12'],
    });
    const inUse = await refusal(registry.deleteHost('drop-ns.ir', 'ns1.drop-ns.ir'));
    expect(inUse.kind).toBe('prohibited');
    await registry.setNameservers('drop-ns.ir', ['ns1.vitrin.ir', 'ns2.vitrin.ir']);
    expect(fake.domain('drop-ns.ir')?.glue).toEqual({});
    await registry.deleteHost('drop-ns.ir', 'ns1.drop-ns.ir');
  });

  test('opening the transfer lock has IRNIC send the holder a PIN; closing it voids the PIN', async () => {
    const registry = driver();
    await registered(registry, 'lock.ir');
    expect(fake.pinOf('lock.ir')).toBeNull();
    await registry.setTransferLock('lock.ir', false);
    expect(fake.pinOf('lock.ir')).toMatch(/^[1-9]\d{8}$/);
    await registry.setTransferLock('lock.ir', true);
    expect(fake.pinOf('lock.ir')).toBeNull();
  });

  test('IRNIC has no transfer code for the reseller and no restore: both refused without a request', async () => {
    const registry = driver();
    const before = fake.requests.length;
    const code = await refusal(registry.resetAuthCode('lock.ir'));
    expect(code.kind).toBe('refused');
    expect(code.message).toContain('PIN to the holder');
    const restore = await refusal(registry.restore('lock.ir'));
    expect(restore.kind).toBe('refused');
    expect(restore.message).toContain('renewing');
    expect(fake.requests.length).toBe(before);
  });

  test('IRNIC gives the gaining reseller no way to withdraw a transfer: refused without a request', async () => {
    const registry = driver();
    const before = fake.requests.length;
    const error = await refusal(registry.cancelTransfer('lock.ir'));
    expect(error.kind).toBe('refused');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('holder approves or refuses');
    expect(fake.requests.length).toBe(before);
  });

  test('a deletion is reviewed, then comes by poll as deleted', async () => {
    const registry = driver();
    await drainPoll(registry);
    await registered(registry, 'delete-me.ir');
    fake.approveRegistration('delete-me.ir');
    await drainPoll(registry);
    await registry.delete('delete-me.ir');
    expect((await registry.info('delete-me.ir'))?.statuses).toContain('pendingDelete');
    expect((await refusal(registry.delete('delete-me.ir'))).kind).toBe('prohibited');
    fake.approveDeletion('delete-me.ir');
    expect((await drainPoll(registry))[0]).toMatchObject({
      name: 'delete-me.ir',
      event: 'deleted',
    });
    expect(await registry.info('delete-me.ir')).toBeNull();
  });

  test("a name IRNIC does not hold is null; another reseller's is not ours", async () => {
    const registry = driver();
    expect(await registry.info('nobody-has-this.ir')).toBeNull();
    fake.addDomain({ name: 'someone-else.ir', reseller: 'zz901-irnic' });
    expect(await registry.info('someone-else.ir')).toMatchObject({ ours: false });
  });

  test('the balance is the contract info in Rial, and registrations spend it', async () => {
    const registry = driver();
    const before = await registry.balance();
    expect(before).toBe(fake.balanceRial);
    await registered(registry, 'spend.ir');
    expect(await registry.balance()).toBe((before ?? 0) - PRICE_1_YEAR);
  });

  test('a short balance is a billing error (2104), not retried as a fault', async () => {
    const registry = driver();
    const holder = await registry.ensureContact(person());
    fake.billingShort = true;
    const error = await refusal(
      registry.register({
        name: 'no-money.ir',
        years: 1,
        registrant: holder,
        nameservers: [],
        authCode: 'x',
      }),
    );
    expect(error).toMatchObject({ kind: 'billing', code: 2104, retryable: false });
    expect(fake.domain('no-money.ir')).toBeUndefined();
  });

  test('a wrong token is an auth error (HTTP 401), not retried as a fault', async () => {
    const error = await refusal(driver({ token: 'wrong' }).check(['a.ir']));
    expect(error).toMatchObject({ kind: 'auth', retryable: false, code: 2200 });
    expect(error.message).toContain('401');
  });

  test('a wrong deposit code is an auth error (2200)', async () => {
    const error = await refusal(driver({ deposit: '0000000000000000' }).check(['a.ir']));
    expect(error).toMatchObject({ kind: 'auth', code: 2200 });
  });

  test('HTTP 503 and a dropped connection are retryable; the next call goes through', async () => {
    const registry = driver();
    fake.failNext('http-503');
    const busy = await refusal(registry.check(['a.ir']));
    expect(busy).toMatchObject({ kind: 'unreachable', retryable: true });
    expect(busy.message).toContain('503');
    fake.failNext('drop');
    expect(await refusal(registry.check(['a.ir']))).toMatchObject({
      kind: 'unreachable',
      retryable: true,
    });
    expect(await registry.check(['after-faults.ir'])).toEqual([
      { name: 'after-faults.ir', available: true, reason: null },
    ]);
  });

  test("IRNIC's nightly maintenance page in place of an answer is retryable", async () => {
    const registry = driver();
    fake.failNext('maintenance-page');
    const error = await refusal(registry.check(['night.ir']));
    expect(error).toMatchObject({ kind: 'protocol', retryable: true });
    expect(error.message).toContain('web page');
    expect((await registry.check(['night.ir']))[0]?.available).toBe(true);
  });

  test('a slow IRNIC is a timeout, retryable', async () => {
    const registry = driver({ timeoutMs: 200 });
    fake.delayMs = 500;
    const error = await refusal(registry.check(['slow.ir']));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  test('a certificate the operator did not trust is refused', async () => {
    const other = await selfSignedCertificate();
    const error = await refusal(driver({ ca: other.cert }).check(['a.ir']));
    expect(error.kind).toBe('unreachable');
  });

  test('an endpoint that is not https is refused before any token is sent', () => {
    expect(
      () =>
        new IrnicRegistrar({
          endpoint: 'http://epp.nic.ir/submit',
          token: TOKEN,
          depositCode: DEPOSIT,
          resellerHandle: RESELLER,
          timeoutMs: 1_000,
        }),
    ).toThrow(RegistrarError);
  });
});
