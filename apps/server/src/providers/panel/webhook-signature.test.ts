import { describe, expect, test } from 'vitest';
import {
  generateWebhookSecret,
  isWebhookSecret,
  MemorySeenWebhookIds,
  type SeenWebhookIds,
  signWebhook,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookHeaders,
} from './webhook-signature';

const secret = generateWebhookSecret();
const body = JSON.stringify({ event: 'site.ready', username: 'sara', siteUrl: 'https://sara.ir/' });
const sentAt = new Date('2026-03-21T08:30:00Z');

function verify(
  headers: Record<string, string | string[] | undefined> | Headers,
  options: {
    secrets?: string[];
    body?: string | Uint8Array;
    now?: Date;
    seen?: SeenWebhookIds;
  } = {},
) {
  return verifyWebhook({
    secrets: options.secrets ?? [secret],
    headers,
    body: options.body ?? body,
    now: options.now ?? sentAt,
    seen: options.seen ?? new MemorySeenWebhookIds(() => sentAt.getTime()),
  });
}

function signed(options: { secret?: string; body?: string; now?: Date; id?: string } = {}) {
  return signWebhook(options.secret ?? secret, options.body ?? body, {
    now: options.now ?? sentAt,
    id: options.id,
  });
}

describe('signing', () => {
  test('signs id.timestamp.body exactly as the Standard Webhooks reference library does', () => {
    // The known answer from standard-webhooks/libraries/javascript/src/webhook.test.ts.
    const headers = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '{"test": 2432232314}', {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      now: new Date(1614265330 * 1000),
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  test('each message gets a new id that has no dot', () => {
    const ids = new Set(Array.from({ length: 50 }, () => signWebhook(secret, body)['webhook-id']));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]+$/);
  });

  test('the timestamp is the signing time in Unix seconds', () => {
    expect(signed({ now: new Date(1_700_000_000_999) })['webhook-timestamp']).toBe('1700000000');
  });

  test('a secret not in the whsec_ form, or an id with a dot, is refused when signing', () => {
    expect(() => signWebhook('not-a-secret', body)).toThrow(/whsec_/);
    expect(() => signWebhook('whsec_c2hvcnQ=', body)).toThrow(/24-64 bytes/);
    expect(() => signWebhook(secret, body, { id: 'msg.1' })).toThrow(/webhook id/);
  });

  test('generated secrets are in the Standard Webhooks form; others are not', () => {
    expect(isWebhookSecret(generateWebhookSecret())).toBe(true);
    expect(isWebhookSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(true);
    expect(isWebhookSecret('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(false);
    expect(isWebhookSecret('whsec_not base64!')).toBe(false);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(65).toString('base64')}`)).toBe(false);
  });
});

describe('verifying', () => {
  test('a message signed with the shared secret is accepted with its id and time', async () => {
    const headers = signed({ id: 'msg_first' });
    expect(await verify(headers)).toEqual({ ok: true, id: 'msg_first', timestamp: sentAt });
  });

  test('the body as bytes verifies the same as the text', async () => {
    const headers = signed({ body: '{"name":"فروشگاه سارا"}' });
    expect(await verify(headers, { body: Buffer.from('{"name":"فروشگاه سارا"}') })).toMatchObject({
      ok: true,
    });
  });

  test('fetch Headers and mixed-case header names are read too', async () => {
    const headers = signed();
    expect(await verify(new Headers(headers))).toMatchObject({ ok: true });
    const mixedCase = {
      'Webhook-Id': headers['webhook-id'],
      'Webhook-Timestamp': headers['webhook-timestamp'],
      'Webhook-Signature': headers['webhook-signature'],
    };
    expect(await verify(mixedCase)).toMatchObject({ ok: true });
  });

  test('a tampered body is a bad signature', async () => {
    const tampered = body.replace('sara', 'reza');
    expect(await verify(signed(), { body: tampered })).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
    expect(await verify(signed(), { body: `${body} ` })).toMatchObject({ reason: 'bad-signature' });
  });

  test('a tampered id or timestamp is a bad signature', async () => {
    const headers = signed();
    expect(await verify({ ...headers, 'webhook-id': 'msg_other' })).toMatchObject({
      reason: 'bad-signature',
    });
    const oneSecondLater = String(Number(headers['webhook-timestamp']) + 1);
    expect(await verify({ ...headers, 'webhook-timestamp': oneSecondLater })).toMatchObject({
      reason: 'bad-signature',
    });
  });

  test('a message signed with another secret is a bad signature', async () => {
    expect(await verify(signed({ secret: generateWebhookSecret() }))).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  test('a signature of the right version but the wrong shape never matches', async () => {
    const headers = signed();
    for (const signature of ['v1,dawfeoifkpqwoekfpqoekf', `${headers['webhook-signature']}AA`]) {
      expect(await verify({ ...headers, 'webhook-signature': signature })).toMatchObject({
        reason: 'bad-signature',
      });
    }
  });

  test(`a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s old or ahead is stale; at the edge it passes`, async () => {
    const window = WEBHOOK_TOLERANCE_SECONDS * 1000;
    const at = (offsetMs: number) => new Date(sentAt.getTime() + offsetMs);
    expect(await verify(signed(), { now: at(window + 1000) })).toMatchObject({
      ok: false,
      reason: 'stale',
    });
    expect(await verify(signed(), { now: at(-window - 1000) })).toMatchObject({
      ok: false,
      reason: 'stale',
    });
    expect(await verify(signed(), { now: at(window) })).toMatchObject({ ok: true });
    expect(await verify(signed(), { now: at(-window) })).toMatchObject({ ok: true });
  });

  test('the same message twice is a replay; a new message with the same body is not', async () => {
    const seen = new MemorySeenWebhookIds(() => sentAt.getTime());
    const headers = signed();
    expect(await verify(headers, { seen })).toMatchObject({ ok: true });
    expect(await verify(headers, { seen })).toMatchObject({ ok: false, reason: 'replayed' });
    expect(await verify(signed(), { seen })).toMatchObject({ ok: true });
  });

  test('two copies arriving together: exactly one is accepted', async () => {
    const seen = new MemorySeenWebhookIds(() => sentAt.getTime());
    const headers = signed();
    const results = await Promise.all([verify(headers, { seen }), verify(headers, { seen })]);
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
  });

  test('a forged message does not use up the id of the genuine one', async () => {
    const seen = new MemorySeenWebhookIds(() => sentAt.getTime());
    const genuine = signed({ id: 'msg_genuine' });
    const forged = signed({ id: 'msg_genuine', secret: generateWebhookSecret() });
    expect(await verify(forged, { seen })).toMatchObject({ reason: 'bad-signature' });
    const stale = signed({ id: 'msg_genuine', now: new Date(sentAt.getTime() - 3_600_000) });
    expect(await verify(stale, { seen })).toMatchObject({ reason: 'stale' });
    expect(await verify(genuine, { seen })).toMatchObject({ ok: true });
  });

  test('during a rotation both the new and the old secret verify; a third does not', async () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret();
    const secrets = [newSecret, oldSecret];
    expect(await verify(signed({ secret: oldSecret }), { secrets })).toMatchObject({ ok: true });
    expect(await verify(signed({ secret: newSecret }), { secrets })).toMatchObject({ ok: true });
    expect(await verify(signed({ secret: generateWebhookSecret() }), { secrets })).toMatchObject({
      reason: 'bad-signature',
    });
  });

  test('a message signed with both secrets verifies at a receiver that knows either', async () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret();
    const withOld = signed({ secret: oldSecret, id: 'msg_both' });
    const withNew = signed({ secret: newSecret, id: 'msg_both' });
    const both: WebhookHeaders = {
      ...withNew,
      'webhook-signature': `${withNew['webhook-signature']} ${withOld['webhook-signature']}`,
    };
    expect(await verify(both, { secrets: [oldSecret] })).toMatchObject({ ok: true });
    expect(await verify(both, { secrets: [newSecret] })).toMatchObject({ ok: true });
  });

  test('signatures of other versions are ignored, as Stripe and Standard Webhooks advise', async () => {
    const headers = signed();
    const value = headers['webhook-signature'].slice(3);
    expect(
      await verify({
        ...headers,
        'webhook-signature': `v0,${value} ${headers['webhook-signature']}`,
      }),
    ).toMatchObject({ ok: true });
    // The right HMAC under another version's name does not count.
    expect(
      await verify({ ...headers, 'webhook-signature': `v2,${value} v1a,${value}` }),
    ).toMatchObject({ ok: false, reason: 'malformed' });
  });

  test('missing or malformed headers are malformed, whatever the body', async () => {
    const headers = signed();
    const cases: Array<Record<string, string | string[] | undefined>> = [
      { ...headers, 'webhook-id': undefined },
      { ...headers, 'webhook-timestamp': undefined },
      { ...headers, 'webhook-signature': undefined },
      { ...headers, 'webhook-id': '' },
      { ...headers, 'webhook-id': 'msg.with.dots' },
      { ...headers, 'webhook-id': 'x'.repeat(129) },
      { ...headers, 'webhook-timestamp': 'hello' },
      { ...headers, 'webhook-timestamp': '-1614265330' },
      { ...headers, 'webhook-timestamp': '2026-03-21T08:30:00Z' },
      { ...headers, 'webhook-signature': '' },
      { ...headers, 'webhook-signature': 'v1,' },
      { ...headers, 'webhook-signature': headers['webhook-signature'].slice(3) },
      { ...headers, 'webhook-signature': `t=1614265330,v1=${'ab'.repeat(32)}` },
      { ...headers, 'webhook-id': [headers['webhook-id'], 'msg_second'] },
    ];
    for (const malformed of cases) {
      expect(await verify(malformed)).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  test('a receiver without a secret in the right form fails loudly, not open', async () => {
    await expect(verify(signed(), { secrets: [] })).rejects.toThrow(/at least one secret/);
    await expect(verify(signed(), { secrets: ['hunter22'] })).rejects.toThrow(/whsec_/);
  });
});

describe('remembered ids in memory', () => {
  test('an id is held until its time, then forgotten', () => {
    let now = 1_000_000;
    const seen = new MemorySeenWebhookIds(() => now);
    expect(seen.remember('msg_a', new Date(now + 60_000))).toBe(true);
    expect(seen.hasSeen('msg_a')).toBe(true);
    expect(seen.remember('msg_a', new Date(now + 60_000))).toBe(false);
    now += 60_000;
    expect(seen.hasSeen('msg_a')).toBe(false);
    expect(seen.remember('msg_a', new Date(now + 60_000))).toBe(true);
  });

  test('expired ids are dropped, so memory does not grow with traffic', () => {
    let now = 1_000_000;
    const seen = new MemorySeenWebhookIds(() => now);
    for (let index = 0; index < 100; index += 1)
      seen.remember(`msg_${index}`, new Date(now + 1000));
    expect(seen.size).toBe(100);
    now += 2000;
    seen.hasSeen('msg_other');
    expect(seen.size).toBe(0);
  });

  test('a message accepted once stays refused for its whole window, then is stale', async () => {
    let now = sentAt.getTime();
    const seen = new MemorySeenWebhookIds(() => now);
    const headers = signed();
    expect(await verify(headers, { seen, now: new Date(now) })).toMatchObject({ ok: true });
    now += WEBHOOK_TOLERANCE_SECONDS * 1000;
    expect(await verify(headers, { seen, now: new Date(now) })).toMatchObject({
      reason: 'replayed',
    });
    now += 1000;
    expect(await verify(headers, { seen, now: new Date(now) })).toMatchObject({ reason: 'stale' });
  });
});
