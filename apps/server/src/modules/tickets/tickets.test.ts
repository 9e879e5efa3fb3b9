import { randomUUID } from 'node:crypto';
import { TICKET_BODY_MAX_LENGTH } from '@vitrin/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ticketMessages, tickets } from '../../schema';
import { ok, refused } from '../../test/api-kit';
import {
  countOpenTickets,
  countUnreadTickets,
  replyAsStaff,
  STAFF_DISPLAY_NAME,
} from './tickets.service';
import {
  createPerson,
  createService,
  NEW_TICKET,
  openTicket,
  type Person,
  setupTicketsTest,
  smsTo,
  ticketDetail,
  unreadDot,
} from './tickets-test-kit';

const t = setupTicketsTest({ firstName: 'علی', lastName: 'رضایی' });

const MINUTE_MS = 60_000;

const replies = (who: Person, ticketId: string) =>
  ok(t.app, '/api/user/tickets/get-ticket-replies', { ticketId }, who.token);
const list = (who: Person, query: { status?: string; page?: number; pageSize?: number } = {}) =>
  ok(t.app, '/api/user/tickets/get-user-tickets', query as { page?: number }, who.token);
const reply = (who: Person, ticketId: string, body: string) =>
  ok(t.app, '/api/user/tickets/submit-reply', { ticketId, body }, who.token);
const close = (who: Person, ticketId: string) =>
  ok(t.app, '/api/user/tickets/close-ticket', { ticketId }, who.token);
const staffReply = (ticketId: string, body: string, extra: { internal?: boolean } = {}) =>
  replyAsStaff(t.app, { ticketId, staffUserId: t.staff.id, body, ...extra });

async function rowCounts() {
  const [ticketRows] = await t.app.db.select({ total: count() }).from(tickets);
  const [messageRows] = await t.app.db.select({ total: count() }).from(ticketMessages);
  return { tickets: ticketRows?.total, messages: messageRows?.total };
}

