import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  ANDROID_FIRST_VERSION,
  ANDROID_VERSION,
  APP_VERSION_PATTERN,
  ONLINE_GATEWAYS,
  type OnlineGateway,
} from '@vitrin/contracts';
import { z } from 'zod';
import { type DatabasePoolSettings, DEFAULT_DATABASE_POOL } from './db/pool-settings';
import {
  ACCESS_TOKEN_KEY_ID_PATTERN,
  type AccessTokenKeys,
  DEFAULT_ACCESS_TOKEN_KEY_ID,
  parseVerifyOnlyKeys,
} from './lib/access-token-keys';
import { compareVersions } from './lib/app-versions';
import { compileProxyTrust, type TrustProxySetting } from './lib/client-address';
import type { S3Settings } from './lib/s3-file-store';
import { newSecretKeyText, parseSecretKeys, type SecretKey } from './lib/secret-box';
import { serverRoot } from './paths';
import type { MailSettings } from './providers/email/create-mail-sender';
import {
  ZARINPAL_API_BASE_URL,
  ZARINPAL_START_PAY_URL,
  type ZarinpalSettings,
} from './providers/payment/zarinpal-gateway';
import {
  ZIBAL_API_BASE_URL,
  ZIBAL_START_PAY_URL,
  type ZibalSettings,
} from './providers/payment/zibal-gateway';

const MIN_SECRET_LENGTH = 32;
const JWT_SECRET_FILE = 'jwt-secret';
const SECRET_KEYS_FILE = 'secret-keys';
const DEFAULT_MAIL_FROM = 'ویترین <no-reply@vitrin.localhost>';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** proxy-addr's named ranges, allowed in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_EXAMPLES =
  'write the number of proxies in front (TRUST_PROXY=1 for one nginx or load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)';

