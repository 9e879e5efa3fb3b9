import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type SelfSignedPair, selfSignedCertificate } from '../../test/self-signed';
import { EPP_MAX_FRAME_BYTES, EppFrameReader, encodeEppFrame } from './epp-frame';
import { EppRegistrar } from './epp-registrar';
import { parseEppEndpoint } from './epp-session';
import { domainCheckCommand, parseEpp } from './epp-xml';
import { FakeEppServer } from './fake-epp-server';
import { RegistrarError } from './registrar-driver';

// The generic EPP driver against the local fake registry (fake-epp-server.ts), over real TLS.

let pair: SelfSignedPair;
let fake: FakeEppServer;
let endpoint: { host: string; port: number };
const drivers: EppRegistrar[] = [];

beforeAll(async () => {
  pair = await selfSignedCertificate();
  fake = new FakeEppServer({
    ...pair,
    clientId: 'vitrin',
    password: 'epp-secret-1',
    names: ['taken.com', 'vitrin.com'],
    sessionLimit: 3,
  });
  endpoint = await fake.start();
});
afterEach(async () => {
  fake.delayMs = 0;
  fake.dropNext = 0;
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});
afterAll(() => fake.stop());

function driver(options: { password?: string; timeoutMs?: number; ca?: string } = {}) {
  const made = new EppRegistrar({
    endpoint: { ...endpoint, ca: options.ca ?? pair.cert },
    login: { clientId: 'vitrin', password: options.password ?? 'epp-secret-1' },
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

describe('EPP framing (RFC 5734 §4)', () => {
  test('the length counts its own four bytes; units split or joined anyhow are read whole', () => {
    const one = encodeEppFrame('<epp>یک</epp>');
    expect(one.readUInt32BE(0)).toBe(one.length);
    const two = encodeEppFrame('<epp>two</epp>');
    const joined = Buffer.concat([one, two]);
    const reader = new EppFrameReader();
    const frames: string[] = [];
    for (let at = 0; at < joined.length; at += 3)
      frames.push(...reader.push(joined.subarray(at, at + 3)));
    expect(frames).toEqual(['<epp>یک</epp>', '<epp>two</epp>']);
  });

  test('a length past the limit, or below the header, breaks the session', () => {
    const huge = Buffer.alloc(4);
    huge.writeUInt32BE(EPP_MAX_FRAME_BYTES + 1);
    expect(() => new EppFrameReader().push(huge)).toThrow(RegistrarError);
    const tiny = Buffer.alloc(4);
    tiny.writeUInt32BE(3);
    expect(() => new EppFrameReader().push(tiny)).toThrow(RegistrarError);
  });

  test('values are escaped into the XML, never spliced', () => {
    const xml = domainCheckCommand(['a.com</domain:name><x>'], 'T-1');
    expect(xml).not.toContain('<x>');
    const parsed = parseEpp(xml) as { command: { check: { check: { name: string } } } };
    expect(parsed.command.check.check.name).toBe('a.com</domain:name><x>');
  });

  test('an answer with a DOCTYPE is refused (no entity expansion)', () => {
    expect(() => parseEpp('<!DOCTYPE epp [<!ENTITY x "y">]><epp/>')).toThrow(RegistrarError);
  });

  test('endpoints are host:port', () => {
    expect(parseEppEndpoint('epp.nic.example:700')).toEqual({ host: 'epp.nic.example', port: 700 });
    expect(parseEppEndpoint('[::1]:700')).toEqual({ host: '::1', port: 700 });
    expect(() => parseEppEndpoint('epp.nic.example')).toThrow(RegistrarError);
  });
});

describe('the EPP registrar', () => {
  test('checks names in batches of five over one logged-in session', async () => {
    const registry = driver();
    const logins = fake.logins;
    const names = [
      'taken.com',
      'free-1.com',
      'VITRIN.com',
      'free-2.com',
      'free-3.com',
      'free-4.com',
      'free-5.com',
    ];
    const answers = await registry.check(names);
    expect(answers.map((answer) => [answer.name, answer.available])).toEqual([
      ['taken.com', false],
      ['free-1.com', true],
      ['vitrin.com', false],
      ['free-2.com', true],
      ['free-3.com', true],
      ['free-4.com', true],
      ['free-5.com', true],
    ]);
    expect(answers[0]?.reason).toBe('In use');
    await registry.check(['another.com']);
    // One login for three check commands: the session is kept.
    expect(fake.logins - logins).toBe(1);
  });

  test('commands from many callers go one at a time, never pipelined', async () => {
    const registry = driver();
    fake.delayMs = 20;
    const before = fake.pipelined;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => registry.check([`parallel-${index}.com`])),
    );
    expect(answers.flat()).toHaveLength(8);
    expect(fake.pipelined - before).toBe(0);
  });

  test('a connection dropped mid-command fails that call; the next opens a new session and logs in again', async () => {
    const registry = driver();
    await registry.check(['warm.com']);
    const logins = fake.logins;
    fake.dropNext = 1;
    const error = await refusal(registry.check(['dropped.com']));
    expect(error.kind).toBe('unreachable');
    expect(error.retryable).toBe(true);
    const answers = await registry.check(['after.com']);
    expect(answers).toEqual([{ name: 'after.com', available: true, reason: null }]);
    expect(fake.logins - logins).toBe(1);
  });

  test('a registry restarting between calls costs nothing but a new login', async () => {
    const registry = driver();
    await registry.check(['warm.com']);
    fake.dropAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await registry.check(['taken.com'])).toEqual([
      { name: 'taken.com', available: false, reason: 'In use' },
    ]);
  });

  test('a slow registry is a timeout, and the session is not reused for a late answer', async () => {
    const registry = driver({ timeoutMs: 300 });
    await registry.check(['warm.com']);
    fake.delayMs = 600;
    const error = await refusal(registry.check(['slow.com']));
    expect(error.kind).toBe('timeout');
    fake.delayMs = 0;
    // The late answer to slow.com must not be read as this one's.
    expect(await registry.check(['taken.com'])).toEqual([
      { name: 'taken.com', available: false, reason: 'In use' },
    ]);
  });

  test('a wrong password is an auth error (2200), not retried as a fault', async () => {
    const error = await refusal(driver({ password: 'wrong' }).check(['a.com']));
    expect(error.kind).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('2200');
  });

  test('a certificate the operator did not trust is refused', async () => {
    const other = await selfSignedCertificate();
    const error = await refusal(driver({ ca: other.cert }).check(['a.com']));
    expect(error.kind).toBe('unreachable');
  });

  test('past the session limit the server answers 2502 and closes: retryable', async () => {
    const held = [driver(), driver(), driver()];
    await Promise.all(held.map((registry) => registry.check(['hold.com'])));
    const error = await refusal(driver().check(['one-too-many.com']));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('2502');
    expect(error.retryable).toBe(true);
  });
});
