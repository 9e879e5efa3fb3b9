import { searchableText } from '@vitrin/fa';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { refreshProductSearchText } from '../modules/catalog/products.service';
import {
  articlePlainText,
  readingMinutes,
  sanitizeArticleHtml,
} from '../modules/content/article-html';
import { sandboxLimitsOf } from '../providers/panel/sandbox-driver';
import {
  articleCategories,
  articles,
  cannedReplies,
  groupFeatures,
  panelServers,
  productFeatureValues,
  productGroups,
  productProvisioning,
  products,
  sandboxPanelAccounts,
  services,
  ticketMessages,
} from '../schema';
import { demoArticles } from './demo-catalog/articles';
import { demoCells } from './demo-catalog/cells';
import { NOT_DELIVERED } from './demo-catalog/deliverers';
import { type DemoGroup, demoGroups } from './demo-catalog/groups';
import { type DemoProduct, demoProducts } from './demo-catalog/products';
import { DELIVERED_BY_PANEL, DEMO_NAMESERVERS } from './seed-provisioning';
import { DNS_REPLY, OLD_DNS_REPLY } from './seed-staff';
import { demoTickets } from './seed-support';

// Seed part `catalog-truth` (issue 35 items 4, 5, 15): brings a database seeded before them to
// what the demo now says. A new database gets all of it from the earlier parts, and this part
// finds nothing to change. It rewrites the demo's own rows only (by slug and by the text the
// seed wrote), so a product or article staff made stays as it is; a demo product's description
// and cells are the demo's again.

/** Comparison rows renamed with the promises (item 5, and issue 38's domains): old → new. */
const RENAMED_ROWS: Record<string, string> = {
  'پشتیبان‌گیری روزانه': 'پشتیبان‌گیری',
  'مدیریت DNS': 'تنظیم DNS',
  'تمدید خودکار': 'تمدید',
  'وب‌میل فارسی': 'وب‌میل',
  // Issue 38: domains are registered, renewed and managed by the domains module.
  'زمان فعال‌سازی': 'ثبت',
  'قفل انتقال': 'نام‌سرورها',
  'پنهان‌سازی اطلاعات مالک': 'انتقال به ویترین',
};

/** The sandbox packages before each plan had its own (item 4). */
const OLD_PACKAGES = ['starter', 'business', 'pro'];

/** A staff reply of the demo's tickets that promised a transfer order (item 5): old → new. */
const OLD_TRANSFER_REPLY =
  'برای دامنه‌های ‎.com کد انتقال (Auth Code) را از ثبت‌کنندهٔ فعلی بگیرید و در سفارش انتقال وارد کنید؛';

export async function seedCatalogTruth(tx: Transaction): Promise<void> {
  await updateGroups(tx);
  await updateProducts(tx);
  await updateArticles(tx);
  await updatePackages(tx);
  await tx
    .update(panelServers)
    .set({ nameservers: DEMO_NAMESERVERS })
    .where(
      and(eq(panelServers.name, 'sandbox-1'), sql`cardinality(${panelServers.nameservers}) = 0`),
    );
  await updateTicketReply(tx);
  await tx
    .update(cannedReplies)
    .set({ body: DNS_REPLY })
    .where(eq(cannedReplies.body, OLD_DNS_REPLY));
}

/**
 * The domains' part of the above (issue 38): the domains group's rows and its products' texts
 * and cells, for a database that had `catalog-truth` before domains were delivered by the
 * domains module. Run again, it finds nothing to change.
 */
export async function seedDomainCatalogTruth(tx: Transaction): Promise<void> {
  const groups = demoGroups.filter((group) => group.slug === 'domains');
  await updateGroups(tx, groups);
  await updateProducts(
    tx,
    demoProducts.filter((product) => product.groupSlug === 'domains'),
  );
}

async function updateGroups(tx: Transaction, groups: readonly DemoGroup[] = demoGroups) {
  for (const group of groups) {
    const [row] = await tx
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(eq(productGroups.slug, group.slug));
    if (!row) continue;
    for (const [old, label] of Object.entries(RENAMED_ROWS)) {
      await tx
        .update(groupFeatures)
        .set({ label })
        .where(and(eq(groupFeatures.groupId, row.id), eq(groupFeatures.label, old)));
    }
    for (const feature of group.features) {
      if (typeof feature === 'string') continue;
      await tx
        .update(groupFeatures)
        .set({ limitKey: feature.limit })
        .where(and(eq(groupFeatures.groupId, row.id), eq(groupFeatures.label, feature.label)));
    }
  }
}

