import { randomUUID, X509Certificate } from 'node:crypto';
import { taxIdOf } from '@vitrin/contracts';
import { CompactEncrypt, CompactSign, importPKCS8, importSPKI } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  createFakeMoadian,
  type FakeMoadianServerKey,
  generateFakeMoadianKey,
  startFakeMoadianServer,
} from './fake-moadian';
import {
  createMoadianClient,
  describeCertificate,
  formatMoadianTime,
  generateTestCredentials,
  keyMatchesCertificate,
  type MoadianCredentials,
  MoadianError,
} from './moadian-client';
import type { MoadianInvoice, MoadianInvoiceLine } from './moadian-types';

const MEMORY_ID = 'A11216';
const OTHER_MEMORY_ID = 'B7Q2ZX';
const SELLER = '14003778990';

let serverKey: FakeMoadianServerKey;
let seller: MoadianCredentials;
let stranger: MoadianCredentials;
let other: MoadianCredentials;
let server: Awaited<ReturnType<typeof startFakeMoadianServer>>;
let serial = 1000;

beforeAll(async () => {
  [serverKey, seller, stranger, other] = await Promise.all([
    generateFakeMoadianKey(),
    generateTestCredentials(MEMORY_ID, { nationalId: SELLER }),
    generateTestCredentials(MEMORY_ID, { commonName: 'someone else' }),
    generateTestCredentials(OTHER_MEMORY_ID),
  ]);
  server = await startFakeMoadianServer({ serverKey });
  server.fake.addTaxpayer({
    memoryId: MEMORY_ID,
    economicCode: SELLER,
    name: 'ویترین',
    nationalId: SELLER,
  });
  server.fake.addTaxpayer({
    memoryId: OTHER_MEMORY_ID,
    economicCode: '10101010101',
    name: 'دیگری',
  });
  server.fake.addTaxpayer({ economicCode: '10100302746', name: 'خریدار نمونه' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  server.fake.setDelay(0);
  server.fake.setInProgress({ inquiries: 1 });
});

function client(credentials = seller, timeoutMs?: number) {
  return createMoadianClient({
    baseUrl: server.url,
    credentials,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

interface LineInput {
  fee: number;
  am?: number;
  dis?: number;
  vra?: number;
}

/** A line worked out the organisation's way: every Rial amount cut, never rounded. */
function line({ fee, am = 1, dis = 0, vra = 10 }: LineInput): MoadianInvoiceLine {
  const prdis = Math.floor(am * fee);
  const adis = prdis - dis;
  const vam = Math.floor((adis * vra) / 100);
  return {
    sstid: '2330001496991',
    sstt: 'میزبانی وب',
    mu: '164',
    am,
    fee,
    prdis,
    dis,
    adis,
    vra,
    vam,
    tsstam: adis + vam,
  };
}

function invoice(
  lines: LineInput[] = [{ fee: 1_000_000 }],
  overrides: { memoryId?: string; issuedAt?: number; serial?: number; ins?: 1 | 2 | 3 | 4 } = {},
): MoadianInvoice {
  const issuedAt = overrides.issuedAt ?? Date.now() - 60_000;
  const number = overrides.serial ?? serial++;
  const body = lines.map(line);
  const sum = (pick: (item: MoadianInvoiceLine) => number) =>
    body.reduce((total, item) => total + pick(item), 0);
  return {
    header: {
      taxid: taxIdOf({ memoryId: overrides.memoryId ?? MEMORY_ID, issuedAt, serial: number }),
      indatim: issuedAt,
      inty: 1,
      inno: number.toString(16).padStart(10, '0'),
      inp: 1,
      ins: overrides.ins ?? 1,
      tins: SELLER,
      tob: 2,
      tinb: '10100302746',
      tprdis: sum((item) => item.prdis),
      tdis: sum((item) => item.dis),
      tadis: sum((item) => item.adis),
      tvam: sum((item) => item.vam),
      todam: 0,
      tbill: sum((item) => item.tsstam),
      setm: 1,
    },
    body,
    payments: [],
  };
}

/** Sends one invoice and inquires until the organisation's verdict is in. */
async function verdictOf(toSend: MoadianInvoice, credentials = seller) {
  const moadian = client(credentials);
  const [sent] = await moadian.sendInvoices([{ requestTraceId: randomUUID(), invoice: toSend }]);
  const referenceNumber = sent?.referenceNumber as string;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [result] = await moadian.inquireByReferenceIds([referenceNumber]);
    if (result && result.status !== 'IN_PROGRESS') return result;
  }
  throw new Error('still in progress');
}

// Hostile requests the client refuses to make: built here with jose, the way any sender could.
async function rawToken(memoryId: string, signingKeyPem: string, certificatePem: string) {
  const answer = await fetch(new URL('nonce', server.url));
  const { nonce } = (await answer.json()) as { nonce: string };
  return rawJws(JSON.stringify({ nonce, clientId: memoryId }), signingKeyPem, certificatePem);
}

async function rawJws(payload: string, signingKeyPem: string, certificatePem: string) {
  return new CompactSign(new TextEncoder().encode(payload))
    .setProtectedHeader({
      alg: 'RS256',
      x5c: [new X509Certificate(certificatePem).raw.toString('base64')],
      sigT: `${new Date().toISOString().slice(0, 19)}Z`,
      crit: ['sigT'],
    })
    .sign(await importPKCS8(signingKeyPem, 'RS256'), { crit: { sigT: true } });
}

describe('the tax id the invoices carry', () => {
  test('the guide’s example: A11216, 1683997837988, serial 49321217', () => {
    expect(taxIdOf({ memoryId: 'A11216', issuedAt: 1_683_997_837_988, serial: 49_321_217 })).toBe(
      'A1121604C220002F095011',
    );
  });
});

describe('sending and inquiring', () => {
  test('an invoice is IN_PROGRESS at first, then SUCCESS with the organisation’s signed receipt', async () => {
    const moadian = client();
    const toSend = invoice([{ fee: 1_000_000 }, { fee: 250_000, am: 3, dis: 50_000 }]);
    const requestTraceId = randomUUID();
    const [sent] = await moadian.sendInvoices([{ requestTraceId, invoice: toSend }]);
    expect(sent).toMatchObject({ requestTraceId, uid: requestTraceId, errors: [] });
    expect(sent?.referenceNumber).toMatch(/^[0-9a-f-]{36}$/);

    const [first] = await moadian.inquireByReferenceIds([sent?.referenceNumber as string]);
    expect(first).toMatchObject({ status: 'IN_PROGRESS', sign: null, confirmation: null });

    const [second] = await moadian.inquireByReferenceIds([sent?.referenceNumber as string]);
    expect(second).toMatchObject({
      status: 'SUCCESS',
      uid: requestTraceId,
      fiscalId: MEMORY_ID,
      packetType: 'receive_invoice_confirm',
      errors: [],
    });
    expect(second?.confirmation).toMatchObject({
      referenceNumber: sent?.referenceNumber,
      clientId: MEMORY_ID,
      taxId: toSend.header.taxid,
    });

    // What the organisation decrypted is what was signed.
    const taken = server.fake.submissions().find((s) => s.requestTraceId === requestTraceId);
    expect(taken?.invoice).toEqual(toSend);
  });

  test('by uid, and in a window: the uid is the requestTraceId', async () => {
    const moadian = client();
    const requestTraceId = randomUUID();
    await moadian.sendInvoices([{ requestTraceId, invoice: invoice() }]);
    server.fake.setInProgress({ inquiries: 0 });
    const start = new Date(Date.now() - 3_600_000);
    const [found] = await moadian.inquireByUids([requestTraceId], start, new Date());
    expect(found).toMatchObject({ uid: requestTraceId, status: 'SUCCESS' });
    const [missing] = await moadian.inquireByUids([randomUUID()]);
    expect(missing?.status).toBe('NOT_FOUND');
    const page = await moadian.inquireByTime({ start, end: new Date(), status: 'SUCCESS' });
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((entry) => entry.status === 'SUCCESS')).toBe(true);
  });

  test('more than 100 ids are asked 100 a call (4141 above that)', async () => {
    const before = server.fake.requests()['inquiry-by-reference-id'] ?? 0;
    const ids = Array.from({ length: 150 }, () => randomUUID());
    const results = await client().inquireByReferenceIds(ids);
    expect(results.map((result) => result.referenceNumber)).toEqual(ids);
    expect(results.every((result) => result.status === 'NOT_FOUND')).toBe(true);
    expect(server.fake.requests()['inquiry-by-reference-id']).toBe(before + 2);
  });

  test('IN_PROGRESS for a time, when the fake is set so', async () => {
    server.fake.setInProgress({ forMs: 60_000 });
    const moadian = client();
    const [sent] = await moadian.sendInvoices([
      { requestTraceId: randomUUID(), invoice: invoice() },
    ]);
    for (let i = 0; i < 3; i++) {
      const [result] = await moadian.inquireByReferenceIds([sent?.referenceNumber as string]);
      expect(result?.status).toBe('IN_PROGRESS');
    }
  });

  test('a requestTraceId sent again answers the first submission and is not taken twice', async () => {
    const moadian = client();
    const item = { requestTraceId: randomUUID(), invoice: invoice() };
    const before = server.fake.submissions().length;
    const [first] = await moadian.sendInvoices([item]);
    const [again] = await moadian.sendInvoices([item]);
    expect(again?.referenceNumber).toBe(first?.referenceNumber);
    expect(server.fake.submissions()).toHaveLength(before + 1);
  });

  test('more than 1000 invoices are refused before any request; the fake refuses them too (4143)', async () => {
    const moadian = client();
    const before = server.fake.requests();
    const items = Array.from({ length: 1001 }, () => ({
      requestTraceId: randomUUID(),
      invoice: invoice([{ fee: 1 }], { serial: 1 }),
    }));
    await expect(moadian.sendInvoices(items)).rejects.toThrow(RangeError);
    expect(server.fake.requests()).toEqual(before);

    const token = await rawToken(MEMORY_ID, seller.privateKeyPem, seller.certificatePem);
    const packets = items.map((item) => ({
      payload: 'x.y.z.w.v',
      header: { requestTraceId: item.requestTraceId, fiscalId: MEMORY_ID },
    }));
    const answer = await fetch(new URL('invoice', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(packets),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errors: [{ code: '4143' }] });
  });

  test('a requestTraceId twice in one call, or not a UUID, is refused before sending', async () => {
    const moadian = client();
    const twice = randomUUID();
    await expect(
      moadian.sendInvoices([
        { requestTraceId: twice, invoice: invoice() },
        { requestTraceId: twice, invoice: invoice() },
      ]),
    ).rejects.toThrow(RangeError);
    await expect(
      moadian.sendInvoices([{ requestTraceId: 'order-12', invoice: invoice() }]),
    ).rejects.toThrow(RangeError);
  });

  test('1000 invoices go in one call and each gets its reference number', async () => {
    const moadian = client();
    const items = Array.from({ length: 1000 }, () => ({
      requestTraceId: randomUUID(),
      invoice: invoice(),
    }));
    const before = server.fake.requests().invoice ?? 0;
    const sent = await moadian.sendInvoices(items);
    expect(server.fake.requests().invoice).toBe(before + 1);
    expect(sent.map((entry) => entry.requestTraceId)).toEqual(
      items.map((item) => item.requestTraceId),
    );
    expect(new Set(sent.map((entry) => entry.referenceNumber)).size).toBe(1000);
  }, 60_000);
});

describe('the rules the fake checks, each refused with the organisation’s code', () => {
  test.each([
    [
      'a wrong check digit',
      (toSend: MoadianInvoice) => {
        const taxid = toSend.header.taxid;
        toSend.header.taxid = `${taxid.slice(0, 21)}${(Number(taxid[21]) + 1) % 10}`;
      },
      '0300101',
    ],
    [
      'a tax id of another day than indatim',
      (toSend: MoadianInvoice) => {
        toSend.header.indatim -= 86_400_000;
      },
      '0300101',
    ],
    [
      'a tax id of another memory id',
      (toSend: MoadianInvoice) => {
        toSend.header.taxid = taxIdOf({
          memoryId: OTHER_MEMORY_ID,
          issuedAt: toSend.header.indatim,
          serial: 7,
        });
      },
      '0300101',
    ],
    [
      'a VAT rounded half up instead of cut',
      (toSend: MoadianInvoice) => {
        const first = toSend.body[0] as MoadianInvoiceLine;
        first.vam += 1;
        first.tsstam += 1;
        toSend.header.tvam = (toSend.header.tvam ?? 0) + 1;
        toSend.header.tbill = (toSend.header.tbill ?? 0) + 1;
      },
      '0204501',
    ],
    [
      'a line whose amount before discount is not am × fee',
      (toSend: MoadianInvoice) => {
        (toSend.body[0] as MoadianInvoiceLine).prdis += 10;
      },
      '0204101',
    ],
    [
      'a total that is not the sum of the lines',
      (toSend: MoadianInvoice) => {
        toSend.header.tbill = (toSend.header.tbill ?? 0) + 1;
      },
      '0202701',
    ],
    [
      'a total VAT that is not the sum of the lines',
      (toSend: MoadianInvoice) => {
        toSend.header.tvam = (toSend.header.tvam ?? 0) - 1;
      },
      '0202501',
    ],
  ])('%s', async (_, spoil, code) => {
    // 1,234,565 Rial at 10%: 123,456.5, which the organisation cuts to 123,456. The second
    // line's VAT is whole, so a code can come only from the spoiled field.
    const toSend = invoice([{ fee: 1_234_565 }, { fee: 100_000, am: 2 }]);
    spoil(toSend);
    const result = await verdictOf(toSend);
    expect(result.status).toBe('FAILED');
    expect(result.errors.map((error) => error.code)).toContain(code);
    expect(result.errors.find((error) => error.code === code)?.message).toMatch(/فیلد «/);
  });

  test('the VAT the organisation expects is cut: 123,456 on 1,234,565 at 10%', async () => {
    // And 1.5 × 333,333 = 499,999.5 before discount, cut to 499,999.
    const result = await verdictOf(invoice([{ fee: 1_234_565 }, { fee: 333_333, am: 1.5 }]));
    expect(result.status).toBe('SUCCESS');
  });

  test('a tax id already accepted cannot be used again (its serial is spent)', async () => {
    const issuedAt = Date.now() - 120_000;
    const number = serial++;
    expect((await verdictOf(invoice(undefined, { issuedAt, serial: number }))).status).toBe(
      'SUCCESS',
    );
    const again = await verdictOf(invoice([{ fee: 5_000 }], { issuedAt, serial: number }));
    expect(again.status).toBe('FAILED');
    expect(again.errors.map((error) => error.code)).toEqual(['0300101']);
  });

  test('a correction needs a known irtaxid; a cancellation is accepted once', async () => {
    const original = invoice();
    expect((await verdictOf(original)).status).toBe('SUCCESS');

    const unknown = invoice(undefined, { ins: 2 });
    unknown.header.irtaxid = taxIdOf({
      memoryId: MEMORY_ID,
      issuedAt: Date.now(),
      serial: 999_999,
    });
    const refused = await verdictOf(unknown);
    expect(refused.errors.map((error) => error.code)).toEqual(['0300601']);

    const withoutReference = await verdictOf(invoice(undefined, { ins: 4 }));
    expect(withoutReference.errors.map((error) => error.code)).toEqual(['00006']);

    const cancellation = (): MoadianInvoice => {
      const cancel = invoice(undefined, { ins: 3 });
      cancel.header.irtaxid = original.header.taxid;
      cancel.body = [];
      return cancel;
    };
    expect((await verdictOf(cancellation())).status).toBe('SUCCESS');
    const twice = await verdictOf(cancellation());
    expect(twice.status).toBe('FAILED');
    expect(twice.errors.map((error) => error.code)).toEqual(['0300601']);
  });

  test('a refusal the fake is told to give, and a TIMEOUT', async () => {
    server.fake.rejectNextInvoice('0301201');
    const refused = await verdictOf(invoice());
    expect(refused).toMatchObject({ status: 'FAILED', errors: [{ code: '0301201' }] });
    server.fake.timeOutNextInvoice();
    expect((await verdictOf(invoice())).status).toBe('TIMEOUT');
  });
});

describe('signatures', () => {
  test('a token signed by another key than its certificate’s: 401 with 4131', async () => {
    const token = await rawToken(MEMORY_ID, stranger.privateKeyPem, seller.certificatePem);
    const answer = await fetch(new URL('server-information', server.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ errors: [{ code: '4131' }] });
  });

  test('a nonce is good once: the same token again is 4102', async () => {
    const token = await rawToken(MEMORY_ID, seller.privateKeyPem, seller.certificatePem);
    const ask = () =>
      fetch(new URL('server-information', server.url), {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await ask()).status).toBe(200);
    const again = await ask();
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ errors: [{ code: '4102' }] });
  });

  test('an unknown memory id is 4110', async () => {
    const token = await rawToken('ZZZ999', seller.privateKeyPem, seller.certificatePem);
    const answer = await fetch(new URL('server-information', server.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await answer.json()).toMatchObject({ errors: [{ code: '4110' }] });
  });

  test('an invoice signed by another key than its certificate’s fails with 04131', async () => {
    const info = await client().serverInformation();
    const key = info.publicKeys[0];
    const publicKey = await importSPKI(
      `-----BEGIN PUBLIC KEY-----\n${key?.key}\n-----END PUBLIC KEY-----`,
      'RSA-OAEP-256',
    );
    const forged = await rawJws(
      JSON.stringify(invoice()),
      stranger.privateKeyPem,
      seller.certificatePem,
    );
    const payload = await new CompactEncrypt(new TextEncoder().encode(forged))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key?.id as string })
      .encrypt(publicKey);
    const token = await rawToken(MEMORY_ID, seller.privateKeyPem, seller.certificatePem);
    const requestTraceId = randomUUID();
    const answer = await fetch(new URL('invoice', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ payload, header: { requestTraceId, fiscalId: MEMORY_ID } }]),
    });
    expect(answer.status).toBe(200);
    server.fake.setInProgress({ inquiries: 0 });
    const [result] = await client().inquireByUids([requestTraceId]);
    expect(result).toMatchObject({ status: 'FAILED', errors: [{ code: '04131' }] });
  });

  test('an invoice for a memory id the sender has no contract with fails with 04111', async () => {
    server.fake.setInProgress({ inquiries: 0 });
    const foreign = invoice(undefined, { memoryId: OTHER_MEMORY_ID });
    const moadian = client();
    // The client sends everything as its own memory id; a hostile sender names another.
    const info = await moadian.serverInformation();
    const key = info.publicKeys[0];
    const publicKey = await importSPKI(
      `-----BEGIN PUBLIC KEY-----\n${key?.key}\n-----END PUBLIC KEY-----`,
      'RSA-OAEP-256',
    );
    const signed = await rawJws(
      JSON.stringify(foreign),
      seller.privateKeyPem,
      seller.certificatePem,
    );
    const payload = await new CompactEncrypt(new TextEncoder().encode(signed))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key?.id as string })
      .encrypt(publicKey);
    const token = await rawToken(MEMORY_ID, seller.privateKeyPem, seller.certificatePem);
    const requestTraceId = randomUUID();
    await fetch(new URL('invoice', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ payload, header: { requestTraceId, fiscalId: OTHER_MEMORY_ID } }]),
    });
    const taken = server.fake.submissions().find((s) => s.requestTraceId === requestTraceId);
    expect(taken).toMatchObject({ verdict: 'FAILED', errors: [{ code: '04111' }] });
    expect((await client(other).inquireByUids([requestTraceId]))[0]?.status).toBe('NOT_FOUND');
  });
});

