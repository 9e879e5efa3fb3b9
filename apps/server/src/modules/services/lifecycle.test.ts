import {
  cancelService,
  getServiceAccess,
  renewService,
  requestServiceCancellation,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { sandboxPanelAccounts, serviceEvents } from '../../schema';
import { ok, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, FREE_THEME, grantCredit, useWallet } from '../orders/checkout-test-kit';
import { TERMINATION_WARNING_DAYS } from './lifecycle-sweeps';
import { buyService, DAY_MS, freshDomain, serviceRow } from './panel-test-kit';

// A service's whole life on its panel (issue 20), on a simulated clock: expiry, the grace
// period, suspension, a renewal that lifts it, then no renewal, warnings and termination, with
// the sandbox panel's own account and site checked at each step.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
const GRACE_DAYS = 7;
const TERMINATE_AFTER_DAYS = 30;
const MINUTE = 60_000;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

const sms = () => t.app.sms as ConsoleSmsSender;
const textsTo = (mobile: string) =>
  sms()
    .sent.filter((entry) => entry.to === mobile)
    .map((entry) => entry.text);

async function account(username: string) {
  const [row] = await t.app.db
    .select()
    .from(sandboxPanelAccounts)
    .where(eq(sandboxPanelAccounts.username, username));
  return row ?? null;
}

async function siteStatus(username: string): Promise<number> {
  return (await t.app.inject({ url: `/sites/${username}/` })).statusCode;
}

/** The periodic job at `at`, then every job it queued (panel actions, notices). */
async function runDay(at: Date) {
  expect(await t.app.panelJob.runOnce(at)).toBe(true);
  await t.app.jobs.drain();
}

test('expired, suspended after the grace days, renewed, then terminated when nobody pays', async () => {
  const customer = await createCustomer(t.app);
  const bought = await buyService(t.app, customer, {
    slug: 'builder-starter',
    cycle: 'monthly',
    theme: FREE_THEME,
    domain: freshDomain(),
  });
  const username = bought.panelUsername as string;
  expect(bought.status).toBe('active');
  expect(await siteStatus(username)).toBe(200);
  const expiry = bought.expiresAt as Date;

  // Past its expiry: expired, warned, still running.
  await runDay(new Date(expiry.getTime() + MINUTE));
  expect((await serviceRow(t.app, bought.id)).status).toBe('expired');
  expect(textsTo(customer.mobile).at(-1)).toContain('به‌زودی معلق');
  expect(await siteStatus(username)).toBe(200);

  // A day before the grace ends nothing moves; after it, suspended on the panel too.
  await runDay(new Date(expiry.getTime() + (GRACE_DAYS - 1) * DAY_MS));
  expect((await serviceRow(t.app, bought.id)).status).toBe('expired');
  await runDay(new Date(expiry.getTime() + GRACE_DAYS * DAY_MS + MINUTE));
  const suspended = await serviceRow(t.app, bought.id);
  expect([suspended.status, suspended.suspension]).toEqual(['suspended', 'overdue']);
  expect((await account(username))?.suspended).toBe(true);
  expect(await siteStatus(username)).toBe(503);
  expect(textsTo(customer.mobile).at(-1)).toContain('معلق شد');

  // The renewal, paid, lifts the suspension and moves the expiry, once.
  await ok(t.app, renewService.path, { serviceId: bought.id }, customer.token);
  const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
  await grantCredit(t.app.db, customer.id, order.totalRial);
  await useWallet(t.app, customer, order.id);
  await t.app.jobs.drain();
  const renewed = await serviceRow(t.app, bought.id);
  expect(renewed.status).toBe('active');
  expect(renewed.suspension).toBeNull();
  expect((renewed.expiresAt as Date).getTime()).toBeGreaterThan(expiry.getTime());
  expect((await account(username))?.suspended).toBe(false);
  expect(await siteStatus(username)).toBe(200);
  const renewals = await t.app.db
    .select()
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, bought.id));
  expect(renewals.filter((event) => event.kind === 'renewed')).toHaveLength(1);

  // Then nobody pays: expired, suspended, warned before termination, terminated, removed.
  const next = renewed.expiresAt as Date;
  await runDay(new Date(next.getTime() + MINUTE));
  const suspendedAt = new Date(next.getTime() + GRACE_DAYS * DAY_MS + MINUTE);
  await runDay(suspendedAt);
  expect((await serviceRow(t.app, bought.id)).status).toBe('suspended');
  const warnAt = suspendedAt.getTime() + (TERMINATE_AFTER_DAYS - TERMINATION_WARNING_DAYS) * DAY_MS;
  await runDay(new Date(warnAt - DAY_MS));
  expect(textsTo(customer.mobile).some((text) => text.includes('حذف می‌شود'))).toBe(false);
  await runDay(new Date(warnAt + MINUTE));
  await runDay(new Date(warnAt + 2 * MINUTE));
  expect(textsTo(customer.mobile).filter((text) => text.includes('حذف می‌شود'))).toHaveLength(1);
  expect((await serviceRow(t.app, bought.id)).status).toBe('suspended');
  await runDay(new Date(suspendedAt.getTime() + TERMINATE_AFTER_DAYS * DAY_MS + MINUTE));
  expect((await serviceRow(t.app, bought.id)).status).toBe('terminated');
  expect(await account(username)).toBeNull();
  expect(await siteStatus(username)).toBe(404);
  expect(textsTo(customer.mobile).at(-1)).toContain('حذف شد');

  // The clock is simulated for the periodic job and real for the rest, so the timeline is
  // checked as what moved and what the panel did, not in one order.
  const timeline = await t.app.db
    .select({
      kind: serviceEvents.kind,
      from: serviceEvents.fromStatus,
      to: serviceEvents.toStatus,
    })
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, bought.id));
  const moves = timeline
    .filter((event) => event.to !== null)
    .map((event) => `${event.from ?? ''}→${event.to}`);
  expect(moves.sort()).toEqual(
    [
      '→pending',
      'pending→provisioning',
      'provisioning→active',
      'active→expired',
      'expired→suspended',
      'suspended→active',
      'active→expired',
      'expired→suspended',
      'suspended→terminated',
    ].sort(),
  );
  const panel = timeline.filter(
    (event) => event.kind.startsWith('panel.') || event.kind.startsWith('warning.'),
  );
  expect(panel.map((event) => event.kind).sort()).toEqual(
    [
      'panel.create',
      'panel.suspend',
      'panel.unsuspend',
      'panel.suspend',
      'warning.termination',
      'panel.terminate',
    ].sort(),
  );
});

