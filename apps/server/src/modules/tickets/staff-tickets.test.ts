import { randomUUID } from 'node:crypto';
import {
  adminAssignTicket,
  adminCloseTicket,
  adminGetTicket,
  adminListStaffMembers,
  adminListTickets,
  adminReplyTicket,
  adminSetTicketDepartment,
  adminSetTicketPriority,
  type CallDefinition,
  type PathInput,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { tickets, users } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  createPerson,
  createService,
  download,
  openTicket,
  SAMPLE_FILES,
  smsTo,
  ticketDetail,
  unreadDot,
  uploaded,
} from './tickets-test-kit';

const t = setupTestApp();
let admin: SignedInUser;
let support: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

const get = (who: SignedInUser, ticketId: string) =>
  ok(t.app, '/api/admin/tickets/get-ticket', { ticketId }, who.token);
const queue = (who: SignedInUser, query: PathInput<'/api/admin/tickets/list-tickets'> = {}) =>
  ok(t.app, '/api/admin/tickets/list-tickets', query, who.token);
const customerReplies = (who: SignedInUser, ticketId: string) =>
  ok(t.app, '/api/user/tickets/get-ticket-replies', { ticketId }, who.token);

describe('authorization', () => {
  test('every tickets call refuses the signed-out and customers, and lets support in', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    const calls: Array<[CallDefinition, unknown]> = [
      [adminListTickets, {}],
      [adminGetTicket, { ticketId: ticket.id }],
      [adminListStaffMembers, {}],
      [adminAssignTicket, { ticketId: ticket.id, assigneeId: support.id }],
      [adminReplyTicket, { ticketId: ticket.id, body: 'پاسخ', internal: true }],
      [adminCloseTicket, { ticketId: ticket.id }],
      [adminSetTicketPriority, { ticketId: ticket.id, priority: 'high' }],
      [adminSetTicketDepartment, { ticketId: ticket.id, department: 'billing' }],
    ];
    for (const [call, body] of calls) {
      expect(call.access).toEqual({ permission: 'tickets.work' });
      await expectStaffOnly(t.app, call, body);
    }
    // Nothing the refused callers sent changed the ticket.
    const detail = await get(support, ticket.id);
    expect(detail).toMatchObject({
      status: 'open',
      priority: 'normal',
      department: 'technical',
      assignee: null,
    });
    expect(detail.messages).toHaveLength(1);
    expect(detail.audit).toEqual([]);
  });

  test('a demoted or locked support member loses the queue and the files at once', async () => {
    const owner = await createPerson(t.app);
    const file = await uploaded(t.app, owner, { name: 'a.png', bytes: SAMPLE_FILES.png });
    await openTicket(t.app, owner, { attachmentIds: [file.id] });
    const former = await createStaff(t.app, 'support');
    expect((await download(t.app, former.token, { attachmentId: file.id })).statusCode).toBe(200);
    await t.app.db.update(users).set({ role: 'customer' }).where(eq(users.id, former.id));
    await refused(t.app, '/api/admin/tickets/list-tickets', {}, former.token, 403);
    expect((await download(t.app, former.token, { attachmentId: file.id })).statusCode).toBe(404);

    const locked = await createStaff(t.app, 'support');
    await t.app.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id));
    expect((await download(t.app, locked.token, { attachmentId: file.id })).statusCode).toBe(404);
  });
});