describe('credentials', () => {
  test('a certificate that has expired is refused before any request, in Persian', async () => {
    const expired = await generateTestCredentials(MEMORY_ID, {
      notAfter: new Date(Date.now() - 86_400_000),
    });
    const before = server.fake.requests();
    const attempt = client(expired).sendInvoices([
      { requestTraceId: randomUUID(), invoice: invoice() },
    ]);
    await expect(attempt).rejects.toMatchObject({ kind: 'credentials' });
    await expect(attempt).rejects.toThrow(/منقضی شده است/);
    expect(server.fake.requests()).toEqual(before);
  });

  test('a key that is not the certificate’s is refused before any request', async () => {
    const mismatched = { ...seller, privateKeyPem: stranger.privateKeyPem };
    expect(keyMatchesCertificate(mismatched.privateKeyPem, mismatched.certificatePem)).toBe(false);
    expect(keyMatchesCertificate(seller.privateKeyPem, seller.certificatePem)).toBe(true);
    const before = server.fake.requests();
    const attempt = client(mismatched).fiscalInformation();
    await expect(attempt).rejects.toBeInstanceOf(MoadianError);
    await expect(attempt).rejects.toMatchObject({ kind: 'credentials' });
    await expect(attempt).rejects.toThrow(/جور نیست/);
    expect(server.fake.requests()).toEqual(before);
  });

  test('unreadable PEM and a bad memory id are credentials errors too', async () => {
    await expect(
      client({ ...seller, certificatePem: 'not a certificate' }).serverInformation(),
    ).rejects.toMatchObject({ kind: 'credentials' });
    await expect(client({ ...seller, memoryId: 'a1' }).serverInformation()).rejects.toMatchObject({
      kind: 'credentials',
    });
    expect(keyMatchesCertificate('nonsense', seller.certificatePem)).toBe(false);
  });

  test('describeCertificate answers who holds it, until when, and its fingerprint', () => {
    const described = describeCertificate(seller.certificatePem);
    expect(described.subject).toContain(`Vitrin test ${MEMORY_ID}`);
    expect(described.serialNumber).toBe(SELLER);
    expect(described.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(described.notBefore.getTime()).toBeLessThan(Date.now());
    expect(described.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(() => describeCertificate('-----BEGIN CERTIFICATE-----\nxx')).toThrow(MoadianError);
  });
});

describe('faults', () => {
  test('no answer in time is a timeout, in Persian', async () => {
    server.fake.hangNext(1);
    const attempt = client(seller, 300).fiscalInformation();
    await expect(attempt).rejects.toMatchObject({ kind: 'timeout' });
    await expect(attempt).rejects.toThrow(/سامانه مودیان در ۰٫۳ ثانیه پاسخ نداد/);
  });

  test('a slow answer within the time is fine', async () => {
    server.fake.setDelay(50);
    const information = await client(seller, 5_000).fiscalInformation();
    expect(information).toMatchObject({ fiscalStatus: 'ACTIVE', economicCode: SELLER });
  });

  test('an HTTP 503 page and a 500 with 5199 are http errors with their status', async () => {
    server.fake.failNext(1, 503);
    await expect(client().fiscalInformation()).rejects.toMatchObject({
      kind: 'http',
      status: 503,
    });
    server.fake.failNext(1, 500);
    await expect(client().fiscalInformation()).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      code: '5199',
    });
  });

  test('an expired nonce is unauthorized with 4102', async () => {
    server.fake.expireNextNonces(1);
    const attempt = client().serverInformation();
    await expect(attempt).rejects.toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: '4102',
    });
  });

  test('nothing listening is a transport error', async () => {
    const nowhere = createMoadianClient({
      baseUrl: 'http://127.0.0.1:9/requestsmanager/api/v2/',
      credentials: seller,
      timeoutMs: 5_000,
    });
    await expect(nowhere.fiscalInformation()).rejects.toMatchObject({ kind: 'transport' });
  });

  test('an answer that is not the API’s is a bad answer', async () => {
    const odd = createMoadianClient({
      baseUrl: 'http://moadian.test/requestsmanager/api/v2/',
      credentials: seller,
      fetch: async () => new Response('{"hello":"world"}', { status: 200 }),
    });
    await expect(odd.fiscalInformation()).rejects.toMatchObject({ kind: 'bad-answer' });
  });
});

