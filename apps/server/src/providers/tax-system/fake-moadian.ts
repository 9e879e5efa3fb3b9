import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  randomUUID,
  X509Certificate,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { parseTaxId, taxIdDayOf } from '@vitrin/contracts';
import {
  CompactSign,
  type CryptoKey,
  compactDecrypt,
  compactVerify,
  decodeProtectedHeader,
  importPKCS8,
  importX509,
} from 'jose';
import { notAfterOf, notBeforeOf } from './moadian-client';
import type {
  MoadianInvoice,
  MoadianInvoiceLine,
  MoadianMessage,
  MoadianStatus,
} from './moadian-types';

// A local سامانه مودیان (the tax organisation's e-invoice API, v2) for the tests and the
// product's built-in default, with real crypto and real state. What it does and where it was read:
// - the calls, their parameters and answers (RC_TICS.IS_v1.4, «دستورالعمل فنی اتصال به سامانه
//   مودیان», بهمن ۱۴۰۳, as published in github.com/BaseMax/moadian-api-example): GET nonce
//   (no token; timeToLive 10 to 200 s, default 30; {nonce, expDate}), GET server-information
//   ({serverTime, publicKeys: [{key (base64 SPKI), id, algorithm "RSA", purpose 1}]}, a 4096-bit
//   key), POST invoice (an array of {payload: JWE, header: {requestTraceId, fiscalId}}, at most
//   1000; answers {timestamp, result: [{uid, packetType null, referenceNumber, data null}]}),
//   GET inquiry-by-reference-id (referenceIds…, start, end), inquiry-by-uid (uidList…, fiscalId,
//   start, end), inquiry (start, end, status, pageNumber, pageSize 1–100), each answering
//   [{referenceNumber, uid, status, data: {error, warning, success}, packetType
//   "receive_invoice_confirm", fiscalId, sign}] where sign is a JWS RS256 by the organisation
//   over {referenceNumber, clientId, taxId, receivedDate}, "" unless SUCCESS; the window is the
//   last 24 hours by default and a week at most; fiscal-information?memoryId and
//   taxpayer?economicCode; the token (JWS RS256, x5c, sigT, crit ["sigT"], payload {nonce,
//   clientId}) checked for structure, signature against x5c, the certificate's validity and a
//   nonce used once before it expires; the invoice JWS inside a JWE RSA-OAEP-256 / A256GCM with
//   `kid` the key's id;
// - the official .NET SDK v2 (decompiled in github.com/powerd3v/TaxApp,
//   TaxCollectDataWithPrivateKeyAndCertificateKey.Library): the query names, the inquiry time
//   format "yyyy-MM-ddTHH:mm:ss.fffffff00K", keys reused for an hour, fiscal-information's
//   saleThreshold and taxpayer's taxpayerType;
// - the error codes and messages of RC_TXPS.EC_V02 («کدهای خطای سامانه مودیان», اسفند ۱۴۰۲) as
//   transcribed by public clients (a Python client's error catalogue and a Python mock,
//   moadian_mock_full.py, found through the code index; their repositories were not named there):
//   401 with 4102 (nonce used or expired), 4110 (unknown clientId), 4103 (certificate of another
//   holder), 4130/4135/4136 (token structure, no x5c, unreadable x5c), 4131 (token signature or
//   certificate not valid); 400 with 4143 (over 1000), 4144 (empty or not JSON), 4145 (a packet
//   without payload, requestTraceId or fiscalId), 4162 (requestTraceId not a UUID), 4163 (a
//   requestTraceId twice in one request), 4141 (over 100 ids), 4140/4164 (window backwards or
//   over a week), 4146 (timeToLive), 4147 (malformed parameters); 403 4160; 404 4170/4171; 500
//   5199; and in inquiry answers 04130, 04131 (invoice signature or certificate), 04132
//   (certificate may not sign for the memory id), 04133 (memory id unknown), 04111 (no contract
//   between the sender and the memory id), 04150 (JWE not decryptable); content codes built as
//   EC_V02 builds them: digit 1 error/warning, digit 2 the kind (0 missing, 2 arithmetic rule,
//   3 not matching the system), three digits of the field's number, two of detail; 0300101
//   (taxid: check digit, memory id, day or serial already used, the four causes listed for the
//   older 0301 by accounting vendors, e.g. accpress.com's «پرتکرارترین خطاهای سامانه مؤدیان»),
//   0300601 (irtaxid), 0204501 (vam, with the wording the organisation answered in production:
//   «مقدار فیلد «…» در قلم کالای «1» صورتحساب از لحاظ قواعد محاسباتی و منطقی معتبر نیست.»);
// - the arithmetic (RC_FAQU.LS «سوالات متداول», FAQ 9-4 as the same clients cite it): every Rial
//   amount but fee has no decimals and is cut, not rounded: prdis = ⌊am × fee⌋, adis = prdis −
//   dis, vam = ⌊adis × vra / 100⌋, tsstam = adis + vam + odam + olam; header totals are the sums.
// Inferred where those are silent: the shape of an HTTP refusal ({timestamp, errors: [{code,
// message}]}, the envelope PHP clients read, e.g. github.com/Jooyeshgar/moadian src/Http/
// Response.php); that amounts must match exactly (no tolerance of one Rial); the codes 02FFF01 of
// the other arithmetic fields (only 0204501 was seen in production); that a FAILED invoice does
// not use up its tax id; that a second cancellation of one invoice, a cancellation of a
// cancellation and an irtaxid of another seller are 0300601; that a requestTraceId sent again by
// the same memory id answers the first submission and is not processed twice (the guide only says
// inquiry-by-uid then answers one of them); that an IN_PROGRESS entry's data is {} (EC_V02 p16 as
// cited); NOT_FOUND entries; the verdict is decided on arrival and shown after IN_PROGRESS.
//
// Fault injection: a delay before every answer; the next requests answered with an HTTP 5xx or
// never answered (until the caller gives up or the fake closes); the next nonces issued already
// expired; the next invoice refused with a given code, or ending in TIMEOUT.

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const MAX_INVOICES = 1000;
const MAX_INQUIRY_IDS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIG_T = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z(\+0330)?$/;
const PACKET_TYPE = 'receive_invoice_confirm';

