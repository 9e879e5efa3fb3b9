import { createPrivateKey, type KeyObject, webcrypto, X509Certificate } from 'node:crypto';
import { formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import {
  CompactEncrypt,
  CompactSign,
  type CryptoKey,
  compactVerify,
  importPKCS8,
  importSPKI,
} from 'jose';
import { z } from 'zod';
import type {
  MoadianConfirmation,
  MoadianFiscalInformation,
  MoadianInquiryResult,
  MoadianInvoice,
  MoadianMessage,
  MoadianServerInformation,
  MoadianStatus,
  MoadianTaxpayer,
} from './moadian-types';

// A client of the tax organisation's e-invoice API v2 (سامانه مودیان), as RC_TICS.IS_v1.4 and
// the official .NET SDK v2 speak it (fake-moadian.ts's header lists the sources):
// - every call but `nonce` carries `Authorization: Bearer <JWS>`, a JWS RS256 over
//   {"nonce","clientId"} with x5c (the signing certificate), sigT and crit ["sigT"]; each call
//   asks for a fresh nonce, which is good for one use;
// - an invoice is that same kind of JWS over its JSON, then a JWE (RSA-OAEP-256, A256GCM) to the
//   organisation's public key from server-information, `kid` naming the key; the key is kept
//   for an hour as the SDK keeps it;
// - sending answers a reference number per invoice; the verdict comes later from inquiry.
// It never retries: whether a failed call may be repeated is the caller's decision (sending the
// same requestTraceId again is how a lost answer is recovered).

/** Where the organisation serves v2; its sandbox is MOADIAN_SANDBOX_BASE_URL. */
export const MOADIAN_BASE_URL = 'https://tp.tax.gov.ir/requestsmanager/api/v2/';
export const MOADIAN_SANDBOX_BASE_URL = 'https://sandboxrc.tax.gov.ir/requestsmanager/api/v2/';

/** At most this many invoices in one `invoice` call (error 4143 above it). */
export const MOADIAN_MAX_INVOICES_PER_REQUEST = 1000;
/** At most this many ids in one inquiry call (error 4141 above it). */
export const MOADIAN_MAX_IDS_PER_INQUIRY = 100;
const DEFAULT_TIMEOUT_MS = 20_000;
/** The nonce's life we ask for; the API takes 10 to 200 seconds. */
const NONCE_TTL_SECONDS = 30;
/** How long the organisation's keys are reused before server-information is asked again. */
const SERVER_KEY_CACHE_MS = 60 * 60 * 1000;
const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMORY_ID = /^[A-Z0-9]{6}$/;

export interface MoadianCredentials {
  /** شناسه یکتای حافظه مالیاتی: the clientId of every token and the fiscalId of every invoice. */
  memoryId: string;
  /** The signing key, PEM (PKCS#8, or PKCS#1 "RSA PRIVATE KEY"). */
  privateKeyPem: string;
  /** The signing certificate the intermediate CA issued for that key, PEM. */
  certificatePem: string;
}

export interface MoadianClientOptions {
  /** MOADIAN_BASE_URL, MOADIAN_SANDBOX_BASE_URL, or a fake's. */
  baseUrl: string;
  credentials: MoadianCredentials;
  /** Replaces the global fetch: the built-in fake answers through one without a network. */
  fetch?: typeof fetch;
  /** Per HTTP exchange (the nonce and the call itself each get this long). Default 20 s. */
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * timeout: no answer in time; transport: no connection; http: the API refused or failed (status
 * and the organisation's code); unauthorized: 401/403 (token, nonce, certificate, access);
 * bad-answer: an answer that is not what the API sends; credentials: our own key or certificate
 * cannot be used, found before anything was sent.
 */
export type MoadianErrorKind =
  | 'timeout'
  | 'transport'
  | 'http'
  | 'unauthorized'
  | 'bad-answer'
  | 'credentials';

export class MoadianError extends Error {
  readonly kind: MoadianErrorKind;
  /** The HTTP status, when the API answered. */
  readonly status?: number;
  /** The organisation's error code (4102, 4131, …), when it gave one. */
  readonly code?: string;
  /** Every error the organisation listed. */
  readonly errors: MoadianMessage[];

  constructor(
    kind: MoadianErrorKind,
    message: string,
    details: { status?: number; code?: string; errors?: MoadianMessage[]; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'MoadianError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    this.errors = details.errors ?? [];
  }
}

export interface MoadianInvoiceToSend {
  /** A UUID of ours; the organisation calls it uid and answers it back. */
  requestTraceId: string;
  invoice: MoadianInvoice;
}

export interface MoadianSendResult {
  requestTraceId: string;
  uid: string;
  /** The organisation's reference number; null when its answer did not list this invoice. */
  referenceNumber: string | null;
  /** Errors the organisation attached at sending (its answer's `data`), usually none. */
  errors: MoadianMessage[];
}

export interface MoadianClient {
  /** The organisation's clock and its public keys (cached for an hour, as the SDK does). */
  serverInformation(): Promise<MoadianServerInformation>;
  /** The memory id's own state: fiscalStatus ACTIVE when it may send. */
  fiscalInformation(): Promise<MoadianFiscalInformation>;
  /** A taxpayer's file by economic code; null when the organisation has none (4170). */
  taxpayer(economicCode: string): Promise<MoadianTaxpayer | null>;
  /** Signs, encrypts and sends up to 1000 invoices in one call. */
  sendInvoices(items: MoadianInvoiceToSend[]): Promise<MoadianSendResult[]>;
  /**
   * The verdicts by reference number. Without start and end the organisation searches the last
   * 24 hours; a window is at most a week (4164). Sent 100 ids a call.
   */
  inquireByReferenceIds(
    referenceIds: string[],
    start?: Date,
    end?: Date,
  ): Promise<MoadianInquiryResult[]>;
  /** The verdicts by requestTraceId (uid) of this memory id; same window rules. */
  inquireByUids(uids: string[], start?: Date, end?: Date): Promise<MoadianInquiryResult[]>;
  /** One page of what this memory id sent in a window, optionally of one status. */
  inquireByTime(query: {
    start: Date;
    end?: Date;
    status?: Exclude<MoadianStatus, 'NOT_FOUND'>;
    pageNumber?: number;
    pageSize?: number;
  }): Promise<MoadianInquiryResult[]>;
}

// --- credentials -----------------------------------------------------------------------------

function credentialsError(message: string, cause?: unknown): MoadianError {
  return new MoadianError('credentials', message, { cause });
}

function parseCertificate(certificatePem: string): X509Certificate {
  try {
    return new X509Certificate(certificatePem);
  } catch (error) {
    throw credentialsError(
      'گواهی امضای سامانه مودیان خوانده نشد؛ فایل گواهی (PEM) را بررسی کنید.',
      error,
    );
  }
}

function parsePrivateKey(privateKeyPem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch (error) {
    throw credentialsError(
      'کلید خصوصی امضای سامانه مودیان خوانده نشد؛ فایل کلید (PEM) را بررسی کنید.',
      error,
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw credentialsError('کلید خصوصی امضای سامانه مودیان باید RSA باشد.');
  }
  return key;
}

/** The certificate's validity as dates (Node 22.10+ has `validToDate`; its text is read anywhere). */
export function notAfterOf(certificate: X509Certificate): Date {
  return new Date(certificate.validTo);
}

export function notBeforeOf(certificate: X509Certificate): Date {
  return new Date(certificate.validFrom);
}

/** The certificate's holder, issuer, validity and SHA-256 fingerprint, for the console. */
export function describeCertificate(certificatePem: string): {
  subject: string;
  issuer: string;
  /** The SERIALNUMBER of the subject: the holder's national id or code, when the CA set it. */
  serialNumber: string | null;
  notBefore: Date;
  notAfter: Date;
  fingerprint: string;
} {
  const certificate = parseCertificate(certificatePem);
  const serial = /(?:^|\n)serialNumber=([^\n]+)/i.exec(certificate.subject);
  return {
    subject: certificate.subject,
    issuer: certificate.issuer,
    serialNumber: serial?.[1]?.trim() ?? null,
    notBefore: notBeforeOf(certificate),
    notAfter: notAfterOf(certificate),
    fingerprint: certificate.fingerprint256,
  };
}

/** Whether the private key is the one the certificate's public key belongs to. */
export function keyMatchesCertificate(privateKeyPem: string, certificatePem: string): boolean {
  try {
    return new X509Certificate(certificatePem).checkPrivateKey(createPrivateKey(privateKeyPem));
  } catch {
    return false;
  }
}

interface Signer {
  memoryId: string;
  certificate: X509Certificate;
  certificateBase64: string;
  privateKey: CryptoKey;
}

async function prepareSigner(credentials: MoadianCredentials): Promise<Signer> {
  if (!MEMORY_ID.test(credentials.memoryId)) {
    throw credentialsError(
      `شناسه یکتای حافظه مالیاتی باید ۶ حرف لاتین بزرگ یا رقم باشد؛ «${credentials.memoryId}» نیست.`,
    );
  }
  const certificate = parseCertificate(credentials.certificatePem);
  const key = parsePrivateKey(credentials.privateKeyPem);
  if (!certificate.checkPrivateKey(key)) {
    throw credentialsError(
      'کلید خصوصی با گواهی امضای سامانه مودیان جور نیست: گواهی برای کلید دیگری صادر شده است.',
    );
  }
  const pkcs8 = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    memoryId: credentials.memoryId,
    certificate,
    certificateBase64: certificate.raw.toString('base64'),
    privateKey: await importPKCS8(pkcs8, 'RS256'),
  };
}

function assertCertificateValidAt(certificate: X509Certificate, now: Date): void {
  if (now.getTime() > notAfterOf(certificate).getTime()) {
    throw credentialsError(
      `گواهی امضای سامانه مودیان در ${formatJalaliDate(notAfterOf(certificate))} منقضی شده است؛ گواهی تازه را بارگذاری کنید.`,
    );
  }
  if (now.getTime() < notBeforeOf(certificate).getTime()) {
    throw credentialsError(
      `گواهی امضای سامانه مودیان از ${formatJalaliDate(notBeforeOf(certificate))} معتبر می‌شود و هنوز به کار نمی‌آید.`,
    );
  }
}

/** sigT as the SDKs write it: UTC to the second, "2023-05-14T10:10:10Z". */
function signatureTime(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

async function signCompact(signer: Signer, payload: string, now: Date): Promise<string> {
  return new CompactSign(new TextEncoder().encode(payload))
    .setProtectedHeader({
      alg: 'RS256',
      x5c: [signer.certificateBase64],
      sigT: signatureTime(now),
      crit: ['sigT'],
    })
    .sign(signer.privateKey, { crit: { sigT: true } });
}

// --- answers ---------------------------------------------------------------------------------

const messageSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  errorType: z.string().nullish(),
});

function toMessage(parsed: z.infer<typeof messageSchema>): MoadianMessage {
  return parsed.errorType
    ? { code: parsed.code, message: parsed.message, errorType: parsed.errorType }
    : { code: parsed.code, message: parsed.message };
}

const nonceSchema = z.object({ nonce: z.string().min(1), expDate: z.string().nullish() });

const serverInformationSchema = z.object({
  serverTime: z.number(),
  publicKeys: z
    .array(
      z.object({
        key: z.string().min(1),
        id: z.string().min(1),
        algorithm: z.string(),
        purpose: z.union([z.number(), z.string()]),
      }),
    )
    .min(1),
});

const sendAnswerSchema = z.object({
  timestamp: z.number().nullish(),
  result: z.array(
    z.object({
      uid: z.string().nullish(),
      packetType: z.string().nullish(),
      referenceNumber: z.string().nullish(),
      data: z.unknown(),
    }),
  ),
});

const inquiryEntrySchema = z.object({
  referenceNumber: z.string().nullish(),
  uid: z.string().nullish(),
  status: z.string(),
  data: z
    .object({
      error: z.array(messageSchema).nullish(),
      warning: z.array(messageSchema).nullish(),
      success: z.boolean().nullish(),
    })
    .nullish(),
  packetType: z.string().nullish(),
  fiscalId: z.string().nullish(),
  sign: z.string().nullish(),
});
const inquiryAnswerSchema = z.array(inquiryEntrySchema);

const confirmationSchema = z.object({
  referenceNumber: z.string(),
  clientId: z.string(),
  taxId: z.string(),
  receivedDate: z.string(),
});

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)));