describe('the memory id’s and taxpayers’ files', () => {
  test('fiscal-information of our memory id; taxpayer by economic code, null when unknown', async () => {
    const moadian = client();
    expect(await moadian.fiscalInformation()).toEqual({
      nameTrade: 'ویترین',
      fiscalStatus: 'ACTIVE',
      saleThreshold: null,
      nationalId: SELLER,
      economicCode: SELLER,
    });
    expect(await moadian.taxpayer('10100302746')).toMatchObject({
      nameTrade: 'خریدار نمونه',
      taxpayerStatus: 'ACTIVE',
    });
    expect(await moadian.taxpayer('10100302747')).toBeNull();
    await expect(moadian.taxpayer('123')).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      code: '4171',
    });
  });
});

describe('the fake in-process, through a fetch of its own', () => {
  test('sends and confirms with no network', async () => {
    const fake = createFakeMoadian({ serverKey, inProgress: { inquiries: 0 } });
    fake.addTaxpayer({ memoryId: MEMORY_ID, economicCode: SELLER, name: 'ویترین' });
    const moadian = createMoadianClient({
      baseUrl: 'http://moadian.internal/requestsmanager/api/v2/',
      credentials: seller,
      fetch: fake.fetch,
    });
    const toSend = invoice();
    const [sent] = await moadian.sendInvoices([{ requestTraceId: randomUUID(), invoice: toSend }]);
    const [result] = await moadian.inquireByReferenceIds([sent?.referenceNumber as string]);
    expect(result?.confirmation?.taxId).toBe(toSend.header.taxid);
    expect(fake.requests()).toMatchObject({
      nonce: 3,
      'server-information': 1,
      invoice: 1,
      'inquiry-by-reference-id': 1,
    });
  });

  test('a certificate registered for the memory id is the only one accepted (4103)', async () => {
    const fake = createFakeMoadian({ serverKey });
    fake.addTaxpayer({
      memoryId: MEMORY_ID,
      economicCode: SELLER,
      name: 'ویترین',
      certificatePem: seller.certificatePem,
    });
    const moadian = createMoadianClient({
      baseUrl: 'http://moadian.internal/requestsmanager/api/v2/',
      credentials: stranger,
      fetch: (input, init) => fake.handle(new Request(input, init)),
    });
    await expect(moadian.serverInformation()).rejects.toMatchObject({
      kind: 'unauthorized',
      code: '4103',
    });
  });
});

test('inquiry times are written in Tehran time with nine fraction digits', () => {
  expect(formatMoadianTime(new Date(Date.UTC(2023, 4, 14, 6, 30, 0, 123)))).toBe(
    '2023-05-14T10:00:00.123000000+03:30',
  );
});