/** The API's own refusals (RC_TXPS.EC_V02 §4) and the transport codes of inquiry answers. */
const API_MESSAGES: Record<string, string> = {
  '4101':
    'ساختار payload در توکن JWT فرستاده شده مطابق با ساختار {"nonce":"string","clientId":"string"} نمی‌باشد.',
  '4102':
    'چالش تصادفی امضا شده در توکن JWT معتبر نمی‌باشد (قبلا استفاده شده یا زمان استفاده آن گذشته است).',
  '4103':
    'کد ملی گواهی امضایی که توکن JWT با آن امضا شده با کد ملی مربوط به شناسه کلاینت قرار داده شده در توکن مطابقت ندارد.',
  '4110': 'شناسه کلاینت (شناسه حافظه) وارد شده در توکن JWT یافت نشد.',
  '4130': 'ساختار توکن JWT فرستاده شده صحیح نیست.',
  '4131': 'امضای توکن JWT یا گواهی امضای فرستاده شده معتبر نمی‌باشد.',
  '4135': 'گواهی امضایی در فیلد x5c یافت نشد.',
  '4136': 'فرمت گواهی امضای ارسالی در فیلد x5c معتبر نمی‌باشد.',
  '4140': 'زمان شروع بازه‌ی استعلام باید قبل از زمان پایان آن باشد.',
  '4141': 'نمی‌توانید در یک درخواست وضعیت بیش از 100 صورتحساب را استعلام بگیرید.',
  '4142': 'مقدار status وارد شده نامعتبر است. مقادیر مجاز: [SUCCESS, FAILED, IN_PROGRESS, TIMEOUT]',
  '4143': 'در یک درخواست نمی‌توانید بیشتر از 1000 صورتحساب ارسال نمایید.',
  '4144': 'بدنه‌ی درخواست ارسالی خالی است یا از نظر ساختار JSON معتبر نیست.',
  '4145':
    'در بدنه‌ی درخواست ارسالی، بعضی از فیلدهای ضروری خالی است (برای هر صورتحساب باید payload، requestTraceId و fiscalId موجود باشد).',
  '4146': 'زمان اعتبار چالش تصادفی باید بین 10 تا 200 ثانیه باشد.',
  '4147': 'فرمت ورودی‌های درخواست نادرست می‌باشد.',
  '4160': 'دسترسی مشاهده اطلاعات شناسه یکتای درخواست شده ممکن نیست.',
  '4162': 'شناسه درخواست (requestTraceId) داخل درخواست معتبر نمی‌باشد.',
  '4163': 'در درخواست ارسالی شناسه درخواست تکراری وجود دارد.',
  '4164': 'بازه زمانی استعلام حداکثر یک هفته است.',
  '4170': 'شماره اقتصادی وارد شده یافت نشد.',
  '4171': 'شماره اقتصادی وارد شده از نظر طول معتبر نیست.',
  '5199': 'خطای غیر منتظره‌ای در انجام درخواست رخ داد.',
  '04111': 'قرارداد شناسه یکتا و شرکت معتمد یافت نشد.',
  '04130': 'ساختار بسته‌ی صورتحساب (encrypted payload) امضا شده صحیح نیست.',
  '04131': 'امضای صورتحساب ارسالی یا گواهی امضایی که صورتحساب با آن امضا شده معتبر نمی‌باشد.',
  '04132':
    'گواهی امضایی که صورتحساب با آن امضا شده، دسترسی صدور و امضای صورتحساب برای این شناسه یکتا را ندارد.',
  '04133': 'شناسه حافظه امضاکننده‌ی صورتحساب یافت نشد/غیر فعال می‌باشد.',
  '04150': 'بسته‌ی JWE صورتحساب ارسالی از نظر ساختاری معتبر نمی‌باشد و امکان رمزگشایی آن وجود ندارد.',
};

/** The numbers and names EC_V02 (table 8) gives the fields the fake checks. */
const FIELDS = {
  taxid: [1, 'شماره منحصر به فرد مالیاتی'],
  indatim: [2, 'تاریخ و زمان صدور صورتحساب (میلادی)'],
  irtaxid: [6, 'شماره منحصر به فرد مالیاتی صورتحساب مرجع'],
  ins: [8, 'موضوع صورتحساب'],
  tins: [9, 'شماره اقتصادی فروشنده'],
  tprdis: [22, 'مجموع مبلغ قبل از کسر تخفیف'],
  tdis: [23, 'مجموع تخفیفات'],
  tadis: [24, 'مجموع مبلغ پس از کسر تخفیف'],
  tvam: [25, 'مجموع مالیات بر ارزش افزوده'],
  todam: [26, 'مجموع سایر مالیات، عوارض و وجوه قانونی'],
  tbill: [27, 'مجموع صورتحساب'],
  sstid: [33, 'شناسه کالا/خدمت'],
  am: [36, 'تعداد/مقدار'],
  fee: [37, 'مبلغ واحد'],
  prdis: [41, 'مبلغ قبل از تخفیف'],
  adis: [43, 'مبلغ بعد از تخفیف'],
  vra: [44, 'نرخ مالیات بر ارزش افزوده'],
  vam: [45, 'مبلغ مالیات بر ارزش افزوده'],
  tsstam: [59, 'مبلغ کل کالا/خدمت'],
  body: [600, 'بدنه'],
} as const satisfies Record<string, readonly [number, string]>;
type Field = keyof typeof FIELDS;

