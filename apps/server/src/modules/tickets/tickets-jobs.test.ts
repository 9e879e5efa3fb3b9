import { TICKET_AUTO_CLOSE_DAYS, TICKET_UPLOAD_TTL_HOURS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { FileNotFoundError } from '../../lib/file-store';
import { SmsSendError, type SmsSender } from '../../providers/sms/sms-sender';
import { ticketMessageFiles, ticketMessages, tickets, uploads } from '../../schema';
import { ok } from '../../test/api-kit';
import { notifyStaffReply, staffReplyNoticeText } from './ticket-notices';
import { replyAsStaff } from './tickets.service';
import {
  createPerson,
  messageRow,
  openTicket,
  SAMPLE_FILES,
  setupTicketsTest,
  smsTo,
  ticketDetail,
  uploaded,
} from './tickets-test-kit';

const t = setupTicketsTest();

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The app's own database and log with another SMS sender: a provider that is slow or down. */
function withSender(sms: SmsSender) {
  return { db: t.app.db, log: t.app.log, sms };
}

const downSender: SmsSender = {
  name: 'down',
  sendCode: async () => {
    throw new SmsSendError('provider down');
  },
  sendNotice: async () => {
    throw new SmsSendError('provider down');
  },
};

async function storageKeyOf(attachmentId: string) {
  const [row] = await t.app.db
    .select({ storageKey: uploads.storageKey })
    .from(uploads)
    .where(eq(uploads.id, attachmentId));
  return row?.storageKey;
}

describe('SMS on a staff reply', () => {
  test('the owner gets one SMS naming the ticket in Persian digits; the job sends no second', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer, { subject: 'خطای پرداخت در فروشگاه' });
    const outcome = await replyAsStaff(t.app, {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'درگاه پرداخت دوباره وصل شد.',
    });
    expect(outcome.smsSent).toBe(true);
    await t.app.ticketsJob.runOnce();
    await t.app.ticketsJob.runOnce();
    const digits = toPersianDigits(ticket.number);
    expect(digits).toMatch(/^[۰-۹]{4,}$/);
    expect(smsTo(t.app, customer.mobile).map((sms) => sms.text)).toEqual([
      `پاسخ تازه‌ای برای تیکت شمارهٔ ${digits} ثبت شد: خطای پرداخت در فروشگاه — ویترین`,
    ]);
    expect((await messageRow(t.app, outcome.messageId)).smsSentAt).toBeInstanceOf(Date);
    // Every reply gets its own.
    await replyAsStaff(t.app, { ticketId: ticket.id, staffUserId: t.staff.id, body: 'پیگیری' });
    expect(smsTo(t.app, customer.mobile)).toHaveLength(2);
  });

  test('a long subject is shortened in the SMS', () => {
    const text = staffReplyNoticeText({ number: 1002, subject: 'الف'.repeat(30) });
    // 40 characters: 39 of the subject and an ellipsis.
    expect(text).toBe(`پاسخ تازه‌ای برای تیکت شمارهٔ ۱۰۰۲ ثبت شد: ${'الف'.repeat(13)}… — ویترین`);
  });

  test('while the reply’s own send is under way, jobs running at the same time send nothing', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    let entered!: () => void;
    const sending = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowSender: SmsSender = {
      name: 'slow',
      sendCode: (message) => t.app.sms.sendCode(message),
      sendNotice: async (message) => {
        entered();
        await gate;
        await t.app.sms.sendNotice(message);
      },
    };
    const replying = replyAsStaff(withSender(slowSender), {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'در حال بررسی هستیم.',
    });
    await sending;
    await Promise.all([t.app.ticketsJob.runOnce(), t.app.ticketsJob.runOnce()]);
    expect(smsTo(t.app, customer.mobile)).toHaveLength(0);
    release();
    expect((await replying).smsSent).toBe(true);
    await t.app.ticketsJob.runOnce();
    expect(smsTo(t.app, customer.mobile)).toHaveLength(1);
  });

  test('a reply and two job runs racing send exactly one SMS', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const [outcome] = await Promise.all([
      replyAsStaff(t.app, { ticketId: ticket.id, staffUserId: t.staff.id, body: 'پاسخ' }),
      t.app.ticketsJob.runOnce(),
      t.app.ticketsJob.runOnce(),
    ]);
    await t.app.ticketsJob.runOnce();
    expect(smsTo(t.app, customer.mobile)).toHaveLength(1);
    expect((await messageRow(t.app, outcome.messageId)).smsSentAt).not.toBeNull();
  });

  test('the claim lets one sender through: concurrent and repeated sends of a reply go once', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    // Saved with its SMS not sent (the provider was down), so anyone may now claim it.
    const { messageId } = await replyAsStaff(withSender(downSender), {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'پاسخ',
    });
    const outcomes = await Promise.all([
      notifyStaffReply(t.app, messageId),
      notifyStaffReply(t.app, messageId),
      notifyStaffReply(t.app, messageId),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await notifyStaffReply(t.app, messageId)).toBe(false);
    await t.app.ticketsJob.runOnce();
    expect(smsTo(t.app, customer.mobile)).toHaveLength(1);
  });

  test('a failed send is released, and the job sends it once', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const outcome = await replyAsStaff(withSender(downSender), {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'پاسخ در زمان قطعی پیامک',
    });
    expect(outcome.smsSent).toBe(false);
    // The reply is saved and answered all the same.
    expect((await ticketDetail(t.app, customer, ticket.id)).status).toBe('answered');
    expect((await messageRow(t.app, outcome.messageId)).smsSentAt).toBeNull();
    expect(smsTo(t.app, customer.mobile)).toHaveLength(0);

    await t.app.ticketsJob.runOnce();
    await t.app.ticketsJob.runOnce();
    expect(smsTo(t.app, customer.mobile)).toHaveLength(1);
    expect((await messageRow(t.app, outcome.messageId)).smsSentAt).not.toBeNull();
  });

  test('the job leaves replies older than two days, already read, or internal', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const old = await replyAsStaff(
      withSender(downSender),
      { ticketId: ticket.id, staffUserId: t.staff.id, body: 'پاسخ قدیمی' },
      new Date(Date.now() - 2 * DAY_MS - HOUR_MS),
    );
    const note = await replyAsStaff(t.app, {
      ticketId: ticket.id,
      staffUserId: t.staff.id,
      body: 'یادداشت داخلی',
      internal: true,
    });
    const other = await openTicket(t.app, customer);
    const read = await replyAsStaff(withSender(downSender), {
      ticketId: other.id,
      staffUserId: t.staff.id,
      body: 'پاسخی که خوانده می‌شود',
    });
    await ok(t.app, '/api/user/tickets/get-ticket-replies', { ticketId: other.id }, customer.token);

    await t.app.ticketsJob.runOnce();
    expect(smsTo(t.app, customer.mobile)).toHaveLength(0);
    for (const id of [old.messageId, note.messageId, read.messageId]) {
      expect((await messageRow(t.app, id)).smsSentAt).toBeNull();
    }
  });
});

