import { punycodeTld } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { sealRegistrarCredentials } from '../modules/domains';
import {
  domainContacts,
  domainEvents,
  domains,
  domainTlds,
  productGroups,
  productPrices,
  products,
  registrarAccounts,
  sandboxRegistryNames,
  users,
} from '../schema';
import { groupIconUrl } from './demo-catalog/groups';
import { DEMO_NAMESERVERS } from './seed-provisioning';

// The domains' demo (seed part `domains`, issue 38): the built-in sandbox registry as the one
// registrar account, the five TLDs on sale through it with their prices, and names the sandbox
// already has in its book, so a newcomer's search finds some taken and most free.

const DAY_MS = 86_400_000;

/** Per year, in Rial before VAT. */
const DEMO_TLDS = [
  {
    tld: 'ir',
    script: 'ascii',
    minLength: 3,
    years: [1, 5],
    register: 1_200_000,
    renew: 1_200_000,
    transfer: 0,
    restore: 1_200_000,
    grace: 30,
    redemption: 30,
    authCode: false,
  },
  {
    tld: 'ایران',
    script: 'persian',
    minLength: 1,
    years: [1, 5],
    register: 1_200_000,
    renew: 1_200_000,
    transfer: 0,
    restore: 1_200_000,
    grace: 30,
    redemption: 30,
    authCode: false,
  },
  {
    tld: 'com',
    script: 'idn',
    minLength: 1,
    years: [1, 2, 3, 5, 10],
    register: 18_500_000,
    renew: 19_500_000,
    transfer: 19_500_000,
    restore: 150_000_000,
    grace: 30,
    redemption: 30,
    authCode: true,
  },
  {
    tld: 'net',
    script: 'idn',
    minLength: 1,
    years: [1, 2, 3, 5, 10],
    register: 21_000_000,
    renew: 22_000_000,
    transfer: 22_000_000,
    restore: 150_000_000,
    grace: 30,
    redemption: 30,
    authCode: true,
  },
  {
    tld: 'org',
    script: 'idn',
    minLength: 1,
    years: [1, 2, 3, 5, 10],
    register: 19_500_000,
    renew: 20_500_000,
    transfer: 20_500_000,
    restore: 150_000_000,
    grace: 30,
    redemption: 30,
    authCode: true,
  },
] as const;

/** Names the sandbox registry holds for other registrars: a search shows them taken. */
export const DEMO_TAKEN_NAMES = [
  'vitrin.ir',
  'vitrin.com',
  'google.com',
  'digikala.com',
  'shop.ir',
];

export async function seedDomains(tx: Transaction, secrets: SecretBox): Promise<void> {
  const [account] = await tx
    .insert(registrarAccounts)
    .values({
      name: 'sandbox-registry',
      kind: 'sandbox',
      credentials: sealRegistrarCredentials(secrets, 'sandbox', {}),
    })
    .onConflictDoNothing({ target: registrarAccounts.name })
    .returning({ id: registrarAccounts.id });
  if (!account) return;
  await tx.insert(domainTlds).values(
    DEMO_TLDS.map((tld, index) => ({
      tld: tld.tld,
      ascii: punycodeTld(tld.tld),
      script: tld.script,
      minLength: tld.minLength,
      registrarAccountId: account.id,
      years: [...tld.years],
      registerPriceRial: tld.register,
      renewPriceRial: tld.renew,
      transferPriceRial: tld.transfer,
      restorePriceRial: tld.restore,
      graceDays: tld.grace,
      redemptionDays: tld.redemption,
      authCodeRequired: tld.authCode,
      sortOrder: index,
    })),
  );
  const inAYear = new Date(Date.now() + 365 * DAY_MS);
  await tx
    .insert(sandboxRegistryNames)
    .values(
      DEMO_TAKEN_NAMES.map((name) => ({ name, sponsor: 'another-registrar', expiresAt: inAYear })),
    )
    .onConflictDoNothing();
}

/** The TLDs sold as the demo catalog's domain products; the others get a product of their own. */
const TLD_PRODUCTS: Record<string, string> = {
  ir: 'domain-ir',
  com: 'domain-com',
  net: 'domain-net',
};

/** The demo customer's holder details: a person, with a valid کد ملی. */
const SARA_CONTACT = {
  kind: 'person' as const,
  name: 'Sara Mohammadi',
  nationalCode: '0012345679',
  email: 'sara@example.com',
  phone: '+98.9121234567',
  street: 'No. 12, Azadi St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
};

