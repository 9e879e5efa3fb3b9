import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Signed HTTP messages between us and the company's site builder, both directions (issue 20).
// The scheme is Standard Webhooks 1.0 ("Verifying webhook authenticity"):
// https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
// so its reference libraries sign and verify these messages unchanged; the tolerance and the
// "ignore every scheme but v1" rule follow Stripe's manual verification steps:
// https://docs.stripe.com/webhooks#verify-manually
// The full protocol (which requests, which answers) is in site-builder-driver.ts.

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** Stripe's default tolerance, and Standard Webhooks' "5 minutes", either side of now. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Standard Webhooks' secret serialization: `whsec_` then base64 of 24 to 64 random bytes. */
const SECRET_PREFIX = 'whsec_';
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const BASE64_FORM = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** No `.` in the id: the signed content joins id, timestamp and body with dots (the spec's rule). */
const ID_FORM = /^[A-Za-z0-9_-]{1,128}$/;
const TIMESTAMP_FORM = /^[0-9]{1,12}$/;
/** `v1,` then the base64 of a 32-byte HMAC-SHA256. */
const V1_SIGNATURE_FORM = /^[A-Za-z0-9+/]{43}=$/;
const SIGNATURE_ENTRY_FORM = /^(v[0-9]+[a-z]*),(\S+)$/;

export type WebhookHeaders = {
  [WEBHOOK_ID_HEADER]: string;
  [WEBHOOK_TIMESTAMP_HEADER]: string;
  [WEBHOOK_SIGNATURE_HEADER]: string;
};

export type WebhookRejection = 'malformed' | 'bad-signature' | 'stale' | 'replayed';

export type WebhookVerification =
  | { ok: true; id: string; timestamp: Date }
  | { ok: false; reason: WebhookRejection; message: string };

/**
 * The ids a receiver has accepted, each until its timestamp leaves the tolerance window (after
 * that the timestamp check refuses it anyway). Methods may be async so the server can keep them
 * in the database.
 */
export interface SeenWebhookIds {
  /** Whether `id` was remembered and has not expired. */
  hasSeen(id: string): boolean | Promise<boolean>;
  /**
   * Remembers `id` until `until`. Answers false when it was already there: the claim must be
   * atomic (a database does `INSERT … ON CONFLICT DO NOTHING`), because two copies of one message
   * can arrive together and both pass `hasSeen`.
   */
  remember(id: string, until: Date): boolean | Promise<boolean>;
}

/** Header values as Node (`IncomingHttpHeaders`) or fetch (`Headers`) hand them over. */
export type ReceivedHeaders =
  | Headers
  | Readonly<Record<string, string | readonly string[] | number | undefined>>;

export interface VerifyWebhookInput {
  /** Every secret accepted now: the current one, and the old one while a rotation is under way. */
  secrets: readonly string[];
  headers: ReceivedHeaders;
  /** The body exactly as received, before any JSON parsing. */
  body: string | Uint8Array;
  seen: SeenWebhookIds;
  now?: Date;
  toleranceSeconds?: number;
}

/** A new shared secret in the form `signWebhook` and `verifyWebhook` take. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Whether `value` is a secret in the Standard Webhooks form (for configuration checks). */
export function isWebhookSecret(value: string): boolean {
  return webhookKey(value) !== null;
}

/** The three headers that sign `body` with `secret`; a fresh id unless one is given. */
export function signWebhook(
  secret: string,
  body: string | Uint8Array,
  options: { id?: string; now?: Date } = {},
): WebhookHeaders {
  const key = requireKey(secret);
  const id = options.id ?? `msg_${randomBytes(16).toString('base64url')}`;
  if (!ID_FORM.test(id)) throw new Error(`webhook id "${id}" is not 1-128 of [A-Za-z0-9_-]`);
  const timestamp = String(Math.floor((options.now ?? new Date()).getTime() / 1000));
  return {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_SIGNATURE_HEADER]: `v1,${mac(key, id, timestamp, body).toString('base64')}`,
  };
}

/**
 * Checks a received message, in the order a receiver must: the headers' form, the signature
 * (against every accepted secret, in constant time), the timestamp's age either way, then that
 * the id was not accepted before. An accepted id is remembered in `seen`.
 */
