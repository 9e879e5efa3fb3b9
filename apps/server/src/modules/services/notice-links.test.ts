import { matchPage, type PageName } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { renderEmail } from '../../providers/email/email-layout';
import { standingWork } from '../dashboard/staff-work.service';
import { paymentNoticeKinds } from '../orders/schema';
import { transferNoticeText } from '../orders/transfer-notices';
import type { ServiceRow } from './lifecycle';
import { NOTICE_KINDS, noticeText } from './service-notices';

// Every link a message carries opens a page of the web app (issue 35): the path of each link in
// each notice kind's SMS, e-mail text and e-mail HTML is one of the router's pages (contracts'
// PAGES, which apps/web/src/app/router.tsx takes its routes from), and the one it should be.

const PUBLIC_URL = 'https://vitrin.example';
const SERVICE_ID = '0193a6f1-7c2e-7000-8000-000000000001';
const ORDER_ID = '0193a6f1-7c2e-7000-8000-000000000002';

const service = {
  id: SERVICE_ID,
  name: 'هاست لینوکس',
  status: 'active',
  domainName: 'sara-blog.com',
  panelUsername: 'sarablog',
  expiresAt: new Date('2027-03-01T00:00:00Z'),
} as ServiceRow;
const owner = { mobile: '+989121234567', email: 'sara@example.com', firstName: 'سارا' };

/** Every link in a message, as [path, where]. */
function linksOf(message: { sms: string; email: Parameters<typeof renderEmail>[0] }) {
  const { html, text } = renderEmail(message.email);
  const found: Array<[string, string]> = [];
  const add = (where: string, urls: Iterable<string>) => {
    for (const url of urls) {
      expect(url.startsWith(`${PUBLIC_URL}/`), `${where}: ${url}`).toBe(true);
      found.push([new URL(url).pathname, where]);
    }
  };
  add('sms', message.sms.match(/https?:\/\/[^\s«»،]+/g) ?? []);
  add('text', text.match(/https?:\/\/[^\s«»،]+/g) ?? []);
  add(
    'html',
    [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? ''),
  );
  return found;
}

function expectLinksTo(message: Parameters<typeof linksOf>[0], page: PageName, path: string) {
  const links = linksOf(message);
  expect(links.length).toBeGreaterThan(0);
  for (const [linkPath, where] of links) {
    expect(matchPage(linkPath), `${where}: ${linkPath}`).toBe(page);
    expect(linkPath, where).toBe(path);
  }
}

describe('service notices link to pages that exist', () => {
  for (const kind of NOTICE_KINDS) {
    test(kind, () => {
      const message = noticeText(kind, service, owner, PUBLIC_URL, 'راه‌اندازی ناموفق بود');
      if (kind === 'staff-alert') {
        expectLinksTo(
          message,
          'adminProvisioningService',
          `/admin/provisioning/services/${SERVICE_ID}`,
        );
      } else if (kind === 'terminated') {
        // A deleted service has no page to open; the message says to order again.
        expect(linksOf(message)).toEqual([]);
      } else {
        expectLinksTo(message, 'service', `/account/services/${SERVICE_ID}`);
      }
    });
  }
});

describe('transfer notices link to pages that exist', () => {
  const payment = {
    gateway: 'card-to-card',
    amountRial: 16_500_000,
    transferReference: '123456',
    orderId: ORDER_ID,
    creditedToWallet: false,
    rejectionReason: 'مبلغ در حساب دیده نشد',
  } as Parameters<typeof transferNoticeText>[1];
  const context = { orderNumber: 1042, firstName: 'سارا', publicUrl: PUBLIC_URL };
  for (const kind of paymentNoticeKinds) {
    test(`${kind} of an order`, () => {
      expectLinksTo(
        transferNoticeText(kind, payment, context),
        'order',
        `/account/orders/${ORDER_ID}`,
      );
    });
    test(`${kind} of a wallet top-up`, () => {
      const topUp = { ...payment, orderId: null };
      expectLinksTo(
        transferNoticeText(kind, topUp, { ...context, orderNumber: null }),
        'credit',
        '/account/credit',
      );
    });
  }
});

describe("the admins' waiting-work alert links to pages that exist", () => {
  test('each kind of waiting work, and the console', () => {
    const standing = standingWork(
      {
        transferClaims: 3,
        transferClaimsLate: 2,
        needsAttention: 1,
        awaitingDelivery: 2,
        overdueDeliveries: 1,
        serverGroupsDown: ['هاست لینوکس'],
        domainsNeedingStaff: 2,
        taxDocumentsOverdue: 4,
      },
      PUBLIC_URL,
    );
    expect(standing.map((work) => matchPage(new URL(work.link).pathname))).toEqual([
      'adminTransfers',
      // Setups and domains that automation gave up on: the one queue of both (issue 38).
      'adminWaitingWork',
      'adminDeliveryQueue',
      'adminProvisioning',
      'adminWaitingWork',
      // Documents the tax system has not accepted a week after issue (issue 39).
      'adminTaxSystem',
    ]);
  });
});
