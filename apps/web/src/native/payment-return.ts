import type { OrderStatus, PaymentStatus, WalletReason } from '@vitrin/contracts';
import { type DevicePreferences, PREFERENCES_PREFIX } from '../lib/device-preferences';
import { CREDIT_PATH, orderPath } from '../lib/panel-paths';

/**
 * A gateway payment the person left the app for (the system browser): kept on the device, since
 * Android may close the app while the bank's page is open. `told` marks one the person was
 * already told is still unconfirmed, so each return after that stays quiet until it settles.
 */
export type PendingPayment =
  | { kind: 'order'; orderId: string; startedAt: number; told?: boolean }
  | { kind: 'top-up'; amountRial: number; startedAt: number; told?: boolean };

export const PENDING_PAYMENT_KEY = `${PREFERENCES_PREFIX}pendingPayment`;

/** Gateways close their page within about 15 minutes; an older attempt is not waited for. */
export const PENDING_PAYMENT_TTL_MS = 30 * 60_000;

/** The phone's clock and the server's may differ a little. */
const CLOCK_SKEW_MS = 5 * 60_000;

function isPendingPayment(value: unknown): value is PendingPayment {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.startedAt !== 'number') return false;
  if (record.kind === 'order') return typeof record.orderId === 'string' && record.orderId !== '';
  if (record.kind === 'top-up') return typeof record.amountRial === 'number';
  return false;
}

export async function savePendingPayment(
  preferences: DevicePreferences,
  payment: PendingPayment,
): Promise<void> {
  await preferences.set({ key: PENDING_PAYMENT_KEY, value: JSON.stringify(payment) });
}

export async function clearPendingPayment(preferences: DevicePreferences): Promise<void> {
  await preferences.remove({ key: PENDING_PAYMENT_KEY });
}

/** The payment being waited for; a corrupt or stale record is dropped. */
export async function loadPendingPayment(
  preferences: DevicePreferences,
  now: number,
): Promise<PendingPayment | null> {
  const { value } = await preferences.get({ key: PENDING_PAYMENT_KEY });
  if (value === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Dropped below.
  }
  if (isPendingPayment(parsed) && now - parsed.startedAt < PENDING_PAYMENT_TTL_MS) return parsed;
  await clearPendingPayment(preferences);
  return null;
}

/** What the app does on the person's return: where to go and what to say. */
export interface PaymentReturnOutcome {
  /** Paid or failed: nothing more to wait for. Pending: the record stays for the next return. */
  settled: boolean;
  path: string;
  tone: 'success' | 'error' | 'info';
  message: string;
}

export const RETURN_MESSAGES = {
  orderPaid: 'پرداخت انجام شد و سفارش شما پرداخت‌شده است',
  orderCredited: 'پرداخت انجام شد، اما سفارش بسته شده بود؛ مبلغ به کیف پول شما افزوده شد',
  failed: 'پرداخت انجام نشد. اگر مبلغی از حساب شما کم شده باشد، بانک تا ۷۲ ساعت آن را برمی‌گرداند',
  orderPending: 'پرداخت هنوز تأیید نشده است؛ وضعیت سفارش به‌زودی به‌روز می‌شود',
  orderClosed: 'این سفارش دیگر پرداخت‌شدنی نیست',
  topUpPaid: 'اعتبار کیف پول شما افزایش یافت',
  topUpPending: 'افزایش اعتبار هنوز تأیید نشده است؛ موجودی به‌زودی به‌روز می‌شود',
} as const;

export interface OrderAfterPayment {
  id: string;
  status: OrderStatus;
  payments: ReadonlyArray<{ status: PaymentStatus; createdAt: string }>;
}

/**
 * The order's answer after the person came back. The app only reads (the order and its
 * attempts): the gateway's callback page verifies the payment, and the server's reconciliation
 * settles one whose callback was lost, so asking never disturbs a payment still in progress.
 */
export function orderReturnOutcome(
  pending: Extract<PendingPayment, { kind: 'order' }>,
  order: OrderAfterPayment,
): PaymentReturnOutcome {
  const path = orderPath(order.id);
  if (order.status === 'paid') {
    return { settled: true, path, tone: 'success', message: RETURN_MESSAGES.orderPaid };
  }
  const attempt = order.payments
    .filter((payment) => Date.parse(payment.createdAt) >= pending.startedAt - CLOCK_SKEW_MS)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (attempt?.status === 'paid') {
    // Paid while the order closed: the server put the money in the wallet.
    return { settled: true, path, tone: 'info', message: RETURN_MESSAGES.orderCredited };
  }
  if (order.status !== 'pending') {
    return { settled: true, path, tone: 'info', message: RETURN_MESSAGES.orderClosed };
  }
  if (attempt?.status === 'failed') {
    return { settled: true, path, tone: 'error', message: RETURN_MESSAGES.failed };
  }
  return { settled: false, path, tone: 'info', message: RETURN_MESSAGES.orderPending };
}

export interface WalletEntry {
  amountRial: number;
  reason: WalletReason;
  createdAt: string;
}

/**
 * The wallet's latest entries after a top-up: the credit shows as a top-up entry of the amount
 * paid, made after the attempt began. Until it shows, the payment is unconfirmed (a top-up has
 * no failure of its own to read: an unpaid attempt leaves the wallet as it was).
 */
export function topUpReturnOutcome(
  pending: Extract<PendingPayment, { kind: 'top-up' }>,
  entries: ReadonlyArray<WalletEntry>,
): PaymentReturnOutcome {
  const credited = entries.some(
    (entry) =>
      entry.reason === 'top-up' &&
      entry.amountRial === pending.amountRial &&
      Date.parse(entry.createdAt) >= pending.startedAt - CLOCK_SKEW_MS,
  );
  return credited
    ? { settled: true, path: CREDIT_PATH, tone: 'success', message: RETURN_MESSAGES.topUpPaid }
    : { settled: false, path: CREDIT_PATH, tone: 'info', message: RETURN_MESSAGES.topUpPending };
}

export interface PaymentReturnDeps {
  preferences: DevicePreferences;
  now(): number;
  fetchOrder(orderId: string): Promise<OrderAfterPayment>;
  fetchWalletEntries(): Promise<ReadonlyArray<WalletEntry>>;
}

/**
 * On the person's return (app resumed, browser closed): the outcome to show, or null when there
 * is nothing to say (no payment waited for, or one still unconfirmed that was already told).
 * A failure to reach the server keeps the record for the next return.
 */
export async function checkPaymentOnReturn(
  deps: PaymentReturnDeps,
): Promise<PaymentReturnOutcome | null> {
  const pending = await loadPendingPayment(deps.preferences, deps.now());
  if (!pending) return null;
  const outcome =
    pending.kind === 'order'
      ? orderReturnOutcome(pending, await deps.fetchOrder(pending.orderId))
      : topUpReturnOutcome(pending, await deps.fetchWalletEntries());
  if (outcome.settled) {
    await clearPendingPayment(deps.preferences);
    return outcome;
  }
  if (pending.told) return null;
  await savePendingPayment(deps.preferences, { ...pending, told: true });
  return outcome;
}