const fiscalInformationSchema = z.object({
  nameTrade: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  fiscalStatus: z.string(),
  saleThreshold: optionalText,
  nationalId: optionalText,
  economicCode: optionalText,
});

const taxpayerSchema = z.object({
  nameTrade: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  taxpayerStatus: z.string(),
  taxpayerType: optionalText,
  nationalId: optionalText,
});

const errorBodySchema = z.object({ errors: z.array(messageSchema).nullish() });

/** The errors of a refusal: `{errors: [{code, message}]}`, or a lone `{code, message}`. */
function errorsOf(body: unknown): MoadianMessage[] {
  const listed = errorBodySchema.safeParse(body);
  if (listed.success && listed.data.errors?.length) return listed.data.errors.map(toMessage);
  const single = messageSchema.safeParse(body);
  return single.success ? [toMessage(single.data)] : [];
}

function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, call: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new MoadianError(
      'bad-answer',
      `پاسخ سامانه مودیان به «${call}» آن چیزی نبود که انتظار می‌رفت.`,
      {
        cause: parsed.error,
      },
    );
  }
  return parsed.data;
}

/** A status outside the list is refused; PENDING is the older SDK's name for IN_PROGRESS. */
function statusOf(status: string): MoadianStatus {
  if (status === 'PENDING') return 'IN_PROGRESS';
  if (
    status === 'SUCCESS' ||
    status === 'FAILED' ||
    status === 'IN_PROGRESS' ||
    status === 'TIMEOUT' ||
    status === 'NOT_FOUND'
  ) {
    return status;
  }
  throw new MoadianError('bad-answer', `سامانه مودیان وضعیت ناشناخته «${status}» را گزارش کرد.`);
}

