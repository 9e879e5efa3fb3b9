import { and, asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  auditLog,
  cannedReplies,
  ticketMessageFiles,
  ticketMessages,
  tickets,
  uploads,
  users,
} from '../apps/server/src/schema';
import { launchChromium } from './browser';
import { newPage, SUPPORT, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The console's ticket pages (issue 8) in the browser, as support (مریم): the queue filtered
// in the address, one ticket assigned, noted, answered with a canned reply and an attachment,
// and closed; the customer (سارا) sees the answer and its file but never the note. Canned
// replies are created, edited and deleted. Each change is checked in the database and its
// audit row, as well as on the page.

const OPEN_TICKET_SUBJECT = 'نمایش وبلاگ در منوی سایت گالری';
const CUSTOMER_REPLY_SUBJECT = 'فاکتور رسمی برای تمدید هاست وبلاگ';
const CANNED_TITLE = 'تنظیم DNS دامنه';
const NOTE =
  'مشتری وبلاگ را روی هاست جدا دارد؛ برای /blog باید reverse proxy روی سایت‌ساز فعال شود.';
const GREETING = 'سلام خانم محمدی، وقت بخیر.';
const INTERNAL_LABEL = 'یادداشت داخلی — مشتری نمی‌بیند';

let server: InProcessServer;
let browser: Browser;
let supportId: string;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  const [support] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989361234567'));
  if (!support) throw new Error('the demo support account is missing');
  supportId = support.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A small PNG drawn by the browser: the server types attachments by their bytes. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#1d4ed8';
    context.fillRect(0, 0, 320, 180);
    context.fillStyle = '#ffffff';
    context.font = 'bold 28px sans-serif';
    context.fillText('ns1.vitrin.ir', 40, 100);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

async function findTicket(subject: string) {
  const [ticket] = await server.app.db.select().from(tickets).where(eq(tickets.subject, subject));
  if (!ticket) throw new Error(`the demo ticket «${subject}» is missing`);
  return ticket;
}

async function ticketAudit(ticketId: string) {
  const rows = await server.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'ticket'), eq(auditLog.entityId, ticketId)))
    .orderBy(asc(auditLog.createdAt));
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, after: row.after }));
}

