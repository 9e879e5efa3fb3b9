import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sendSignInTemporaryCode } from '@vitrin/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  clientAddressOf,
  compileProxyTrust,
  rateLimitKeyOf,
  type TrustProxySetting,
} from './client-address';

// TRUST_PROXY: the client is the nearest hop no trusted proxy vouches for, never the leftmost
// X-Forwarded-For entry, which the client writes itself.

const BALANCER = '10.0.0.2';
const CLIENT = '203.0.113.7';
/** The sign-in code call allows 5 a minute per address (auth.routes.ts, CODE_SEND_LIMIT). */
const CODES_PER_MINUTE = 5;

/** An address a client might claim to have, different each time. */
const forgedAddress = () =>
  `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

let numberCounter = 0;
/** A number nobody has used in this file: no account, so no SMS, but the limit still counts. */
const freshNumber = () => `+98912${String(8_000_000 + ++numberCounter).padStart(7, '0')}`;

function sendCode(app: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: sendSignInTemporaryCode.path,
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: JSON.stringify({ username: freshNumber() }),
  });
}

/** Status codes of `count` sign-in code requests, each with a freshly forged leftmost entry. */
async function sendCodesWithForgedEntries(
  app: FastifyInstance,
  count: number,
  forwardedFor: (forged: string) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push((await sendCode(app, BALANCER, forwardedFor(forgedAddress()))).statusCode);
  }
  return statuses;
}

/** `request.ip` as the app sees it, through a route that only answers it. */
async function addressSeen(app: FastifyInstance, remoteAddress: string, forwardedFor: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/test/client-address',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return (response.json() as { ip: string }).ip;
}

const withAddressRoute = {
  extend: async (app: FastifyInstance) => {
    app.get('/test/client-address', async (request) => ({ ip: request.ip }));
  },
};

describe('one trusted proxy (TRUST_PROXY=1)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ trustProxy: 1 }, withAddressRoute);
  });
  afterAll(() => testApp.close());

  test('a forged leftmost entry buys no fresh limit: the balancer’s entry is the client', async () => {
    const allowed = await sendCodesWithForgedEntries(
      testApp.app,
      CODES_PER_MINUTE,
      (forged) => `${forged}, ${CLIENT}`,
    );
    expect(allowed.every((status) => status !== 429)).toBe(true);
    const refused = await sendCodesWithForgedEntries(
      testApp.app,
      3,
      (forged) => `${forged}, ${forgedAddress()}, ${CLIENT}`,
    );
    expect(refused).toEqual([429, 429, 429]);
    // Another person behind the same balancer still has a limit of their own.
    expect((await sendCode(testApp.app, BALANCER, '198.51.100.8')).statusCode).not.toBe(429);
  });

  test('request.ip is the entry the balancer appended, whatever the client wrote before it', async () => {
    expect(await addressSeen(testApp.app, BALANCER, `${forgedAddress()}, ${CLIENT}`)).toBe(CLIENT);
    expect(await addressSeen(testApp.app, BALANCER, CLIENT)).toBe(CLIENT);
  });
});

describe('trusted proxies by address (TRUST_PROXY=10.0.0.0/8,127.0.0.1,::1)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(
      { trustProxy: ['10.0.0.0/8', '127.0.0.1', '::1'] },
      withAddressRoute,
    );
  });
  afterAll(() => testApp.close());

  test('the client is the first address from the right that is not a listed proxy', async () => {
    expect(
      await addressSeen(testApp.app, BALANCER, `${forgedAddress()}, ${CLIENT}, 10.1.2.3`),
    ).toBe(CLIENT);
    expect(await addressSeen(testApp.app, '::1', `${forgedAddress()}, ${CLIENT}, 127.0.0.1`)).toBe(
      CLIENT,
    );
  });

  test('a peer that is not a listed proxy is the client: its header is not believed', async () => {
    expect(await addressSeen(testApp.app, '198.51.100.9', `${CLIENT}`)).toBe('198.51.100.9');
  });
});

describe('no trusted proxy (TRUST_PROXY unset)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, withAddressRoute);
  });
  afterAll(() => testApp.close());

  test('X-Forwarded-For is ignored: every request counts against the socket’s address', async () => {
    expect(await addressSeen(testApp.app, BALANCER, `${forgedAddress()}, ${CLIENT}`)).toBe(
      BALANCER,
    );
    const statuses = await sendCodesWithForgedEntries(
      testApp.app,
      CODES_PER_MINUTE + 1,
      (forged) => forged,
    );
    expect(statuses.slice(0, CODES_PER_MINUTE).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the live sockets’ rule is Fastify’s rule', () => {
  const cases: {
    name: string;
    setting: TrustProxySetting;
    peer: string;
    forwardedFor?: string;
    client: string;
  }[] = [
    {
      name: 'no trusted proxy: the socket’s peer',
      setting: false,
      peer: BALANCER,
      forwardedFor: `1.2.3.4, ${CLIENT}`,
      client: BALANCER,
    },
    {
      name: 'one hop: the entry the balancer appended',
      setting: 1,
      peer: BALANCER,
      forwardedFor: `1.2.3.4, ${CLIENT}`,
      client: CLIENT,
    },
    { name: 'one hop, no header: the socket’s peer', setting: 1, peer: BALANCER, client: BALANCER },
    {
      name: 'two hops (a cloud balancer, then nginx): the cloud balancer’s entry',
      setting: 2,
      peer: BALANCER,
      forwardedFor: `1.2.3.4, ${CLIENT}, 10.9.8.7`,
      client: CLIENT,
    },
    {
      name: 'addresses: an IPv6 client behind IPv4 and IPv6 proxies',
      setting: ['10.0.0.0/8', '::1'],
      peer: '::1',
      forwardedFor: '1.2.3.4, 2001:db8::7, 10.1.1.1',
      client: '2001:db8::7',
    },
    {
      name: 'an IPv6 CIDR: the first address from the right outside it',
      setting: ['fd00::/8'],
      peer: 'fd00::1',
      forwardedFor: `2001:db8::1, ${CLIENT}, fd00::2`,
      client: CLIENT,
    },
  ];

  test.each(cases)('$name', async (example) => {
    const app = Fastify({ trustProxy: compileProxyTrust(example.setting) });
    app.get('/', async (request) => ({ ip: request.ip }));
    const headers =
      example.forwardedFor === undefined ? {} : { 'x-forwarded-for': example.forwardedFor };
    const response = await app.inject({ url: '/', remoteAddress: example.peer, headers });
    expect(response.json()).toEqual({ ip: example.client });
    const raw = { socket: { remoteAddress: example.peer }, headers } as unknown as IncomingMessage;
    expect(clientAddressOf(raw, compileProxyTrust(example.setting))).toBe(example.client);
    await app.close();
  });
});

describe('TRUST_PROXY at start', () => {
  const load = (value: string, more: Record<string, string> = {}) =>
    loadConfig({ JWT_SECRET: 'a'.repeat(40), TRUST_PROXY: value, ...more });

  function problemsOf(value: string, more: Record<string, string> = {}): string[] {
    try {
      load(value, more);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error(`TRUST_PROXY=${value} was accepted`);
  }

  test('true (or yes, on) is refused, saying what to write instead', () => {
    expect(problemsOf('true')).toEqual([
      'TRUST_PROXY: "true" trusts every hop, so any client can choose its own address; write the number of proxies in front (TRUST_PROXY=1 for one nginx or load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    ]);
    expect(problemsOf('yes')[0]).toMatch(/^TRUST_PROXY: "yes" trusts every hop/);
    expect(problemsOf('ON')[0]).toMatch(/^TRUST_PROXY: "ON" trusts every hop/);
  });

  test('a number of proxies, or their addresses and CIDRs (IPv4 and IPv6), is accepted', () => {
    expect(load('1').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
    expect(load('uniquelocal').trustProxy).toEqual(['uniquelocal']);
    expect(load('10.0.0.0/8,::1').trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(load(' 10.0.0.0/8 , 127.0.0.1 , fd00::/8 ').trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
  });

  test('unset, false or 0 trusts no proxy', () => {
    expect(loadConfig({ JWT_SECRET: 'a'.repeat(40) }).trustProxy).toBe(false);
    expect(load('').trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('0').trustProxy).toBe(false);
  });

  test('anything else is refused, and listed with the other bad settings', () => {
    for (const value of ['-1', 'abc', '10.0.0.0/99', '1.5', '10.0.0.0/8,300.1.1.1']) {
      const [problem] = problemsOf(value);
      expect(problem).toMatch(
        new RegExp(`^TRUST_PROXY: "${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" is neither`),
      );
      expect(problem).toContain('TRUST_PROXY=1');
    }
    expect(problemsOf('abc', { PORT: 'abc' })).toHaveLength(2);
  });
});

describe('per-address limits count an IPv6 client by its /64', () => {
  test('rateLimitKeyOf: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(rateLimitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKeyOf(undefined)).toBe('unknown');
  });

  test('rotating addresses inside one /64 buys no fresh sign-in codes', async () => {
    const testApp = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < CODES_PER_MINUTE + 2; index += 1) {
        const address = `2001:db8:77:1:${randomInt(1, 0xffff).toString(16)}::${index + 1}`;
        statuses.push((await sendCode(testApp.app, address)).statusCode);
      }
      expect(statuses.slice(0, CODES_PER_MINUTE).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(CODES_PER_MINUTE)).toEqual([429, 429]);
      // The next /64 is someone else.
      expect((await sendCode(testApp.app, '2001:db8:77:2::1')).statusCode).not.toBe(429);
    } finally {
      await testApp.close();
    }
  });
});