function fieldCode(kind: 0 | 2 | 3, field: Field, detail?: number): string {
  const number = String(FIELDS[field][0]).padStart(3, '0');
  return `0${kind}${number}${detail === undefined ? '' : String(detail).padStart(2, '0')}`;
}

function missing(field: Field): MoadianMessage {
  const message =
    field === 'body'
      ? 'صورتحساب باید حداقل یک قلم کالا داشته باشد.'
      : `فیلد «${FIELDS[field][1]}» خالی است.`;
  return { code: fieldCode(0, field), message, errorType: 'ERROR' };
}

function notMatching(field: Field): MoadianMessage {
  return {
    code: fieldCode(3, field, 1),
    message: `مقدار فیلد «${FIELDS[field][1]}» با اطلاعات سامانه منطبق نیست.`,
    errorType: 'ERROR',
  };
}

function arithmetic(field: Field, line?: number): MoadianMessage {
  const where = line === undefined ? '' : ` در قلم کالای «${line}»`;
  return {
    code: fieldCode(2, field, 1),
    message: `مقدار فیلد «${FIELDS[field][1]}»${where} صورتحساب از لحاظ قواعد محاسباتی و منطقی معتبر نیست.`,
    errorType: 'ERROR',
  };
}

function transportError(code: string): MoadianMessage {
  return { code, message: API_MESSAGES[code] ?? 'خطا', errorType: 'ERROR' };
}

// --- exact decimal arithmetic: the organisation cuts, and floats would round ------------------

