import {
  deliverService,
  extendService,
  getDeliveryQueue,
  getManualDeliveryProducts,
  getServiceDelivery,
  getSetupQueue,
  revealDeliveryDetails,
  saveManualDeliveryTime,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMailSender } from '../../providers/email/outbox-mail';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { serviceEvents, services, users } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { hashPassword } from '../accounts/password';
import { type Customer, createCustomer, productIdOf } from '../orders/checkout-test-kit';
import { buyService, DAY_MS, serviceRow } from './panel-test-kit';

// Issue 35, item 2: a product nobody delivered is never shown active. A product delivered by
// hand (a VPS, e-mail; domains are registered by the domains module since issue 38) waits as
// «در انتظار تحویل» in the staff's delivery queue; its term starts when staff deliver it with the
// access details, sealed; the owner is told at both moments; past its product's time staff are
// alerted, once.

const STAFF_INBOX = 'ops@vitrin.example';
const t = setupTestApp({ seedDemoData: true, staffAlertEmails: [STAFF_INBOX] });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

const sms = () => t.app.sms as ConsoleSmsSender;
const mail = () => t.app.mail as OutboxMailSender;
const PASSWORD = 'a-long-own-password-1405';

async function customerWithPassword(): Promise<Customer> {
  const customer = await createCustomer(t.app);
  await t.app.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, customer.id));
  return customer;
}

const vps = () => ({ slug: 'vps-2core', cycle: 'monthly' as const });

const details = [
  { label: 'آدرس IP', value: '185.55.224.10', secret: false },
  { label: 'نام کاربری', value: 'root', secret: false },
  { label: 'گذرواژه', value: 'Zx9-long-root-pass', secret: true },
];

