import { cancelService, extendService, suspendService, unsuspendService } from '@vitrin/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer } from '../orders/checkout-test-kit';
import {
  buyService,
  DAY_MS,
  freshDomain,
  type ServiceRow,
  serviceRow,
  setService,
} from './panel-test-kit';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

async function activeService(): Promise<ServiceRow> {
  const customer = await createCustomer(t.app);
  return buyService(t.app, customer, {
    slug: 'host-linux-5g',
    cycle: 'monthly',
    domain: freshDomain(),
  });
}

function expiryOf(service: ServiceRow): Date {
  if (!service.expiresAt) throw new Error('a bought service has an expiry');
  return service.expiresAt;
}

describe('service actions: authorization', () => {
  test('admins only: signed out, customers and support are refused, and nothing changes', async () => {
    const service = await activeService();
    const serviceId = service.id;
    await expectStaffOnly(t.app, suspendService, { serviceId });
    await expectStaffOnly(t.app, unsuspendService, { serviceId });
    await expectStaffOnly(t.app, extendService, { serviceId, days: 30 });
    await expectStaffOnly(t.app, cancelService, { serviceId });
    expect(await serviceRow(t.app, serviceId)).toEqual(service);
    expect(await auditRowsOf(t.app, 'service', serviceId)).toHaveLength(0);
  });
});

