import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatJalaliLongDate } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceReminders } from '../../schema';
import { ok } from '../../test/api-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Customer,
  createCustomer,
  expectBooksBalanced,
  grantCredit,
} from '../orders/checkout-test-kit';
import { buyService, DAY_MS, freshDomain, serviceRow, setService } from './panel-test-kit';

// The panel job against a local stand-in for Kavenegar's sms/send endpoint (the provider is
// outside the system; its protocol is kept): the reminders it sends, once each, and the
// services it expires.

const API_KEY = 'panel-job-test-key';
let server: Server;
/** Every notice the fake accepted, and whether it refuses the next ones. */
const delivered: Array<{ receptor: string; message: string }> = [];
let refusing = false;
let t: TestApp;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const valid =
      request.url === `/v1/${API_KEY}/sms/send.json` &&
      /^09\d{9}$/.test(form.get('receptor') ?? '') &&
      Boolean(form.get('message'));
    const accepted = valid && !refusing;
    if (accepted) {
      delivered.push({ receptor: form.get('receptor') ?? '', message: form.get('message') ?? '' });
    }
    response.writeHead(accepted ? 200 : 400, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        accepted
          ? { return: { status: 200, message: 'تایید شد' }, entries: [] }
          : { return: { status: 418, message: 'refused by fake' }, entries: null },
      ),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    seedDemoData: true,
    sms: { provider: 'kavenegar', apiKey: API_KEY, template: 'vitrin-otp', baseUrl },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const localNumber = (mobile: string) => mobile.replace(/^\+98/, '0');
/** The expiry reminders texted to `who` (the plan's other notices, such as «ready», aside). */
const noticesTo = (who: { mobile: string }) =>
  delivered.filter(
    (notice) =>
      notice.receptor === localNumber(who.mobile) && notice.message.includes('به پایان می‌رسد'),
  );

const reminderFor = (name: string, expiresAt: Date) =>
  `سرویس «${name}» شما ${formatJalaliLongDate(expiresAt)} به پایان می‌رسد. برای تمدید به پنل ویترین بروید.`;

const hosting = () => ({ slug: 'host-linux-5g', cycle: 'monthly' as const, domain: freshDomain() });

async function remindersOf(serviceId: string) {
  return t.app.db.select().from(serviceReminders).where(eq(serviceReminders.serviceId, serviceId));
}

/** A customer with one hosting service that runs out `days` from `now`. */
async function serviceRunningOut(now: Date, days: number) {
  const customer = await createCustomer(t.app);
  const bought = await buyService(t.app, customer, hosting());
  const service = await setService(t.app, bought.id, {
    expiresAt: new Date(now.getTime() + days * DAY_MS),
  });
  return { customer, service };
}

