import { randomUUID } from 'node:crypto';
import {
  adminCreateCannedReply,
  adminDeleteCannedReply,
  adminListCannedReplies,
  adminUpdateCannedReply,
} from '@vitrin/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp();
let admin: SignedInUser;
let support: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

const create = (who: SignedInUser, title: string, body: string) =>
  ok(t.app, '/api/admin/tickets/create-canned-reply', { title, body }, who.token);

describe('canned replies', () => {
  test('the signed-out and customers are refused; support and admins may use them', async () => {
    const existing = await create(admin, 'سلام', 'سلام، وقت بخیر.');
    await expectStaffOnly(t.app, adminListCannedReplies, {});
    await expectStaffOnly(t.app, adminCreateCannedReply, { title: 'عنوان', body: 'متن' });
    await expectStaffOnly(t.app, adminUpdateCannedReply, {
      id: existing.id,
      title: 'عنوان',
      body: 'متن',
    });
    await expectStaffOnly(t.app, adminDeleteCannedReply, { id: existing.id });
    const { items } = await ok(t.app, '/api/admin/tickets/list-canned-replies', {}, support.token);
    expect(items.map((reply) => reply.title)).toEqual(['سلام']);
    expect(await auditRowsOf(t.app, 'canned-reply', existing.id)).toHaveLength(1);
  });

  test('support writes, edits and deletes them, each with its audit row', async () => {
    const created = await create(support, 'تمدید دامنه', 'دامنهٔ شما تمدید شد.\nسپاس از صبر شما.');
    expect(created).toMatchObject({
      title: 'تمدید دامنه',
      body: 'دامنهٔ شما تمدید شد.\nسپاس از صبر شما.',
      createdBy: { id: support.id, name: 'مریم پشتیبان' },
    });
    const updated = await ok(
      t.app,
      '/api/admin/tickets/update-canned-reply',
      { id: created.id, title: 'تمدید دامنه', body: 'دامنهٔ شما برای یک سال تمدید شد.' },
      support.token,
    );
    expect(updated.body).toBe('دامنهٔ شما برای یک سال تمدید شد.');
    // The same text again changes nothing and writes no row.
    await ok(
      t.app,
      '/api/admin/tickets/update-canned-reply',
      { id: created.id, title: 'تمدید دامنه', body: 'دامنهٔ شما برای یک سال تمدید شد.' },
      support.token,
    );
    const found = await ok(
      t.app,
      '/api/admin/tickets/list-canned-replies',
      { search: 'یک سال' },
      support.token,
    );
    expect(found.items.map((reply) => reply.id)).toEqual([created.id]);
    await ok(t.app, '/api/admin/tickets/delete-canned-reply', { id: created.id }, support.token);
    await refused(
      t.app,
      '/api/admin/tickets/delete-canned-reply',
      { id: created.id },
      support.token,
      404,
    );

    const audit = await auditRowsOf(t.app, 'canned-reply', created.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['canned-reply.delete', support.id],
      ['canned-reply.update', support.id],
      ['canned-reply.create', support.id],
    ]);
    expect(audit[1]).toMatchObject({
      before: { body: 'دامنهٔ شما تمدید شد.\nسپاس از صبر شما.' },
      after: { body: 'دامنهٔ شما برای یک سال تمدید شد.' },
    });
    expect(audit[0]?.before).toEqual({
      title: 'تمدید دامنه',
      body: 'دامنهٔ شما برای یک سال تمدید شد.',
    });
    expect(audit[0]?.after).toBeNull();
  });

  test('a title over 100 or a body over 5000 characters is refused with the field named', async () => {
    const long = await refused(
      t.app,
      '/api/admin/tickets/create-canned-reply',
      { title: 'ع'.repeat(101), body: 'م'.repeat(5001) },
      support.token,
      400,
    );
    expect(Object.keys(long.fields ?? {}).sort()).toEqual(['body', 'title']);
    expect(long.fields?.title).toMatch(/[\u0600-\u06FF]/);
    const blank = await refused(
      t.app,
      '/api/admin/tickets/create-canned-reply',
      { title: '  ', body: 'متن' },
      support.token,
      400,
    );
    expect(Object.keys(blank.fields ?? {})).toEqual(['title']);
    await create(support, 'ع'.repeat(100), 'م'.repeat(5000));
    const missing = await refused(
      t.app,
      '/api/admin/tickets/update-canned-reply',
      { id: randomUUID(), title: 'عنوان', body: 'متن' },
      support.token,
      404,
    );
    expect(missing.message).toBe('این پاسخ آماده پیدا نشد');
  });

  test('the list is by title and paged', async () => {
    for (const title of ['پ-ب', 'پ-الف', 'پ-ج']) await create(admin, title, 'متن');
    const page = await ok(
      t.app,
      '/api/admin/tickets/list-canned-replies',
      { search: 'پ-', pageSize: 2 },
      admin.token,
    );
    expect(page.total).toBe(3);
    expect(page.items.map((reply) => reply.title)).toEqual(['پ-الف', 'پ-ب']);
  });
});