/**
 * Selling domains through the sandbox registry (seed part `domain-sales`, issue 38): each TLD
 * sold as its catalog product (one made, hidden from the store's grid, for a TLD the catalog has
 * none of), the company's nameservers for new names, and سارا's domains: `sara-blog.com`
 * (renewed automatically), `sara-photos.ir` (expiring in 12 days, not renewed automatically),
 * a .ir transfer waiting for its holder's approval, and `sara-studio.net` in redemption. Her
 * holder details are on file.
 */
export async function seedDomainSales(tx: Transaction): Promise<void> {
  const [account] = await tx
    .update(registrarAccounts)
    .set({ defaultNameservers: DEMO_NAMESERVERS })
    .where(eq(registrarAccounts.name, 'sandbox-registry'))
    .returning({ id: registrarAccounts.id });
  if (!account) return;
  const [group] = await tx
    .select({ id: productGroups.id })
    .from(productGroups)
    .where(eq(productGroups.slug, 'domains'));
  const tlds = await tx.select().from(domainTlds);
  for (const tld of tlds) {
    if (tld.productId) continue;
    const slug = TLD_PRODUCTS[tld.tld];
    let productId: string | undefined;
    if (slug) {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.slug, slug));
      productId = product?.id;
    }
    if (!productId && group) {
      const [made] = await tx
        .insert(products)
        .values({
          groupId: group.id,
          slug: `domain-${tld.ascii}`,
          // The LRM keeps the dot before a Latin TLD in a right-to-left line.
          name: `دامنهٔ ${tld.script === 'persian' ? '' : '\u200E'}.${tld.tld}`,
          summary: `ثبت و انتقال دامنه با پسوند .${tld.tld} از جست‌وجوی دامنه.`,
          description: `دامنه‌های .${tld.tld} را از صفحهٔ جست‌وجوی دامنه بخرید.`,
          iconUrl: groupIconUrl('domains'),
          needsDomain: true,
          status: 'hidden',
        })
        .returning({ id: products.id });
      productId = made?.id;
    }
    if (!productId) continue;
    await tx.update(domainTlds).set({ productId }).where(eq(domainTlds.tld, tld.tld));
    // The store's price for the product is the TLD's registration price per year: one figure
    // wherever it is read, and the cart charges by the TLD's terms.
    await tx.delete(productPrices).where(eq(productPrices.productId, productId));
    await tx
      .insert(productPrices)
      .values({ productId, cycle: 'annual', priceRial: tld.registerPriceRial });
  }

  const [sara] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!sara) return;
  await tx
    .insert(domainContacts)
    .values({ userId: sara.id, ...SARA_CONTACT })
    .onConflictDoNothing();
  const now = Date.now();
  const owned = [
    {
      name: 'sara-blog.com',
      tld: 'com',
      registeredAt: new Date(now - 200 * DAY_MS),
      expiresAt: new Date(now + 165 * DAY_MS),
      autoRenew: true,
    },
    {
      name: 'sara-photos.ir',
      tld: 'ir',
      registeredAt: new Date(now - 353 * DAY_MS),
      expiresAt: new Date(now + 12 * DAY_MS),
      autoRenew: false,
    },
  ];
  for (const domain of owned) {
    await tx
      .insert(sandboxRegistryNames)
      .values({
        name: domain.name,
        sponsor: account.id,
        expiresAt: domain.expiresAt,
        createdAt: domain.registeredAt,
        nameservers: DEMO_NAMESERVERS,
        statuses: ['ok'],
        authCode: `demo-${domain.tld}-Code#1`,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .insert(domains)
      .values({
        userId: sara.id,
        name: domain.name,
        ascii: domain.name,
        tld: domain.tld,
        registrarAccountId: account.id,
        status: 'active',
        origin: 'import',
        years: 1,
        registeredAt: domain.registeredAt,
        expiresAt: domain.expiresAt,
        autoRenew: domain.autoRenew,
        nameservers: DEMO_NAMESERVERS,
        registryStatuses: ['ok'],
        syncedAt: new Date(now),
        createdAt: domain.registeredAt,
        statusChangedAt: domain.registeredAt,
      })
      .onConflictDoNothing()
      .returning({ id: domains.id });
    if (!row) continue;
    await tx.insert(domainEvents).values({
      domainId: row.id,
      kind: 'imported',
      toStatus: 'active',
      actor: 'staff',
      message: 'دامنه از ثبت‌کننده خوانده و به پنل شما افزوده شد',
      createdAt: domain.registeredAt,
    });
  }
  // A .ir transfer: the holder was sent IRNIC's approval request and has not answered yet.
  const transferName = 'sara-old.ir';
  await tx
    .insert(sandboxRegistryNames)
    .values({
      name: transferName,
      sponsor: 'another-registrar',
      expiresAt: new Date(now + 90 * DAY_MS),
      createdAt: new Date(now - 640 * DAY_MS),
      statuses: ['pendingTransfer'],
      transferTo: account.id,
      transferDueAt: null,
    })
    .onConflictDoNothing();
  const [pending] = await tx
    .insert(domains)
    .values({
      userId: sara.id,
      name: transferName,
      ascii: transferName,
      tld: 'ir',
      registrarAccountId: account.id,
      status: 'pending-approval',
      origin: 'transfer',
      years: 1,
      note: 'ثبت‌کننده درخواست تأیید انتقال را برای دارندهٔ فعلی فرستاده است',
      createdAt: new Date(now - 2 * DAY_MS),
      statusChangedAt: new Date(now - 2 * DAY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: domains.id });
  if (pending) {
    await tx.insert(domainEvents).values([
      {
        domainId: pending.id,
        kind: 'ordered',
        toStatus: 'pending-transfer',
        actor: 'customer',
        actorId: sara.id,
        message: 'انتقال دامنه سفارش داده شد',
        createdAt: new Date(now - 2 * DAY_MS),
      },
      {
        domainId: pending.id,
        kind: 'registry.pending',
        fromStatus: 'pending-transfer',
        toStatus: 'pending-approval',
        actor: 'registry',
        message: 'درخواست انتقال به ثبت‌کننده رسید و در انتظار تأیید دارندهٔ فعلی است',
        createdAt: new Date(now - 2 * DAY_MS + 60_000),
      },
    ]);
  }
  await seedLapsedDomain(tx, sara.id, account.id, now);
}

/**
 * `sara-studio.net`, which سارا let lapse: 41 days past its expiry, past the 30 days of grace,
 * in redemption here and at the sandbox registry (RFC 3915's redemptionPeriod). Its page offers
 * the restore, at the TLD's fee with a renewal, for 19 more days.
 */
async function seedLapsedDomain(tx: Transaction, userId: string, accountId: string, now: number) {
  const name = 'sara-studio.net';
  const registeredAt = new Date(now - 771 * DAY_MS);
  const expiresAt = new Date(now - 41 * DAY_MS);
  const statuses = ['pendingDelete', 'redemptionPeriod'];
  await tx
    .insert(sandboxRegistryNames)
    .values({
      name,
      sponsor: accountId,
      expiresAt,
      createdAt: registeredAt,
      nameservers: DEMO_NAMESERVERS,
      statuses,
      authCode: 'demo-net-Code#1',
    })
    .onConflictDoNothing();
  const redeemingFrom = new Date(expiresAt.getTime() + 30 * DAY_MS);
  const [lapsed] = await tx
    .insert(domains)
    .values({
      userId,
      name,
      ascii: name,
      tld: 'net',
      registrarAccountId: accountId,
      status: 'redemption',
      origin: 'import',
      years: 1,
      registeredAt,
      expiresAt,
      autoRenew: false,
      nameservers: DEMO_NAMESERVERS,
      registryStatuses: statuses,
      syncedAt: new Date(now),
      createdAt: registeredAt,
      statusChangedAt: redeemingFrom,
    })
    .onConflictDoNothing()
    .returning({ id: domains.id });
  if (!lapsed) return;
  await tx.insert(domainEvents).values([
    {
      domainId: lapsed.id,
      kind: 'imported',
      toStatus: 'active',
      actor: 'staff',
      message: 'دامنه از ثبت‌کننده خوانده و به پنل شما افزوده شد',
      createdAt: registeredAt,
    },
    {
      domainId: lapsed.id,
      kind: 'expiry.expired',
      fromStatus: 'active',
      toStatus: 'expired',
      actor: 'system',
      message: 'دامنه منقضی شد و در دورهٔ ارفاق است؛ با بهای تمدید برمی‌گردد',
      createdAt: expiresAt,
    },
    {
      domainId: lapsed.id,
      kind: 'expiry.redemption',
      fromStatus: 'expired',
      toStatus: 'redemption',
      actor: 'system',
      message: 'دورهٔ ارفاق تمام شد؛ دامنه در دورهٔ بازخرید است',
      createdAt: redeemingFrom,
    },
  ]);
}