describe('expiry reminders', () => {
  test('7 days before: one SMS to the owner, however often the job runs', async () => {
    const now = new Date();
    const { customer, service } = await serviceRunningOut(now, 5);
    expect(await t.app.panelJob.runOnce(now)).toBe(true);
    await t.app.panelJob.runOnce(now);
    await t.app.panelJob.runOnce(new Date(now.getTime() + 3_600_000));
    const expiresAt = service.expiresAt ?? new Date(0);
    expect(noticesTo(customer)).toEqual([
      { receptor: localNumber(customer.mobile), message: reminderFor(service.name, expiresAt) },
    ]);
    expect(noticesTo(customer)[0]?.message).toMatch(/[۰-۹]/);
    expect((await remindersOf(service.id)).map((row) => [row.kind, row.expiresAt])).toEqual([
      ['expiry-7d', expiresAt],
    ]);
  });

  test('within the last day: the second reminder, also once', async () => {
    const now = new Date();
    const { customer, service } = await serviceRunningOut(now, 3);
    await t.app.panelJob.runOnce(now);
    const lastDay = new Date(now.getTime() + 2.5 * DAY_MS);
    await t.app.panelJob.runOnce(lastDay);
    await t.app.panelJob.runOnce(new Date(lastDay.getTime() + 3_600_000));
    expect(noticesTo(customer)).toHaveLength(2);
    expect((await remindersOf(service.id)).map((row) => row.kind).sort()).toEqual([
      'expiry-1d',
      'expiry-7d',
    ]);
  });

  test('a service first seen in its last day gets only the last-day reminder', async () => {
    const now = new Date();
    const { customer, service } = await serviceRunningOut(now, 0.5);
    await t.app.panelJob.runOnce(now);
    await t.app.panelJob.runOnce(now);
    expect(noticesTo(customer)).toHaveLength(1);
    expect((await remindersOf(service.id)).map((row) => row.kind)).toEqual(['expiry-1d']);
  });

  test('none for a service further off, cancelled, suspended, or already expired', async () => {
    const now = new Date();
    const far = await serviceRunningOut(now, 7.5);
    const cancelled = await serviceRunningOut(now, 4);
    await setService(t.app, cancelled.service.id, { status: 'cancelled' });
    const suspended = await serviceRunningOut(now, 0.5);
    await setService(t.app, suspended.service.id, { status: 'suspended' });
    const expired = await serviceRunningOut(now, -1);
    await t.app.panelJob.runOnce(now);
    for (const { customer } of [far, cancelled, suspended, expired]) {
      expect(noticesTo(customer)).toEqual([]);
    }
    expect((await serviceRow(t.app, expired.service.id)).status).toBe('expired');
  });

  test('a send the provider refuses leaves no trace, and a later run sends it', async () => {
    const now = new Date();
    const { customer, service } = await serviceRunningOut(now, 6);
    refusing = true;
    try {
      await t.app.panelJob.runOnce(now);
    } finally {
      refusing = false;
    }
    expect(noticesTo(customer)).toEqual([]);
    expect(await remindersOf(service.id)).toEqual([]);
    await t.app.panelJob.runOnce(now);
    await t.app.panelJob.runOnce(now);
    expect(noticesTo(customer)).toHaveLength(1);
    expect(await remindersOf(service.id)).toHaveLength(1);
  });

  test('a renewal moves the expiry, and the new expiry gets reminders of its own', async () => {
    const now = new Date();
    const { customer, service } = await serviceRunningOut(now, 5);
    await t.app.panelJob.runOnce(now);
    expect(noticesTo(customer)).toHaveLength(1);
    await renewAndPay(customer, service.id);
    const renewed = await serviceRow(t.app, service.id);
    const newExpiry = renewed.expiresAt ?? new Date(0);
    expect(newExpiry.getTime()).toBeGreaterThan(now.getTime() + 28 * DAY_MS);
    await t.app.panelJob.runOnce(now);
    expect(noticesTo(customer)).toHaveLength(1);
    await t.app.panelJob.runOnce(new Date(newExpiry.getTime() - 3 * DAY_MS));
    expect(noticesTo(customer).map((notice) => notice.message)).toEqual([
      reminderFor(service.name, service.expiresAt ?? new Date(0)),
      reminderFor(service.name, newExpiry),
    ]);
    await expectBooksBalanced(t.app.db);
  });

  test('the demo customer’s hosting plan that runs out this week is reminded', async () => {
    await t.app.panelJob.runOnce();
    const sara = { mobile: '+989121234567' };
    expect(noticesTo(sara).map((notice) => notice.message)).toEqual([
      expect.stringContaining('«هاست لینوکس ۵ گیگ (sara-blog.com)»'),
    ]);
  });
});

describe('expiring services', () => {
  test('active services past their expiry become expired; nothing else changes', async () => {
    const now = new Date();
    const past = await serviceRunningOut(now, -0.1);
    const future = await serviceRunningOut(now, 20);
    const cancelledPast = await serviceRunningOut(now, -3);
    await setService(t.app, cancelledPast.service.id, { status: 'cancelled' });
    expect(await t.app.panelJob.runOnce(now)).toBe(true);
    expect((await serviceRow(t.app, past.service.id)).status).toBe('expired');
    expect((await serviceRow(t.app, future.service.id)).status).toBe('active');
    expect((await serviceRow(t.app, cancelledPast.service.id)).status).toBe('cancelled');
    // The panel shows it expired, still renewable.
    const list = await ok(
      t.app,
      '/api/user/services/get-user-services',
      { status: 'expired' },
      past.customer.token,
    );
    expect(list.items.map((item) => [item.id, item.renewal !== null])).toEqual([
      [past.service.id, true],
    ]);
  });

  test('a service whose expiry passes between runs expires at the next run', async () => {
    const now = new Date();
    const { service } = await serviceRunningOut(now, 2);
    await t.app.panelJob.runOnce(now);
    expect((await serviceRow(t.app, service.id)).status).toBe('active');
    await t.app.panelJob.runOnce(new Date(now.getTime() + 2 * DAY_MS + 1000));
    expect((await serviceRow(t.app, service.id)).status).toBe('expired');
  });
});

async function renewAndPay(customer: Customer, serviceId: string) {
  await ok(t.app, '/api/user/services/renew-service', { serviceId }, customer.token);
  const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
  await grantCredit(t.app.db, customer.id, order.totalRial);
  await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
}