/** Inquiry times as the SDK writes them: Tehran time, nine fraction digits, "+03:30". */
export function formatMoadianTime(instant: Date): string {
  const local = new Date(instant.getTime() + TEHRAN_OFFSET_MS).toISOString();
  return `${local.slice(0, 23)}000000+03:30`;
}

function secondsText(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return toPersianDigits(String(seconds)).replace('.', '٫');
}

// --- the client ------------------------------------------------------------------------------

interface CachedKeys {
  fetchedAt: number;
  information: MoadianServerInformation;
  /** The key invoices are encrypted to, and its id. */
  encryption: { id: string; key: CryptoKey };
  /** Every key, to check the organisation's signed receipts with. */
  verification: CryptoKey[];
}

function spkiPem(base64: string): string {
  const lines = base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** A client of the API v2 for one memory id. */
export function createMoadianClient(options: MoadianClientOptions): MoadianClient {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  let signer: Promise<Signer> | null = null;
  let keys: Promise<CachedKeys> | null = null;

  async function usableSigner(): Promise<Signer> {
    signer ??= prepareSigner(options.credentials);
    let prepared: Signer;
    try {
      prepared = await signer;
    } catch (error) {
      signer = null;
      throw error;
    }
    assertCertificateValidAt(prepared.certificate, now());
    return prepared;
  }

  async function exchange(
    call: string,
    url: URL,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown; text: string }> {
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = () =>
      new MoadianError('timeout', `سامانه مودیان در ${secondsText(timeoutMs)} ثانیه پاسخ نداد.`);
    // A fetch of our own (the in-process fake) may not watch the signal: the race ends the
    // wait all the same.
    const expired = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(timedOut()), { once: true });
    });
    const attempt = (async () => {
      const response = await fetchImpl(url, { ...init, signal });
      return { status: response.status, text: await response.text() };
    })();
    let answer: { status: number; text: string };
    try {
      answer = await Promise.race([attempt, expired]);
    } catch (error) {
      if (error instanceof MoadianError) throw error;
      if (signal.aborted) throw timedOut();
      throw new MoadianError('transport', `اتصال به سامانه مودیان برقرار نشد («${call}»).`, {
        cause: error,
      });
    }
    let body: unknown;
    try {
      body = answer.text === '' ? null : JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    return { status: answer.status, body, text: answer.text };
  }

  function refusal(call: string, status: number, body: unknown): MoadianError {
    const errors = errorsOf(body);
    const first = errors[0];
    const detail = first ? `: ${first.message} (کد ${first.code})` : '';
    if (status === 401 || status === 403) {
      return new MoadianError(
        'unauthorized',
        `سامانه مودیان درخواست «${call}» را نپذیرفت${detail}`,
        { status, errors, ...(first ? { code: first.code } : {}) },
      );
    }
    const message =
      status >= 500
        ? `سامانه مودیان با خطای ${toPersianDigits(String(status))} پاسخ داد («${call}»)${detail}؛ کمی بعد دوباره تلاش کنید.`
        : `سامانه مودیان درخواست «${call}» را رد کرد (HTTP ${status})${detail}`;
    return new MoadianError('http', message, {
      status,
      errors,
      ...(first ? { code: first.code } : {}),
    });
  }

  async function answerOf(
    call: string,
    answer: { status: number; body: unknown; text: string },
  ): Promise<unknown> {
    if (answer.status < 200 || answer.status >= 300)
      throw refusal(call, answer.status, answer.body);
    if (answer.body === undefined) {
      throw new MoadianError('bad-answer', `پاسخ سامانه مودیان به «${call}» JSON نبود.`, {
        status: answer.status,
      });
    }
    return answer.body;
  }

  async function token(prepared: Signer): Promise<string> {
    const url = new URL('nonce', base);
    url.searchParams.set('timeToLive', String(NONCE_TTL_SECONDS));
    const answer = await exchange('nonce', url, {
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const { nonce } = parseAnswer(nonceSchema, await answerOf('nonce', answer), 'nonce');
    return signCompact(prepared, JSON.stringify({ nonce, clientId: prepared.memoryId }), now());
  }

  /** One authenticated call: a fresh nonce, a token over it, then the call. */
  async function authenticated(
    call: string,
    init: { method: 'GET' | 'POST'; query?: URLSearchParams; body?: unknown },
    allowNotFound = false,
  ): Promise<unknown> {
    const prepared = await usableSigner();
    const bearer = await token(prepared);
    const url = new URL(call, base);
    if (init.query) url.search = init.query.toString();
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${bearer}`,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await exchange(call, url, {
      method: init.method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    if (allowNotFound && answer.status === 404 && errorsOf(answer.body)[0]?.code === '4170') {
      return null;
    }
    return answerOf(call, answer);
  }

  async function loadKeys(): Promise<CachedKeys> {
    const information = parseAnswer(
      serverInformationSchema,
      await authenticated('server-information', { method: 'GET' }),
      'server-information',
    );
    const encryptionKey =
      information.publicKeys.find((key) => String(key.purpose) === '1') ??
      (information.publicKeys[0] as MoadianServerInformation['publicKeys'][number]);
    try {
      return {
        fetchedAt: Date.now(),
        information,
        encryption: {
          id: encryptionKey.id,
          key: await importSPKI(spkiPem(encryptionKey.key), 'RSA-OAEP-256'),
        },
        verification: await Promise.all(
          information.publicKeys.map((key) => importSPKI(spkiPem(key.key), 'RS256')),
        ),
      };
    } catch (error) {
      throw new MoadianError('bad-answer', 'کلید عمومی سامانه مودیان خوانده نشد.', {
        cause: error,
      });
    }
  }

  async function cachedKeys(): Promise<CachedKeys> {
    if (keys) {
      try {
        const cached = await keys;
        if (Date.now() - cached.fetchedAt < SERVER_KEY_CACHE_MS) return cached;
      } catch {
        // A failed load is not kept: ask again.
      }
    }
    keys = loadKeys();
    try {
      return await keys;
    } catch (error) {
      keys = null;
      throw error;
    }
  }

  async function confirmationOf(sign: string): Promise<MoadianConfirmation | null> {
    let verification: CryptoKey[];
    try {
      verification = (await cachedKeys()).verification;
    } catch {
      return null;
    }
    for (const key of verification) {
      try {
        const { payload } = await compactVerify(sign, key, { algorithms: ['RS256'] });
        const parsed = confirmationSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
        if (!parsed.success) return null;
        const receivedAt = new Date(parsed.data.receivedDate);
        if (Number.isNaN(receivedAt.getTime())) return null;
        return {
          referenceNumber: parsed.data.referenceNumber,
          clientId: parsed.data.clientId,
          taxId: parsed.data.taxId,
          receivedAt,
        };
      } catch {
        // Not this key's signature: try the next.
      }
    }
    return null;
  }

  async function inquiryResults(call: string, body: unknown): Promise<MoadianInquiryResult[]> {
    const entries = parseAnswer(inquiryAnswerSchema, body, call);
    return Promise.all(
      entries.map(async (entry) => {
        const status = statusOf(entry.status);
        const sign = entry.sign ? entry.sign : null;
        return {
          referenceNumber: entry.referenceNumber ?? null,
          uid: entry.uid ?? null,
          status,
          errors: (entry.data?.error ?? []).map(toMessage),
          warnings: (entry.data?.warning ?? []).map(toMessage),
          packetType: entry.packetType ?? null,
          fiscalId: entry.fiscalId ?? null,
          sign,
          confirmation: status === 'SUCCESS' && sign ? await confirmationOf(sign) : null,
        };
      }),
    );
  }

  function windowOf(query: URLSearchParams, start?: Date, end?: Date): void {
    if (start) query.set('start', formatMoadianTime(start));
    if (end) query.set('end', formatMoadianTime(end));
  }

  async function inquireInChunks(
    call: 'inquiry-by-reference-id' | 'inquiry-by-uid',
    ids: string[],
    build: (chunk: string[]) => URLSearchParams,
  ): Promise<MoadianInquiryResult[]> {
    const results: MoadianInquiryResult[] = [];
    for (let at = 0; at < ids.length; at += MOADIAN_MAX_IDS_PER_INQUIRY) {
      const chunk = ids.slice(at, at + MOADIAN_MAX_IDS_PER_INQUIRY);
      results.push(
        ...(await inquiryResults(
          call,
          await authenticated(call, { method: 'GET', query: build(chunk) }),
        )),
      );
    }
    return results;
  }

  function messagesIn(data: unknown): MoadianMessage[] {
    if (data === null || data === undefined) return [];
    const list = z.array(messageSchema).safeParse(data);
    if (list.success) return list.data.map(toMessage);
    const object = z.object({ error: z.array(messageSchema) }).safeParse(data);
    return object.success ? object.data.error.map(toMessage) : [];
  }

  return {
    async serverInformation() {
      return (await cachedKeys()).information;
    },

    async fiscalInformation() {
      const query = new URLSearchParams({ memoryId: options.credentials.memoryId });
      return parseAnswer(
        fiscalInformationSchema,
        await authenticated('fiscal-information', { method: 'GET', query }),
        'fiscal-information',
      );
    },

    async taxpayer(economicCode) {
      const query = new URLSearchParams({ economicCode });
      const body = await authenticated('taxpayer', { method: 'GET', query }, true);
      return body === null ? null : parseAnswer(taxpayerSchema, body, 'taxpayer');
    },

    async sendInvoices(items) {
      if (items.length > MOADIAN_MAX_INVOICES_PER_REQUEST) {
        throw new RangeError(
          `در یک درخواست حداکثر ${toPersianDigits('1000')} صورتحساب فرستاده می‌شود؛ ${toPersianDigits(String(items.length))} داده شد.`,
        );
      }
      const seen = new Set<string>();
      for (const item of items) {
        if (!UUID.test(item.requestTraceId)) {
          throw new RangeError(`شناسه درخواست «${item.requestTraceId}» UUID نیست.`);
        }
        if (seen.has(item.requestTraceId.toLowerCase())) {
          throw new RangeError(
            `شناسه درخواست «${item.requestTraceId}» در این ارسال تکرار شده است.`,
          );
        }
        seen.add(item.requestTraceId.toLowerCase());
      }
      if (items.length === 0) return [];
      const prepared = await usableSigner();
      const { encryption } = await cachedKeys();
      const packets = [];
      for (const item of items) {
        const signed = await signCompact(prepared, JSON.stringify(item.invoice), now());
        const payload = await new CompactEncrypt(new TextEncoder().encode(signed))
          .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: encryption.id })
          .encrypt(encryption.key);
        packets.push({
          payload,
          header: { requestTraceId: item.requestTraceId, fiscalId: prepared.memoryId },
        });
      }
      const answer = parseAnswer(
        sendAnswerSchema,
        await authenticated('invoice', { method: 'POST', body: packets }),
        'invoice',
      );
      const byUid = new Map(
        answer.result.map((entry) => [(entry.uid ?? '').toLowerCase(), entry] as const),
      );
      return items.map((item) => {
        const entry = byUid.get(item.requestTraceId.toLowerCase());
        return {
          requestTraceId: item.requestTraceId,
          uid: entry?.uid ?? item.requestTraceId,
          referenceNumber: entry?.referenceNumber ?? null,
          errors: messagesIn(entry?.data),
        };
      });
    },

    inquireByReferenceIds(referenceIds, start, end) {
      return inquireInChunks('inquiry-by-reference-id', referenceIds, (chunk) => {
        const query = new URLSearchParams();
        for (const id of chunk) query.append('referenceIds', id);
        windowOf(query, start, end);
        return query;
      });
    },

    inquireByUids(uids, start, end) {
      return inquireInChunks('inquiry-by-uid', uids, (chunk) => {
        const query = new URLSearchParams();
        for (const uid of chunk) query.append('uidList', uid);
        query.set('fiscalId', options.credentials.memoryId);
        windowOf(query, start, end);
        return query;
      });
    },

    async inquireByTime(query) {
      const params = new URLSearchParams();
      windowOf(params, query.start, query.end);
      if (query.status) params.set('status', query.status);
      params.set('pageNumber', String(query.pageNumber ?? 1));
      params.set('pageSize', String(query.pageSize ?? 10));
      return inquiryResults(
        'inquiry',
        await authenticated('inquiry', { method: 'GET', query: params }),
      );
    },
  };
}

// --- test credentials ------------------------------------------------------------------------

/**
 * A 2048-bit RSA key and a self-signed certificate for it, in the shape of MoadianCredentials:
 * for the demo seed and the tests, whose fake accepts any certificate a taxpayer registered
 * (the real API accepts only certificates of Iran's intermediate CAs). The SERIALNUMBER of the
 * subject is the holder's national id, as on real signing certificates.
 */
export async function generateTestCredentials(
  memoryId: string,
  options: { notAfter?: Date; notBefore?: Date; commonName?: string; nationalId?: string } = {},
): Promise<MoadianCredentials> {
  // @peculiar/x509 builds on tsyringe, which needs the Reflect metadata API loaded first; both
  // load only here, so the server does not carry them until a demo or a test asks.
  await import('reflect-metadata');
  const imported = await import('@peculiar/x509');
  // The server's bundle (esbuild, platform node) loads the package's CommonJS build, whose
  // exports come as the `default` of a dynamic import; tsx and vitest load its ES build.
  const x509 =
    'cryptoProvider' in imported
      ? imported
      : (imported as unknown as { default: typeof imported }).default;
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const nowMs = Date.now();
  const dayMs = 86_400_000;
  const notAfter = options.notAfter ?? new Date(nowMs + 365 * dayMs);
  const notBefore =
    options.notBefore ?? new Date(Math.min(nowMs - 60_000, notAfter.getTime() - dayMs));
  const commonName = options.commonName ?? `Vitrin test ${memoryId}`;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex'),
    name: [
      { CN: [commonName] },
      { '2.5.4.5': [options.nationalId ?? '14003778990'] },
      { C: ['IR'] },
    ],
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    // x509's own key type is the DOM's; Node's is the same object under another name.
    keys: keys as unknown as Parameters<
      typeof x509.X509CertificateGenerator.createSelfSigned
    >[0]['keys'],
    extensions: [
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${(pkcs8.toString('base64').match(/.{1,64}/g) ?? []).join('\n')}\n-----END PRIVATE KEY-----\n`;
  return { memoryId, privateKeyPem, certificatePem: certificate.toString('pem') };
}