/** Why a TRUST_PROXY list of addresses cannot be used, or null when it can. */
function proxyListProblem(addresses: string[]): string | null {
  // proxy-addr also reads `1.5` or `0x7f000001` as IPv4 addresses: only the usual forms here.
  const odd = addresses.find(
    (address) => !PROXY_RANGE_NAMES.has(address) && isIP(address.split('/')[0] ?? '') === 0,
  );
  if (odd !== undefined) return `invalid IP address: ${odd}`;
  try {
    compileProxyTrust(addresses);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * TRUST_PROXY: the number of proxies in front, or their addresses and CIDRs. `true` would make
 * the leftmost `X-Forwarded-For` entry, which any client writes, the client's address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxySetting => {
    if (/^(false|0+)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (/^(true|yes|on)$/i.test(value)) {
      context.addIssue({
        code: 'custom',
        message: `"${value}" trusts every hop, so any client can choose its own address; ${TRUST_PROXY_EXAMPLES}`,
      });
      return z.NEVER;
    }
    const addresses = value
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== '');
    const problem = proxyListProblem(addresses);
    if (problem !== null) {
      context.addIssue({
        code: 'custom',
        message: `"${value}" is neither a number of proxies nor a list of their addresses (${problem}); ${TRUST_PROXY_EXAMPLES}`,
      });
      return z.NEVER;
    }
    return addresses.length > 0 ? addresses : false;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * Apply pending migrations when the server starts. Default: yes, but for production on
   * PostgreSQL, where `npm run migrate` is its own step and a node refuses a database that is
   * behind (several nodes starting at once must not each migrate).
   */
  MIGRATE_ON_START: flag.optional(),
  /** Connections each node keeps to PostgreSQL at most. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** A statement running longer is cancelled (0: never). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** A session idle inside an open transaction longer is ended (0: never). */
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How long to wait for a new connection before the call fails. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Statement texts each connection keeps prepared for reuse (0: none, for a pooler). */
  DB_PREPARED_STATEMENTS: z.coerce.number().int().min(0).max(10_000).default(500),
  /**
   * TLS to PostgreSQL: `disable`, `require` (encrypted, server not verified) or `verify-full`
   * (its certificate checked against DB_SSL_CA_FILE, or the system's CAs). Unset: as DATABASE_URL says.
   */
  DB_SSL: z.enum(['disable', 'require', 'verify-full']).optional(),
  DB_SSL_CA_FILE: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Days the errors people's browsers and apps report are kept. */
  ERROR_REPORT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Bearer token a Prometheus scrape of /metrics shows; unset: private addresses only. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /** Production on PostgreSQL runs several nodes, which need REDIS_URL; true says there is one. */
  SINGLE_NODE: flag.default(false),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs access tokens (and hashes sign-in codes); its id goes in each token's `kid`. */
  JWT_SECRET: z.string().min(MIN_SECRET_LENGTH).optional(),
  JWT_KEY_ID: z
    .string()
    .regex(ACCESS_TOKEN_KEY_ID_PATTERN, 'letters, digits, ".", "_" or "-", at most 40')
    .default(DEFAULT_ACCESS_TOKEN_KEY_ID),
  /** `id:secret,…`: keys still accepted but not used to sign (the previous or the next key). */
  JWT_VERIFY_KEYS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: trustProxy.optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(256 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('vitrin:'),
  SEED_DEMO_DATA: flag.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** The built tracker customers embed (apps/tracker/dist/tracker.js), served at /live/tracker.js. */
  TRACKER_SCRIPT_FILE: z.string().min(1).optional(),
  /**
   * Other origins whose pages may call the API (comma list): the Android app's WebView serves
   * its bundle from https://localhost (Capacitor); the web app is same-origin and needs none.
   */
  CORS_ORIGINS: z
    .string()
    .default('https://localhost,capacitor://localhost')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^(https?|capacitor)$/ }))),
  /** The Android APK this site hands out (default DATA_DIR/downloads/vitrin-android.apk). */
  ANDROID_APK_FILE: z.string().min(1).optional(),
  /** The Android version offered as newest (default: this build's ANDROID_VERSION). */
  ANDROID_LATEST_VERSION: z.string().regex(APP_VERSION_PATTERN).optional(),
  /** Android apps below this version are asked to update before use. */
  ANDROID_MIN_VERSION: z.string().regex(APP_VERSION_PATTERN).default(ANDROID_FIRST_VERSION),
  /** The app's pages on the two Iranian app stores; unset, the site does not link them. */
  CAFE_BAZAAR_URL: z.url({ protocol: /^https$/ }).optional(),
  MYKET_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Live sockets (trackers and panels) one address may open per minute. */
  LIVE_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SMS_PROVIDER: z.enum(['console', 'kavenegar']).default('console'),
  KAVENEGAR_API_KEY: z.string().min(10).optional(),
  KAVENEGAR_TEMPLATE: z.string().min(1).optional(),
  KAVENEGAR_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.kavenegar.com'),
  /** How often the checkout jobs run (expire orders, reconcile payments); 0 turns them off. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Past these the server answers 503 with Retry-After instead of taking more work (0: not
   * checked). The event loop's delay is checked by default in production on PostgreSQL only:
   * the embedded database runs on the same thread and holds it for long stretches by design.
   */
  PRESSURE_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  PRESSURE_MAX_HEAP_BYTES: z.coerce.number().int().min(0).default(0),
  PRESSURE_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  PRESSURE_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(10),
  /** Run queued jobs (provisioning, notifications) on this node; off, it only queues them. */
  JOB_WORKERS: flag.default(true),
  /**
   * Keys that seal panel credentials and account passwords (AES-256-GCM): `id:base64key`, the
   * first seals, all open (rotation). Unset: one generated in DATA_DIR/secret-keys and kept.
   */
  SECRET_KEYS: z.string().min(1).optional(),
  /** How long one call to a hosting panel may take before it counts as failed (and is retried). */
  PANEL_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(15_000),
  /**
   * Where domains' DNS zones live (issue 38): `database` keeps them here and answers no DNS
   * query (npm start's default; the page says so); `powerdns` writes them to a PowerDNS
   * authoritative server through its HTTP API.
   */
  DNS_SERVER: z.enum(['database', 'powerdns']).default('database'),
  /** How long one call to a domain registry may take before it counts as failed (and is retried). */
  REGISTRAR_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** How long one call to the tax organisation's سامانه مودیان may take (issue 39). */
  TAX_SYSTEM_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
  /**
   * Where the tax system's `sandbox` and `production` environments are reached instead of the
   * organisation's own addresses: a proxy the company's network requires (…/api/v2/).
   */
  TAX_SYSTEM_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** PowerDNS's API, without `/api/v1`: `http://127.0.0.1:8081`. */
  POWERDNS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  POWERDNS_API_KEY: z.string().min(8).optional(),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  /** `smtp://user:pass@host:587` (STARTTLS) or `smtps://…:465`; required with MAIL_TRANSPORT=smtp. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** Where staff are told by e-mail that a service needs them (comma list); unset: console only. */
  STAFF_ALERT_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter((address) => address !== ''),
    )
    .pipe(z.array(z.email())),
  /** One gateway (kept for older environment files); PAYMENT_GATEWAYS names several. */
  PAYMENT_GATEWAY: z.enum(ONLINE_GATEWAYS).optional(),
  /** The gateways this server drives, comma-separated (`zarinpal,zibal`); staff order them. */
  PAYMENT_GATEWAYS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    )
    .pipe(z.array(z.enum(ONLINE_GATEWAYS))),
  ZIBAL_MERCHANT: z.string().min(1).max(64).optional(),
  ZIBAL_API_BASE_URL: z.url({ protocol: /^https?$/ }).default(ZIBAL_API_BASE_URL),
  ZIBAL_START_PAY_URL: z.url({ protocol: /^https?$/ }).default(ZIBAL_START_PAY_URL),
  // Any 8-4-4-4-12 hex code: ZarinPal's merchant codes need not be RFC 4122 UUIDs.
  ZARINPAL_MERCHANT_ID: z.guid().optional(),
  ZARINPAL_API_BASE_URL: z.url({ protocol: /^https?$/ }).default(ZARINPAL_API_BASE_URL),
  ZARINPAL_START_PAY_URL: z.url({ protocol: /^https?$/ }).default(ZARINPAL_START_PAY_URL),
  FILE_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // MinIO, ArvanCloud and Liara take `endpoint/bucket/key`; AWS prefers `bucket.endpoint/key`.
  S3_FORCE_PATH_STYLE: flag.default(true),
});

