import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { addToCart } from '../modules/orders/cart.service';
import {
  submitOrder,
  updateBuyerDetails,
  useWalletInOrder,
} from '../modules/orders/orders.service';
import { changeBalance } from '../modules/wallet/wallet.service';
import {
  discountCodes,
  productGroups,
  products,
  productThemes,
  themes,
  users,
  walletTransactions,
} from '../schema';
import { backdate } from './seed-backdate';
import { settleDemoDeliveries } from './seed-deliveries';

const DAY_MS = 24 * 3_600_000;

/** The demo discount codes the README lists. */
export const demoDiscountCodes: ReadonlyArray<
  Omit<typeof discountCodes.$inferInsert, 'groupIds'> & { groupSlugs?: string[] }
> = [
  {
    code: 'VITRIN10',
    title: 'ده درصد تخفیف همهٔ محصولات',
    kind: 'percent',
    value: 10,
  },
  {
    code: 'BUILDER30',
    title: 'سی درصد تخفیف سایت‌ساز تا سقف ۳۰۰ هزار تومان',
    kind: 'percent',
    value: 30,
    maxDiscountRial: 3_000_000,
    groupSlugs: ['website-builder'],
  },
  {
    code: 'WELCOME',
    title: '۱۵۰ هزار تومان برای نخستین سفارش بالای ۵۰۰ هزار تومان',
    kind: 'fixed',
    value: 1_500_000,
    minCartRial: 5_000_000,
    firstOrderOnly: true,
    perUserLimit: 1,
  },
  {
    code: 'GIFT100',
    title: 'هدیهٔ کامل (صد درصد) برای ۵۰ سفارش',
    kind: 'percent',
    value: 100,
    usageLimit: 50,
  },
  {
    code: 'YALDA1404',
    title: 'جشنوارهٔ یلدای ۱۴۰۴ (تمام‌شده)',
    kind: 'percent',
    value: 25,
    endsAt: new Date('2025-12-22T20:30:00Z'),
  },
];

/**
 * Checkout's demo (seed part `checkout`): discount codes, and the demo customer's wallet,
 * paid orders with their services, and one order waiting for payment, made through the same
 * services a person uses, then dated back so the panel shows a history.
 */
export async function seedCheckout(
  tx: Transaction,
  context: { secrets: SecretBox },
): Promise<void> {
  for (const { groupSlugs, ...code } of demoDiscountCodes) {
    const groupIds = groupSlugs
      ? (
          await tx
            .select({ id: productGroups.id })
            .from(productGroups)
            .where(inArray(productGroups.slug, groupSlugs))
        ).map((group) => group.id)
      : [];
    await tx
      .insert(discountCodes)
      .values({ ...code, groupIds })
      .onConflictDoNothing({ target: discountCodes.code });
  }

  const [sara] = await tx.select().from(users).where(eq(users.mobile, '+989121234567'));
  if (!sara) return;
  const owner = { userId: sara.id, cartToken: undefined };
  await updateBuyerDetails(tx, sara.id, {
    kind: 'person',
    fullName: 'سارا محمدی',
    email: 'sara.mohammadi@example.com',
    nationalId: '0499370899',
    companyName: null,
  });

  const productId = async (slug: string) => {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, slug));
    if (!row) throw new Error(`demo product ${slug} is missing`);
    return row.id;
  };
  const builder = await productId('builder-business');
  const [theme] = await tx
    .select({ id: themes.id })
    .from(productThemes)
    .innerJoin(themes, eq(themes.id, productThemes.themeId))
    .where(eq(productThemes.productId, builder))
    .orderBy(themes.slug)
    .limit(1);

  // An annual website 10 months old, and a hosting plan that runs out within a week.
  await addToCart(tx, owner, {
    productId: builder,
    cycle: 'annual',
    themeId: theme?.id,
    domainName: 'sara-gallery.ir',
  });
  await addToCart(tx, owner, {
    productId: await productId('domain-ir'),
    cycle: 'annual',
    domainName: 'sara-gallery.ir',
  });
  const first = await submitOrder(tx, owner);
  // Enough credit for this order and the next one, with a few million Toman left to spend.
  const topUp = await changeBalance(tx, {
    userId: sara.id,
    amountRial: first.totalRial + 25_000_000 + 10_000_000,
    reason: 'top-up',
    description: 'افزایش اعتبار، کد پیگیری ۴۸۲۹۱۷۳۶۵',
  });
  // Just before the first order's payment, which backdate() moves 300 days back.
  await tx
    .update(walletTransactions)
    .set({ createdAt: new Date(Date.now() - 300 * DAY_MS - 3_600_000) })
    .where(eq(walletTransactions.id, topUp.transactionId));
  await useWalletInOrder(tx, sara.id, { orderId: first.id });
  await settleDemoDeliveries(tx, first.id, context.secrets);
  await backdate(tx, first.id, 300);

  await addToCart(tx, owner, {
    productId: await productId('host-linux-5g'),
    cycle: 'monthly',
    domainName: 'sara-blog.com',
  });
  const second = await submitOrder(tx, owner);
  await useWalletInOrder(tx, sara.id, { orderId: second.id });
  await settleDemoDeliveries(tx, second.id, context.secrets);
  await backdate(tx, second.id, 25);

  // Waiting for payment: the panel's red dot and the "pay" button.
  await addToCart(tx, owner, {
    productId: await productId('email-team'),
    cycle: 'quarterly',
    domainName: 'sara-gallery.ir',
  });
  await submitOrder(tx, owner);
}