async function updateProducts(tx: Transaction, catalog: readonly DemoProduct[] = demoProducts) {
  for (const product of catalog) {
    const group = demoGroups.find((candidate) => candidate.slug === product.groupSlug);
    const [row] = await tx
      .select({ id: products.id, groupId: products.groupId, limits: products.limits })
      .from(products)
      .where(eq(products.slug, product.slug));
    if (!row || !group) continue;
    await tx
      .update(products)
      .set({
        description: product.description,
        // Limits staff set stay theirs.
        ...(Object.keys(row.limits).length === 0 ? { limits: product.limits } : {}),
      })
      .where(eq(products.id, row.id));
    const rows = await tx
      .select({
        id: groupFeatures.id,
        label: groupFeatures.label,
        limitKey: groupFeatures.limitKey,
      })
      .from(groupFeatures)
      .where(eq(groupFeatures.groupId, row.groupId));
    const cells = demoCells(product, group);
    for (const feature of rows) {
      if (feature.limitKey) {
        // Drawn from the limits now: a typed value would be a second source.
        await tx
          .delete(productFeatureValues)
          .where(
            and(
              eq(productFeatureValues.productId, row.id),
              eq(productFeatureValues.featureId, feature.id),
            ),
          );
        continue;
      }
      const cell = cells.find((candidate) => candidate.label === feature.label);
      if (!cell) continue;
      await tx
        .insert(productFeatureValues)
        .values({
          productId: row.id,
          featureId: feature.id,
          value: cell.value,
          included: cell.included,
        })
        .onConflictDoUpdate({
          target: [productFeatureValues.productId, productFeatureValues.featureId],
          set: { value: cell.value, included: cell.included },
        });
    }
    await refreshProductSearchText(tx, row.id);
  }
}

/** A demo article still saying what the product does not do gets the demo's text again. */
async function updateArticles(tx: Transaction) {
  const categories = await tx.select().from(articleCategories);
  for (const article of demoArticles) {
    const [row] = await tx
      .select({ id: articles.id, bodyHtml: articles.bodyHtml })
      .from(articles)
      .where(eq(articles.slug, article.slug));
    if (!row) continue;
    const raw = article.bodyHtml.trim();
    const body = sanitizeArticleHtml(raw);
    if (row.bodyHtml === body) continue;
    const untrue = NOT_DELIVERED.some(({ pattern }) =>
      pattern.test(articlePlainText(row.bodyHtml)),
    );
    if (!untrue) continue;
    await tx
      .update(articles)
      .set({
        bodyHtml: body,
        readingMinutes: readingMinutes(raw),
        searchText: searchableText(
          article.title,
          article.summary,
          categories.find((category) => category.slug === article.categorySlug)?.name,
          articlePlainText(raw),
        ),
      })
      .where(eq(articles.id, row.id));
  }
}

/** Each plan its own sandbox package with its limits, in place of starter/business/pro. */
async function updatePackages(tx: Transaction) {
  const delivered = await tx
    .select({ id: products.id, slug: products.slug, limits: products.limits })
    .from(products)
    .where(inArray(products.slug, [...DELIVERED_BY_PANEL]));
  for (const product of delivered) {
    await tx
      .update(productProvisioning)
      .set({ packageName: product.slug })
      .where(
        and(
          eq(productProvisioning.productId, product.id),
          inArray(productProvisioning.packageName, OLD_PACKAGES),
        ),
      );
    const moved = await tx
      .update(services)
      .set({ packageName: product.slug })
      .where(and(eq(services.productId, product.id), inArray(services.packageName, OLD_PACKAGES)))
      .returning({ username: services.panelUsername });
    const usernames = moved.flatMap((service) => (service.username ? [service.username] : []));
    if (usernames.length === 0) continue;
    await tx
      .update(sandboxPanelAccounts)
      .set({ packageName: product.slug, ...sandboxLimitsOf(product.limits) })
      .where(inArray(sandboxPanelAccounts.username, usernames));
  }
}

async function updateTicketReply(tx: Transaction) {
  const reply = demoTickets
    .flatMap((ticket) => ticket.messages)
    .find((message) => message.body.includes('کد انتقال (Auth Code)'));
  if (!reply) return;
  await tx
    .update(ticketMessages)
    .set({ body: reply.body })
    .where(sql`position(${OLD_TRANSFER_REPLY} in ${ticketMessages.body}) > 0`);
}
