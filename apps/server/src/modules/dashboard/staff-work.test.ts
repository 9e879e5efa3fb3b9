import { getStaffWork } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMailSender } from '../../providers/email/outbox-mail';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import {
  domains,
  panelServers,
  payments,
  registrarAccounts,
  services,
  staffWorkAlerts,
  users,
} from '../../schema';
import { ok, type SignedInUser } from '../../test/api-kit';
import { createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, HOSTING_MONTH, submitCart } from '../orders/checkout-test-kit';
import { cardClaimOf, enableTransfers } from '../orders/manual-payments-test-kit';
import { buyService } from '../services/panel-test-kit';

// Issue 35, item 9: the operator is told what waits for them. The console reads the counts of
// waiting card-to-card claims, setups needing a person, deliveries by hand (and those overdue)
// and server groups with every server off; admins get an SMS and an e-mail when one stands past
// its threshold, once, again when it grows, and not after it is dealt with.

const STAFF_INBOX = 'ops@vitrin.example';
const t = setupTestApp({ seedDemoData: true, staffAlertEmails: [STAFF_INBOX] });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  await t.app.db
    .update(users)
    .set({ email: 'ali.admin@vitrin.example' })
    .where(eq(users.id, admin.id));
  await enableTransfers(t.app.db, admin.id);
});

const sms = () => t.app.sms as ConsoleSmsSender;
const mail = () => t.app.mail as OutboxMailSender;
const work = () => ok(t.app, getStaffWork.path, {}, admin.token);
const HOUR = 3_600_000;

describe('what waits for staff', () => {
  test('is counted for the console, for staff only', async () => {
    await expectStaffOnly(t.app, getStaffWork, {});
    const before = await work();

    // A card-to-card claim waiting; another waiting past the hour.
    const customer = await createCustomer(t.app);
    const first = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await ok(t.app, '/api/pay/claim-transfer', cardClaimOf(first.id), customer.token);
    const second = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const late = await ok(t.app, '/api/pay/claim-transfer', cardClaimOf(second.id), customer.token);
    await t.app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(payments.id, late.id));
    // A VPS waiting for delivery, and one waiting past its product's 24 hours.
    await buyService(t.app, customer, { slug: 'vps-2core', cycle: 'monthly' });
    const old = await buyService(t.app, customer, { slug: 'vps-4core', cycle: 'monthly' });
    await t.app.db
      .update(services)
      .set({ statusChangedAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(services.id, old.id));

    // A domain whose registration waits for a person.
    const [registrar] = await t.app.db.select({ id: registrarAccounts.id }).from(registrarAccounts);
    await t.app.db.insert(domains).values({
      userId: customer.id,
      name: `work-${process.pid}.ir`,
      ascii: `work-${process.pid}.ir`,
      tld: 'ir',
      registrarAccountId: registrar?.id ?? '',
      status: 'needs-attention',
      origin: 'register',
      years: 1,
    });

    const after = await work();
    expect(after.domainsNeedingStaff).toBe(before.domainsNeedingStaff + 1);
    expect(after.transferClaims).toBe(before.transferClaims + 2);
    expect(after.transferClaimsLate).toBe(before.transferClaimsLate + 1);
    expect(after.awaitingDelivery).toBe(before.awaitingDelivery + 2);
    expect(after.overdueDeliveries).toBe(before.overdueDeliveries + 1);
    expect(after.serverGroupsDown).toEqual([]);
  });

  test('admins are told once by SMS and e-mail, again when it grows, and not once it is dealt with', async () => {
    const smsTo = () => sms().sent.filter((entry) => entry.to === admin.mobile);
    const mailTo = (to: string) => mail().sent.filter((entry) => entry.to === to);
    const smsBefore = smsTo().length;
    const mailBefore = mailTo(STAFF_INBOX).length;

    // Every server of the demo's group switched off: paid plans would go nowhere.
    await t.app.db.update(panelServers).set({ enabled: false });
    expect(await t.app.staffWorkJob.runOnce()).toBe(true);
    expect(smsTo()).toHaveLength(smsBefore + 1);
    const told = smsTo().at(-1)?.text ?? '';
    expect(told).toContain('همهٔ سرورهای گروه «default» خاموش‌اند');
    expect(told).toContain('منتظر بررسی');
    expect(told).toContain('از مهلت خود گذشته');
    expect(mailTo(STAFF_INBOX)).toHaveLength(mailBefore + 1);
    expect(mailTo('ali.admin@vitrin.example').length).toBeGreaterThanOrEqual(1);
    expect((await work()).serverGroupsDown).toEqual(['default']);

    // The next run, nothing new: nobody is told again.
    await t.app.staffWorkJob.runOnce();
    expect(smsTo()).toHaveLength(smsBefore + 1);

    // More of one kind: told again, of that kind only.
    const customer = await createCustomer(t.app);
    const more = await buyService(t.app, customer, { slug: 'vps-8core', cycle: 'monthly' });
    await t.app.db
      .update(services)
      .set({ statusChangedAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(services.id, more.id));
    await t.app.staffWorkJob.runOnce();
    expect(smsTo()).toHaveLength(smsBefore + 2);
    expect(smsTo().at(-1)?.text).toContain('از مهلت خود گذشته');
    expect(smsTo().at(-1)?.text).not.toContain('خاموش');

    // Still standing six hours on: told again.
    await t.app.staffWorkJob.runOnce(new Date(Date.now() + 7 * HOUR));
    expect(smsTo()).toHaveLength(smsBefore + 3);

    // Dealt with: the servers are back, so that kind is forgotten and not told again.
    await t.app.db.update(panelServers).set({ enabled: true });
    await t.app.staffWorkJob.runOnce(new Date(Date.now() + 7 * HOUR + 60_000));
    const kinds = (await t.app.db.select().from(staffWorkAlerts)).map((row) => row.kind);
    expect(kinds).not.toContain('server-groups-down');
    expect(kinds).toContain('overdue-deliveries');
  });
});