const otlpProtocol = z.enum(['http/protobuf', 'http/json'], {
  error: 'http/protobuf or http/json (OTLP over HTTP; grpc is not supported)',
});

/**
 * The OpenTelemetry settings that decide whether and where the server traces (issue 23), under
 * their standard names. Kept apart from envSchema: the SDK reads more OTEL_* settings itself
 * (OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_*, OTEL_RESOURCE_ATTRIBUTES).
 */
const tracingEnvSchema = z.object({
  /** Unset, with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT unset too: no tracing, no SDK loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(255).default('vitrin'),
  OTEL_SDK_DISABLED: flag.default(false),
});

/** Where and how the server sends its spans; `null` in AppConfig: tracing is off. */
export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
}

/** The OTEL_* settings: null without an OTLP endpoint, problems listed in `problems`. */
function tracingOf(env: Env, problems: string[]): TracingSettings | null {
  const parsed = tracingEnvSchema.safeParse(env);
  if (!parsed.success) {
    problems.push(
      ...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
    return null;
  }
  const settings = parsed.data;
  const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  // The standard: the signal's own endpoint is used as given, the general one gets /v1/traces.
  const tracesUrl =
    settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!tracesUrl || settings.OTEL_SDK_DISABLED) return null;
  return {
    tracesUrl,
    protocol:
      settings.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
      settings.OTEL_EXPORTER_OTLP_PROTOCOL ??
      'http/protobuf',
    serviceName: settings.OTEL_SERVICE_NAME,
  };
}

/** Every setting the server reads from its environment (deploy/vitrin.env.example lists each). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type SmsSettings =
  | { provider: 'console'; outboxDir: string | null }
  | { provider: 'kavenegar'; apiKey: string; template: string; baseUrl: string };

/** Android app distribution (issue 9): which versions are current and where to get the app. */
export interface AndroidDistributionSettings {
  latestVersion: string;
  minimumVersion: string;
  /** Served at /downloads/ while the file exists (checked on each request); null: never. */
  apkFile: string | null;
  cafeBazaarUrl: string | null;
  myketUrl: string | null;
}

/** Where uploads live: `DATA_DIR/uploads` (memory without a data directory), or an S3 bucket. */
export type FileStoreSettings = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

export type Env = Record<string, string | undefined>;

/** When the server sheds load (@fastify/under-pressure); 0 turns a check off. */
export interface PressureLimits {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  retryAfterSeconds: number;
  /** How often the process is measured. */
  sampleIntervalMs: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: embedded PGlite in `dataDir/db` (or in memory when `dataDir` is null). */
  databaseUrl: string | undefined;
  /** Migrate at start; otherwise refuse to start on a database with pending migrations. */
  migrateOnStart: boolean;
  /** How each node talks to PostgreSQL (DATABASE_URL); the embedded database ignores it. */
  databasePool: DatabasePoolSettings;
  /** Null keeps everything in memory: tests. */
  dataDir: string | null;
  /** In-memory embedded database only: start from this dump (tests; never from the env). */
  embeddedDatabaseTemplate?: Blob;
  redisUrl: string | undefined;
  /** Every Redis key starts with it, so environments (and test runs) can share one server. */
  redisKeyPrefix: string;
  publicUrl: string;
  /** The key that signs access tokens and those still accepted (key rotation, issue 23). */
  accessTokenKeys: AccessTokenKeys;
  logLevel: string;
  /** Proxies whose `X-Forwarded-For` entries are believed; false: the socket's peer is the client. */
  trustProxy: TrustProxySetting;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /** Fill an empty database with the demo seed (npm start's seed step; a seed given to buildApp). */
  seedDemoData: boolean;
  /** Built web app to serve, or null when there is none (API-only, tests). */
  webDistDir: string | null;
  /** The tracker script to serve, or null when it is not built (answers 404 then). */
  trackerScriptFile: string | null;
  liveConnectsPerMinute: number;
  /** Origins allowed to call the API from another origin (the Android app); no cookies. */
  corsOrigins: string[];
  sms: SmsSettings;
  mail: MailSettings;
  staffAlertEmails: string[];
  /** One call to a hosting panel; provisioning jobs are given up as stuck after a few of these. */
  panelTimeoutMs: number;
  /** One call to a domain registry; registration jobs are taken for stuck after a few. */
  registrarTimeoutMs: number;
  /** The tax organisation's API (issue 39): its time per call, and an address to use instead. */
  taxSystem: { timeoutMs: number; url: string | undefined };
  /** Where DNS zones are kept (issue 38). */
  dns: { kind: 'database' } | { kind: 'powerdns'; apiUrl: string; apiKey: string };
  /** The first seals, every one opens (lib/secret-box.ts). */
  secretKeys: SecretKey[];
  /**
   * The online gateways this server can drive, in the settings' order: `sandbox` pays without
   * a bank (demo, tests); `zarinpal` needs `zarinpal` set, `zibal` needs `zibal`.
   */
  paymentGateways: OnlineGateway[];
  /** Null: the periodic jobs are not queued on a timer (tests run them by hand). */
  /** Days client error reports are kept before the periodic job deletes them. */
  clientErrorRetentionDays: number;
  /** A scrape of /metrics shows it as a bearer token; undefined: private addresses only. */
  metricsToken: string | undefined;
  /** Load shedding (the PRESSURE_* settings); 0 turns a check off. */
  pressure: PressureLimits;
  jobsIntervalMs: number | null;
  /** Run queued jobs on this node; false: jobs wait in the queue (tests drain them by hand). */
  jobWorkers: boolean;
  zarinpal: ZarinpalSettings | null;
  zibal: ZibalSettings | null;
  fileStore: FileStoreSettings;
  androidDistribution: AndroidDistributionSettings;
  /** OpenTelemetry tracing (OTEL_* settings); null: off, and main.ts loads nothing of it. */
  tracing: TracingSettings | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** DB_* settings, with what cannot work together listed in `problems`. */
function databasePoolOf(
  settings: z.infer<typeof envSchema>,
  problems: string[],
): DatabasePoolSettings {
  const pool: DatabasePoolSettings = {
    size: settings.DB_POOL_SIZE,
    statementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: settings.DB_IDLE_TX_TIMEOUT_MS,
    connectTimeoutMs: settings.DB_CONNECT_TIMEOUT_MS,
    ssl: undefined,
    preparedStatements: settings.DB_PREPARED_STATEMENTS,
  };
  const urlSslMode = settings.DATABASE_URL
    ? new URL(settings.DATABASE_URL).searchParams.get('sslmode')
    : null;
  if (settings.DB_SSL && urlSslMode) {
    problems.push(
      `DB_SSL: DATABASE_URL already says sslmode=${urlSslMode}; set TLS in one of the two`,
    );
  }
  let ca: string | undefined;
  if (settings.DB_SSL_CA_FILE) {
    if (settings.DB_SSL !== 'verify-full') {
      problems.push('DB_SSL_CA_FILE: only read with DB_SSL=verify-full');
    } else {
      try {
        ca = readFileSync(settings.DB_SSL_CA_FILE, 'utf8');
      } catch (error) {
        problems.push(
          `DB_SSL_CA_FILE: cannot read ${settings.DB_SSL_CA_FILE} (${(error as NodeJS.ErrnoException).code})`,
        );
      }
      if (ca !== undefined && !ca.includes('-----BEGIN CERTIFICATE-----')) {
        problems.push(`DB_SSL_CA_FILE: ${settings.DB_SSL_CA_FILE} holds no PEM certificate`);
      }
    }
  }
  if (settings.DB_SSL === 'disable') pool.ssl = false;
  else if (settings.DB_SSL === 'require') pool.ssl = { rejectUnauthorized: false };
  else if (settings.DB_SSL === 'verify-full') {
    pool.ssl = { rejectUnauthorized: true, ...(ca !== undefined ? { ca } : {}) };
  }
  return pool;
}

/** Reads every setting once from the environment, validates it and fills defaults. */
export function loadConfig(env: Env = process.env): AppConfig {
  const setEnv = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(setEnv);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const settings = parsed.data;
  const isProduction = settings.NODE_ENV === 'production';
  const dataDir = path.resolve(settings.DATA_DIR);
  const problems: string[] = [];
  if (isProduction && settings.DATABASE_URL && !settings.REDIS_URL && !settings.SINGLE_NODE) {
    problems.push(
      'REDIS_URL: required in production on PostgreSQL, where several nodes share rate limits, sign-in codes and live counts (SINGLE_NODE=true for one node alone)',
    );
  }
  if (isProduction && !settings.JWT_SECRET) {
    problems.push(`JWT_SECRET: required in production (at least ${MIN_SECRET_LENGTH} characters)`);
  }
  const webDistDir = path.resolve(settings.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist'));
  const trackerScriptFile = path.resolve(
    settings.TRACKER_SCRIPT_FILE ?? path.join(serverRoot, '../tracker/dist/tracker.js'),
  );
  let sms: SmsSettings = { provider: 'console', outboxDir: path.join(dataDir, 'outbox') };
  if (settings.SMS_PROVIDER === 'kavenegar') {
    if (!settings.KAVENEGAR_API_KEY || !settings.KAVENEGAR_TEMPLATE) {
      problems.push(
        'KAVENEGAR_API_KEY and KAVENEGAR_TEMPLATE: required when SMS_PROVIDER=kavenegar',
      );
    } else {
      sms = {
        provider: 'kavenegar',
        apiKey: settings.KAVENEGAR_API_KEY,
        template: settings.KAVENEGAR_TEMPLATE,
        baseUrl: settings.KAVENEGAR_BASE_URL.replace(/\/$/, ''),
      };
    }
  }
  let mail: MailSettings = {
    transport: 'outbox',
    outboxDir: path.join(dataDir, 'outbox'),
    from: settings.MAIL_FROM,
  };
  let dns: AppConfig['dns'] = { kind: 'database' };
  if (settings.DNS_SERVER === 'powerdns') {
    if (!settings.POWERDNS_API_URL || !settings.POWERDNS_API_KEY) {
      problems.push('POWERDNS_API_URL and POWERDNS_API_KEY: required when DNS_SERVER=powerdns');
    } else {
      dns = {
        kind: 'powerdns',
        apiUrl: settings.POWERDNS_API_URL,
        apiKey: settings.POWERDNS_API_KEY,
      };
    }
  }
  if (settings.MAIL_TRANSPORT === 'smtp') {
    if (!settings.SMTP_URL) problems.push('SMTP_URL: required when MAIL_TRANSPORT=smtp');
    else mail = { transport: 'smtp', url: settings.SMTP_URL, from: settings.MAIL_FROM };
  }
  if (!/@[^@\s>]+\.[^@\s>]+/.test(settings.MAIL_FROM)) {
    problems.push(`MAIL_FROM: "${settings.MAIL_FROM}" needs an address with a domain`);
  }
  let secretKeys: SecretKey[] = [];
  try {
    secretKeys = parseSecretKeys(settings.SECRET_KEYS ?? readOrCreateSecretKeys(dataDir));
  } catch (error) {
    problems.push(`SECRET_KEYS: ${(error as Error).message}`);
  }
  const paymentGateways: OnlineGateway[] = [
    ...new Set([
      ...settings.PAYMENT_GATEWAYS,
      ...(settings.PAYMENT_GATEWAY ? [settings.PAYMENT_GATEWAY] : []),
    ]),
  ];
  if (paymentGateways.length === 0) paymentGateways.push('sandbox');
  let zarinpal: ZarinpalSettings | null = null;
  if (paymentGateways.includes('zarinpal')) {
    if (!settings.ZARINPAL_MERCHANT_ID) {
      problems.push('ZARINPAL_MERCHANT_ID: required when the gateways include zarinpal');
    } else {
      zarinpal = {
        merchantId: settings.ZARINPAL_MERCHANT_ID,
        apiBaseUrl: settings.ZARINPAL_API_BASE_URL.replace(/\/$/, ''),
        startPayUrl: settings.ZARINPAL_START_PAY_URL.replace(/\/$/, ''),
      };
    }
  }
  let zibal: ZibalSettings | null = null;
  if (paymentGateways.includes('zibal')) {
    if (!settings.ZIBAL_MERCHANT) {
      problems.push('ZIBAL_MERCHANT: required when the gateways include zibal');
    } else {
      zibal = {
        merchant: settings.ZIBAL_MERCHANT,
        apiBaseUrl: settings.ZIBAL_API_BASE_URL.replace(/\/$/, ''),
        startPayUrl: settings.ZIBAL_START_PAY_URL.replace(/\/$/, ''),
      };
    }
  }
  let fileStore: FileStoreSettings = { kind: 'disk' };
  if (settings.FILE_STORE === 's3') {
    const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = settings;
    if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      const missing = Object.entries({
        S3_ENDPOINT,
        S3_BUCKET,
        S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY,
      })
        .filter(([, value]) => !value)
        .map(([name]) => name);
      problems.push(`${missing.join(', ')}: required when FILE_STORE=s3`);
    } else {
      fileStore = {
        kind: 's3',
        endpoint: S3_ENDPOINT.replace(/\/$/, ''),
        bucket: S3_BUCKET,
        region: settings.S3_REGION,
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
        pathStyle: settings.S3_FORCE_PATH_STYLE,
      };
    }
  }
  const androidLatestVersion = settings.ANDROID_LATEST_VERSION ?? ANDROID_VERSION;
  if (compareVersions(settings.ANDROID_MIN_VERSION, androidLatestVersion) > 0) {
    problems.push(
      `ANDROID_MIN_VERSION: ${settings.ANDROID_MIN_VERSION} is above the latest version ${androidLatestVersion}`,
    );
  }
  const databasePool = databasePoolOf(settings, problems);
  const tracing = tracingOf(setEnv, problems);
  const currentAccessTokenKey = {
    id: settings.JWT_KEY_ID,
    secret: settings.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
  };
  const verifyOnlyKeys = parseVerifyOnlyKeys(currentAccessTokenKey, settings.JWT_VERIFY_KEYS);
  problems.push(...verifyOnlyKeys.problems.map((problem) => `JWT_VERIFY_KEYS: ${problem}`));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    // A laptop should not expose the demo to its network; a container must listen on all.
    host: settings.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: settings.DATABASE_URL,
    migrateOnStart: settings.MIGRATE_ON_START ?? !(isProduction && settings.DATABASE_URL),
    databasePool,
    dataDir,
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, ''),
    accessTokenKeys: { current: currentAccessTokenKey, verifyOnly: verifyOnlyKeys.verifyOnly },
    logLevel: settings.LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: settings.TRUST_PROXY ?? false,
    bodyLimitBytes: settings.BODY_LIMIT_BYTES,
    rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
    seedDemoData: settings.SEED_DEMO_DATA ?? (!isProduction && !settings.DATABASE_URL),
    webDistDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
    trackerScriptFile: existsSync(trackerScriptFile) ? trackerScriptFile : null,
    liveConnectsPerMinute: settings.LIVE_CONNECTS_PER_MINUTE,
    corsOrigins: settings.CORS_ORIGINS.map((origin) => origin.replace(/\/$/, '')),
    sms,
    mail,
    staffAlertEmails: settings.STAFF_ALERT_EMAILS,
    panelTimeoutMs: settings.PANEL_TIMEOUT_MS,
    dns,
    registrarTimeoutMs: settings.REGISTRAR_TIMEOUT_MS,
    taxSystem: { timeoutMs: settings.TAX_SYSTEM_TIMEOUT_MS, url: settings.TAX_SYSTEM_URL },
    secretKeys,
    paymentGateways,
    clientErrorRetentionDays: settings.ERROR_REPORT_DAYS,
    metricsToken: settings.METRICS_TOKEN,
    pressure: {
      maxEventLoopDelayMs:
        settings.PRESSURE_LOOP_DELAY_MS ?? (isProduction && settings.DATABASE_URL ? 1000 : 0),
      maxHeapUsedBytes: settings.PRESSURE_MAX_HEAP_BYTES,
      maxRssBytes: settings.PRESSURE_MAX_RSS_BYTES,
      retryAfterSeconds: settings.PRESSURE_RETRY_AFTER_S,
      sampleIntervalMs: 1000,
    },
    jobsIntervalMs: settings.JOBS_INTERVAL_MS === 0 ? null : settings.JOBS_INTERVAL_MS,
    jobWorkers: settings.JOB_WORKERS,
    zarinpal,
    zibal,
    fileStore,
    androidDistribution: {
      latestVersion: androidLatestVersion,
      minimumVersion: settings.ANDROID_MIN_VERSION,
      apkFile: path.resolve(
        settings.ANDROID_APK_FILE ?? path.join(dataDir, 'downloads', 'vitrin-android.apk'),
      ),
      cafeBazaarUrl: settings.CAFE_BAZAAR_URL ?? null,
      myketUrl: settings.MYKET_URL ?? null,
    },
    tracing,
  };
}