export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookVerification> {
  const keys = input.secrets.map(requireKey);
  if (keys.length === 0) throw new Error('verifyWebhook needs at least one secret');
  const tolerance = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;

  const id = singleHeader(input.headers, WEBHOOK_ID_HEADER);
  const timestamp = singleHeader(input.headers, WEBHOOK_TIMESTAMP_HEADER);
  const signature = singleHeader(input.headers, WEBHOOK_SIGNATURE_HEADER);
  if (id === null || !ID_FORM.test(id)) {
    return rejected('malformed', `${WEBHOOK_ID_HEADER} is missing or not 1-128 of [A-Za-z0-9_-]`);
  }
  if (timestamp === null || !TIMESTAMP_FORM.test(timestamp)) {
    return rejected('malformed', `${WEBHOOK_TIMESTAMP_HEADER} is missing or not Unix seconds`);
  }
  const candidates = v1Signatures(signature);
  if (candidates === null) {
    return rejected(
      'malformed',
      `${WEBHOOK_SIGNATURE_HEADER} is missing or not space-separated "v1,<base64>" entries`,
    );
  }

  const matches = keys.some((key) => {
    const expected = mac(key, id, timestamp, input.body);
    return candidates.some((candidate) => timingSafeEqual(expected, candidate));
  });
  if (!matches) return rejected('bad-signature', 'no v1 signature matches an accepted secret');

  const sentAt = Number(timestamp);
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - sentAt) > tolerance) {
    return rejected(
      'stale',
      `timestamp ${sentAt} is ${nowSeconds - sentAt} s from now, outside ±${tolerance} s`,
    );
  }

  // The timestamp check passes through the whole second sentAt + tolerance, so remember past it.
  const until = new Date((sentAt + tolerance + 1) * 1000);
  if ((await input.seen.hasSeen(id)) || !(await input.seen.remember(id, until))) {
    return rejected('replayed', `message ${id} was already accepted`);
  }
  return { ok: true, id, timestamp: new Date(sentAt * 1000) };
}

/** Accepted ids in memory, each dropped once its time is up (one process; tests and fakes). */
export class MemorySeenWebhookIds implements SeenWebhookIds {
  private readonly until = new Map<string, number>();
  private nextSweepAt = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  hasSeen(id: string): boolean {
    const now = this.sweep();
    return (this.until.get(id) ?? 0) > now;
  }

  remember(id: string, until: Date): boolean {
    const now = this.sweep();
    if ((this.until.get(id) ?? 0) > now) return false;
    this.until.set(id, until.getTime());
    return true;
  }

  /** Ids held now, expired ones included until the next sweep. */
  get size(): number {
    return this.until.size;
  }

  /** Drops expired ids at most once a second, so a lookup stays cheap. */
  private sweep(): number {
    const now = this.clock();
    if (now >= this.nextSweepAt) {
      for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
      this.nextSweepAt = now + 1000;
    }
    return now;
  }
}

function mac(key: Buffer, id: string, timestamp: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

function webhookKey(secret: string): Buffer | null {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64_FORM.test(encoded)) return null;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= MIN_KEY_BYTES && key.length <= MAX_KEY_BYTES ? key : null;
}

function requireKey(secret: string): Buffer {
  const key = webhookKey(secret);
  if (!key) {
    throw new Error(
      `a webhook secret is "${SECRET_PREFIX}" then base64 of ${MIN_KEY_BYTES}-${MAX_KEY_BYTES} bytes`,
    );
  }
  return key;
}

/** The header's one value; null when absent or sent more than once. */
function singleHeader(headers: ReceivedHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0];
    return null;
  }
  return null;
}

/**
 * The decoded `v1` signatures of the header, others (`v1a`, `v0`…) ignored; null when the header
 * is missing, an entry is not `version,value`, or no entry is v1. A v1 value of the wrong shape
 * cannot match, so it is dropped here and the message fails as a bad signature.
 */
function v1Signatures(header: string | null): Buffer[] | null {
  if (header === null || header.trim() === '') return null;
  const entries = header.trim().split(/\s+/);
  const parsed = entries.map((entry) => SIGNATURE_ENTRY_FORM.exec(entry));
  if (parsed.some((match) => match === null)) return null;
  const v1 = parsed.filter((match) => match?.[1] === 'v1').map((match) => match?.[2] ?? '');
  if (v1.length === 0) return null;
  return v1
    .filter((value) => V1_SIGNATURE_FORM.test(value))
    .map((value) => Buffer.from(value, 'base64'));
}

function rejected(reason: WebhookRejection, message: string): WebhookVerification {
  return { ok: false, reason, message };
}