/** A finite number as an integer and a power of ten: 12.5 → 125n, 1. */
function scaled(value: number): { int: bigint; scale: number } {
  // Exponent notation (1e-7) is written out; numbers past 1e21 are no invoice's.
  const text = value.toString().includes('e')
    ? value.toFixed(20).replace(/\.?0+$/, '')
    : value.toString();
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount: ${value}`);
  const fraction = match[2] ?? '';
  return { int: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** ⌊a × b / divisor⌋ for non-negative a and b, exactly. */
function cutProduct(a: number, b: number, divisor = 1): number {
  const x = scaled(a);
  const y = scaled(b);
  const denominator = 10n ** BigInt(x.scale + y.scale) * BigInt(divisor);
  return Number((x.int * y.int) / denominator);
}

/** A number an invoice can carry: not negative, below 10^18 Rial. */
function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e18;
}

// --- state -----------------------------------------------------------------------------------

export interface FakeMoadianServerKey {
  /** The organisation's RSA private key, PKCS#8 PEM (4096 bits, as the real one). */
  privateKeyPem: string;
}

/** How long an invoice shows IN_PROGRESS: for its next N inquiries, or for a time. */
export type FakeMoadianProgress = { inquiries: number } | { forMs: number };

export interface FakeMoadianOptions {
  /** A key made beforehand (generateFakeMoadianKey): making a 4096-bit key takes a second. */
  serverKey?: FakeMoadianServerKey;
  /** The key's id in server-information and in `kid`; a UUID by default. */
  keyId?: string;
  now?: () => Date;
  /** Default: each invoice answers IN_PROGRESS to its first inquiry. */
  inProgress?: FakeMoadianProgress;
}

export interface FakeMoadianTaxpayer {
  /** The memory id this taxpayer sends with; absent for a buyer known only by economic code. */
  memoryId?: string;
  economicCode: string;
  name: string;
  nationalId?: string;
  /** When given, only this certificate may sign for the memory id (4103, 04132). */
  certificatePem?: string;
  /** fiscal-information's fiscalStatus; ACTIVE by default. */
  fiscalStatus?: string;
  /** taxpayer's taxpayerStatus; ACTIVE by default. */
  taxpayerStatus?: string;
}

/** An invoice the fake took in (one per requestTraceId and memory id), decoded. */
export interface FakeMoadianSubmission {
  referenceNumber: string;
  requestTraceId: string;
  fiscalId: string;
  /** The memory id whose token sent it. */
  sentBy: string;
  receivedAt: Date;
  /** The invoice as signed; null when it could not be decrypted or its signature failed. */
  invoice: MoadianInvoice | null;
  /** The verdict the inquiries show once IN_PROGRESS is over. */
  verdict: Exclude<MoadianStatus, 'IN_PROGRESS' | 'NOT_FOUND'>;
  errors: MoadianMessage[];
  warnings: MoadianMessage[];
  /** How many inquiries have answered for it. */
  inquiries: number;
}

export interface FakeMoadian {
  /** Answers one request of the API (any path ending in /api/v2/<call>). */
  handle(request: Request): Promise<Response>;
  /** handle() as a fetch, for MoadianClientOptions.fetch: the client talks to it in-process. */
  fetch: typeof fetch;
  /** Resolves once the organisation's key is ready. */
  ready(): Promise<void>;
  /** The id of the fake organisation's key. */
  readonly keyId: string;
  addTaxpayer(taxpayer: FakeMoadianTaxpayer): void;
  /** Waits this long before every answer. */
  setDelay(ms: number): void;
  /** The next `count` requests answer this HTTP status (500 with 5199, others with a page). */
  failNext(count?: number, status?: number): void;
  /** The next `count` requests are never answered, until the caller aborts or close(). */
  hangNext(count?: number): void;
  /** The next `count` nonces are issued already expired: the call using one answers 4102. */
  expireNextNonces(count?: number): void;
  /** The next invoice taken in is refused with this code (its message from the catalogue). */
  rejectNextInvoice(code: string, message?: string): void;
  /** The next invoice taken in ends in TIMEOUT. */
  timeOutNextInvoice(): void;
  /**
   * While on, invoices are taken in and their answers never sent (until the caller aborts or
   * close()): a sender killed between the organisation acting and its own record.
   */
  holdInvoiceAnswers(on: boolean): void;
  setInProgress(progress: FakeMoadianProgress): void;
  /** Every invoice taken in, oldest first (copies). */
  submissions(): readonly FakeMoadianSubmission[];
  /** Requests per call name ("nonce", "invoice", …), failed ones included. */
  requests(): Readonly<Record<string, number>>;
  /** Lets go of hanging requests. */
  close(): void;
}

interface NonceRecord {
  expiresAt: number;
  used: boolean;
}

interface TaxpayerRecord extends FakeMoadianTaxpayer {
  certificateRaw: Buffer | null;
}

/** A fresh 4096-bit RSA key for the fake organisation, made once and shared by tests. */
export async function generateFakeMoadianKey(): Promise<FakeMoadianServerKey> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 4096 });
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

interface ServerKeys {
  decrypt: CryptoKey;
  sign: CryptoKey;
  spkiBase64: string;
}

async function loadServerKeys(key: FakeMoadianServerKey): Promise<ServerKeys> {
  const privateKey: KeyObject = createPrivateKey(key.privateKeyPem);
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    decrypt: await importPKCS8(pkcs8, 'RSA-OAEP-256'),
    sign: await importPKCS8(pkcs8, 'RS256'),
    spkiBase64: createPublicKey(privateKey)
      .export({ type: 'spki', format: 'der' })
      .toString('base64'),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** An inquiry time: "2023-05-14T10:00:00.000000000+03:30" (or any ISO 8601 instant). */
function parseInquiryTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/.exec(
    text,
  );
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0').slice(0, 3);
  const zone =
    match[3] === 'Z' ? 'Z' : (match[3] as string).replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(`${match[1]}.${fraction}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

type Verified =
  | { ok: true; payload: Uint8Array; certificate: X509Certificate }
  | { ok: false; reason: 'structure' | 'no-x5c' | 'bad-x5c' | 'signature' };

/** A compact JWS of the organisation's profile: RS256, x5c, sigT, crit ["sigT"]. */
async function verifyX5cJws(jws: string, now: Date): Promise<Verified> {
  if (jws.split('.').length !== 3) return { ok: false, reason: 'structure' };
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    return { ok: false, reason: 'structure' };
  }
  const crit = header.crit;
  if (
    header.alg !== 'RS256' ||
    !Array.isArray(crit) ||
    !crit.includes('sigT') ||
    typeof header.sigT !== 'string' ||
    !SIG_T.test(header.sigT)
  ) {
    return { ok: false, reason: 'structure' };
  }
  const first = Array.isArray(header.x5c) ? header.x5c[0] : undefined;
  if (typeof first !== 'string' || first === '') return { ok: false, reason: 'no-x5c' };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(first, 'base64'));
  } catch {
    return { ok: false, reason: 'bad-x5c' };
  }
  if (
    now.getTime() < notBeforeOf(certificate).getTime() ||
    now.getTime() > notAfterOf(certificate).getTime()
  ) {
    return { ok: false, reason: 'signature' };
  }
  try {
    const key = await importX509(certificate.toString(), 'RS256');
    const { payload } = await compactVerify(jws, key, {
      algorithms: ['RS256'],
      crit: { sigT: true },
    });
    return { ok: true, payload, certificate };
  } catch {
    return { ok: false, reason: 'signature' };
  }
}

