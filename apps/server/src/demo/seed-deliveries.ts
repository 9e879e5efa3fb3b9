import { BILLING_CYCLE_MONTHS } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import { addToCart } from '../modules/orders/cart.service';
import {
  submitOrder,
  updateBuyerDetails,
  useWalletInOrder,
} from '../modules/orders/orders.service';
import { recordServiceEvent } from '../modules/services/lifecycle';
import { addMonths } from '../modules/services/renewals';
import { changeBalance } from '../modules/wallet/wallet.service';
import { products, services, users, walletTransactions } from '../schema';
import { backdate } from './seed-backdate';

// The demo's purchases are paid before any product is mapped to the sandbox panel (the
// `provisioning` part comes after every part that buys), so each paid service waits as
// awaiting-delivery (issue 35). The demo settles them as they would have been: a plan a panel
// delivers runs from its payment (the provisioning part gives it its account); one delivered by
// hand is delivered by staff with the access details its owner reads on the service page.

const BY_HAND_PREFIXES = ['domain-', 'vps-'];

function demoDetails(slug: string, domain: string | null) {
  if (slug.startsWith('domain-')) {
    return [
      { label: 'دامنه', value: domain ?? 'example.ir', secret: false },
      { label: 'شناسهٔ ایرنیک دارنده', value: 'sm2741-irnic', secret: false },
      { label: 'سرورهای نام', value: 'ns1.vitrin.localhost، ns2.vitrin.localhost', secret: false },
    ];
  }
  return [
    { label: 'آدرس IP', value: '185.55.224.10', secret: false },
    { label: 'نام کاربری', value: 'root', secret: false },
    { label: 'گذرواژه', value: 'Demo-Root-7731-Kx', secret: true },
  ];
}

/** Settles the demo order's services that wait for delivery, as of their payment. */
export async function settleDemoDeliveries(
  tx: Transaction,
  orderId: string,
  secrets: SecretBox,
): Promise<void> {
  const waiting = await tx
    .select({ service: services, slug: products.slug })
    .from(services)
    .innerJoin(products, eq(products.id, services.productId))
    .where(and(eq(services.orderId, orderId), eq(services.status, 'awaiting-delivery')));
  for (const { service, slug } of waiting) {
    const at = service.createdAt;
    const byHand = BY_HAND_PREFIXES.some((prefix) => slug.startsWith(prefix));
    const expiresAt = service.cycle ? addMonths(at, BILLING_CYCLE_MONTHS[service.cycle]) : null;
    await tx
      .update(services)
      .set({
        status: 'active',
        statusChangedAt: at,
        startsAt: at,
        expiresAt,
        ...(byHand
          ? {
              deliveredAt: at,
              deliveryDetails: secrets.seal(JSON.stringify(demoDetails(slug, service.domainName))),
            }
          : {}),
      })
      .where(eq(services.id, service.id));
    if (byHand) {
      await recordServiceEvent(
        tx,
        service.id,
        {
          kind: 'delivery.done',
          actor: 'staff',
          message: 'کارشناس سرویس را تحویل داد (داده‌های نمایشی)',
          fromStatus: 'awaiting-delivery',
          toStatus: 'active',
        },
        at,
      );
    }
  }
}

/**
 * The delivery queue's demo (seed part `manual-delivery`, issue 35): رضا کریمی paid for a VPS
 * 30 hours ago and it still waits, past its product's 24 hours, so the console shows it overdue.
 */
export async function seedManualDelivery(tx: Transaction): Promise<void> {
  const [reza] = await tx.select().from(users).where(eq(users.mobile, '+989191234567'));
  const [vps] = await tx.select().from(products).where(eq(products.slug, 'vps-2core'));
  if (!reza || !vps) return;
  const owner = { userId: reza.id, cartToken: undefined };
  await updateBuyerDetails(tx, reza.id, {
    kind: 'person',
    fullName: 'رضا کریمی',
    email: 'reza.karimi@example.com',
    nationalId: '0012345679',
    companyName: null,
  });
  await addToCart(tx, owner, { productId: vps.id, cycle: 'monthly' });
  const order = await submitOrder(tx, owner);
  const topUp = await changeBalance(tx, {
    userId: reza.id,
    amountRial: order.totalRial,
    reason: 'top-up',
    description: 'افزایش اعتبار، کد پیگیری ۷۳۱۵۵۲۹۰۴',
  });
  await useWalletInOrder(tx, reza.id, { orderId: order.id });
  await backdate(tx, order.id, 1.25);
  // The top-up a minute before the payment it paid for: the ledger reads by time.
  await tx
    .update(walletTransactions)
    .set({ createdAt: new Date(Date.now() - 1.25 * 86_400_000 - 60_000) })
    .where(eq(walletTransactions.id, topUp.transactionId));
}
