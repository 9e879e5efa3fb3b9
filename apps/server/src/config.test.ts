import { mkdtempSync, readFileSync, statSync } from 'node:fs';
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
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
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
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.seedDemoData).toBe(false);
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

  test('payments go through the sandbox by default; ZarinPal needs its merchant code', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.paymentGateway).toBe('sandbox');
    expect(defaults.zarinpal).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        PAYMENT_GATEWAY: 'zarinpal',
        ZARINPAL_MERCHANT_ID: '984b85a8-c228-11e8-af87-005056a205be',
      }),
    ).toMatchObject({
      paymentGateway: 'zarinpal',
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
        'ZARINPAL_MERCHANT_ID: required when PAYMENT_GATEWAY=zarinpal',
      ]);
    }
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