describe('the console ticket pages in the browser', () => {
  test('support works a ticket: assign, internal note, canned reply with a file, close', async () => {
    const ticket = await findTicket(OPEN_TICKET_SUBJECT);
    const canned = (
      await server.app.db.select().from(cannedReplies).where(eq(cannedReplies.title, CANNED_TITLE))
    )[0];
    if (!canned) throw new Error('the demo canned reply is missing');
    const staff = await newPage(browser);
    const customer = await newPage(browser);
    const page = staff.page;
    try {
      // The queue, filtered to one status by its address.
      await signIn(page, server.url, '/admin/tickets?status=customer-reply', SUPPORT);
      await page.getByRole('heading', { name: 'تیکت‌ها', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'صف تیکت‌ها' });
      await table.getByRole('link', { name: CUSTOMER_REPLY_SUBJECT }).waitFor();
      const waitingRows = table.locator('tbody tr');
      const customerReplies = await server.app.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.status, 'customer-reply'));
      expect(await waitingRows.count()).toBe(customerReplies.length);
      for (const text of await waitingRows.allInnerTexts()) expect(text).toContain('پاسخ مشتری');
      expect(await table.getByText(OPEN_TICKET_SUBJECT).count()).toBe(0);
      await expect
        .poll(() => page.getByRole('radio', { name: /پاسخ مشتری/ }).isChecked())
        .toBe(true);

      // The default queue: waiting on staff, the longest-waiting first.
      await page.locator('label').filter({ hasText: 'منتظر پاسخ ما' }).click();
      await page.waitForURL(`${server.url}/admin/tickets`);
      const openRow = table.locator('tbody tr').filter({ hasText: OPEN_TICKET_SUBJECT });
      await openRow.getByText('بی‌مسئول').waitFor();
      await openRow.getByText('سارا محمدی').waitFor();
      await openRow.getByText('۰۹۱۲ ۱۲۳ ۴۵۶۷').waitFor();
      expect(await openRow.textContent()).toMatch(/۱۴۰[۰-۹]\/[۰-۹]{2}\/[۰-۹]{2}/u);
      const subjects = await table.locator('tbody tr td:nth-child(2) a').allInnerTexts();
      expect(subjects.indexOf(CUSTOMER_REPLY_SUBJECT)).toBeLessThan(
        subjects.indexOf(OPEN_TICKET_SUBJECT),
      );
      await screenshotBoth(page, 'admin-tickets-queue');

      // The ticket: assigned to herself.
      await openRow.getByRole('link', { name: OPEN_TICKET_SUBJECT }).click();
      await page.waitForURL(`${server.url}/admin/tickets/${ticket.id}`);
      await page.getByRole('heading', { name: OPEN_TICKET_SUBJECT, level: 1 }).waitFor();
      await page.getByRole('link', { name: 'سارا محمدی' }).waitFor();
      expect(await page.getByRole('link', { name: 'سارا محمدی' }).getAttribute('href')).toBe(
        `/admin/customers/${ticket.userId}`,
      );
      await page.getByRole('button', { name: 'به من بسپار' }).click();
      await expect.poll(() => page.getByLabel('مسئول').inputValue()).toBe(supportId);
      await expect
        .poll(async () => (await findTicket(OPEN_TICKET_SUBJECT)).assignedTo)
        .toBe(supportId);
      expect(await page.getByRole('button', { name: 'به من بسپار' }).count()).toBe(0);

      // An internal note: marked as one, and the ticket still waits on staff.
      await page.getByText('یادداشت داخلی', { exact: true }).click();
      await page.getByLabel('متن یادداشت').fill(NOTE);
      await page.getByRole('button', { name: 'ثبت یادداشت داخلی' }).click();
      const conversation = page.getByRole('list', { name: 'پیام‌های تیکت' });
      const noteItem = conversation.getByRole('listitem').filter({ hasText: NOTE });
      await noteItem.getByText(INTERNAL_LABEL).waitFor();
      await noteItem.getByText('مریم احمدی').waitFor();
      expect((await findTicket(OPEN_TICKET_SUBJECT)).status).toBe('open');

      // A reply to the customer: a greeting, then the canned reply, and a file.
      await page.getByText('پاسخ به مشتری', { exact: true }).click();
      const body = page.getByLabel('متن پاسخ');
      await body.fill(GREETING);
      await page.getByRole('button', { name: 'پاسخ آماده' }).click();
      await page.getByRole('button', { name: `درج «${CANNED_TITLE}»` }).click();
      await expect.poll(() => body.inputValue()).toBe(`${GREETING}\n\n${canned.body}`);
      await page.locator('input[type=file]').setInputFiles({
        name: 'dns-guide.png',
        mimeType: 'image/png',
        buffer: await drawPng(page),
      });
      const upload = page
        .getByRole('list', { name: 'پیوست‌ها' })
        .getByRole('listitem')
        .filter({ hasText: 'dns-guide.png' });
      await upload.getByText('بارگذاری شد').waitFor();
      const send = page.getByRole('button', { name: 'ارسال پاسخ به مشتری' });
      await expect.poll(() => send.isEnabled()).toBe(true);
      await send.click();
      const replyItem = conversation.getByRole('listitem').filter({ hasText: GREETING });
      await replyItem.getByText('پاسخ کارکنان').waitFor();
      expect(await replyItem.getByText(INTERNAL_LABEL).count()).toBe(0);
      const thumbnail = replyItem.getByRole('button', { name: 'نمایش بزرگ‌تر dns-guide.png' });
      await thumbnail.waitFor();
      expect(await thumbnail.locator('img').getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => body.inputValue()).toBe('');
      await page.getByText('پاسخ داده شده').first().waitFor();
      await screenshotBoth(page, 'admin-tickets-ticket');

      // In the database: the note is internal, the reply carries the file, and each action
      // has its audit row by her.
      const messages = await server.app.db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticket.id))
        .orderBy(asc(ticketMessages.createdAt));
      const note = messages.find((message) => message.body === NOTE);
      const reply = messages.find((message) => message.body.startsWith(GREETING));
      expect(note?.internal).toBe(true);
      expect(reply?.internal).toBe(false);
      expect(reply?.body).toBe(`${GREETING}\n\n${canned.body}`);
      const files = await server.app.db
        .select({
          fileName: uploads.fileName,
          contentType: uploads.contentType,
          uploadedBy: uploads.uploadedBy,
        })
        .from(ticketMessageFiles)
        .innerJoin(uploads, eq(uploads.id, ticketMessageFiles.uploadId))
        .where(eq(ticketMessageFiles.messageId, reply?.id ?? ''));
      expect(files.map((file) => [file.fileName, file.contentType, file.uploadedBy])).toEqual([
        ['dns-guide.png', 'image/png', supportId],
      ]);
      expect((await findTicket(OPEN_TICKET_SUBJECT)).status).toBe('answered');
      const audit = await ticketAudit(ticket.id);
      expect(audit.map((row) => row.action)).toEqual([
        'ticket.assign',
        'ticket.note',
        'ticket.reply',
      ]);
      expect(audit.every((row) => row.actorId === supportId)).toBe(true);
      expect(audit[1]?.after).toMatchObject({ messageId: note?.id, internal: true });
      expect(audit[2]?.after).toMatchObject({ messageId: reply?.id, attachments: 1 });

      // The customer sees the reply and its file in her panel, never the note.
      await signIn(customer.page, server.url, `/account/tickets/${ticket.id}`);
      await customer.page.getByRole('heading', { name: OPEN_TICKET_SUBJECT, level: 1 }).waitFor();
      await customer.page.getByText(GREETING).waitFor();
      const customerThumb = customer.page.getByRole('button', {
        name: 'نمایش بزرگ‌تر dns-guide.png',
      });
      await customerThumb.waitFor();
      expect(await customerThumb.locator('img').getAttribute('src')).toMatch(/^blob:/);
      expect(await customer.page.getByText(NOTE).count()).toBe(0);
      expect(await customer.page.getByText('یادداشت داخلی').count()).toBe(0);

      // Closed by staff, with the confirmation; the side panel then says so.
      await page.getByRole('button', { name: 'بستن تیکت' }).click();
      await page.getByRole('button', { name: 'بله، بسته شود' }).click();
      await page.getByText('این تیکت بسته است').first().waitFor();
      const closed = await findTicket(OPEN_TICKET_SUBJECT);
      expect([closed.status, closed.closedBy]).toEqual(['closed', 'staff']);
      expect((await ticketAudit(ticket.id)).map((row) => row.action)).toEqual([
        'ticket.assign',
        'ticket.note',
        'ticket.reply',
        'ticket.close',
      ]);
      const history = page.getByRole('region', { name: 'کارهای کارکنان' });
      await history.getByText('بستن تیکت', { exact: true }).waitFor();
      await history.getByText('یادداشت داخلی', { exact: true }).waitFor();
      await screenshotBoth(page, 'admin-tickets-ticket-closed');
    } finally {
      await staff.close();
      await customer.close();
    }
  });

  test('support keeps canned replies: create, edit and delete, each audited', async () => {
    const { page, close } = await newPage(browser);
    const title = 'پیگیری پرداخت ناموفق';
    const edited = 'پیگیری پرداخت ناموفق درگاه';
    const text =
      'سلام، اگر مبلغ از حساب شما کم شده و سفارش پرداخت نشده، تا ۷۲ ساعت به حساب برمی‌گردد.';
    try {
      await signIn(page, server.url, '/admin/tickets', SUPPORT);
      await page.getByRole('link', { name: 'پاسخ‌های آماده' }).click();
      await page.waitForURL(`${server.url}/admin/tickets/canned`);
      await page.getByRole('heading', { name: 'پاسخ‌های آماده', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'فهرست پاسخ‌های آماده' });
      await table.getByText(CANNED_TITLE).waitFor();

      // A blank form is refused beside its fields before anything is sent.
      await page.getByRole('button', { name: 'افزودن پاسخ آماده' }).click();
      const dialog = page.getByRole('dialog', { name: 'پاسخ آمادهٔ تازه' });
      await dialog.getByRole('button', { name: 'ذخیره' }).click();
      await dialog.getByText('عنوان را بنویسید').waitFor();
      await dialog.getByText('متن پاسخ را بنویسید').waitFor();
      await dialog.getByLabel('عنوان').fill(title);
      await dialog.getByLabel('متن پاسخ').fill(text);
      await dialog.getByRole('button', { name: 'ذخیره' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await table.getByText(title, { exact: true }).waitFor();
      const [created] = await server.app.db
        .select()
        .from(cannedReplies)
        .where(eq(cannedReplies.title, title));
      expect(created?.body).toBe(text);
      expect(created?.createdBy).toBe(supportId);

      // The search lives in the address.
      const search = page.getByRole('searchbox', { name: 'جست‌وجو' });
      await search.fill('درگاه پرداخت');
      await search.press('Enter');
      await page.waitForURL(/\/admin\/tickets\/canned\?q=/);
      await page.getByText('پاسخ آماده‌ای با این عبارت نیست').waitFor();
      await page.getByRole('button', { name: 'نمایش همهٔ پاسخ‌ها' }).click();
      await page.waitForURL(`${server.url}/admin/tickets/canned`);

      await table.getByRole('button', { name: `ویرایش «${title}»` }).click();
      const editor = page.getByRole('dialog', { name: 'ویرایش پاسخ آماده' });
      expect(await editor.getByLabel('متن پاسخ').inputValue()).toBe(text);
      await editor.getByLabel('عنوان').fill(edited);
      await editor.getByRole('button', { name: 'ذخیره' }).click();
      await editor.waitFor({ state: 'hidden' });
      await table.getByText(edited, { exact: true }).waitFor();
      await screenshotBoth(page, 'admin-tickets-canned');

      const row = table.getByRole('row').filter({ hasText: edited });
      await row.getByRole('button', { name: 'حذف' }).click();
      const confirm = page.getByRole('dialog', { name: `حذف «${edited}»` });
      await confirm.getByRole('button', { name: 'بله، حذف شود' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => table.getByText(edited, { exact: true }).count()).toBe(0);
      expect(
        await server.app.db
          .select()
          .from(cannedReplies)
          .where(eq(cannedReplies.id, created?.id ?? '')),
      ).toEqual([]);
      const audit = await server.app.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityType, 'canned-reply'), eq(auditLog.entityId, created?.id ?? '')),
        )
        .orderBy(asc(auditLog.createdAt));
      expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
        ['canned-reply.create', supportId],
        ['canned-reply.update', supportId],
        ['canned-reply.delete', supportId],
      ]);
      expect(audit[1]?.after).toEqual({ title: edited });
    } finally {
      await close();
    }
  });
});