describe('a product delivered by hand', () => {
  test('is paid into «در انتظار تحویل» with no term, not active, and its owner is told so', async () => {
    const customer = await createCustomer(t.app);
    const smsBefore = sms().sent.length;
    const service = await buyService(t.app, customer, vps());
    expect(service.status).toBe('awaiting-delivery');
    expect(service.startsAt).toBeNull();
    expect(service.expiresAt).toBeNull();

    const delivery = await ok(
      t.app,
      getServiceDelivery.path,
      { serviceId: service.id },
      customer.token,
    );
    expect(delivery).toMatchObject({ byHand: true, deliveredAt: null, details: [] });
    expect(delivery.waitingSince).not.toBeNull();

    const told = sms()
      .sent.slice(smsBefore)
      .filter((entry) => entry.to === customer.mobile);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('دستی تحویل می‌دهند');
    expect(told[0]?.text).toContain('از روز تحویل');
  });

  test('waits in the delivery queue, not in the failed-setup queue', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, vps());
    // Its term has not begun: staff cannot move an expiry it does not have.
    const extend = await refused(
      t.app,
      extendService.path,
      { serviceId: service.id, days: 30 },
      admin.token,
      409,
    );
    expect(extend.message).toBe('این سرویس هنوز تحویل نشده است؛ دورهٔ آن از روز تحویل آغاز می‌شود');
    const queue = await ok(t.app, getDeliveryQueue.path, { page: 1, pageSize: 100 }, admin.token);
    const row = queue.items.find((item) => item.serviceId === service.id);
    expect(row).toMatchObject({
      status: 'awaiting-delivery',
      productName: 'سرور مجازی ۲ هسته',
      overdue: false,
      alertAfterHours: 24,
      customer: { id: customer.id, mobile: customer.mobile },
    });
    const setup = await ok(t.app, getSetupQueue.path, { page: 1, pageSize: 100 }, admin.token);
    expect(setup.items.some((item) => item.serviceId === service.id)).toBe(false);
    await expectStaffOnly(t.app, getDeliveryQueue, { page: 1, pageSize: 10 });
  });

  test('starts its term when staff deliver it, with sealed details, and its owner is told', async () => {
    const customer = await customerWithPassword();
    const service = await buyService(t.app, customer, vps());
    await expectStaffOnly(t.app, deliverService, { serviceId: service.id, details });
    const smsBefore = sms().sent.length;
    const mailBefore = mail().sent.length;

    const before = Date.now();
    const delivered = await ok(
      t.app,
      deliverService.path,
      { serviceId: service.id, details, reason: 'سرور روی نود ۳ ساخته شد' },
      admin.token,
    );
    expect(delivered.status).toBe('active');
    const row = await serviceRow(t.app, service.id);
    expect(row.status).toBe('active');
    expect(row.startsAt?.getTime()).toBeGreaterThanOrEqual(before);
    // A monthly plan: about 30 days from the delivery, not from the payment.
    const days = ((row.expiresAt?.getTime() ?? 0) - (row.startsAt?.getTime() ?? 0)) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    // Sealed at rest: the password is not in the row.
    expect(row.deliveryDetails).not.toContain('Zx9-long-root-pass');
    expect(row.deliveryDetails).toMatch(/^v1\.test\./);

    await t.app.jobs.drain();
    const told = sms()
      .sent.slice(smsBefore)
      .filter((entry) => entry.to === customer.mobile);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('تحویل شد');
    expect(
      mail()
        .sent.slice(mailBefore)
        .every((m) => !m.text.includes('Zx9')),
    ).toBe(true);

    // The owner sees the open details, and the secret only after their own password.
    const view = await ok(
      t.app,
      getServiceDelivery.path,
      { serviceId: service.id },
      customer.token,
    );
    expect(view.details).toEqual([
      { label: 'آدرس IP', value: '185.55.224.10', secret: false },
      { label: 'نام کاربری', value: 'root', secret: false },
      { label: 'گذرواژه', value: null, secret: true },
    ]);
    const wrong = await refused(
      t.app,
      revealDeliveryDetails.path,
      { serviceId: service.id, password: 'not-the-password' },
      customer.token,
      422,
    );
    expect(wrong.code).toBe('WRONG_CREDENTIALS');
    const revealed = await ok(
      t.app,
      revealDeliveryDetails.path,
      { serviceId: service.id, password: PASSWORD },
      customer.token,
    );
    expect(revealed.details).toEqual(details);

    // Another customer sees nothing of it.
    const stranger = await customerWithPassword();
    await refused(t.app, getServiceDelivery.path, { serviceId: service.id }, stranger.token, 404);
    await refused(
      t.app,
      revealDeliveryDetails.path,
      { serviceId: service.id, password: PASSWORD },
      stranger.token,
      404,
    );

    // The audit row names what was handed over, never the values.
    const [audit] = await auditRowsOf(t.app, 'service', service.id);
    expect(audit?.action).toBe('service.deliver');
    expect(JSON.stringify(audit)).not.toContain('Zx9-long-root-pass');

    // Delivered once: a second delivery is refused.
    const again = await refused(
      t.app,
      deliverService.path,
      { serviceId: service.id, details },
      admin.token,
      409,
    );
    expect(again.message).toBe('این سرویس در انتظار تحویل نیست');
  });

  test('past its product time it is overdue and staff are alerted once', async () => {
    const customer = await createCustomer(t.app);
    const productId = await productIdOf(t.app.db, 'vps-4core');
    await expectStaffOnly(t.app, saveManualDeliveryTime, { productId, alertAfterHours: 2 });
    await ok(t.app, saveManualDeliveryTime.path, { productId, alertAfterHours: 2 }, admin.token);
    const products = await ok(t.app, getManualDeliveryProducts.path, {}, admin.token);
    expect(products.items.find((item) => item.productId === productId)).toMatchObject({
      alertAfterHours: 2,
      custom: true,
    });

    const service = await buyService(t.app, customer, { slug: 'vps-4core', cycle: 'monthly' });
    const alertsAbout = () =>
      mail().sent.filter((m) => m.to === STAFF_INBOX && m.text.includes(service.name));
    // An hour on: not yet.
    await t.app.panelJob.runOnce(new Date(Date.now() + 3_600_000));
    await t.app.jobs.drain();
    expect(alertsAbout()).toHaveLength(0);

    const later = new Date(Date.now() + 3 * 3_600_000);
    await t.app.panelJob.runOnce(later);
    await t.app.panelJob.runOnce(new Date(later.getTime() + 60_000));
    await t.app.jobs.drain();
    const alerts = alertsAbout();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('در انتظار تحویل');

    const events = await t.app.db
      .select()
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, service.id));
    expect(events.filter((event) => event.kind === 'delivery.overdue')).toHaveLength(1);

    // The queue, asked now, shows it overdue once it has waited past its two hours.
    const fresh = await ok(t.app, getDeliveryQueue.path, { page: 1, pageSize: 100 }, admin.token);
    expect(fresh.items.find((item) => item.serviceId === service.id)?.overdue).toBe(false);
    await t.app.db
      .update(services)
      .set({ statusChangedAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(services.id, service.id));
    const queue = await ok(t.app, getDeliveryQueue.path, { page: 1, pageSize: 100 }, admin.token);
    expect(queue.items.find((item) => item.serviceId === service.id)?.overdue).toBe(true);
    expect(queue.overdue).toBe(fresh.overdue + 1);
  });
});
