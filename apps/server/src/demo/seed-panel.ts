import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { addRenewalToCart, addToCart } from '../modules/orders/cart.service';
import { payableOf, submitOrder, useWalletInOrder } from '../modules/orders/orders.service';
import { settlePayment } from '../modules/orders/payments.service';
import { expireServices } from '../modules/services/lifecycle-sweeps';
import { discountCodes, orders, payments, products, services, users } from '../schema';
import { backdate } from './seed-backdate';
import { settleDemoDeliveries } from './seed-deliveries';

const DAY_MS = 24 * 3_600_000;

/**
 * The customer panel's demo (seed part `panel`, issue 6): the codes every customer sees, a
 * personal code for the demo customer, an old hosting plan of hers that ran out two months ago
 * (paid by card), and a paid renewal of her website (part credit, part card), so her services
 * show an expired one and a history of purchase and renewal. Her hosting plan that runs out
 * within a week (seed part `checkout`) stays: it shows the red dot and gets the reminder.
 */
export async function seedPanel(tx: Transaction, context: { secrets: SecretBox }): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ listed: true })
    .where(inArray(discountCodes.code, ['VITRIN10', 'WELCOME']));

  const [sara] = await tx.select().from(users).where(eq(users.mobile, '+989121234567'));
  if (!sara) return;
  await tx
    .insert(discountCodes)
    .values({
      code: 'SARA15',
      title: 'کد شخصی سارا محمدی: پانزده درصد تا سقف ۲۰۰ هزار تومان',
      kind: 'percent',
      value: 15,
      maxDiscountRial: 2_000_000,
      perUserLimit: 1,
      endsAt: new Date(Date.now() + 45 * DAY_MS),
      userId: sara.id,
    })
    .onConflictDoNothing({ target: discountCodes.code });

  const owner = { userId: sara.id, cartToken: undefined };
  const [hosting] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'host-linux-1g'));
  if (!hosting) throw new Error('demo product host-linux-1g is missing');
  // A month of hosting bought three months ago: it ran out about two months ago.
  await addToCart(tx, owner, {
    productId: hosting.id,
    cycle: 'monthly',
    domainName: 'sara-photos.ir',
  });
  const old = await submitOrder(tx, owner);
  await payByCard(tx, old.id, { referenceId: '571930284', cardPan: '6219-86**-****-7731' });
  await settleDemoDeliveries(tx, old.id, context.secrets);
  await backdate(tx, old.id, 92);
  await expireServices(tx);

  // The website bought 300 days ago, renewed for another year 12 days ago.
  const [website] = await tx
    .select({ id: services.id })
    .from(services)
    .innerJoin(products, eq(products.id, services.productId))
    .where(
      and(
        eq(services.userId, sara.id),
        eq(services.domainName, 'sara-gallery.ir'),
        eq(products.slug, 'builder-business'),
      ),
    );
  if (!website) throw new Error('the demo website service is missing');
  await addRenewalToCart(tx, sara.id, { serviceId: website.id });
  const renewal = await submitOrder(tx, owner);
  await useWalletInOrder(tx, sara.id, { orderId: renewal.id, amountRial: 5_000_000 });
  await payByCard(tx, renewal.id, { referenceId: '648201937', cardPan: '6037-99**-****-2208' });
  await backdate(tx, renewal.id, 12);
}

/**
 * What is left of an order paid at the sandbox gateway: the attempt as pay-order opens it, then
 * settled as verify-pay-order settles a paid one.
 */
/** Pays a demo order at the sandbox gateway, as a card payment that came back paid. */
export async function payByCard(
  tx: Transaction,
  orderId: string,
  outcome: { referenceId: string; cardPan: string },
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`demo order ${orderId} is missing`);
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: order.userId,
      purpose: 'order',
      orderId: order.id,
      amountRial: payableOf(order),
      gateway: 'sandbox',
      authority: `SDEMO${order.number}`,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment insert returned no row');
  await settlePayment({ db: tx }, payment.id, outcome);
}