describe('the owner ends a service', () => {
  test('a cancellation asked for ends it with its term, without a grace period; withdrawn, it runs on', async () => {
    const customer = await createCustomer(t.app);
    // One after the other: a customer has one cart.
    const kept = await buyService(t.app, customer, {
      slug: 'host-linux-5g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    const ended = await buyService(t.app, customer, {
      slug: 'host-linux-5g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    for (const service of [kept, ended]) {
      const asked = await ok(
        t.app,
        requestServiceCancellation.path,
        { serviceId: service.id, cancel: true, reason: 'دیگر لازم ندارم' },
        customer.token,
      );
      expect(asked.endsAt).toBe(service.expiresAt?.toISOString());
    }
    await ok(
      t.app,
      requestServiceCancellation.path,
      { serviceId: kept.id, cancel: false },
      customer.token,
    );
    const access = await ok(t.app, getServiceAccess.path, { serviceId: ended.id }, customer.token);
    expect(access.cancellation?.endsAt).toBe(ended.expiresAt?.toISOString());

    await runDay(new Date((ended.expiresAt as Date).getTime() + MINUTE));
    expect((await serviceRow(t.app, ended.id)).status).toBe('cancelled');
    expect(await account(ended.panelUsername as string)).toBeNull();
    expect((await serviceRow(t.app, kept.id)).status).toBe('expired');
    expect((await account(kept.panelUsername as string))?.suspended).toBe(false);
  });
});

describe('staff stop a service', () => {
  test('a cancelled service has its panel account removed, and staff suspension needs staff to lift', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, {
      slug: 'host-linux-5g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    const username = service.panelUsername as string;
    await ok(
      t.app,
      '/api/admin/services/suspend-service',
      { serviceId: service.id, reason: 'سوءاستفاده' },
      admin.token,
    );
    await t.app.jobs.drain();
    expect((await account(username))?.suspended).toBe(true);
    const held = await serviceRow(t.app, service.id);
    expect(held.suspension).toBe('staff');
    // The expiry job never lifts or moves a staff suspension.
    await runDay(new Date((held.expiresAt as Date).getTime() + 60 * DAY_MS));
    expect((await serviceRow(t.app, service.id)).status).toBe('suspended');

    await ok(
      t.app,
      cancelService.path,
      { serviceId: service.id, reason: 'درخواست مشتری' },
      admin.token,
    );
    await t.app.jobs.drain();
    expect((await serviceRow(t.app, service.id)).status).toBe('cancelled');
    expect(await account(username)).toBeNull();
  });
});