describe('a support member works a ticket from start to end', () => {
  test('assign to self, internal note, reply with a file, close: the customer sees only the reply', async () => {
    const owner = await createPerson(t.app, { firstName: 'سارا', lastName: 'مشتری' });
    const screenshot = await uploaded(t.app, owner, { name: 'خطا.png', bytes: SAMPLE_FILES.png });
    const ticket = await openTicket(t.app, owner, { attachmentIds: [screenshot.id] });

    // In the queue, waiting on staff, unassigned.
    const waiting = await queue(support, { search: owner.mobile, assignee: 'none' });
    expect(waiting.items.map((row) => row.id)).toEqual([ticket.id]);
    expect(waiting.items[0]).toMatchObject({
      waitingOnStaff: true,
      customer: { id: owner.id, name: 'سارا مشتری', mobile: owner.mobile },
      lastMessage: { author: 'customer', authorName: 'سارا مشتری', internal: false },
    });
    // Support reads the customer's file.
    const theirs = await download(t.app, support.token, { attachmentId: screenshot.id });
    expect(theirs.statusCode).toBe(200);

    let detail = await ok(
      t.app,
      '/api/admin/tickets/assign-ticket',
      { ticketId: ticket.id, assigneeId: support.id },
      support.token,
    );
    expect(detail.assignee).toEqual({ id: support.id, name: 'مریم پشتیبان', role: 'support' });
    const mine = await queue(support, { assignee: 'me', search: owner.mobile });
    expect(mine.items.map((row) => row.id)).toEqual([ticket.id]);

    const noteFile = await uploaded(t.app, support, { name: 'لاگ.pdf', bytes: SAMPLE_FILES.pdf });
    detail = await ok(
      t.app,
      '/api/admin/tickets/reply-ticket',
      {
        ticketId: ticket.id,
        body: 'یادداشت داخلی: سرور ۳ را بررسی کنید',
        internal: true,
        attachmentIds: [noteFile.id],
      },
      support.token,
    );
    expect(detail.status).toBe('open');
    expect(smsTo(t.app, owner.mobile)).toHaveLength(0);
    expect(await unreadDot(t.app, owner)).toBe(0);

    const guide = await uploaded(t.app, support, { name: 'راهنما.png', bytes: SAMPLE_FILES.png });
    detail = await ok(
      t.app,
      '/api/admin/tickets/reply-ticket',
      { ticketId: ticket.id, body: 'مشکل برطرف شد؛ راهنما پیوست است.', attachmentIds: [guide.id] },
      support.token,
    );
    expect(detail.status).toBe('answered');
    expect(detail.messages.map((message) => [message.author, message.internal])).toEqual([
      ['customer', false],
      ['staff', true],
      ['staff', false],
    ]);
    expect(detail.messages[1]).toMatchObject({
      authorId: support.id,
      authorName: 'مریم پشتیبان',
      attachments: [noteFile],
      smsSentAt: null,
    });
    expect(detail.messages[2]?.attachments).toEqual([guide]);
    expect(detail.messages[2]?.smsSentAt).not.toBeNull();

    // The customer: one SMS, the red dot, the reply and its file; never the note or its file.
    expect(smsTo(t.app, owner.mobile)).toHaveLength(1);
    expect(await unreadDot(t.app, owner)).toBe(1);
    const seen = await customerReplies(owner, ticket.id);
    expect(seen.items.map((message) => message.body)).toEqual([
      expect.any(String),
      'مشکل برطرف شد؛ راهنما پیوست است.',
    ]);
    expect(JSON.stringify(seen)).not.toContain('یادداشت داخلی');
    expect(seen.items[1]?.attachments).toEqual([guide]);
    expect((await download(t.app, owner.token, { attachmentId: guide.id })).statusCode).toBe(200);
    expect((await download(t.app, owner.token, { attachmentId: noteFile.id })).statusCode).toBe(
      404,
    );
    expect(await unreadDot(t.app, owner)).toBe(0);

    detail = await ok(
      t.app,
      '/api/admin/tickets/close-ticket',
      { ticketId: ticket.id },
      support.token,
    );
    expect(detail).toMatchObject({ status: 'closed', closedBy: 'staff', waitingOnStaff: false });
    expect((await ticketDetail(t.app, owner, ticket.id)).status).toBe('closed');

    const audit = await auditRowsOf(t.app, 'ticket', ticket.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['ticket.close', support.id],
      ['ticket.reply', support.id],
      ['ticket.note', support.id],
      ['ticket.assign', support.id],
    ]);
    const [close, reply, note, assign] = audit;
    expect(close).toMatchObject({
      before: { status: 'answered', closedAt: null, closedBy: null },
      after: { status: 'closed', closedBy: 'staff' },
    });
    expect(reply).toMatchObject({
      before: { status: 'open' },
      after: { messageId: detail.messages[2]?.id, internal: false, status: 'answered' },
    });
    expect(note).toMatchObject({
      before: null,
      after: { messageId: detail.messages[1]?.id, internal: true, attachments: 1 },
    });
    // The audit never keeps a message's text.
    expect(JSON.stringify(audit)).not.toContain('سرور');
    expect(assign).toMatchObject({
      before: { assignedTo: null },
      after: { assignedTo: support.id },
    });
    expect(detail.audit.map((entry) => entry.action)).toEqual(audit.map((row) => row.action));
  });

  test('a staff internal note never appears in the customer’s replies, counts or list', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    await ok(
      t.app,
      '/api/admin/tickets/reply-ticket',
      { ticketId: ticket.id, body: 'فقط برای همکاران', internal: true },
      admin.token,
    );
    const seen = await customerReplies(owner, ticket.id);
    expect(seen.items).toHaveLength(1);
    expect(seen.items.every((message) => message.author === 'customer')).toBe(true);
    expect(await ticketDetail(t.app, owner, ticket.id)).toMatchObject({
      status: 'open',
      messageCount: 1,
      unread: false,
      lastMessageAt: ticket.lastMessageAt,
    });
    expect(await unreadDot(t.app, owner)).toBe(0);
    expect(smsTo(t.app, owner.mobile)).toHaveLength(0);
  });

  test('a reply refuses another person’s upload, a missing ticket and an empty body', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    const customersFile = await uploaded(t.app, owner, { name: 'x.png', bytes: SAMPLE_FILES.png });
    const error = await refused(
      t.app,
      '/api/admin/tickets/reply-ticket',
      { ticketId: ticket.id, body: 'پاسخ', attachmentIds: [customersFile.id] },
      support.token,
      404,
    );
    expect(error.fields?.attachmentIds).toMatch(/پیوست/);
    await refused(
      t.app,
      '/api/admin/tickets/reply-ticket',
      { ticketId: randomUUID(), body: 'پاسخ' },
      support.token,
      404,
    );
    const empty = await refused(
      t.app,
      '/api/admin/tickets/reply-ticket',
      { ticketId: ticket.id, body: '   ' },
      support.token,
      400,
    );
    expect(empty.fields?.body).toMatch(/[\u0600-\u06FF]/);
    expect((await get(support, ticket.id)).messages).toHaveLength(1);
    expect(await auditRowsOf(t.app, 'ticket', ticket.id)).toEqual([]);
  });
});

