import {
  MANUAL_METHODS,
  type OnlineGateway,
  PAYMENT_METHOD_LABELS,
  type PaymentPurpose,
  type PaymentStatus,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import {
  type PaymentGateway,
  PaymentGatewayError,
  type VerifyOutcome,
} from '../../providers/payment/payment-gateway';
import { peopleView, personName } from '../accounts';
import { buyerPartyOf, issueTopUpReceipt, readPaymentSettings } from '../billing';
import { changeBalance } from '../wallet';
import { lockPayableOrder, markOrderPaid, payableOf } from './orders.service';
import { buyerProfiles, orders, payments } from './schema';

/** Everything the payment steps need from the app. */
export interface PaymentContext {
  db: Database;
  /** The gateways this server drives, by name; staff settings say which are on and in what order. */
  gateways: ReadonlyMap<string, PaymentGateway>;
  /** Their names in the server settings' order. */
  available: readonly OnlineGateway[];
  /** Absolute URL of our callback page; the gateway adds Authority and Status. */
  callbackUrl: string;
  log: Logger;
  /**
   * Test seam: runs inside the settle transaction after the payment is marked paid and before
   * anything it pays for; a throw here is a crash midway (the reconciliation test uses it).
   */
  insideSettle?: (() => Promise<void>) | undefined;
}

export interface StartedPayment {
  paymentId: string;
  amountRial: number;
  gateway: string;
  redirectUrl: string;
}

/**
 * The gateway to open a payment at: the one the person chose, which must be on, or staff's
 * first choice.
 */
async function chooseGateway(
  context: PaymentContext,
  requested: string | undefined,
): Promise<{ gateway: PaymentGateway; next: string | null }> {
  const enabled = (await readPaymentSettings(context.db, context.available)).gateways;
  const name = requested ?? enabled[0];
  const gateway =
    name && enabled.includes(name as OnlineGateway) ? context.gateways.get(name) : undefined;
  if (!gateway) {
    if (requested) {
      const message = 'این درگاه پرداخت اکنون فعال نیست؛ درگاه دیگری را انتخاب کنید';
      throw new AppError('VALIDATION', message, { fields: { gateway: message } });
    }
    throw new AppError(
      'GATEWAY_UNAVAILABLE',
      'اکنون هیچ درگاه پرداخت فعالی نیست؛ با پشتیبانی تماس بگیرید',
    );
  }
  const next = enabled.find((other) => other !== name) ?? null;
  return { gateway, next };
}

/** Opens a gateway payment for what is left to pay of an order. */
export async function startOrderPayment(
  context: PaymentContext,
  userId: string,
  orderId: string,
  now: Date = new Date(),
  requestedGateway?: string,
): Promise<StartedPayment> {
  const chosen = await chooseGateway(context, requestedGateway);
  const payment = await context.db.transaction(async (tx) => {
    const order = await lockPayableOrder(tx, userId, orderId, now);
    const amountRial = payableOf(order);
    if (amountRial <= 0) throw new AppError('ORDER_NOT_PAYABLE');
    return insertPayment(tx, {
      userId,
      purpose: 'order',
      orderId: order.id,
      amountRial,
      gateway: chosen.gateway.name,
      description: `پرداخت سفارش ${toPersianDigits(order.number)} در ویترین`,
    });
  });
  return openAtGateway(context, payment, chosen);
}

/** Opens a gateway payment that tops up the wallet. */
export async function startTopUp(
  context: PaymentContext,
  userId: string,
  amountRial: number,
  requestedGateway?: string,
): Promise<StartedPayment> {
  const chosen = await chooseGateway(context, requestedGateway);
  const payment = await insertPayment(context.db, {
    userId,
    purpose: 'top-up',
    orderId: null,
    amountRial,
    gateway: chosen.gateway.name,
    description: 'افزایش اعتبار کیف پول ویترین',
  });
  return openAtGateway(context, payment, chosen);
}

interface NewPayment {
  userId: string;
  purpose: PaymentPurpose;
  orderId: string | null;
  amountRial: number;
  gateway: string;
  description: string;
}

async function insertPayment(db: Database, payment: NewPayment) {
  const [row] = await db
    .insert(payments)
    .values({
      userId: payment.userId,
      purpose: payment.purpose,
      orderId: payment.orderId,
      amountRial: payment.amountRial,
      gateway: payment.gateway,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment insert returned no row');
  return { ...payment, id: row.id };
}

/**
 * Asks the gateway to open the attempt (outside any transaction: it is a network call) and
 * keeps its authority. An attempt the gateway did not open is failed; nothing was collected,
 * the order is still pending, and the person is offered the next gateway.
 */
async function openAtGateway(
  context: PaymentContext,
  payment: NewPayment & { id: string },
  { gateway, next }: { gateway: PaymentGateway; next: string | null },
): Promise<StartedPayment> {
  const [user] = await context.db
    .select({ mobile: peopleView.mobile, email: peopleView.email })
    .from(peopleView)
    .where(eq(peopleView.id, payment.userId));
  let started: { authority: string; redirectUrl: string };
  try {
    started = await gateway.start({
      amountRial: payment.amountRial,
      description: payment.description,
      callbackUrl: context.callbackUrl,
      mobile: user?.mobile,
      email: user?.email ?? undefined,
      reference: payment.id,
    });
  } catch (error) {
    context.log.warn({ err: error, paymentId: payment.id }, 'gateway did not open a payment');
    await context.db
      .update(payments)
      .set({ status: 'failed', failureReason: 'درگاه پرداخت را باز نکرد' })
      .where(eq(payments.id, payment.id));
    const title = PAYMENT_METHOD_LABELS[gateway.name] ?? gateway.name;
    throw new AppError(
      'GATEWAY_UNAVAILABLE',
      next
        ? `${title} پاسخ نداد؛ سفارش شما سر جایش است و می‌توانید با ${PAYMENT_METHOD_LABELS[next] ?? next} پرداخت کنید`
        : undefined,
      { cause: error },
    );
  }
  await context.db
    .update(payments)
    .set({ authority: started.authority })
    .where(eq(payments.id, payment.id));
  return {
    paymentId: payment.id,
    amountRial: payment.amountRial,
    gateway: gateway.name,
    redirectUrl: started.redirectUrl,
  };
}

export interface VerifyResult {
  purpose: PaymentPurpose;
  status: PaymentStatus;
  amountRial: number;
  referenceId: string | null;
  orderId: string | null;
  creditedToWallet: boolean;
  message: string;
}

const MESSAGES = {
  orderPaid: 'پرداخت با موفقیت انجام شد و سفارش شما پرداخت‌شده است',
  topUpPaid: 'اعتبار کیف پول شما افزایش یافت',
  credited:
    'پرداخت انجام شد، اما سفارش پیش‌تر پرداخت یا بسته شده بود؛ مبلغ به کیف پول شما افزوده شد',
  failed: 'پرداخت انجام نشد. اگر مبلغی از حساب شما کم شده باشد، بانک تا ۷۲ ساعت آن را برمی‌گرداند',
  pending: 'پاسخ درگاه هنوز نرسیده است؛ وضعیت پرداخت به‌زودی خودکار بررسی می‌شود',
} as const;

/**
 * Our callback: asks the gateway about this authority for the amount in our database (never
 * the callback's word) and settles. A paid attempt answers from our row without asking again,
 * so a replayed callback is harmless; a gateway that does not answer leaves it pending.
 */
export async function verifyPayment(
  context: PaymentContext,
  authority: string,
): Promise<VerifyResult> {
  const [payment] = await context.db
    .select()
    .from(payments)
    .where(eq(payments.authority, authority));
  if (!payment) throw new AppError('NOT_FOUND', 'پرداختی با این شناسه پیدا نشد');
  if (payment.status === 'paid') return resultOf(payment);
  await checkWithGateway(context, payment);
  const [now] = await context.db.select().from(payments).where(eq(payments.id, payment.id));
  if (!now) throw new Error('payment vanished');
  return resultOf(now);
}

type PaymentRow = typeof payments.$inferSelect;

function resultOf(payment: PaymentRow): VerifyResult {
  let message: string;
  if (payment.status === 'paid') {
    message = payment.creditedToWallet
      ? MESSAGES.credited
      : payment.purpose === 'order'
        ? MESSAGES.orderPaid
        : MESSAGES.topUpPaid;
  } else {
    message = payment.status === 'failed' ? MESSAGES.failed : MESSAGES.pending;
  }
  return {
    purpose: payment.purpose,
    status: payment.status,
    amountRial: payment.amountRial,
    referenceId: payment.referenceId,
    orderId: payment.orderId,
    creditedToWallet: payment.creditedToWallet,
    message,
  };
}

/** One question to the gateway and what follows from its answer. */
async function checkWithGateway(context: PaymentContext, payment: PaymentRow): Promise<void> {
  if (!payment.authority) return;
  // Asked of the gateway our record says was used, never of one the callback names.
  const gateway = context.gateways.get(payment.gateway);
  if (!gateway) {
    context.log.warn({ paymentId: payment.id, gateway: payment.gateway }, 'gateway not configured');
    return;
  }
  let outcome: VerifyOutcome;
  try {
    outcome = await gateway.verify({
      authority: payment.authority,
      amountRial: payment.amountRial,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // Unknown is not failed: the reconciliation job asks again.
    context.log.warn({ err: error, paymentId: payment.id }, 'gateway verify gave no answer');
    return;
  }
  if (outcome.status === 'failed') {
    await context.db
      .update(payments)
      .set({ status: 'failed', failureReason: `${outcome.code} ${outcome.message}` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    return;
  }
  await settlePayment(context, payment.id, outcome);
}

/**
 * Settles a payment the gateway confirmed, once: the row is locked and anything already paid
 * returns at once, so concurrent verifies, replays and the job settle it exactly once. A top-up
 * credits the wallet; an order payment pays the order when it is still pending and this amount
 * is exactly what is left, and otherwise (closed meanwhile, or paid some other way) the money
 * goes to the wallet so nothing the customer paid is lost.
 */
export async function settlePayment(
  context: Pick<PaymentContext, 'db' | 'insideSettle'>,
  paymentId: string,
  outcome: { referenceId: string; cardPan: string | null },
  now: Date = new Date(),
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!payment || payment.status === 'paid') return;
    await tx
      .update(payments)
      .set({
        status: 'paid',
        referenceId: outcome.referenceId,
        cardPan: outcome.cardPan,
        failureReason: null,
        settledAt: now,
      })
      .where(eq(payments.id, payment.id));
    await context.insideSettle?.();
    if (payment.purpose === 'top-up') {
      await changeBalance(tx, {
        userId: payment.userId,
        amountRial: payment.amountRial,
        reason: 'top-up',
        description: `افزایش اعتبار، کد پیگیری ${toPersianDigits(outcome.referenceId)}`,
        paymentId: payment.id,
      });
      // A top-up is not a sale: it gets a numbered receipt, not an invoice (decision 0022).
      await issueTopUpReceipt(
        tx,
        { ...payment, referenceId: outcome.referenceId },
        await receiptBuyer(tx, payment.userId),
        now,
      );
      return;
    }
    await settleOrderPayment(tx, payment, outcome.referenceId, now);
  });
}

/** Who a receipt names: the saved buyer details, or the account's name and mobile. */
async function receiptBuyer(tx: Transaction, userId: string) {
  const [saved] = await tx.select().from(buyerProfiles).where(eq(buyerProfiles.userId, userId));
  if (saved) return buyerPartyOf(saved);
  const [user] = await tx
    .select({
      firstName: peopleView.firstName,
      lastName: peopleView.lastName,
      mobile: peopleView.mobile,
      email: peopleView.email,
    })
    .from(peopleView)
    .where(eq(peopleView.id, userId));
  return buyerPartyOf({
    fullName: user ? personName(user) : '',
    email: user?.email ?? '',
    nationalId: null,
    companyName: null,
  });
}

async function settleOrderPayment(
  tx: Transaction,
  payment: PaymentRow,
  referenceId: string,
  now: Date,
): Promise<void> {
  if (!payment.orderId) throw new Error(`order payment ${payment.id} has no order`);
  // The usual case in one statement (issue 24): the order still pending and owing exactly this
  // amount takes it. The update locks the row and checks both again under the lock.
  const [updated] = await tx
    .update(orders)
    .set({ gatewayPaidRial: sql`${orders.gatewayPaidRial} + ${payment.amountRial}` })
    .where(
      and(
        eq(orders.id, payment.orderId),
        eq(orders.status, 'pending'),
        sql`${orders.totalRial} - ${orders.walletAppliedRial} - ${orders.gatewayPaidRial} = ${payment.amountRial}`,
      ),
    )
    .returning();
  if (updated) {
    await markOrderPaid(tx, updated, now);
    return;
  }
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  if (!order) throw new Error(`order ${payment.orderId} vanished`);
  await tx.update(payments).set({ creditedToWallet: true }).where(eq(payments.id, payment.id));
  await changeBalance(tx, {
    userId: payment.userId,
    amountRial: payment.amountRial,
    reason: 'refund',
    description: `پرداخت سفارش ${toPersianDigits(order.number)} پس از بسته‌شدن آن، کد پیگیری ${toPersianDigits(referenceId)}`,
    orderId: order.id,
    paymentId: payment.id,
  });
}

/** How long a person may still be on the gateway's page before we ask about an attempt. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Attempts older than this are no longer asked about (gateways forget them). */
export const RECONCILE_WINDOW_MS = 3 * 24 * 3_600_000;
/** A failed answer is asked again for this long: a forged early callback must not lose money. */
export const RECHECK_FAILED_MS = 2 * 3_600_000;
/** An attempt the gateway never opened is given up after this long. */
const UNOPENED_AFTER_MS = 10 * 60_000;

/**
 * The reconciliation job's work: asks the gateway about attempts that were left pending (a lost
 * callback, a crash between verify and settle, a gateway that did not answer) and recently
 * failed ones, and settles what was paid. Answers how many were settled.
 */
export async function reconcilePayments(
  context: PaymentContext,
  now: Date = new Date(),
  limit = 100,
): Promise<number> {
  const since = new Date(now.getTime() - RECONCILE_WINDOW_MS);
  await context.db
    .update(payments)
    .set({ status: 'failed', failureReason: 'درگاه پرداخت را باز نکرد' })
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.authority),
        // A card-to-card or bank-transfer claim has no authority: it waits for staff.
        notInArray(payments.gateway, [...MANUAL_METHODS]),
        lt(payments.createdAt, new Date(now.getTime() - UNOPENED_AFTER_MS)),
      ),
    );
  const due = await context.db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.authority),
        or(
          and(
            eq(payments.status, 'pending'),
            lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
            gt(payments.createdAt, since),
          ),
          and(
            eq(payments.status, 'failed'),
            gt(payments.createdAt, new Date(now.getTime() - RECHECK_FAILED_MS)),
          ),
        ),
      ),
    )
    // Pending attempts first: a run must not spend its whole limit re-asking about failed ones
    // (cancellations are common) while a paid attempt waits behind them.
    .orderBy(desc(eq(payments.status, 'pending')), asc(payments.createdAt))
    .limit(limit);
  let settled = 0;
  for (const payment of due) {
    try {
      await checkWithGateway(context, payment);
    } catch (error) {
      context.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
      continue;
    }
    const [after] = await context.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id));
    if (after?.status === 'paid') settled += 1;
  }
  return settled;
}