/** Outside production an unset secret is generated once and kept, so sessions survive restarts. */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= MIN_SECRET_LENGTH) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Outside an explicit SECRET_KEYS, one key is generated once and kept beside the data. */
function readOrCreateSecretKeys(dataDir: string): string {
  const file = path.join(dataDir, SECRET_KEYS_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const keys = newSecretKeyText('local');
  writeFileSync(file, `${keys}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/** Settings for tests: in-memory database, no web build, quiet logs, a fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    migrateOnStart: true,
    databasePool: DEFAULT_DATABASE_POOL,
    dataDir: null,
    redisUrl: undefined,
    redisKeyPrefix: 'vitrin-test:',
    publicUrl: 'http://localhost',
    accessTokenKeys: {
      current: { id: 'test', secret: 'test-secret-that-is-long-enough-for-hs256-signing' },
      verifyOnly: [],
    },
    logLevel: 'silent',
    trustProxy: false,
    bodyLimitBytes: 256 * 1024,
    rateLimitPerMinute: 600,
    seedDemoData: false,
    webDistDir: null,
    trackerScriptFile: null,
    liveConnectsPerMinute: 120,
    corsOrigins: ['https://localhost', 'capacitor://localhost'],
    sms: { provider: 'console', outboxDir: null },
    mail: { transport: 'outbox', outboxDir: null, from: DEFAULT_MAIL_FROM },
    staffAlertEmails: [],
    panelTimeoutMs: 15_000,
    dns: { kind: 'database' },
    registrarTimeoutMs: 15_000,
    taxSystem: { timeoutMs: 20_000, url: undefined },
    secretKeys: [{ id: 'test', key: Buffer.alloc(32, 7) }],
    paymentGateways: ['sandbox'],
    clientErrorRetentionDays: 30,
    metricsToken: undefined,
    pressure: {
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      retryAfterSeconds: 10,
      sampleIntervalMs: 1000,
    },
    jobsIntervalMs: null,
    jobWorkers: false,
    zarinpal: null,
    zibal: null,
    fileStore: { kind: 'disk' },
    androidDistribution: {
      latestVersion: ANDROID_VERSION,
      minimumVersion: ANDROID_FIRST_VERSION,
      apkFile: null,
      cafeBazaarUrl: null,
      myketUrl: null,
    },
    tracing: null,
    ...overrides,
  };
}

/** The settings of a program started from the command line: a bad one prints why and exits 1. */
export function loadConfigOrExit(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