describe('changing a ticket', () => {
  test('assign: only to staff; null unassigns; the same assignee again writes nothing', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    const path = '/api/admin/tickets/assign-ticket';
    for (const assigneeId of [owner.id, randomUUID()]) {
      const error = await refused(
        t.app,
        path,
        { ticketId: ticket.id, assigneeId },
        admin.token,
        404,
      );
      expect(error.fields?.assigneeId).toMatch(/کارمند/);
    }
    const locked = await createStaff(t.app, 'support');
    await t.app.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id));
    await refused(t.app, path, { ticketId: ticket.id, assigneeId: locked.id }, admin.token, 404);
    await refused(t.app, path, { ticketId: randomUUID(), assigneeId: null }, admin.token, 404);

    await ok(t.app, path, { ticketId: ticket.id, assigneeId: admin.id }, admin.token);
    await ok(t.app, path, { ticketId: ticket.id, assigneeId: admin.id }, admin.token);
    const detail = await ok(t.app, path, { ticketId: ticket.id, assigneeId: null }, support.token);
    expect(detail.assignee).toBeNull();
    const audit = await auditRowsOf(t.app, 'ticket', ticket.id);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['ticket.assign', { assignedTo: admin.id }, { assignedTo: null }],
      ['ticket.assign', { assignedTo: null }, { assignedTo: admin.id }],
    ]);
  });

  test('priority and department change with their audit rows; bad values are named', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    let detail = await ok(
      t.app,
      '/api/admin/tickets/set-ticket-priority',
      { ticketId: ticket.id, priority: 'high' },
      support.token,
    );
    expect(detail.priority).toBe('high');
    detail = await ok(
      t.app,
      '/api/admin/tickets/set-ticket-department',
      { ticketId: ticket.id, department: 'billing' },
      support.token,
    );
    expect(detail.department).toBe('billing');
    expect(await ticketDetail(t.app, owner, ticket.id)).toMatchObject({
      priority: 'high',
      department: 'billing',
    });
    const audit = await auditRowsOf(t.app, 'ticket', ticket.id);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['ticket.set-department', { department: 'technical' }, { department: 'billing' }],
      ['ticket.set-priority', { priority: 'normal' }, { priority: 'high' }],
    ]);
    const bad = await refused(
      t.app,
      '/api/admin/tickets/set-ticket-priority',
      { ticketId: ticket.id, priority: 'urgent' },
      support.token,
      400,
    );
    expect(Object.keys(bad.fields ?? {})).toEqual(['priority']);
  });

  test('closing a closed ticket is 409 and writes nothing; a customer reply reopens it', async () => {
    const owner = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    await ok(t.app, '/api/admin/tickets/close-ticket', { ticketId: ticket.id }, admin.token);
    const again = await refused(
      t.app,
      '/api/admin/tickets/close-ticket',
      { ticketId: ticket.id },
      admin.token,
      409,
    );
    expect(again.message).toBe('این تیکت پیش‌تر بسته شده است');
    expect(await auditRowsOf(t.app, 'ticket', ticket.id)).toHaveLength(1);
    const reopened = await ok(
      t.app,
      '/api/user/tickets/submit-reply',
      { ticketId: ticket.id, body: 'هنوز درست نشده' },
      owner.token,
    );
    expect(reopened.status).toBe('customer-reply');
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.closedBy).toBeNull();
  });
});

