import { getProduct, getServiceAccess, listMailboxes, type PlanLimits } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { formatMegabytes, planLimitsOf } from '../modules/catalog';
import { createCustomer, FREE_THEME } from '../modules/orders/checkout-test-kit';
import { buyService, freshDomain } from '../modules/services/panel-test-kit';
import { productProvisioning, products, sandboxPanelAccounts } from '../schema';
import { ok } from '../test/api-kit';
import { setupTestApp } from '../test/test-app';
import { demoCells } from './demo-catalog/cells';
import { demoGroups } from './demo-catalog/groups';
import { demoProducts } from './demo-catalog/products';

// Issue 35 item 4: what a plan is sold with is what is delivered. For every product of the demo
// catalog, the limits the store shows, the package the hosting panel gets and the limits of the
// customer's usage bars come from one place (the product's limits) and agree.

const t = setupTestApp({ seedDemoData: true });

/** What the product pages sell, as a visitor reads it (disk and bandwidth of each panel plan). */
const SOLD: Record<string, { disk: string; bandwidth: string | null }> = {
  'builder-starter': { disk: '۲ گیگابایت', bandwidth: null },
  'builder-business': { disk: '۱۰ گیگابایت', bandwidth: null },
  'builder-shop': { disk: '۳۰ گیگابایت', bandwidth: null },
  'builder-pro': { disk: '۱۰۰ گیگابایت', bandwidth: null },
  'host-linux-1g': { disk: '۱ گیگابایت', bandwidth: '۵۰ گیگابایت' },
  'host-linux-5g': { disk: '۵ گیگابایت', bandwidth: '۲۰۰ گیگابایت' },
  'host-linux-20g': { disk: '۲۰ گیگابایت', bandwidth: 'نامحدود' },
  'wp-start': { disk: '۵ گیگابایت', bandwidth: null },
  'wp-pro': { disk: '۱۵ گیگابایت', bandwidth: null },
  'wp-business': { disk: '۴۰ گیگابایت', bandwidth: null },
};

/** What the e-mail plans sell: mailboxes and each one's space. */
const SOLD_EMAIL: Record<string, { mailboxes: string; quota: string }> = {
  'email-team': { mailboxes: '۵ صندوق', quota: '۱۰ گیگابایت' },
  'email-business': { mailboxes: '۲۵ صندوق', quota: '۲۵ گیگابایت' },
};

/** A limit in MiB as the store writes it; null is unlimited. */
const sizeText = (mb: number | null) => (mb === null ? 'نامحدود' : formatMegabytes(mb));

const groupOf = (slug: string) => {
  const group = demoGroups.find((candidate) => candidate.slug === slug);
  if (!group) throw new Error(`no group ${slug}`);
  return group;
};

async function storeProduct(slug: string) {
  return ok(t.app, getProduct.path, { slug });
}

async function productRow(slug: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}

