import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'vitrin-config-'));

describe('settings', () => {
  test('defaults: port 3000, embedded database in ./.data, loopback host, demo seed on', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir,
      publicUrl: 'http://localhost:3000',
      seedDemoData: true,
    });
  });

  test('outside production an unset JWT_SECRET is generated once and kept in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).accessTokenKeys.current.secret;
    const second = loadConfig({ DATA_DIR: dataDir }).accessTokenKeys.current.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('production requires JWT_SECRET and listens on every interface', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      /JWT_SECRET: required in production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'a'.repeat(40),
      DATABASE_URL: 'postgres://vitrin@db.internal:5432/vitrin',
      REDIS_URL: 'redis://cache.internal:6379',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.seedDemoData).toBe(false);
    // Migrations are their own step there (npm run migrate).
    expect(config.migrateOnStart).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir() }).migrateOnStart).toBe(true);
    // Load shedding watches the event loop in production on PostgreSQL; elsewhere only when asked.
    expect(config.pressure.maxEventLoopDelayMs).toBe(1000);
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: 'a'.repeat(40) })
        .pressure.maxEventLoopDelayMs,
    ).toBe(0);
    expect(loadConfig({ DATA_DIR: tempDir() }).pressure.maxEventLoopDelayMs).toBe(0);
  });

  test('production on PostgreSQL needs Redis, unless it is one node alone', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'a'.repeat(40),
      DATABASE_URL: 'postgres://vitrin@db.internal:5432/vitrin',
    };
    expect(() => loadConfig(production)).toThrow(/REDIS_URL: required in production on PostgreSQL/);
    expect(loadConfig({ ...production, SINGLE_NODE: 'true' }).redisUrl).toBeUndefined();
  });

  test('every bad setting is listed at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://x',
        DATA_DIR: tempDir(),
      });
      expect.unreachable('loadConfig accepted bad settings');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/REDIS_URL/);
    }
  });

  test('the database pool: size, timeouts and TLS from DB_* settings', () => {
    const url = 'postgresql://vitrin@db.internal:5432/vitrin';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: tempDir() }).databasePool).toEqual({
      size: 10,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
      connectTimeoutMs: 10_000,
      ssl: undefined,
      preparedStatements: 500,
    });
    const dir = tempDir();
    const caFile = path.join(dir, 'ca.pem');
    writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const tuned = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dir,
      DB_POOL_SIZE: '25',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_IDLE_TX_TIMEOUT_MS: '5000',
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_PREPARED_STATEMENTS: '0',
      DB_SSL: 'verify-full',
      DB_SSL_CA_FILE: caFile,
    }).databasePool;
    expect(tuned).toEqual({
      size: 25,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 5000,
      connectTimeoutMs: 2000,
      ssl: { rejectUnauthorized: true, ca: readFileSync(caFile, 'utf8') },
      preparedStatements: 0,
    });
    expect(
      loadConfig({ DATABASE_URL: url, DATA_DIR: dir, DB_SSL: 'require' }).databasePool.ssl,
    ).toEqual({ rejectUnauthorized: false });
    expect(
      loadConfig({ DATABASE_URL: url, DATA_DIR: dir, DB_SSL: 'disable' }).databasePool.ssl,
    ).toBe(false);
  });

  test('database settings that cannot work are listed at start', () => {
    const dir = tempDir();
    const notPem = path.join(dir, 'ca.txt');
    writeFileSync(notPem, 'not a certificate');
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dir, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(
      problemsOf({ DATABASE_URL: 'postgres://db/vitrin?sslmode=require', DB_SSL: 'disable' }),
    ).toEqual(['DB_SSL: DATABASE_URL already says sslmode=require; set TLS in one of the two']);
    expect(
      problemsOf({ DB_SSL: 'verify-full', DB_SSL_CA_FILE: path.join(dir, 'missing.pem') }),
    ).toEqual([`DB_SSL_CA_FILE: cannot read ${path.join(dir, 'missing.pem')} (ENOENT)`]);
    expect(problemsOf({ DB_SSL: 'verify-full', DB_SSL_CA_FILE: notPem })).toEqual([
      `DB_SSL_CA_FILE: ${notPem} holds no PEM certificate`,
    ]);
    expect(problemsOf({ DB_SSL: 'require', DB_SSL_CA_FILE: notPem })).toEqual([
      'DB_SSL_CA_FILE: only read with DB_SSL=verify-full',
    ]);
    const outOfRange = problemsOf({ DB_POOL_SIZE: '0', DB_SSL: 'maybe' }).join('\n');
    expect(outOfRange).toMatch(/DB_POOL_SIZE/);
    expect(outOfRange).toMatch(/DB_SSL/);
  });

  test('a database URL turns the demo seed off unless asked for', () => {
    const url = 'postgresql://postgres@127.0.0.1:5432/vitrin';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: tempDir() }).seedDemoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: url, DATA_DIR: tempDir(), SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
  });

  test('SMS goes to the console outbox by default; Kavenegar needs its key and template', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).sms).toEqual({
      provider: 'console',
      outboxDir: path.join(dataDir, 'outbox'),
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_PROVIDER: 'kavenegar' })).toThrow(
      /KAVENEGAR_API_KEY and KAVENEGAR_TEMPLATE/,
    );
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        SMS_PROVIDER: 'kavenegar',
        KAVENEGAR_API_KEY: 'a-real-looking-key-123',
        KAVENEGAR_TEMPLATE: 'vitrin-otp',
      }).sms,
    ).toEqual({
      provider: 'kavenegar',
      apiKey: 'a-real-looking-key-123',
      template: 'vitrin-otp',
      baseUrl: 'https://api.kavenegar.com',
    });
  });

  test('several gateways in their order; each needs its credentials', () => {
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        PAYMENT_GATEWAYS: 'zibal, zarinpal',
        ZARINPAL_MERCHANT_ID: '984b85a8-c228-11e8-af87-005056a205be',
        ZIBAL_MERCHANT: 'zibal',
        ZIBAL_API_BASE_URL: 'http://127.0.0.1:4011/',
      }),
    ).toMatchObject({
      paymentGateways: ['zibal', 'zarinpal'],
      zibal: {
        merchant: 'zibal',
        apiBaseUrl: 'http://127.0.0.1:4011',
        startPayUrl: 'https://gateway.zibal.ir/start',
      },
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENT_GATEWAYS: 'zibal' })).toThrow(
      'ZIBAL_MERCHANT: required when the gateways include zibal',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENT_GATEWAYS: 'paypal' })).toThrow(
      'PAYMENT_GATEWAYS',
    );
  });

  test('payments go through the sandbox by default; ZarinPal needs its merchant code', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.paymentGateways).toEqual(['sandbox']);
    expect(defaults.zarinpal).toBeNull();
    expect(defaults.zibal).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        PAYMENT_GATEWAY: 'zarinpal',
        ZARINPAL_MERCHANT_ID: '984b85a8-c228-11e8-af87-005056a205be',
      }),
    ).toMatchObject({
      paymentGateways: ['zarinpal'],
      zarinpal: {
        merchantId: '984b85a8-c228-11e8-af87-005056a205be',
        apiBaseUrl: 'https://payment.zarinpal.com',
        startPayUrl: 'https://payment.zarinpal.com/pg/StartPay',
      },
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        PAYMENT_GATEWAY: 'zarinpal',
        ZARINPAL_MERCHANT_ID: '984b85a8-c228-11e8-af87-005056a205be',
        ZARINPAL_API_BASE_URL: 'http://127.0.0.1:4010/',
        ZARINPAL_START_PAY_URL: 'http://127.0.0.1:4010/pg/StartPay/',
      }).zarinpal,
    ).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:4010',
      startPayUrl: 'http://127.0.0.1:4010/pg/StartPay',
    });
  });

  test('ZarinPal without a merchant code is listed with the other missing settings', () => {
    try {
      loadConfig({ DATA_DIR: tempDir(), PAYMENT_GATEWAY: 'zarinpal', SMS_PROVIDER: 'kavenegar' });
      expect.unreachable('loadConfig accepted ZarinPal without a merchant code');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'KAVENEGAR_API_KEY and KAVENEGAR_TEMPLATE: required when SMS_PROVIDER=kavenegar',
        'ZARINPAL_MERCHANT_ID: required when the gateways include zarinpal',
      ]);
    }
  });

  test('uploads go to disk by default; FILE_STORE=s3 takes the bucket settings', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).fileStore).toEqual({ kind: 'disk' });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        FILE_STORE: 's3',
        S3_ENDPOINT: 'https://s3.ir-thr-at1.arvanstorage.ir/',
        S3_BUCKET: 'vitrin-uploads',
        S3_ACCESS_KEY_ID: 'access-key',
        S3_SECRET_ACCESS_KEY: 'secret-key',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.ir-thr-at1.arvanstorage.ir',
      bucket: 'vitrin-uploads',
      region: 'us-east-1',
      accessKeyId: 'access-key',
      secretAccessKey: 'secret-key',
      pathStyle: true,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        FILE_STORE: 's3',
        S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
        S3_BUCKET: 'vitrin-uploads',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'access-key',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        S3_FORCE_PATH_STYLE: 'false',
      }).fileStore,
    ).toMatchObject({ region: 'eu-central-1', pathStyle: false });
  });

  test('S3 settings without FILE_STORE=s3 leave uploads on disk', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'vitrin-uploads' }).fileStore).toEqual({
      kind: 'disk',
    });
  });

  test('FILE_STORE=s3 lists each missing S3 setting with the other missing settings', () => {
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        FILE_STORE: 's3',
        S3_BUCKET: 'vitrin-uploads',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        PAYMENT_GATEWAY: 'zarinpal',
      });
      expect.unreachable('loadConfig accepted S3 without its endpoint and access key');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'ZARINPAL_MERCHANT_ID: required when the gateways include zarinpal',
        'S3_ENDPOINT, S3_ACCESS_KEY_ID: required when FILE_STORE=s3',
      ]);
      expect((error as ConfigError).message).not.toContain('secret-key');
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), FILE_STORE: 's3' })).toThrow(
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when FILE_STORE=s3',
    );
  });

  test('an S3 endpoint that is not a web address, or a store we do not know, is refused', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        FILE_STORE: 's3',
        S3_ENDPOINT: 'minio:9000',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), FILE_STORE: 'gcs' })).toThrow(/FILE_STORE/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  test('a merchant code that is not 36 characters, or a gateway we do not know, is refused', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        PAYMENT_GATEWAY: 'zarinpal',
        ZARINPAL_MERCHANT_ID: 'merchant-123',
      }),
    ).toThrow(/ZARINPAL_MERCHANT_ID/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENT_GATEWAY: 'paypal' })).toThrow(
      /PAYMENT_GATEWAY/,
    );
  });
});