/** The fake organisation, answering web-standard requests (in-process, or behind node:http). */
export function createFakeMoadian(options: FakeMoadianOptions = {}): FakeMoadian {
  const now = options.now ?? (() => new Date());
  const keyId = options.keyId ?? randomUUID();
  const serverKeys: Promise<ServerKeys> = (async () =>
    loadServerKeys(options.serverKey ?? (await generateFakeMoadianKey())))();
  // Keep an early failure from being unhandled; handle() awaits it and reports it.
  serverKeys.catch(() => undefined);

  const taxpayers: TaxpayerRecord[] = [];
  const nonces = new Map<string, NonceRecord>();
  const submissions: FakeMoadianSubmission[] = [];
  const byTrace = new Map<string, FakeMoadianSubmission>();
  const requestCounts: Record<string, number> = {};
  const hanging = new Set<(error: Error) => void>();
  let progress: FakeMoadianProgress = options.inProgress ?? { inquiries: 1 };
  let delayMs = 0;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let hangs = 0;
  let holdingInvoiceAnswers = false;
  let expiredNonces = 0;
  let nextVerdict: { kind: 'reject'; message: MoadianMessage } | { kind: 'timeout' } | null = null;

  function byMemoryId(memoryId: string): TaxpayerRecord | undefined {
    return taxpayers.find((taxpayer) => taxpayer.memoryId === memoryId);
  }

  function refuse(status: number, code: string): Response {
    return json(status, {
      timestamp: now().getTime(),
      errors: [{ code, message: API_MESSAGES[code] ?? 'خطا', detail: null }],
    });
  }

  /** The token's memory id, or the refusal. */
  async function authenticate(request: Request): Promise<TaxpayerRecord | Response> {
    const header = request.headers.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return refuse(401, '4130');
    const verified = await verifyX5cJws(match[1] as string, now());
    if (!verified.ok) {
      const code = { structure: '4130', 'no-x5c': '4135', 'bad-x5c': '4136', signature: '4131' }[
        verified.reason
      ];
      return refuse(401, code);
    }
    let claims: unknown;
    try {
      claims = JSON.parse(new TextDecoder().decode(verified.payload));
    } catch {
      return refuse(401, '4101');
    }
    if (
      typeof claims !== 'object' ||
      claims === null ||
      typeof (claims as { nonce?: unknown }).nonce !== 'string' ||
      typeof (claims as { clientId?: unknown }).clientId !== 'string'
    ) {
      return refuse(401, '4101');
    }
    const { nonce, clientId } = claims as { nonce: string; clientId: string };
    const record = nonces.get(nonce);
    if (!record || record.used || record.expiresAt <= now().getTime()) {
      return refuse(401, '4102');
    }
    record.used = true;
    const taxpayer = byMemoryId(clientId);
    if (!taxpayer) return refuse(401, '4110');
    if (taxpayer.certificateRaw && !taxpayer.certificateRaw.equals(verified.certificate.raw)) {
      return refuse(401, '4103');
    }
    return taxpayer;
  }

  function issueNonce(url: URL): Response {
    const ttlText = url.searchParams.get('timeToLive');
    const ttl = ttlText === null || ttlText === '' ? 30 : Number(ttlText);
    if (!Number.isInteger(ttl) || ttl < 10 || ttl > 200) return refuse(400, '4146');
    const issuedAt = now().getTime();
    for (const [old, record] of nonces) {
      if (record.used || record.expiresAt < issuedAt) nonces.delete(old);
    }
    const nonce = `${randomUUID()}-${issuedAt}`;
    let expiresAt = issuedAt + ttl * 1000;
    if (expiredNonces > 0) {
      expiredNonces -= 1;
      expiresAt = issuedAt - 1;
    }
    nonces.set(nonce, { expiresAt, used: false });
    const expDate = `${new Date(Math.max(expiresAt, 0)).toISOString().slice(0, 23)}000000Z`;
    return json(200, { nonce, expDate });
  }

  // --- invoices ------------------------------------------------------------------------------

  function accepted(): FakeMoadianSubmission[] {
    return submissions.filter((submission) => submission.verdict === 'SUCCESS');
  }

  function checkTaxId(invoice: MoadianInvoice, fiscalId: string): MoadianMessage[] {
    const { taxid, indatim } = invoice.header;
    if (typeof taxid !== 'string' || taxid === '') return [missing('taxid')];
    if (typeof indatim !== 'number' || !Number.isFinite(indatim)) return [missing('indatim')];
    const parts = parseTaxId(taxid);
    const reused = accepted().some((earlier) => earlier.invoice?.header.taxid === taxid);
    if (!parts || parts.memoryId !== fiscalId || parts.day !== taxIdDayOf(indatim) || reused) {
      return [notMatching('taxid')];
    }
    return [];
  }

  function checkReference(invoice: MoadianInvoice): MoadianMessage[] {
    const { ins, irtaxid, tins } = invoice.header;
    if (ins === 1) return [];
    if (typeof irtaxid !== 'string' || irtaxid === '') return [missing('irtaxid')];
    const reference = accepted().find((earlier) => earlier.invoice?.header.taxid === irtaxid);
    if (!reference?.invoice || reference.invoice.header.tins !== tins) {
      return [notMatching('irtaxid')];
    }
    if (reference.invoice.header.ins === 3) return [notMatching('irtaxid')];
    const cancelled = accepted().some(
      (earlier) => earlier.invoice?.header.ins === 3 && earlier.invoice.header.irtaxid === irtaxid,
    );
    return cancelled ? [notMatching('irtaxid')] : [];
  }

  function checkLines(invoice: MoadianInvoice): MoadianMessage[] {
    const errors: MoadianMessage[] = [];
    const lines: MoadianInvoiceLine[] = Array.isArray(invoice.body) ? invoice.body : [];
    if (lines.length === 0) return [missing('body')];
    const sums = { prdis: 0, dis: 0, adis: 0, vam: 0, other: 0, tsstam: 0 };
    let summable = true;
    lines.forEach((line, index) => {
      const at = index + 1;
      if (typeof line.sstid !== 'string' || line.sstid === '') errors.push(missing('sstid'));
      const numbers = { am: line.am, fee: line.fee, prdis: line.prdis, adis: line.adis };
      const more = { vra: line.vra, vam: line.vam, tsstam: line.tsstam };
      const absent = (Object.entries({ ...numbers, ...more }) as [Field, unknown][]).filter(
        ([, value]) => !isAmount(value),
      );
      if (absent.length > 0) {
        for (const [field] of absent) errors.push(missing(field));
        summable = false;
        return;
      }
      const dis = isAmount(line.dis) ? line.dis : 0;
      const other = (isAmount(line.odam) ? line.odam : 0) + (isAmount(line.olam) ? line.olam : 0);
      if (line.prdis !== cutProduct(line.am, line.fee)) errors.push(arithmetic('prdis', at));
      if (line.adis !== line.prdis - dis) errors.push(arithmetic('adis', at));
      if (line.vam !== cutProduct(line.adis, line.vra, 100)) errors.push(arithmetic('vam', at));
      if (line.tsstam !== line.adis + line.vam + other) errors.push(arithmetic('tsstam', at));
      sums.prdis += line.prdis;
      sums.dis += dis;
      sums.adis += line.adis;
      sums.vam += line.vam;
      sums.other += other;
      sums.tsstam += line.tsstam;
    });
    if (!summable) return errors;
    const header = invoice.header;
    const totals: [Field, number | undefined, number][] = [
      ['tprdis', header.tprdis, sums.prdis],
      ['tdis', header.tdis, sums.dis],
      ['tadis', header.tadis, sums.adis],
      ['tvam', header.tvam, sums.vam],
      ['todam', header.todam, sums.other],
      ['tbill', header.tbill, sums.tsstam],
    ];
    for (const [field, given, sum] of totals) {
      if (!isAmount(given)) errors.push(missing(field));
      else if (given !== sum) errors.push(arithmetic(field));
    }
    return errors;
  }

  function judgeContent(invoice: MoadianInvoice, fiscalId: string): MoadianMessage[] {
    if (typeof invoice.header !== 'object' || invoice.header === null) return [missing('taxid')];
    const errors = [...checkTaxId(invoice, fiscalId)];
    const { ins, tins } = invoice.header;
    if (ins !== 1 && ins !== 2 && ins !== 3 && ins !== 4) return [...errors, missing('ins')];
    if (typeof tins !== 'string' || tins === '') errors.push(missing('tins'));
    errors.push(...checkReference(invoice));
    // A cancellation carries no lines: the organisation takes them from the reference.
    if (ins !== 3) errors.push(...checkLines(invoice));
    return errors;
  }

  async function takeIn(
    packet: { payload: string; requestTraceId: string; fiscalId: string },
    sender: TaxpayerRecord,
  ): Promise<FakeMoadianSubmission> {
    const keys = await serverKeys;
    const receivedAt = now();
    const submission: FakeMoadianSubmission = {
      referenceNumber: randomUUID(),
      requestTraceId: packet.requestTraceId,
      fiscalId: packet.fiscalId,
      sentBy: sender.memoryId as string,
      receivedAt,
      invoice: null,
      verdict: 'FAILED',
      errors: [],
      warnings: [],
      inquiries: 0,
    };
    const fail = (code: string) => {
      submission.errors = [transportError(code)];
      return submission;
    };
    let signed: string;
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(packet.payload, keys.decrypt, {
        keyManagementAlgorithms: ['RSA-OAEP-256'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      if (protectedHeader.kid !== keyId) return fail('04150');
      signed = new TextDecoder().decode(plaintext);
    } catch {
      return fail('04150');
    }
    const verified = await verifyX5cJws(signed, receivedAt);
    if (!verified.ok) return fail(verified.reason === 'signature' ? '04131' : '04130');
    let invoice: MoadianInvoice;
    try {
      invoice = JSON.parse(new TextDecoder().decode(verified.payload)) as MoadianInvoice;
    } catch {
      return fail('04130');
    }
    if (typeof invoice !== 'object' || invoice === null || Array.isArray(invoice)) {
      return fail('04130');
    }
    submission.invoice = invoice;
    const owner = byMemoryId(packet.fiscalId);
    if (owner?.fiscalStatus !== 'ACTIVE') return fail('04133');
    if (owner.memoryId !== sender.memoryId) return fail('04111');
    if (owner.certificateRaw && !owner.certificateRaw.equals(verified.certificate.raw)) {
      return fail('04132');
    }
    const forced = nextVerdict;
    nextVerdict = null;
    if (forced?.kind === 'reject') {
      submission.errors = [forced.message];
      return submission;
    }
    if (forced?.kind === 'timeout') {
      submission.verdict = 'TIMEOUT';
      return submission;
    }
    submission.errors = judgeContent(invoice, packet.fiscalId);
    if (submission.errors.length === 0) submission.verdict = 'SUCCESS';
    return submission;
  }

  async function receiveInvoices(request: Request, sender: TaxpayerRecord): Promise<Response> {
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return refuse(400, '4144');
    }
    if (!Array.isArray(body) || body.length === 0) return refuse(400, '4144');
    if (body.length > MAX_INVOICES) return refuse(400, '4143');
    const packets: { payload: string; requestTraceId: string; fiscalId: string }[] = [];
    for (const item of body as unknown[]) {
      const payload = (item as { payload?: unknown } | null)?.payload;
      const header = (item as { header?: { requestTraceId?: unknown; fiscalId?: unknown } } | null)
        ?.header;
      if (
        typeof payload !== 'string' ||
        payload === '' ||
        typeof header?.requestTraceId !== 'string' ||
        header.requestTraceId === '' ||
        typeof header.fiscalId !== 'string' ||
        header.fiscalId === ''
      ) {
        return refuse(400, '4145');
      }
      if (!UUID.test(header.requestTraceId)) return refuse(400, '4162');
      packets.push({ payload, requestTraceId: header.requestTraceId, fiscalId: header.fiscalId });
    }
    const traces = new Set(packets.map((packet) => packet.requestTraceId.toLowerCase()));
    if (traces.size !== packets.length) return refuse(400, '4163');
    const result = [];
    for (const packet of packets) {
      const trace = `${packet.fiscalId}:${packet.requestTraceId.toLowerCase()}`;
      let submission = byTrace.get(trace);
      if (!submission) {
        submission = await takeIn(packet, sender);
        byTrace.set(trace, submission);
        submissions.push(submission);
      }
      result.push({
        uid: packet.requestTraceId,
        packetType: null,
        referenceNumber: submission.referenceNumber,
        data: null,
      });
    }
    return json(200, { timestamp: now().getTime(), result });
  }

  // --- inquiries -----------------------------------------------------------------------------

  async function receipt(submission: FakeMoadianSubmission): Promise<string> {
    const keys = await serverKeys;
    const sigT = `${now().toISOString().slice(0, 19)}Z`;
    const payload = {
      referenceNumber: submission.referenceNumber,
      clientId: submission.sentBy,
      taxId: submission.invoice?.header.taxid ?? '',
      receivedDate: submission.receivedAt.toISOString(),
    };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'RS256', sigT })
      .sign(keys.sign);
  }

  function visibleStatus(submission: FakeMoadianSubmission): MoadianStatus {
    submission.inquiries += 1;
    const pending =
      'inquiries' in progress
        ? submission.inquiries <= progress.inquiries
        : now().getTime() - submission.receivedAt.getTime() < progress.forMs;
    return pending ? 'IN_PROGRESS' : submission.verdict;
  }

  async function entryOf(submission: FakeMoadianSubmission): Promise<unknown> {
    const status = visibleStatus(submission);
    const base = {
      referenceNumber: submission.referenceNumber,
      uid: submission.requestTraceId,
      status,
      packetType: PACKET_TYPE,
      fiscalId: submission.fiscalId,
    };
    if (status === 'IN_PROGRESS') return { ...base, data: {}, sign: '' };
    return {
      ...base,
      data: {
        error: submission.errors,
        warning: submission.warnings,
        success: status === 'SUCCESS',
      },
      sign: status === 'SUCCESS' ? await receipt(submission) : '',
    };
  }

  function notFound(referenceNumber: string | null, uid: string | null): unknown {
    return {
      referenceNumber,
      uid,
      status: 'NOT_FOUND',
      data: null,
      packetType: null,
      fiscalId: null,
      sign: '',
    };
  }

  /** The window of an inquiry: the last 24 hours unless start and end say otherwise. */
  function windowOf(url: URL): { start: number; end: number } | Response {
    const startText = url.searchParams.get('start');
    const endText = url.searchParams.get('end');
    const start = startText ? parseInquiryTime(startText) : null;
    const end = endText ? parseInquiryTime(endText) : null;
    if ((startText && !start) || (endText && !end)) return refuse(400, '4147');
    const endMs = end?.getTime() ?? now().getTime();
    const startMs = start?.getTime() ?? endMs - DAY_MS;
    if (startMs > endMs) return refuse(400, '4140');
    if (endMs - startMs > WEEK_MS) return refuse(400, '4164');
    return { start: startMs, end: endMs };
  }

  function inWindow(submission: FakeMoadianSubmission, window: { start: number; end: number }) {
    const at = submission.receivedAt.getTime();
    return at >= window.start && at <= window.end;
  }

  async function inquireByIds(
    url: URL,
    sender: TaxpayerRecord,
    by: 'reference' | 'uid',
  ): Promise<Response> {
    const ids = url.searchParams.getAll(by === 'reference' ? 'referenceIds' : 'uidList');
    if (ids.length === 0) return refuse(400, '4147');
    if (ids.length > MAX_INQUIRY_IDS) return refuse(400, '4141');
    if (by === 'uid') {
      const fiscalId = url.searchParams.get('fiscalId');
      if (!fiscalId) return refuse(400, '4147');
      if (fiscalId !== sender.memoryId) return refuse(403, '4160');
    }
    const window = windowOf(url);
    if (window instanceof Response) return window;
    const entries = [];
    for (const id of ids) {
      const submission = submissions.find(
        (candidate) =>
          candidate.sentBy === sender.memoryId &&
          inWindow(candidate, window) &&
          (by === 'reference'
            ? candidate.referenceNumber === id
            : candidate.requestTraceId.toLowerCase() === id.toLowerCase()),
      );
      entries.push(
        submission
          ? await entryOf(submission)
          : by === 'reference'
            ? notFound(id, null)
            : notFound(null, id),
      );
    }
    return json(200, entries);
  }

  async function inquireByTime(url: URL, sender: TaxpayerRecord): Promise<Response> {
    const window = windowOf(url);
    if (window instanceof Response) return window;
    const status = url.searchParams.get('status');
    if (status && !['SUCCESS', 'FAILED', 'IN_PROGRESS', 'TIMEOUT'].includes(status)) {
      return refuse(400, '4142');
    }
    const pageNumber = Number(url.searchParams.get('pageNumber') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '10');
    if (
      !Number.isInteger(pageNumber) ||
      pageNumber < 1 ||
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > 100
    ) {
      return refuse(400, '4147');
    }
    const mine = submissions.filter(
      (submission) => submission.sentBy === sender.memoryId && inWindow(submission, window),
    );
    const entries: unknown[] = [];
    for (const submission of mine) {
      const entry = (await entryOf(submission)) as { status: string };
      if (!status || entry.status === status) entries.push(entry);
    }
    return json(200, entries.slice((pageNumber - 1) * pageSize, pageNumber * pageSize));
  }

  // --- routing -------------------------------------------------------------------------------

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  function hang(signal: AbortSignal): Promise<Response> {
    return new Promise((_, reject) => {
      const release = (error: Error) => {
        hanging.delete(release);
        reject(error);
      };
      hanging.add(release);
      signal.addEventListener('abort', () => release(signal.reason as Error), { once: true });
    });
  }

  async function route(request: Request, call: string, url: URL): Promise<Response> {
    if (call === 'nonce') return request.method === 'GET' ? issueNonce(url) : refuse(405, '4147');
    const keys = await serverKeys;
    const sender = await authenticate(request);
    if (sender instanceof Response) return sender;
    switch (call) {
      case 'server-information':
        return json(200, {
          serverTime: now().getTime(),
          publicKeys: [{ key: keys.spkiBase64, id: keyId, algorithm: 'RSA', purpose: 1 }],
        });
      case 'invoice': {
        if (request.method !== 'POST') return refuse(405, '4147');
        const answer = await receiveInvoices(request, sender);
        // The invoices are taken in; the answer never leaves (a sender killed meanwhile).
        if (holdingInvoiceAnswers) return hang(request.signal);
        return answer;
      }
      case 'inquiry-by-reference-id':
        return inquireByIds(url, sender, 'reference');
      case 'inquiry-by-uid':
        return inquireByIds(url, sender, 'uid');
      case 'inquiry':
        return inquireByTime(url, sender);
      case 'fiscal-information': {
        const memoryId = url.searchParams.get('memoryId');
        if (!memoryId) return refuse(400, '4147');
        if (memoryId !== sender.memoryId) return refuse(403, '4160');
        return json(200, {
          nameTrade: sender.name,
          fiscalStatus: sender.fiscalStatus,
          saleThreshold: null,
          nationalId: sender.nationalId ?? null,
          economicCode: sender.economicCode,
        });
      }
      case 'taxpayer': {
        const economicCode = url.searchParams.get('economicCode') ?? '';
        if (!/^(\d{11}|\d{14})$/.test(economicCode)) return refuse(404, '4171');
        const found = taxpayers.find((taxpayer) => taxpayer.economicCode === economicCode);
        if (!found) return refuse(404, '4170');
        return json(200, {
          nameTrade: found.name,
          taxpayerStatus: found.taxpayerStatus,
          taxpayerType: null,
          nationalId: found.nationalId ?? null,
        });
      }
      default:
        return refuse(404, '4147');
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const call = /\/api\/v2\/([a-z-]+)\/?$/.exec(url.pathname)?.[1] ?? url.pathname;
    requestCounts[call] = (requestCounts[call] ?? 0) + 1;
    if (delayMs > 0) await sleep(delayMs, request.signal);
    if (hangs > 0) {
      hangs -= 1;
      return hang(request.signal);
    }
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      if (failures.status === 500) return refuse(500, '5199');
      return new Response(
        `<html><body><h1>${failures.status}</h1><p>سرویس در دسترس نیست.</p></body></html>`,
        { status: failures.status, headers: { 'content-type': 'text/html; charset=utf-8' } },
      );
    }
    return route(request, call, url);
  }

  return {
    keyId,

    async ready() {
      await serverKeys;
    },

    handle,

    fetch: (input, init) => handle(new Request(input, init)),

    addTaxpayer(taxpayer) {
      taxpayers.push({
        ...taxpayer,
        fiscalStatus: taxpayer.fiscalStatus ?? 'ACTIVE',
        taxpayerStatus: taxpayer.taxpayerStatus ?? 'ACTIVE',
        certificateRaw: taxpayer.certificatePem
          ? new X509Certificate(taxpayer.certificatePem).raw
          : null,
      });
    },

    setDelay(ms) {
      delayMs = ms;
    },

    failNext(count = 1, status = 500) {
      failures = { count, status };
    },

    hangNext(count = 1) {
      hangs = count;
    },

    expireNextNonces(count = 1) {
      expiredNonces = count;
    },

    rejectNextInvoice(code, message) {
      nextVerdict = {
        kind: 'reject',
        message: {
          code,
          message: message ?? API_MESSAGES[code] ?? 'صورتحساب معتبر نیست.',
          errorType: 'ERROR',
        },
      };
    },

    timeOutNextInvoice() {
      nextVerdict = { kind: 'timeout' };
    },

    holdInvoiceAnswers(on) {
      holdingInvoiceAnswers = on;
    },

    setInProgress(next) {
      progress = next;
    },

    submissions() {
      return submissions.map((submission) => structuredClone(submission));
    },

    requests() {
      return { ...requestCounts };
    },

    close() {
      for (const release of [...hanging]) release(new Error('the fake Moadian closed'));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The fake over HTTP on 127.0.0.1 (a free port); `url` is the base URL for the client. */
export async function startFakeMoadianServer(options: FakeMoadianOptions = {}): Promise<{
  url: string;
  fake: FakeMoadian;
  close(): Promise<void>;
}> {
  const fake = createFakeMoadian(options);
  await fake.ready();
  const server = createServer(async (req, res) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('the client went away'));
    });
    try {
      const body = await readBody(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const method = req.method ?? 'GET';
      const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
        method,
        headers,
        signal: controller.signal,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      });
      const response = await fake.handle(request);
      const answer = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(answer);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/requestsmanager/api/v2/`,
    fake,
    async close() {
      fake.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