describe('answered tickets close themselves', () => {
  test(`after ${TICKET_AUTO_CLOSE_DAYS} days untouched, closed by the system; not a moment before`, async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const answeredAt = new Date(Date.now() + HOUR_MS);
    await replyAsStaff(
      t.app,
      { ticketId: ticket.id, staffUserId: t.staff.id, body: 'انجام شد؛ اگر پرسشی هست بفرمایید.' },
      answeredAt,
    );
    const due = new Date(answeredAt.getTime() + TICKET_AUTO_CLOSE_DAYS * DAY_MS);

    await t.app.ticketsJob.runOnce(new Date(due.getTime() - 1000));
    expect((await ticketDetail(t.app, customer, ticket.id)).status).toBe('answered');

    await t.app.ticketsJob.runOnce(due);
    const closed = await ticketDetail(t.app, customer, ticket.id);
    expect(closed).toMatchObject({ status: 'closed', closedAt: due.toISOString() });
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.closedBy).toBe('system');
  });

  test('tickets waiting on staff, and answered ones the customer has replied to, stay open', async () => {
    const customer = await createPerson(t.app);
    const waiting = await openTicket(t.app, customer);
    const replied = await openTicket(t.app, customer);
    await replyAsStaff(t.app, { ticketId: replied.id, staffUserId: t.staff.id, body: 'پاسخ' });
    await ok(
      t.app,
      '/api/user/tickets/submit-reply',
      { ticketId: replied.id, body: 'هنوز درست نشده' },
      customer.token,
    );
    await t.app.ticketsJob.runOnce(new Date(Date.now() + 30 * DAY_MS));
    expect((await ticketDetail(t.app, customer, waiting.id)).status).toBe('open');
    expect((await ticketDetail(t.app, customer, replied.id)).status).toBe('customer-reply');
  });

  test('an internal note does not restart the seven days', async () => {
    const customer = await createPerson(t.app);
    const ticket = await openTicket(t.app, customer);
    const answeredAt = new Date(Date.now() + 2 * HOUR_MS);
    await replyAsStaff(
      t.app,
      { ticketId: ticket.id, staffUserId: t.staff.id, body: 'پاسخ' },
      answeredAt,
    );
    await replyAsStaff(
      t.app,
      { ticketId: ticket.id, staffUserId: t.staff.id, body: 'یادداشت', internal: true },
      new Date(answeredAt.getTime() + 6 * DAY_MS),
    );
    await t.app.ticketsJob.runOnce(
      new Date(answeredAt.getTime() + TICKET_AUTO_CLOSE_DAYS * DAY_MS),
    );
    expect((await ticketDetail(t.app, customer, ticket.id)).status).toBe('closed');
  });
});

