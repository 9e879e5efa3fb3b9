import { getAuditLog } from '@vitrin/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../../lib/list-total';
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

  test('pages by cursor give the rows pages by number give, ties on the time included', async () => {
    const entityType = `paging-${crypto.randomUUID().slice(0, 8)}`;
    // 45 rows, three at each instant (down to the microsecond), so the cursor must break ties.
    await t.app.db.execute(sql`
      insert into audit_log (actor_id, action, entity_type, entity_id, created_at)
      select ${admin.id}::uuid, 'order.cancel', ${entityType}, n::text,
        timestamptz '2026-01-01 10:00:00.123456+00' + (n / 3) * interval '1.000001 second'
      from generate_series(1, 45) n`);
    const byNumber: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await ok(
        t.app,
        '/api/admin/audit/get-audit-log',
        { entityType, page, pageSize: 10 },
        admin.token,
      );
      byNumber.push(...answer.items.map((entry) => entry.id));
    }
    const byCursor: string[] = [];
    let after: string | undefined;
    for (let step = 0; step < 10; step += 1) {
      const answer = await ok(
        t.app,
        '/api/admin/audit/get-audit-log',
        { entityType, pageSize: 10, ...(after ? { after } : {}) },
        admin.token,
      );
      expect(answer).toMatchObject({ total: 45, totalIsEstimate: false });
      byCursor.push(...answer.items.map((entry) => entry.id));
      if (!answer.nextCursor) break;
      after = answer.nextCursor;
    }
    expect(byNumber).toHaveLength(45);
    expect(new Set(byNumber).size).toBe(45);
    expect(byCursor).toEqual(byNumber);
  });

  test('a cursor that is not one the list gave is a field error', async () => {
    for (const after of ['not-a-cursor', Buffer.from('["x","y"]').toString('base64url')]) {
      const error = await refused(
        t.app,
        '/api/admin/audit/get-audit-log',
        { after },
        admin.token,
        400,
      );
      expect(error.fields).toHaveProperty('after');
    }
  });

  test('past 10,000 rows the total is an estimate, and says so; below it, an exact count', async () => {
    const entityType = `bulk-${crypto.randomUUID().slice(0, 8)}`;
    await t.app.db.execute(sql`
      insert into audit_log (actor_id, action, entity_type, entity_id)
      select ${admin.id}::uuid, 'product.update', ${entityType}, n::text
      from generate_series(1, ${EXACT_TOTAL_LIMIT + 50}) n`);
    await t.app.db.execute(sql`analyze audit_log`);
    const many = await ok(t.app, '/api/admin/audit/get-audit-log', { entityType }, admin.token);
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(many.items).toHaveLength(20);
    const one = await ok(
      t.app,
      '/api/admin/audit/get-audit-log',
      { entityType, entityId: '7' },
      admin.token,
    );
    expect(one).toMatchObject({ total: 1, totalIsEstimate: false });
  });
});
