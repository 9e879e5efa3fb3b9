import { getAuditLog } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { writeAudit } from './audit.service';

const t = setupTestApp();
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

describe('get-audit-log', () => {
  test('admins only: signed out, customers and support are refused', async () => {
    await expectStaffOnly(t.app, getAuditLog, {});
  });

  test('lists what staff did, newest first, with who did it, and filters', async () => {
    const entityId = crypto.randomUUID();
    await writeAudit(t.app.db, {
      actorId: admin.id,
      action: 'order.cancel',
      entityType: 'order',
      entityId,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
    await writeAudit(t.app.db, {
      actorId: admin.id,
      action: 'order.refund',
      entityType: 'order',
      entityId,
      before: { status: 'paid', at: new Date('2026-11-01T10:00:00Z') },
      after: { status: 'refunded' },
      reason: 'درخواست مشتری',
    });
    const answer = await ok(t.app, '/api/admin/audit/get-audit-log', { entityId }, admin.token);
    expect(answer.total).toBe(2);
    expect(answer.items.map((entry) => entry.action)).toEqual(['order.refund', 'order.cancel']);
    expect(answer.items[0]).toMatchObject({
      actor: { id: admin.id, name: 'علی مدیر' },
      entityType: 'order',
      before: { status: 'paid', at: '2026-11-01T10:00:00.000Z' },
      after: { status: 'refunded' },
      reason: 'درخواست مشتری',
    });
    const refunds = await ok(
      t.app,
      '/api/admin/audit/get-audit-log',
      { entityId, action: 'order.ref' },
      admin.token,
    );
    expect(refunds.items.map((entry) => entry.action)).toEqual(['order.refund']);
    const wildcard = await ok(
      t.app,
      '/api/admin/audit/get-audit-log',
      { entityId, action: '%' },
      admin.token,
    );
    expect(wildcard.total).toBe(0);
  });

  test('the role is read from the database: a demoted or locked admin is refused at once', async () => {
    const former = await createStaff(t.app, 'admin');
    await ok(t.app, '/api/admin/audit/get-audit-log', {}, former.token);
    await t.app.db.update(users).set({ role: 'customer' }).where(eq(users.id, former.id));
    const demoted = await refused(t.app, '/api/admin/audit/get-audit-log', {}, former.token, 403);
    expect(demoted.code).toBe('FORBIDDEN');
    const locked = await createStaff(t.app, 'admin');
    await t.app.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id));
    await refused(t.app, '/api/admin/audit/get-audit-log', {}, locked.token, 403);
  });

  test('each row keeps the address the change came from, as the route saw it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tickets/create-canned-reply',
      remoteAddress: '203.0.113.29',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      payload: JSON.stringify({ title: 'پاسخ نشانی', body: 'متن پاسخ آماده' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const log = await ok(
      t.app,
      '/api/admin/audit/get-audit-log',
      { entityId: response.json().data.id },
      admin.token,
    );
    expect(log.items.map((row) => row.ipAddress)).toEqual(['203.0.113.29']);
  });
});