describe('every demo product: store, panel package and usage bars agree', () => {
  test.each(demoProducts.map((product) => [product.slug, product] as const))(
    '%s',
    async (slug, demo) => {
      const row = await productRow(slug);
      const limits: PlanLimits = await planLimitsOf(t.app.db, row.id);
      expect(limits).toEqual(demo.limits);

      // The store: each limit row of the product page and of its group's comparison reads the
      // plan's limit (a hidden plan is not on the store: its cells are checked as the demo draws them).
      const cells = demoCells(demo, groupOf(demo.groupSlug));
      const limitRows = cells.filter((cell) => cell.limit !== null);
      if (demo.status === 'active') {
        const page = await storeProduct(slug);
        const column = page.comparison.products.findIndex((plan) => plan.slug === slug);
        expect(column).toBeGreaterThanOrEqual(0);
        for (const cell of limitRows) {
          const feature = page.features.find((candidate) => candidate.label === cell.label);
          expect(feature, `${slug}: «${cell.label}»`).toEqual({
            label: cell.label,
            value: cell.value,
            included: cell.included,
          });
          const compared = page.comparison.rows.find((candidate) => candidate.label === cell.label);
          expect(compared?.values[column]).toEqual({ value: cell.value, included: cell.included });
        }
      }
      const shown = (key: 'diskMb' | 'bandwidthMb') =>
        limitRows.find((cell) => cell.limit === key)?.value ?? null;

      const [mapping] = await t.app.db
        .select()
        .from(productProvisioning)
        .where(eq(productProvisioning.productId, row.id));
      const sold = SOLD[slug];
      if (!mapping) {
        // Delivered by hand (VPS, domains) or no longer sold: no panel package to compare.
        expect(sold).toBeUndefined();
        expect(SOLD_EMAIL[slug]).toBeUndefined();
        return;
      }
      const customer = await createCustomer(t.app);
      const cycle = demo.prices[0]?.cycle ?? 'monthly';
      const group = groupOf(demo.groupSlug);
      const line = {
        slug,
        cycle,
        ...(group.needsTheme ? { theme: FREE_THEME } : {}),
        ...(group.needsDomain ? { domain: freshDomain() } : {}),
      };
      const soldEmail = SOLD_EMAIL[slug];
      if (demo.groupSlug === 'business-email') {
        // Mailboxes on the panel (item 3) within the plan's count and quota, as the store sells.
        expect(soldEmail, `${slug}: add it to SOLD_EMAIL`).toBeDefined();
        expect(limitRows.find((cell) => cell.limit === 'mailboxes')?.value).toBe(
          soldEmail?.mailboxes,
        );
        expect(limitRows.find((cell) => cell.limit === 'mailboxQuotaMb')?.value).toBe(
          soldEmail?.quota,
        );
        const service = await buyService(t.app, customer, line);
        expect(service.status).toBe('active');
        const answer = await ok(
          t.app,
          listMailboxes.path,
          { serviceId: service.id },
          customer.token,
        );
        expect(answer.email?.limits).toEqual({
          mailboxes: limits.mailboxes ?? null,
          mailboxQuotaMb: limits.mailboxQuotaMb ?? null,
        });
        expect(sizeText(answer.email?.limits.mailboxQuotaMb ?? null)).toBe(soldEmail?.quota);
        return;
      }
      expect(sold, `${slug} is delivered by a panel: add it to SOLD`).toBeDefined();
      expect(shown('diskMb')).toBe(sold?.disk);
      expect(shown('bandwidthMb')).toBe(sold?.bandwidth ?? null);

      // The panel package: named as the plan, with the plan's disk and bandwidth.
      const service = await buyService(t.app, customer, line);
      expect(service.status).toBe('active');
      expect(service.packageName).toBe(mapping.packageName);
      const [account] = await t.app.db
        .select()
        .from(sandboxPanelAccounts)
        .where(eq(sandboxPanelAccounts.username, service.panelUsername as string));
      expect(account?.packageName).toBe(slug);
      expect(account?.diskLimitMb).toBe(limits.diskMb ?? null);
      expect(account?.bandwidthLimitMb).toBe(limits.bandwidthMb ?? null);
      expect(sizeText(account?.diskLimitMb ?? null)).toBe(sold?.disk);

      // The usage bars: the customer's page measures against the same limits.
      const access = await ok(
        t.app,
        getServiceAccess.path,
        { serviceId: service.id },
        customer.token,
      );
      expect(access.usage?.diskLimitMb).toBe(limits.diskMb ?? null);
      expect(access.usage?.bandwidthLimitMb).toBe(limits.bandwidthMb ?? null);
      expect(sizeText(access.usage?.diskLimitMb ?? null)).toBe(sold?.disk);
      if (sold?.bandwidth) {
        expect(sizeText(access.usage?.bandwidthLimitMb ?? null)).toBe(sold.bandwidth);
      }
    },
  );
});