describe('uploads never sent', () => {
  test(`are deleted after ${TICKET_UPLOAD_TTL_HOURS} hours, rows and bytes; sent ones stay`, async () => {
    const owner = await createPerson(t.app);
    const before = Date.now();
    const loose = await uploaded(t.app, owner, { name: 'loose.png', bytes: SAMPLE_FILES.png });
    const sent = await uploaded(t.app, owner, { name: 'sent.pdf', bytes: SAMPLE_FILES.pdf });
    await openTicket(t.app, owner, { attachmentIds: [sent.id] });
    const after = Date.now();
    const looseKey = await storageKeyOf(loose.id);
    const sentKey = await storageKeyOf(sent.id);
    if (!looseKey || !sentKey) throw new Error('uploads were not saved');

    await t.app.filesJob.runOnce(new Date(before + TICKET_UPLOAD_TTL_HOURS * HOUR_MS - 1000));
    expect(await storageKeyOf(loose.id)).toBe(looseKey);
    expect(await t.app.files.read(looseKey)).toEqual(SAMPLE_FILES.png);

    await t.app.filesJob.runOnce(new Date(after + TICKET_UPLOAD_TTL_HOURS * HOUR_MS));
    expect(await storageKeyOf(loose.id)).toBeUndefined();
    await expect(t.app.files.read(looseKey)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await storageKeyOf(sent.id)).toBe(sentKey);
    expect(await t.app.files.read(sentKey)).toEqual(SAMPLE_FILES.pdf);
    const [message] = await t.app.db
      .select({ id: ticketMessages.id })
      .from(ticketMessageFiles)
      .innerJoin(ticketMessages, eq(ticketMessages.id, ticketMessageFiles.messageId))
      .where(eq(ticketMessageFiles.uploadId, sent.id));
    expect(message).toBeDefined();
  });
});
