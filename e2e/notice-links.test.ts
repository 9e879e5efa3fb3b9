import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { standingWork } from '../apps/server/src/modules/dashboard/staff-work.service';
import { paymentNoticeKinds } from '../apps/server/src/modules/orders/schema';
import {
  sendTransferNotice,
  transferNoticeText,
} from '../apps/server/src/modules/orders/transfer-notices';
import {
  NOTICE_KINDS,
  type NoticeDeps,
  sendServiceNotice,
} from '../apps/server/src/modules/services/service-notices';
import { orders, payments, services, users } from '../apps/server/src/schema';
import { ADMIN, newPage, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Every link a message carries opens a page of the running app, not its 404 (issue 35 item 1).
// Each notice kind is sent as the job sends it (to the server's SMS and mail outboxes), every
// link in the SMS and in the e-mail is read back from there, and the browser, signed in as the
// person the message went to, opens it and finds the page the message names.

const h = useInProcessServerAndBrowser();

const STAFF_INBOX = 'ops@vitrin.test';
const NOT_FOUND = 'صفحه‌ای که دنبالش بودید پیدا نشد';
const CUSTOMER_MOBILE = '+989121234567';
const JOB = { id: 'e2e', retryCount: 0, retryLimit: 0, lastAttempt: true };

interface Sent {
  /** Where the link was read: `sms` or `email`. */
  channel: string;
  link: string;
}

function outbox(file: string): string {
  return path.join(h.server.dataDir, 'outbox', file);
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s«»،"'<>]+/g) ?? [];
}

/** The links of the SMS and e-mails the outbox got after `smsLines` / `mailLines` lines. */
async function sentSince(smsLines: number, mailLines: number): Promise<Sent[]> {
  const sent: Sent[] = [];
  const sms = readLines(outbox('sms.jsonl')).slice(smsLines);
  for (const line of sms) {
    for (const link of linksIn((JSON.parse(line) as { text: string }).text)) {
      sent.push({ channel: 'sms', link });
    }
  }
  for (const line of readLines(outbox('mail.jsonl')).slice(mailLines)) {
    const entry = JSON.parse(line) as { file: string };
    const mail = await simpleParser(readFileSync(outbox(entry.file)));
    const links = new Set([
      ...[...String(mail.html).matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? ''),
      ...linksIn(mail.text ?? ''),
    ]);
    for (const link of links) sent.push({ channel: 'email', link });
  }
  return sent;
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function noticeDeps(): NoticeDeps {
  const { app } = h.server;
  return {
    db: app.db,
    sms: app.sms,
    mail: app.mail,
    log: app.log,
    publicUrl: app.config.publicUrl,
    staffAlertEmails: [STAFF_INBOX],
  };
}

/** Opens a link as the signed-in page and checks it is the page expected, not the 404. */
async function expectPage(page: Page, link: string, title: RegExp) {
  const response = await page.goto(link);
  expect(response?.status(), link).toBe(200);
  await expect.poll(() => page.title(), { message: link }).toMatch(title);
  expect(await page.getByText(NOT_FOUND).count(), link).toBe(0);
  expect(new URL(page.url()).pathname, link).toBe(new URL(link).pathname);
}

describe('the links of every message open a page', () => {
  test('service notices: the owner opens the service, staff its timeline in the console', async () => {
    const { db } = h.server.app;
    const [service] = await db
      .select({ id: services.id, name: services.name })
      .from(services)
      .innerJoin(users, eq(users.id, services.userId))
      .where(and(eq(users.mobile, CUSTOMER_MOBILE), eq(services.status, 'active')))
      .limit(1);
    if (!service) throw new Error('the demo customer has no active service');

    const customer: Array<Sent & { kind: string }> = [];
    const staff: Array<Sent & { kind: string }> = [];
    for (const kind of NOTICE_KINDS) {
      const smsLines = readLines(outbox('sms.jsonl')).length;
      const mailLines = readLines(outbox('mail.jsonl')).length;
      await sendServiceNotice(
        noticeDeps(),
        {
          serviceId: service.id,
          kind,
          eventKey: `e2e-links.${kind}`,
          message: 'راه‌اندازی خودکار سرویس ناموفق بود.',
        },
        JOB,
      );
      const sent = await sentSince(smsLines, mailLines);
      // A deleted service has no page left to open; every other notice links to one.
      if (kind === 'terminated') {
        expect(sent, kind).toEqual([]);
        continue;
      }
      expect(sent.length, kind).toBeGreaterThan(0);
      for (const item of sent) (kind === 'staff-alert' ? staff : customer).push({ ...item, kind });
    }
    // The customer's SMS and e-mail both carry the link; staff get an e-mail.
    expect(new Set(customer.map((item) => item.channel))).toEqual(new Set(['sms', 'email']));
    expect(staff.length).toBeGreaterThan(0);

    const escaped = service.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const asCustomer = await newPage(h.browser);
    await signIn(asCustomer.page, h.server.url, '/account');
    for (const item of customer) {
      await expectPage(asCustomer.page, item.link, new RegExp(`^${escaped} \\| ویترین$`));
      expect(item.link, item.kind).toBe(`${h.server.url}/account/services/${service.id}`);
    }
    await asCustomer.close();

    const asAdmin = await newPage(h.browser);
    await signIn(asAdmin.page, h.server.url, '/admin', ADMIN);
    for (const item of staff) {
      await expectPage(asAdmin.page, item.link, new RegExp(`^رویدادهای ${escaped} \\|`));
      expect(item.link).toBe(`${h.server.url}/admin/provisioning/services/${service.id}`);
    }
    await asAdmin.close();
  });

  test('transfer notices: the customer opens the order, or the wallet for a top-up', async () => {
    const { db } = h.server.app;
    const [payment] = await db
      .select({ payment: payments, number: orders.number })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(users.mobile, CUSTOMER_MOBILE), isNotNull(payments.orderId)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!payment) throw new Error('the demo customer has no payment of an order');

    const links: string[] = [];
    for (const kind of paymentNoticeKinds) {
      const smsLines = readLines(outbox('sms.jsonl')).length;
      const mailLines = readLines(outbox('mail.jsonl')).length;
      await sendTransferNotice(noticeDeps(), { paymentId: payment.payment.id, kind }, JOB);
      const sent = await sentSince(smsLines, mailLines);
      expect(sent.length, kind).toBeGreaterThan(0);
      links.push(...sent.map((item) => item.link));
      // A claim that tops up the wallet (no order) links to the wallet.
      const topUp = transferNoticeText(
        kind,
        { ...payment.payment, orderId: null },
        { orderNumber: null, firstName: null, publicUrl: h.server.app.config.publicUrl },
      );
      links.push(...linksIn(topUp.sms));
    }

    const asCustomer = await newPage(h.browser);
    await signIn(asCustomer.page, h.server.url, '/account');
    for (const link of new Set(links)) {
      if (link.endsWith('/account/credit')) {
        await expectPage(asCustomer.page, link, /^کیف پول \| ویترین$/);
      } else {
        await expectPage(asCustomer.page, link, /^سفارش [۰-۹]+ \| ویترین$/);
        expect(link).toBe(`${h.server.url}/account/orders/${payment.payment.orderId}`);
      }
    }
    expect([...new Set(links)].some((link) => link.endsWith('/account/credit'))).toBe(true);
    await asCustomer.close();
  });

  test("the admins' waiting-work alert: each kind's page in the console", async () => {
    const links = standingWork(
      {
        transferClaims: 1,
        transferClaimsLate: 1,
        needsAttention: 1,
        awaitingDelivery: 1,
        overdueDeliveries: 1,
        serverGroupsDown: ['هاست لینوکس'],
        domainsNeedingStaff: 1,
        taxDocumentsOverdue: 1,
      },
      h.server.app.config.publicUrl,
    ).map((work) => work.link);
    expect(links).toHaveLength(6);
    const asAdmin = await newPage(h.browser);
    await signIn(asAdmin.page, h.server.url, '/admin', ADMIN);
    for (const link of new Set(links)) {
      await expectPage(asAdmin.page, link, /کنسول کارکنان ویترین$/);
      // A console section answers an address it does not have with its own «not here» message.
      expect(await asAdmin.page.getByText(/این صفحه در بخش .* نیست/).count(), link).toBe(0);
      await asAdmin.page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await asAdmin.close();
  });
});
