import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DirectAdminDriver } from './directadmin-driver';
import { type FakeDirectAdmin, startFakeDirectAdmin } from './fake-directadmin';
import type { PanelCallRecord } from './panel-driver';
import { MailRefusal, type MailRefusalReason } from './panel-mail';

// Business e-mail through DirectAdmin's CMD_API_POP, asked as the customer (issue 35 item 3).

let fake: FakeDirectAdmin;
let records: PanelCallRecord[];
let driver: DirectAdminDriver;

const PASSWORD = 'Mb7!(x) p@ss&w=rd+~"q';

beforeAll(async () => {
  fake = await startFakeDirectAdmin();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.clearFaults();
  records = [];
  driver = new DirectAdminDriver({
    baseUrl: fake.url,
    username: fake.username,
    loginKey: fake.loginKey,
    timeoutMs: 3000,
    onCall: (record) => records.push(record),
  });
});

let next = 0;
/** A fresh account for each test (the fake has no reset). */
function freshAccount(): { user: string; domain: string } {
  next += 1;
  const account = { user: `mail${next}x`, domain: `shop${next}.ir` };
  fake.addAccount({ username: account.user, domain: account.domain, maxEmailQuotaMb: 10_240 });
  return account;
}

async function refusal(promise: Promise<unknown>): Promise<MailRefusalReason> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MailRefusal);
    return (error as MailRefusal).reason;
  }
  return expect.unreachable('the call did not throw');
}

describe('DirectAdmin driver: mailboxes', () => {
  test('creates a mailbox with CMD_API_POP as the customer and lists it with its usage', async () => {
    const { user, domain } = freshAccount();
    await driver.createMailbox(user, domain, 'info', PASSWORD, 2048);
    const call = fake.requests.at(-1);
    expect(call?.path).toBe('/CMD_API_POP');
    expect(call?.authUser).toBe(`${fake.username}|${user}`);
    expect(call?.params).toMatchObject({
      action: 'create',
      domain,
      user: 'info',
      passwd: PASSWORD,
      passwd2: PASSWORD,
      quota: '2048',
    });
    fake.setMailboxUsage(user, 'info', 77);
    expect(await driver.listMailboxes(user, domain)).toEqual([
      { localPart: 'info', quotaMb: 2048, usedMb: 77 },
    ]);
    expect(records.every((record) => record.operation === 'mail')).toBe(true);
    const recorded = JSON.stringify(records);
    expect(recorded).not.toContain(encodeURIComponent(PASSWORD));
    expect(recorded).not.toContain(fake.loginKey);
  });

  test('resets a password (quota kept), sets a quota (password kept) and deletes', async () => {
    const { user, domain } = freshAccount();
    await driver.createMailbox(user, domain, 'sales', PASSWORD, 1024);
    await driver.setMailboxPassword(user, domain, 'sales', 'An0ther-long-pass');
    expect(fake.mailboxes(user)[0]).toMatchObject({ password: 'An0ther-long-pass', quotaMb: 1024 });
    await driver.setMailboxQuota(user, domain, 'sales', 4096);
    expect(fake.mailboxes(user)[0]).toMatchObject({ password: 'An0ther-long-pass', quotaMb: 4096 });
    await driver.deleteMailbox(user, domain, 'sales');
    expect(fake.mailboxes(user)).toEqual([]);
    await driver.deleteMailbox(user, domain, 'sales');
    expect(JSON.stringify(records)).not.toContain('An0ther-long-pass');
  });

  test("reads the panel's refusals: exists, quota over the account's limit, weak password, missing", async () => {
    const { user, domain } = freshAccount();
    await driver.createMailbox(user, domain, 'info', PASSWORD, 1024);
    expect(await refusal(driver.createMailbox(user, domain, 'info', PASSWORD, 1024))).toBe(
      'exists',
    );
    expect(await refusal(driver.createMailbox(user, domain, 'big', PASSWORD, 20_000))).toBe(
      'quota',
    );
    expect(await refusal(driver.createMailbox(user, domain, 'weak', 'abc', 1024))).toBe(
      'weak-password',
    );
    expect(await refusal(driver.setMailboxQuota(user, domain, 'info', 99_999))).toBe('quota');
    expect(await refusal(driver.setMailboxPassword(user, domain, 'nobody', PASSWORD))).toBe(
      'missing',
    );
  });

  test("reads the DKIM key from the domain's zone (x._domainkey)", async () => {
    const { user, domain } = freshAccount();
    const key = await driver.dkimKey(user, domain);
    expect(key?.selector).toBe('x');
    expect(key?.publicKey).toMatch(/^MI[A-Za-z0-9+/]+=*$/);
    expect(key?.publicKey.length).toBeGreaterThan(200);
  });
});
