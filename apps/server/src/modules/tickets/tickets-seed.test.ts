import { eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { ticketMessages, tickets, users } from '../../schema';
import { ok, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { type Person, smsTo, unreadDot } from './tickets-test-kit';

const t = setupTestApp({ seedDemoData: true });
let sara: Person;
beforeAll(async () => {
  const response = await send(t.app, '/api/jwt/authenticate', {
    username: '09121234567',
    password: 'vitrin-demo-1405',
  });
  expect(response.statusCode, response.body).toBe(200);
  const identity = response.json().data as { id: string; jwtToken: string };
  sara = { id: identity.id, token: identity.jwtToken, mobile: '+989121234567' };
});

test('the demo customer has tickets in every status, spread over the last weeks', async () => {
  const list = await ok(t.app, '/api/user/tickets/get-user-tickets', {}, sara.token);
  expect(list.counts).toEqual({ open: 1, answered: 1, 'customer-reply': 1, closed: 2 });
  const times = list.items.map((item) => new Date(item.lastMessageAt).getTime());
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  const oldest = Math.min(...list.items.map((item) => new Date(item.createdAt).getTime()));
  expect(Date.now() - oldest).toBeGreaterThan(21 * 24 * 3_600_000);
  for (const item of list.items) {
    expect(item.subject).toMatch(/[\u0600-\u06FF]/);
    if (item.status === 'closed') expect(item.closedAt).not.toBeNull();
  }
});

test('the technical answer is unread and shows the red dot; reading it clears both', async () => {
  const list = await ok(t.app, '/api/user/tickets/get-user-tickets', {}, sara.token);
  const answered = list.items.find((item) => item.status === 'answered');
  expect(answered).toMatchObject({ department: 'technical', unread: true });
  expect(answered?.relatedService?.name).toContain('sara-gallery.ir');
  expect(list.items.filter((item) => item.unread)).toHaveLength(1);
  expect(await unreadDot(t.app, sara)).toBe(1);

  const { items } = await ok(
    t.app,
    '/api/user/tickets/get-ticket-replies',
    { ticketId: answered?.id ?? '' },
    sara.token,
  );
  // The staff note in that conversation is not shown.
  expect(items.map((item) => item.author)).toEqual(['customer', 'staff']);
  expect(items[1]?.authorName).toBe('پشتیبانی ویترین');
  expect(await unreadDot(t.app, sara)).toBe(0);
});

test('the open question is about her blog and gallery; staff answers are by علی رضایی', async () => {
  const list = await ok(
    t.app,
    '/api/user/tickets/get-user-tickets',
    { status: 'open' },
    sara.token,
  );
  expect(list.items).toHaveLength(1);
  expect(list.items[0]?.relatedService?.name).toContain('sara-blog.com');
  const { items } = await ok(
    t.app,
    '/api/user/tickets/get-ticket-replies',
    { ticketId: list.items[0]?.id ?? '' },
    sara.token,
  );
  expect(items[0]?.body).toMatch(/sara-gallery\.ir/);

  const staffAuthors = await t.app.db
    .selectDistinct({ mobile: users.mobile, role: users.role })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.authorRole, 'staff'));
  expect(staffAuthors).toEqual([{ mobile: '+989351234567', role: 'admin' }]);
});

test('the tickets job finds nothing to do in the demo: no SMS, nothing closed', async () => {
  const before = await t.app.db.select({ id: tickets.id, status: tickets.status }).from(tickets);
  await t.app.ticketsJob.runOnce();
  expect(smsTo(t.app, sara.mobile)).toEqual([]);
  const after = await t.app.db.select({ id: tickets.id, status: tickets.status }).from(tickets);
  expect(after).toEqual(expect.arrayContaining(before));
  expect(after).toHaveLength(before.length);
});
