import { createPublicKey } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { sandboxPanelAccounts } from '../../schema';
import { setupTestApp } from '../../test/test-app';
import type { PanelCallRecord } from './panel-driver';
import { MailRefusal, type MailRefusalReason, mailOf } from './panel-mail';
import { hashSandboxPassword, sandboxPasswordMatches } from './sandbox-driver';
import { SandboxMailPanelDriver } from './sandbox-mail';
import { sandboxMailboxes } from './sandbox-schema';

// The sandbox panel's mail (issue 35 item 3): its own tables, refused as a panel would refuse.

const t = setupTestApp();
const records: PanelCallRecord[] = [];
let driver: SandboxMailPanelDriver;
const PASSWORD = 'Mb7!(x) p@ss&w=rd+~"q';

beforeAll(async () => {
  driver = new SandboxMailPanelDriver(t.app.db, {
    publicUrl: 'http://localhost',
    onCall: (record) => records.push(record),
  });
  await t.app.db.insert(sandboxPanelAccounts).values({
    username: 'mailsb1',
    domain: 'sandbox-shop.ir',
    packageName: 'email-team',
    diskLimitMb: 10_240,
    bandwidthLimitMb: null,
    passwordHash: hashSandboxPassword('account-password-1'),
  });
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

describe('sandbox panel: mailboxes', () => {
  test('is a mail panel, and manages mailboxes in its own table', async () => {
    expect(mailOf(driver)).toBe(driver);
    await driver.createMailbox('mailsb1', 'sandbox-shop.ir', 'info', PASSWORD, 2048);
    expect(await driver.listMailboxes('mailsb1', 'sandbox-shop.ir')).toEqual([
      { localPart: 'info', quotaMb: 2048, usedMb: 0 },
    ]);
    await driver.setMailboxPassword('mailsb1', 'sandbox-shop.ir', 'info', 'An0ther-long-pass');
    const [box] = await t.app.db.select().from(sandboxMailboxes);
    expect(sandboxPasswordMatches('An0ther-long-pass', box?.passwordHash ?? '')).toBe(true);
    await driver.setMailboxQuota('mailsb1', 'sandbox-shop.ir', 'info', 4096);
    expect((await driver.listMailboxes('mailsb1', 'sandbox-shop.ir'))[0]?.quotaMb).toBe(4096);
    await driver.deleteMailbox('mailsb1', 'sandbox-shop.ir', 'info');
    expect(await driver.listMailboxes('mailsb1', 'sandbox-shop.ir')).toEqual([]);
    expect(records.every((record) => record.operation === 'mail')).toBe(true);
    expect(JSON.stringify(records)).not.toContain(PASSWORD);
  });

  test("refuses a mailbox that exists, a quota over the account's disk, a short password, a missing one", async () => {
    await driver.createMailbox('mailsb1', 'sandbox-shop.ir', 'sales', PASSWORD, 1024);
    expect(
      await refusal(driver.createMailbox('mailsb1', 'sandbox-shop.ir', 'sales', PASSWORD, 1024)),
    ).toBe('exists');
    expect(
      await refusal(driver.createMailbox('mailsb1', 'sandbox-shop.ir', 'big', PASSWORD, 20_000)),
    ).toBe('quota');
    expect(
      await refusal(driver.createMailbox('mailsb1', 'sandbox-shop.ir', 'weak', 'short', 1024)),
    ).toBe('weak-password');
    expect(
      await refusal(driver.setMailboxPassword('mailsb1', 'sandbox-shop.ir', 'nobody', PASSWORD)),
    ).toBe('missing');
  });

  test('makes a DKIM key for the domain once and keeps it', async () => {
    const first = await driver.dkimKey('mailsb1', 'sandbox-shop.ir');
    const again = await driver.dkimKey('mailsb1', 'sandbox-shop.ir');
    expect(again).toEqual(first);
    const key = createPublicKey({
      key: Buffer.from(first?.publicKey ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});