describe('suspend-service and unsuspend-service', () => {
  test('suspends an active service and lifts it back to active, each with its audit row', async () => {
    const service = await activeService();
    const suspended = await ok(
      t.app,
      '/api/admin/services/suspend-service',
      { serviceId: service.id, reason: 'محتوای غیرمجاز' },
      admin.token,
    );
    expect(suspended).toMatchObject({ id: service.id, status: 'suspended' });
    const [suspendRow] = await auditRowsOf(t.app, 'service', service.id);
    expect(suspendRow).toMatchObject({
      action: 'service.suspend',
      actorId: admin.id,
      reason: 'محتوای غیرمجاز',
      before: { status: 'active', expiresAt: expiryOf(service).toISOString() },
      after: { status: 'suspended', expiresAt: expiryOf(service).toISOString() },
    });
    const lifted = await ok(
      t.app,
      '/api/admin/services/unsuspend-service',
      { serviceId: service.id },
      admin.token,
    );
    expect(lifted.status).toBe('active');
    const rows = await auditRowsOf(t.app, 'service', service.id);
    expect(rows.map((row) => row.action).sort()).toEqual(['service.suspend', 'service.unsuspend']);
    expect(rows.find((row) => row.action === 'service.unsuspend')).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
  });

  test('a suspended service whose expiry passed comes back expired', async () => {
    const service = await activeService();
    await setService(t.app, service.id, {
      status: 'suspended',
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    const lifted = await ok(
      t.app,
      '/api/admin/services/unsuspend-service',
      { serviceId: service.id },
      admin.token,
    );
    expect(lifted.status).toBe('expired');
  });

  test('only an active or expired service can be suspended, only a suspended one unsuspended', async () => {
    const service = await activeService();
    for (const status of ['cancelled', 'terminated', 'pending', 'suspended'] as const) {
      await setService(t.app, service.id, { status });
      const error = await refused(
        t.app,
        suspendService.path,
        { serviceId: service.id },
        admin.token,
        409,
      );
      expect(error.message, status).toContain('فقط سرویس فعال یا منقضی');
    }
    for (const status of ['active', 'expired', 'cancelled', 'pending'] as const) {
      await setService(t.app, service.id, { status });
      const error = await refused(
        t.app,
        unsuspendService.path,
        { serviceId: service.id },
        admin.token,
        409,
      );
      expect(error.message, status).toBe('این سرویس معلق نیست');
    }
    expect(await auditRowsOf(t.app, 'service', service.id)).toHaveLength(0);
    const missing = await refused(
      t.app,
      suspendService.path,
      { serviceId: crypto.randomUUID() },
      admin.token,
      404,
    );
    expect(missing.message).toBe('این سرویس پیدا نشد');
  });
});

describe('cancel-service', () => {
  test('cancels a service in any state but cancelled, with its audit row', async () => {
    const service = await activeService();
    await setService(t.app, service.id, { status: 'suspended' });
    const cancelled = await ok(
      t.app,
      '/api/admin/services/cancel-service',
      { serviceId: service.id, reason: 'درخواست مشتری' },
      admin.token,
    );
    expect(cancelled.status).toBe('cancelled');
    const again = await refused(
      t.app,
      cancelService.path,
      { serviceId: service.id },
      admin.token,
      409,
    );
    expect(again.message).toBe('این سرویس پیش‌تر لغو شده است');
    const rows = await auditRowsOf(t.app, 'service', service.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'service.cancel',
      reason: 'درخواست مشتری',
      before: { status: 'suspended' },
      after: { status: 'cancelled' },
    });
  });
});

describe('extend-service', () => {
  test('adds days to the current expiry, with its audit row', async () => {
    const service = await activeService();
    const before = expiryOf(service);
    const extended = await ok(
      t.app,
      '/api/admin/services/extend-service',
      { serviceId: service.id, days: 30 },
      admin.token,
    );
    const after = new Date(before.getTime() + 30 * DAY_MS).toISOString();
    expect(extended).toMatchObject({ status: 'active', expiresAt: after });
    const [row] = await auditRowsOf(t.app, 'service', service.id);
    expect(row).toMatchObject({
      action: 'service.extend',
      actorId: admin.id,
      before: { status: 'active', expiresAt: before.toISOString() },
      after: { status: 'active', expiresAt: after },
    });
  });

  test('extends to a Jalali date typed as text, and an expired service becomes active', async () => {
    const service = await activeService();
    await setService(t.app, service.id, {
      status: 'expired',
      expiresAt: new Date(Date.now() - 3 * DAY_MS),
    });
    const extended = await ok(
      t.app,
      '/api/admin/services/extend-service',
      { serviceId: service.id, until: '۱۴۳۰/۰۱/۰۱' },
      admin.token,
    );
    // 1430/01/01 starts at midnight in Tehran (UTC+3:30): 2051-03-21.
    expect(extended).toMatchObject({ status: 'active', expiresAt: '2051-03-20T20:30:00.000Z' });
  });

  test('days on an expired service count from today', async () => {
    const service = await activeService();
    await setService(t.app, service.id, {
      status: 'expired',
      expiresAt: new Date(Date.now() - 100 * DAY_MS),
    });
    const startedAt = Date.now();
    const extended = await ok(
      t.app,
      '/api/admin/services/extend-service',
      { serviceId: service.id, days: 10 },
      admin.token,
    );
    const expiresAt = Date.parse(extended.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(startedAt + 10 * DAY_MS);
    expect(expiresAt).toBeLessThan(Date.now() + 10 * DAY_MS + 1);
    expect(extended.status).toBe('active');
  });

  test('a suspended service stays suspended when extended', async () => {
    const service = await activeService();
    await setService(t.app, service.id, { status: 'suspended' });
    const extended = await ok(
      t.app,
      '/api/admin/services/extend-service',
      { serviceId: service.id, days: 1 },
      admin.token,
    );
    expect(extended.status).toBe('suspended');
  });

  test('the new expiry must be later than the current one; a cancelled service is refused', async () => {
    const service = await activeService();
    const earlier = new Date(expiryOf(service).getTime() - DAY_MS).toISOString();
    const tooEarly = await refused(
      t.app,
      extendService.path,
      { serviceId: service.id, until: earlier },
      admin.token,
      400,
    );
    expect(tooEarly.code).toBe('VALIDATION');
    expect(tooEarly.fields?.until).toContain('تاریخ انقضای تازه باید بعد از');
    await setService(t.app, service.id, { status: 'cancelled' });
    const cancelled = await refused(
      t.app,
      extendService.path,
      { serviceId: service.id, days: 30 },
      admin.token,
      409,
    );
    expect(cancelled.message).toBe('سرویس لغوشده را نمی‌توان تمدید کرد');
    expect(await auditRowsOf(t.app, 'service', service.id)).toHaveLength(0);
  });

  test('bad input: days out of range, both or neither given, a date that is not one', async () => {
    const service = await activeService();
    const body = (extra: Record<string, unknown>) => ({ serviceId: service.id, ...extra });
    const tooMany = await refused(
      t.app,
      extendService.path,
      body({ days: 3651 }),
      admin.token,
      400,
    );
    expect(tooMany.fields?.days).toBe('نباید بیشتر از ۳٬۶۵۰ باشد');
    const zero = await refused(t.app, extendService.path, body({ days: 0 }), admin.token, 400);
    expect(zero.fields?.days).toBeTruthy();
    const neither = await refused(t.app, extendService.path, body({}), admin.token, 400);
    expect(neither.fields?.days).toBe('تعداد روز تمدید یا تاریخ انقضای تازه را وارد کنید');
    const both = await refused(
      t.app,
      extendService.path,
      body({ days: 5, until: '1430/01/01' }),
      admin.token,
      400,
    );
    expect(both.fields?.until).toBe('فقط یکی از تعداد روز یا تاریخ انقضای تازه را وارد کنید');
    const notADate = await refused(
      t.app,
      extendService.path,
      body({ until: '1430/13/40' }),
      admin.token,
      400,
    );
    expect(notADate.code).toBe('INVALID_DATE');
    expect(notADate.fields?.until).toBeTruthy();
    expect(await serviceRow(t.app, service.id)).toEqual(service);
  });
});