describe('the queue and one ticket', () => {
  test('filters, search in any form, sorting, paging and the status counts', async () => {
    const owner = await createPerson(t.app, { firstName: 'کیوان', lastName: 'صف' });
    const mobile = owner.mobile;
    const national = `0${mobile.slice(3)}`;
    const first = await openTicket(t.app, owner, { subject: 'کندی سایت', priority: 'low' });
    const second = await openTicket(t.app, owner, {
      subject: 'فاکتور اشتباه',
      department: 'billing',
      priority: 'high',
    });
    const third = await openTicket(t.app, owner, { subject: 'دامنه وصل نیست' });
    // Answered tickets are not waiting on staff; they show with status=all or answered.
    await ok(
      t.app,
      '/api/admin/tickets/reply-ticket',
      { ticketId: third.id, body: 'انجام شد' },
      admin.token,
    );

    const byMobile = await queue(support, { search: owner.mobile });
    expect(byMobile.items.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(byMobile.total).toBe(2);
    expect(byMobile.counts).toEqual({ open: 2, answered: 1, 'customer-reply': 0, closed: 0 });
    for (const form of [
      toPersianDigits(national),
      `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`,
      `0098${mobile.slice(3)}`,
    ]) {
      expect((await queue(support, { search: form, status: 'all' })).total).toBe(3);
    }
    expect((await queue(support, { search: mobile.slice(-6), status: 'all' })).total).toBe(3);

    const all = await queue(support, { search: mobile, status: 'all', sort: 'newest' });
    expect(all.items.map((row) => row.id)).toEqual([third.id, second.id, first.id]);
    expect(all.items[0]?.lastMessage).toMatchObject({ author: 'staff', authorName: 'علی مدیر' });
    const byPriority = await queue(support, { search: mobile, sort: 'priority' });
    expect(byPriority.items.map((row) => row.id)).toEqual([second.id, first.id]);
    const billing = await queue(support, { search: mobile, department: 'billing' });
    expect(billing.items.map((row) => row.id)).toEqual([second.id]);
    const low = await queue(support, { search: mobile, priority: 'low' });
    expect(low.items.map((row) => row.id)).toEqual([first.id]);
    const answered = await queue(support, { search: mobile, status: 'answered' });
    expect(answered.items.map((row) => row.id)).toEqual([third.id]);
    const paged = await queue(support, { search: mobile, status: 'all', pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);

    const byNumber = await queue(support, {
      search: `#${toPersianDigits(second.number)}`,
      status: 'all',
    });
    expect(byNumber.items.map((row) => row.id)).toEqual([second.id]);
    const bySubject = await queue(support, { search: 'فاکتور اشتباه', status: 'all' });
    expect(bySubject.items.map((row) => row.id)).toEqual([second.id]);
    const byName = await queue(support, { search: 'کیوان صف', status: 'all' });
    expect(byName.total).toBe(3);
    const wildcard = await queue(support, { search: '%', status: 'all' });
    expect(wildcard.total).toBe(0);

    await ok(
      t.app,
      '/api/admin/tickets/assign-ticket',
      { ticketId: first.id, assigneeId: admin.id },
      support.token,
    );
    const admins = await queue(support, { search: mobile, assignee: admin.id });
    expect(admins.items.map((row) => row.id)).toEqual([first.id]);
    expect(admins.items[0]?.assignee).toEqual({ id: admin.id, name: 'علی مدیر', role: 'admin' });
    const unassigned = await queue(support, { search: mobile, assignee: 'none' });
    expect(unassigned.items.map((row) => row.id)).toEqual([second.id]);

    const bad = await refused(
      t.app,
      '/api/admin/tickets/list-tickets',
      { status: 'pending', assignee: 'someone' },
      support.token,
      400,
    );
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['assignee', 'status']);
  });

  test('the queue pages by cursor in each sort, ties included, as by number; bad cursors are 400', async () => {
    const owner = await createPerson(t.app, { firstName: 'نرگس', lastName: 'صف‌بلند' });
    const keeper = await createStaff(t.app, 'support');
    // Eleven tickets at four instants (the number breaks the ties), of every priority and status.
    await t.app.db.execute(sql`
      insert into tickets (user_id, subject, department, priority, status, assigned_to,
        created_at, last_message_at, closed_at)
      select ${owner.id}::uuid, 'صف ' || n, 'technical',
        (array['high', 'normal', 'low'])[n % 3 + 1],
        (array['open', 'customer-reply', 'answered', 'closed'])[n % 4 + 1],
        ${keeper.id}::uuid,
        timestamptz '2026-03-01 08:00:00.654321+00' + (n / 3) * interval '1 minute',
        timestamptz '2026-03-05 08:00:00.123456+00' - (n / 4) * interval '1 minute',
        case when n % 4 = 3 then now() end
      from generate_series(1, 11) n`);
    const filtersOf = [
      { assignee: keeper.id }, // no join with the customer
      { search: owner.mobile }, // the search's join
    ] as const;
    for (const filters of filtersOf) {
      for (const sort of ['waiting', 'newest', 'priority'] as const) {
        for (const status of ['all', 'waiting'] as const) {
          const query = { ...filters, sort, status, pageSize: 3 };
          const byNumber: number[] = [];
          for (let page = 1; page <= 4; page += 1) {
            const answer = await queue(support, { ...query, page });
            byNumber.push(...answer.items.map((row) => row.number));
          }
          const byCursor: number[] = [];
          let after: string | undefined;
          let steps = 0;
          for (; steps < 6; steps += 1) {
            const answer = await queue(support, { ...query, ...(after ? { after } : {}) });
            byCursor.push(...answer.items.map((row) => row.number));
            if (!answer.nextCursor) break;
            after = answer.nextCursor;
          }
          const expected = status === 'all' ? 11 : 5;
          expect(new Set(byNumber).size).toBe(expected);
          expect(byCursor).toEqual(byNumber);
          // The last page is not full: no cursor on it, and it was reached in as many steps.
          expect(steps).toBe(Math.ceil(expected / 3) - 1);
        }
      }
    }
    // The priority sort: high first, then normal, then low, each longest waiting first.
    const byPriority = await queue(support, {
      assignee: keeper.id,
      sort: 'priority',
      status: 'all',
      pageSize: 11,
    });
    const rank = { high: 0, normal: 1, low: 2 } as const;
    const keys = byPriority.items.map(
      (row) => [rank[row.priority], row.lastMessageAt, row.number] as const,
    );
    expect(keys).toEqual(
      [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2]),
    );
    // A filter on one priority in the priority sort: that priority's tickets only, by cursor too.
    const highFirst = await queue(support, {
      assignee: keeper.id,
      sort: 'priority',
      status: 'all',
      priority: 'normal',
      pageSize: 2,
    });
    const highNext = await queue(support, {
      assignee: keeper.id,
      sort: 'priority',
      status: 'all',
      priority: 'normal',
      pageSize: 2,
      after: highFirst.nextCursor ?? '',
    });
    expect([...highFirst.items, ...highNext.items].map((row) => row.priority)).toEqual([
      'normal',
      'normal',
      'normal',
      'normal',
    ]);

    const waitingCursor = (await queue(support, { assignee: keeper.id, pageSize: 1 })).nextCursor;
    const priorityCursor = (
      await queue(support, { assignee: keeper.id, sort: 'priority', pageSize: 1 })
    ).nextCursor;
    const madeUp = Buffer.from(JSON.stringify(['2026-02-30 08:00:00+00', '1001'])).toString(
      'base64url',
    );
    for (const [sort, after] of [
      ['waiting', 'not-a-cursor'],
      ['waiting', madeUp],
      ['waiting', priorityCursor],
      ['newest', priorityCursor],
      ['priority', waitingCursor],
    ] as const) {
      const error = await refused(
        t.app,
        '/api/admin/tickets/list-tickets',
        { sort, after },
        support.token,
        400,
      );
      expect(error.fields?.after).toBe('این صفحه دیگر در دسترس نیست؛ فهرست را از ابتدا باز کنید');
    }
  });

  test('get-ticket: the customer, their services, the related service; 404 for a missing id', async () => {
    const owner = await createPerson(t.app, { firstName: null, lastName: null });
    const serviceId = await createService(t.app, owner, 'فروشگاه کتاب');
    const ticket = await openTicket(t.app, owner, { serviceId });
    const detail = await get(admin, ticket.id);
    expect(detail).toMatchObject({
      number: ticket.number,
      customer: { id: owner.id, name: owner.mobile, mobile: owner.mobile, locked: false },
      service: { id: serviceId, name: 'فروشگاه کتاب', domainName: 'example-site.ir' },
      customerServices: [{ id: serviceId, name: 'فروشگاه کتاب', status: 'active' }],
      closedBy: null,
    });
    const missing = await refused(
      t.app,
      '/api/admin/tickets/get-ticket',
      { ticketId: randomUUID() },
      support.token,
      404,
    );
    expect(missing.message).toBe('این تیکت پیدا نشد');
  });

  test('the staff members are support and admins who are not locked', async () => {
    const customer = await createPerson(t.app);
    const locked = await createStaff(t.app, 'support');
    await t.app.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id));
    const { items } = await ok(t.app, '/api/admin/tickets/list-staff-members', {}, support.token);
    const ids = items.map((member) => member.id);
    expect(items).toContainEqual({ id: admin.id, name: 'علی مدیر', role: 'admin' });
    expect(items).toContainEqual({ id: support.id, name: 'مریم پشتیبان', role: 'support' });
    expect(ids).not.toContain(customer.id);
    expect(ids).not.toContain(locked.id);
  });
});
