import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FakeWhm, startFakeWhm } from './fake-whm';
import type { PanelCallRecord } from './panel-driver';
import { MailRefusal, type MailRefusalReason } from './panel-mail';
import { WhmDriver } from './whm-driver';

// Business e-mail through cPanel UAPI run by WHM's uapi_cpanel (issue 35 item 3).

let fake: FakeWhm;
let records: PanelCallRecord[];
let driver: WhmDriver;

const PASSWORD = 'Mb7!(x) p@ss&w=rd+~"q';

beforeAll(async () => {
  fake = await startFakeWhm();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.reset();
  records = [];
  driver = new WhmDriver({
    baseUrl: fake.url,
    username: fake.username,
    apiToken: fake.apiToken,
    timeoutMs: 3000,
    onCall: (record) => records.push(record),
  });
  fake.addAccount({ user: 'sara1', domain: 'sara-shop.ir', maxEmailQuotaMb: 10_240 });
});

async function refusal(promise: Promise<unknown>): Promise<MailRefusalReason> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MailRefusal);
    return (error as MailRefusal).reason;
  }
  return expect.unreachable('the call did not throw');
}

function recorded(): string {
  return JSON.stringify(records);
}

describe('WHM driver: mailboxes', () => {
  test('creates a mailbox through uapi_cpanel as the account, and lists it with its usage', async () => {
    await driver.createMailbox('sara1', 'sara-shop.ir', 'info', PASSWORD, 2048);
    const call = fake.requests.at(-1);
    expect(call?.function).toBe('uapi_cpanel');
    expect(call?.query).toMatchObject({
      'api.version': '1',
      'cpanel.user': 'sara1',
      'cpanel.module': 'Email',
      'cpanel.function': 'add_pop',
      email: 'info',
      domain: 'sara-shop.ir',
      password: PASSWORD,
      quota: '2048',
    });
    fake.setMailboxUsage('sara1', 'info@sara-shop.ir', 312);
    expect(await driver.listMailboxes('sara1', 'sara-shop.ir')).toEqual([
      { localPart: 'info', quotaMb: 2048, usedMb: 312 },
    ]);
    expect(records.map((record) => record.operation)).toEqual(['mail', 'mail']);
    expect(recorded()).not.toContain(encodeURIComponent(PASSWORD));
    expect(recorded()).not.toContain(fake.apiToken);
  });

  test('resets a password, sets a quota and deletes (a second delete is done too)', async () => {
    await driver.createMailbox('sara1', 'sara-shop.ir', 'sales', PASSWORD, 1024);
    await driver.setMailboxPassword('sara1', 'sara-shop.ir', 'sales', 'An0ther-long-pass');
    expect(fake.mailboxes('sara1')[0]?.password).toBe('An0ther-long-pass');
    await driver.setMailboxQuota('sara1', 'sara-shop.ir', 'sales', 4096);
    expect(fake.mailboxes('sara1')[0]?.quotaMb).toBe(4096);
    await driver.deleteMailbox('sara1', 'sara-shop.ir', 'sales');
    expect(fake.mailboxes('sara1')).toEqual([]);
    await driver.deleteMailbox('sara1', 'sara-shop.ir', 'sales');
    expect(recorded()).not.toContain('An0ther-long-pass');
  });

  test("reads cPanel's refusals: mailbox exists, quota over the account's limit, weak password, no such mailbox", async () => {
    await driver.createMailbox('sara1', 'sara-shop.ir', 'info', PASSWORD, 1024);
    expect(
      await refusal(driver.createMailbox('sara1', 'sara-shop.ir', 'info', PASSWORD, 1024)),
    ).toBe('exists');
    expect(
      await refusal(driver.createMailbox('sara1', 'sara-shop.ir', 'big', PASSWORD, 20_000)),
    ).toBe('quota');
    expect(await refusal(driver.createMailbox('sara1', 'sara-shop.ir', 'weak', 'abc', 1024))).toBe(
      'weak-password',
    );
    expect(await refusal(driver.setMailboxQuota('sara1', 'sara-shop.ir', 'info', 99_999))).toBe(
      'quota',
    );
    expect(
      await refusal(driver.setMailboxPassword('sara1', 'sara-shop.ir', 'nobody', PASSWORD)),
    ).toBe('missing');
    expect(fake.mailboxes('sara1').map((box) => box.user)).toEqual(['info']);
  });

  test('publishes the public half of the DKIM key, and the private key never reaches the record', async () => {
    const key = await driver.dkimKey('sara1', 'sara-shop.ir');
    expect(key?.selector).toBe('default');
    const publicKey = createPublicKey({
      key: Buffer.from(key?.publicKey ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(recorded()).not.toContain('PRIVATE KEY');
    expect(recorded()).toContain('[redacted]');
  });
});