describe('submitting and listing', () => {
  test('a new ticket is open, counts one message, and answers its summary', async () => {
    const customer = await createPerson(t.app);
    const before = Date.now();
    const ticket = await openTicket(t.app, customer, { priority: 'high', department: 'billing' });
    expect(ticket).toMatchObject({
      subject: NEW_TICKET.subject,
      department: 'billing',
      priority: 'high',
      status: 'open',
      relatedService: null,
      unread: false,
      messageCount: 1,
      closedAt: null,
    });
    expect(ticket.number).toBeGreaterThanOrEqual(1001);
    expect(new Date(ticket.createdAt).getTime()).toBeGreaterThanOrEqual(before);
    expect(ticket.lastMessageAt).toBe(ticket.createdAt);
    expect(await ticketDetail(t.app, customer, ticket.id)).toEqual(ticket);
  });

  test('the success toast is Persian and the priority defaults to normal', async () => {
    const customer = await createPerson(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/tickets/submit-ticket',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      payload: JSON.stringify({
        department: 'sales',
        subject: 'پرسش پیش از خرید',
        body: 'آیا هاست لینوکس از PHP 8.3 پشتیبانی می‌کند؟',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      message: 'تیکت شما ثبت شد',
      data: { priority: 'normal', department: 'sales' },
    });
  });

  test('numbers go up by one per ticket, across people', async () => {
    const first = await openTicket(t.app, await createPerson(t.app));
    const second = await openTicket(t.app, await createPerson(t.app));
    expect(second.number).toBe(first.number + 1);
  });

  test('the list is latest activity first, filters by status, pages, and counts every status', async () => {
    const customer = await createPerson(t.app);
    const a = await openTicket(t.app, customer, { subject: 'تیکت الف' });
    const b = await openTicket(t.app, customer, { subject: 'تیکت ب' });
    const c = await openTicket(t.app, customer, { subject: 'تیکت پ' });
    await staffReply(a.id, 'پاسخ پشتیبانی به الف');
    await close(customer, b.id);
    // Another person's tickets never show.
    await openTicket(t.app, await createPerson(t.app));

    const all = await list(customer);
    expect(all.items.map((item) => item.subject)).toEqual(['تیکت الف', 'تیکت پ', 'تیکت ب']);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.counts).toEqual({ open: 1, answered: 1, 'customer-reply': 0, closed: 1 });

    const closed = await list(customer, { status: 'closed' });
    expect(closed.items.map((item) => item.id)).toEqual([b.id]);
    expect(closed.total).toBe(1);
    expect(closed.counts).toEqual(all.counts);

    const page2 = await list(customer, { page: 2, pageSize: 2 });
    expect(page2.items.map((item) => item.id)).toEqual([b.id]);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((await list(customer, { page: 3, pageSize: 2 })).items).toEqual([]);
    expect(all.items.find((item) => item.id === c.id)?.status).toBe('open');
  });

  test('a person with no tickets gets an empty list and zero counts', async () => {
    const customer = await createPerson(t.app);
    expect(await list(customer)).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      nextCursor: null,
      counts: { open: 0, answered: 0, 'customer-reply': 0, closed: 0 },
    });
  });

  test('a related service must be the person’s own; another’s is 404 on serviceId', async () => {
    const customer = await createPerson(t.app);
    const other = await createPerson(t.app);
    const own = await createService(t.app, customer, 'سایت‌ساز کسب‌وکار (example-site.ir)');
    const theirs = await createService(t.app, other, 'هاست لینوکس (their-site.ir)');

    const ticket = await openTicket(t.app, customer, { serviceId: own });
    expect(ticket.relatedService).toEqual({ id: own, name: 'سایت‌ساز کسب‌وکار (example-site.ir)' });

    const before = await rowCounts();
    for (const serviceId of [theirs, randomUUID()]) {
      const error = await refused(
        t.app,
        '/api/user/tickets/submit-ticket',
        { ...NEW_TICKET, serviceId },
        customer.token,
        404,
      );
      expect(error).toMatchObject({
        code: 'NOT_FOUND',
        message: 'این سرویس پیدا نشد',
        fields: { serviceId: 'این سرویس پیدا نشد' },
      });
    }
    expect(await rowCounts()).toEqual(before);
    expect((await openTicket(t.app, customer, { serviceId: null })).relatedService).toBeNull();
  });

  test('bad payloads are 400 with a Persian message on each bad field, and save nothing', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const before = await rowCounts();
    const cases: Array<{ path: string; body: unknown; fields: string[] }> = [
      {
        path: '/api/user/tickets/submit-ticket',
        body: { ...NEW_TICKET, subject: 'ab', body: 'کوتاه' },
        fields: ['subject', 'body'],
      },
      {
        path: '/api/user/tickets/submit-ticket',
        body: { ...NEW_TICKET, department: 'marketing', priority: 'urgent' },
        fields: ['department', 'priority'],
      },
      {
        path: '/api/user/tickets/submit-ticket',
        body: { ...NEW_TICKET, subject: 'خط اول\nخط دوم', extra: 1 },
        fields: ['subject', 'extra'],
      },
      {
        path: '/api/user/tickets/submit-ticket',
        body: { ...NEW_TICKET, attachmentIds: Array.from({ length: 6 }, () => randomUUID()) },
        fields: ['attachmentIds'],
      },
      {
        path: '/api/user/tickets/submit-ticket',
        body: { ...NEW_TICKET, serviceId: 'not-an-id', attachmentIds: ['x'] },
        fields: ['serviceId', 'attachmentIds.0'],
      },
      {
        path: '/api/user/tickets/submit-reply',
        body: { ticketId: ticket.id, body: '   ' },
        fields: ['body'],
      },
      {
        path: '/api/user/tickets/submit-reply',
        body: { ticketId: ticket.id, body: 'x'.repeat(TICKET_BODY_MAX_LENGTH + 1) },
        fields: ['body'],
      },
      {
        path: '/api/user/tickets/submit-reply',
        body: { ticketId: ticket.id, body: 'نویسهٔ کنترلی \u0007' },
        fields: ['body'],
      },
      {
        path: '/api/user/tickets/get-ticket-detail',
        body: { ticketId: '1' },
        fields: ['ticketId'],
      },
      { path: '/api/user/tickets/close-ticket', body: {}, fields: ['ticketId'] },
      {
        path: '/api/user/tickets/get-user-tickets',
        body: { status: 'pending', pageSize: 1000 },
        fields: ['status', 'pageSize'],
      },
    ];
    for (const { path, body, fields } of cases) {
      const error = await refused(t.app, path, body, customer.token, 400);
      expect(error.code, path).toBe('VALIDATION');
      expect(Object.keys(error.fields ?? {}).sort(), JSON.stringify(body)).toEqual(
        [...fields].sort(),
      );
      for (const message of Object.values(error.fields ?? {})) {
        expect(message).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  test('every ticket call needs sign-in', async () => {
    for (const path of [
      '/api/user/tickets/get-user-tickets',
      '/api/user/tickets/get-ticket-detail',
      '/api/user/tickets/get-ticket-replies',
      '/api/user/tickets/submit-ticket',
      '/api/user/tickets/submit-reply',
      '/api/user/tickets/close-ticket',
    ]) {
      const error = await refused(t.app, path, {}, undefined, 401);
      expect(error.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('another person’s ticket answers exactly like a missing one', () => {
  test('detail, replies, reply and close are 404 and change nothing', async () => {
    const owner = await createPerson(t.app);
    const stranger = await createPerson(t.app);
    const ticket = await openTicket(t.app, owner);
    await staffReply(ticket.id, 'پاسخ پشتیبانی');
    const before = await rowCounts();
    const calls: Array<[string, (ticketId: string) => unknown]> = [
      ['/api/user/tickets/get-ticket-detail', (ticketId) => ({ ticketId })],
      ['/api/user/tickets/get-ticket-replies', (ticketId) => ({ ticketId })],
      ['/api/user/tickets/submit-reply', (ticketId) => ({ ticketId, body: 'پاسخ غریبه' })],
      ['/api/user/tickets/close-ticket', (ticketId) => ({ ticketId })],
    ];
    for (const [path, body] of calls) {
      const theirs = await refused(t.app, path, body(ticket.id), stranger.token, 404);
      const missing = await refused(t.app, path, body(randomUUID()), stranger.token, 404);
      expect(theirs).toEqual({ code: 'NOT_FOUND', message: 'این تیکت پیدا نشد' });
      expect(missing).toEqual(theirs);
    }
    expect(await rowCounts()).toEqual(before);
    // Reading by the stranger marked nothing read; the owner's ticket is as it was.
    const detail = await ticketDetail(t.app, owner, ticket.id);
    expect(detail).toMatchObject({ status: 'answered', unread: true, messageCount: 2 });
    expect((await list(stranger)).items).toEqual([]);
  });
});

describe('the ticket’s states', () => {
  test('open → answered by staff → customer-reply → answered again', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    expect(ticket.status).toBe('open');

    const t1 = new Date(Date.now() + MINUTE_MS);
    await replyAsStaff(
      t.app,
      { ticketId: ticket.id, staffUserId: t.staff.id, body: 'لطفا نشانی سایت را بفرستید.' },
      t1,
    );
    let detail = await ticketDetail(t.app, customer, ticket.id);
    expect(detail).toMatchObject({ status: 'answered', messageCount: 2 });
    expect(detail.lastMessageAt).toBe(t1.toISOString());

    detail = await reply(customer, ticket.id, 'نشانی: example-site.ir');
    expect(detail).toMatchObject({ status: 'customer-reply', messageCount: 3, closedAt: null });
    expect(new Date(detail.lastMessageAt).getTime()).toBeLessThan(t1.getTime());
    // Staff's later reply answers it again.
    await staffReply(ticket.id, 'مشکل برطرف شد.');
    expect((await ticketDetail(t.app, customer, ticket.id)).status).toBe('answered');
  });

  test('a customer adding to a ticket no one has answered keeps it open', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const detail = await reply(customer, ticket.id, 'یک نکتهٔ دیگر هم اضافه کنم.');
    expect(detail).toMatchObject({ status: 'open', messageCount: 2 });
  });

  test('the customer closes it; closing again is 409; a reply reopens it', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    await staffReply(ticket.id, 'انجام شد.');
    const closed = await close(customer, ticket.id);
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.closedBy).toBe('customer');

    const again = await refused(
      t.app,
      '/api/user/tickets/close-ticket',
      { ticketId: ticket.id },
      customer.token,
      409,
    );
    expect(again).toEqual({ code: 'CONFLICT', message: 'این تیکت پیش‌تر بسته شده است' });

    const reopened = await reply(customer, ticket.id, 'دوباره همان مشکل پیش آمد.');
    expect(reopened).toMatchObject({ status: 'customer-reply', closedAt: null, messageCount: 3 });
    const [after] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after?.closedBy).toBeNull();
  });

  test('a staff reply to a closed ticket reopens it as answered', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    await close(customer, ticket.id);
    await staffReply(ticket.id, 'یک پیگیری: آیا مشکل حل شد؟');
    expect(await ticketDetail(t.app, customer, ticket.id)).toMatchObject({
      status: 'answered',
      closedAt: null,
      unread: true,
    });
  });

  test('only staff may reply as staff, to a ticket that exists, with a real body', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    await expect(
      replyAsStaff(t.app, { ticketId: ticket.id, staffUserId: customer.id, body: 'من کارمندم' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(staffReply(randomUUID(), 'پاسخ')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(staffReply(ticket.id, '   ')).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { body: expect.stringMatching(/[\u0600-\u06FF]/) },
    });
    expect(await ticketDetail(t.app, customer, ticket.id)).toMatchObject({
      status: 'open',
      messageCount: 1,
    });
  });
});

describe('replies, unread and the red dot', () => {
  test('replies come oldest first with authors; text comes back exactly as typed', async () => {
    const customer = await createPerson(t.app, { firstName: 'مینا', lastName: 'کاظمی' });
    const typed = 'سلام،\n<b>این HTML نیست</b> <script>alert("x")</script>\n\tبا تب و خط تازه';
    const ticket = await openTicket(t.app, customer, { body: typed });
    await staffReply(ticket.id, 'پاسخ اول پشتیبانی');
    await reply(customer, ticket.id, 'پاسخ دوم مشتری');
    const { items } = await replies(customer, ticket.id);
    expect(items.map(({ author, authorName, body }) => ({ author, authorName, body }))).toEqual([
      { author: 'customer', authorName: 'مینا کاظمی', body: typed },
      { author: 'staff', authorName: STAFF_DISPLAY_NAME, body: 'پاسخ اول پشتیبانی' },
      { author: 'customer', authorName: 'مینا کاظمی', body: 'پاسخ دوم مشتری' },
    ]);
    const times = items.map((item) => new Date(item.createdAt).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(items.every((item) => item.attachments.length === 0)).toBe(true);
  });

  test('a customer without a name is shown as «شما»', async () => {
    const customer = await createPerson(t.app, { firstName: null, lastName: null });
    const ticket = await openTicket(t.app, customer);
    const { items } = await replies(customer, ticket.id);
    expect(items[0]?.authorName).toBe('شما');
  });

  test('a staff reply is unread until the replies are read; the red dot counts and clears', async () => {
    const customer = await createPerson(t.app);
    const first = await openTicket(t.app, customer);
    const second = await openTicket(t.app, customer);
    expect(await unreadDot(t.app, customer)).toBe(0);

    await staffReply(first.id, 'پاسخ به تیکت نخست');
    await staffReply(second.id, 'پاسخ به تیکت دوم');
    await staffReply(second.id, 'و یک نکتهٔ دیگر');
    expect(await unreadDot(t.app, customer)).toBe(2);
    expect((await list(customer)).items.map((item) => item.unread)).toEqual([true, true]);
    // The detail does not mark anything read; only reading the replies does.
    expect((await ticketDetail(t.app, customer, second.id)).unread).toBe(true);

    await replies(customer, second.id);
    expect((await ticketDetail(t.app, customer, second.id)).unread).toBe(false);
    expect((await ticketDetail(t.app, customer, first.id)).unread).toBe(true);
    expect(await unreadDot(t.app, customer)).toBe(1);

    await replies(customer, first.id);
    expect(await unreadDot(t.app, customer)).toBe(0);
    expect(await countUnreadTickets(t.app.db, customer.id)).toBe(0);

    // A new answer after reading is unread again.
    await staffReply(first.id, 'پیگیری تازه');
    expect(await unreadDot(t.app, customer)).toBe(1);
    // The customer's own messages are never unread.
    await reply(customer, second.id, 'ممنون');
    expect((await ticketDetail(t.app, customer, second.id)).unread).toBe(false);
  });

  test('internal notes are never shown, counted, unread, texted or moving the list', async () => {
    const customer = await createPerson(t.app);
    const older = await openTicket(t.app, customer, { subject: 'تیکت قدیمی‌تر' });
    const newer = await openTicket(t.app, customer, { subject: 'تیکت تازه‌تر' });
    const note = await staffReply(older.id, 'یادداشت داخلی: مشتری ویژه است', { internal: true });
    expect(note.smsSent).toBe(false);

    const detail = await ticketDetail(t.app, customer, older.id);
    expect(detail).toMatchObject({ status: 'open', unread: false, messageCount: 1 });
    expect(detail.lastMessageAt).toBe(older.lastMessageAt);
    expect((await list(customer)).items.map((item) => item.id)).toEqual([newer.id, older.id]);
    const { items } = await replies(customer, older.id);
    expect(items.map((item) => item.body)).toEqual([NEW_TICKET.body]);
    expect(await unreadDot(t.app, customer)).toBe(0);
    expect(smsTo(t.app, customer.mobile)).toEqual([]);
    const [row] = await t.app.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.id, note.messageId));
    expect(row).toMatchObject({ internal: true, smsSentAt: null, authorRole: 'staff' });
  });

  test('the panel counts: tickets not closed, and tickets with an unread answer', async () => {
    const customer = await createPerson(t.app);
    const a = await openTicket(t.app, customer);
    const b = await openTicket(t.app, customer);
    await openTicket(t.app, customer);
    await staffReply(a.id, 'پاسخ');
    await close(customer, b.id);
    expect(await countOpenTickets(t.app.db, customer.id)).toBe(2);
    expect(await countUnreadTickets(t.app.db, customer.id)).toBe(1);
  });
});
