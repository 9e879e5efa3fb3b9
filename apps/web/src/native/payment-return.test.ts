import { describe, expect, test, vi } from 'vitest';
import { memoryPreferences } from '../lib/device-preferences';
import {
  checkPaymentOnReturn,
  type OrderAfterPayment,
  type PaymentReturnDeps,
  PENDING_PAYMENT_KEY,
  PENDING_PAYMENT_TTL_MS,
  RETURN_MESSAGES,
  savePendingPayment,
  type WalletEntry,
} from './payment-return';

const STARTED = Date.parse('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(STARTED + minutes * 60_000).toISOString();

function order(overrides: Partial<OrderAfterPayment> = {}): OrderAfterPayment {
  return { id: 'o-1', status: 'pending', payments: [], ...overrides };
}

function deps(overrides: Partial<Omit<PaymentReturnDeps, 'preferences'>> = {}) {
  const all = {
    now: () => STARTED + 2 * 60_000,
    fetchOrder: vi.fn(async (): Promise<OrderAfterPayment> => order()),
    fetchWalletEntries: vi.fn(async (): Promise<readonly WalletEntry[]> => []),
    ...overrides,
  };
  return { ...all, preferences: memoryPreferences() };
}

describe('coming back from the gateway (Android)', () => {
  test('nothing pending: nothing is asked or said', async () => {
    const d = deps();
    expect(await checkPaymentOnReturn(d)).toBeNull();
    expect(d.fetchOrder).not.toHaveBeenCalled();
  });

  test('a paid order: its page with the success, and the wait is over', async () => {
    const d = deps({
      fetchOrder: vi.fn(async () =>
        order({ status: 'paid', payments: [{ status: 'paid', createdAt: at(0) }] }),
      ),
    });
    await savePendingPayment(d.preferences, { kind: 'order', orderId: 'o-1', startedAt: STARTED });
    expect(await checkPaymentOnReturn(d)).toEqual({
      settled: true,
      path: '/account/orders/o-1',
      tone: 'success',
      message: RETURN_MESSAGES.orderPaid,
    });
    expect(d.fetchOrder).toHaveBeenCalledWith('o-1');
    expect(d.preferences.values.has(PENDING_PAYMENT_KEY)).toBe(false);
  });

  test('a failed attempt says so; an older failed attempt does not count', async () => {
    const failedNow = deps({
      fetchOrder: vi.fn(async () =>
        order({
          payments: [
            { status: 'failed', createdAt: at(-60) },
            { status: 'failed', createdAt: at(1) },
          ],
        }),
      ),
    });
    await savePendingPayment(failedNow.preferences, {
      kind: 'order',
      orderId: 'o-1',
      startedAt: STARTED,
    });
    expect(await checkPaymentOnReturn(failedNow)).toMatchObject({
      settled: true,
      tone: 'error',
      message: RETURN_MESSAGES.failed,
    });

    const failedBefore = deps({
      fetchOrder: vi.fn(async () =>
        order({
          payments: [
            { status: 'failed', createdAt: at(-60) },
            { status: 'pending', createdAt: at(0) },
          ],
        }),
      ),
    });
    await savePendingPayment(failedBefore.preferences, {
      kind: 'order',
      orderId: 'o-1',
      startedAt: STARTED,
    });
    expect(await checkPaymentOnReturn(failedBefore)).toMatchObject({ settled: false });
  });

  test('an unconfirmed payment is told once, then waited for quietly until it settles', async () => {
    let current = order({ payments: [{ status: 'pending', createdAt: at(0) }] });
    const d = deps({ fetchOrder: vi.fn(async () => current) });
    await savePendingPayment(d.preferences, { kind: 'order', orderId: 'o-1', startedAt: STARTED });
    expect(await checkPaymentOnReturn(d)).toMatchObject({
      settled: false,
      tone: 'info',
      message: RETURN_MESSAGES.orderPending,
    });
    // The person went back to the bank's page (an SMS code) and came back again.
    expect(await checkPaymentOnReturn(d)).toBeNull();
    current = order({ status: 'paid', payments: [{ status: 'paid', createdAt: at(0) }] });
    expect(await checkPaymentOnReturn(d)).toMatchObject({ settled: true, tone: 'success' });
    expect(await checkPaymentOnReturn(d)).toBeNull();
  });

  test('paid after the order closed: the money went to the wallet', async () => {
    const d = deps({
      fetchOrder: vi.fn(async () =>
        order({ status: 'expired', payments: [{ status: 'paid', createdAt: at(0) }] }),
      ),
    });
    await savePendingPayment(d.preferences, { kind: 'order', orderId: 'o-1', startedAt: STARTED });
    expect(await checkPaymentOnReturn(d)).toMatchObject({
      settled: true,
      message: RETURN_MESSAGES.orderCredited,
    });
  });

  test('a top-up is confirmed by its wallet entry of the same amount after it began', async () => {
    const fetchWalletEntries = vi.fn(
      async (): Promise<WalletEntry[]> => [
        { amountRial: 1_000_000, reason: 'top-up', createdAt: at(-90) },
        { amountRial: 500_000, reason: 'top-up', createdAt: at(1) },
      ],
    );
    const d = deps({ fetchWalletEntries });
    await savePendingPayment(d.preferences, {
      kind: 'top-up',
      amountRial: 1_000_000,
      startedAt: STARTED,
    });
    // Only the old top-up of this amount: not this one.
    expect(await checkPaymentOnReturn(d)).toMatchObject({
      settled: false,
      path: '/account/credit',
      message: RETURN_MESSAGES.topUpPending,
    });
    fetchWalletEntries.mockResolvedValue([
      { amountRial: 1_000_000, reason: 'top-up', createdAt: at(2) },
    ]);
    expect(await checkPaymentOnReturn(d)).toEqual({
      settled: true,
      path: '/account/credit',
      tone: 'success',
      message: RETURN_MESSAGES.topUpPaid,
    });
  });

  test('the server out of reach keeps the record for the next return', async () => {
    const d = deps({
      fetchOrder: vi.fn(async (): Promise<OrderAfterPayment> => {
        throw new Error('offline');
      }),
    });
    await savePendingPayment(d.preferences, { kind: 'order', orderId: 'o-1', startedAt: STARTED });
    await expect(checkPaymentOnReturn(d)).rejects.toThrow('offline');
    expect(d.preferences.values.has(PENDING_PAYMENT_KEY)).toBe(true);
  });

  test('a stale or corrupt record is dropped without asking', async () => {
    const stale = deps({ now: () => STARTED + PENDING_PAYMENT_TTL_MS + 1 });
    await savePendingPayment(stale.preferences, {
      kind: 'order',
      orderId: 'o-1',
      startedAt: STARTED,
    });
    expect(await checkPaymentOnReturn(stale)).toBeNull();
    expect(stale.fetchOrder).not.toHaveBeenCalled();
    expect(stale.preferences.values.has(PENDING_PAYMENT_KEY)).toBe(false);

    const corrupt = deps();
    corrupt.preferences.values.set(PENDING_PAYMENT_KEY, '{"kind":"order"');
    expect(await checkPaymentOnReturn(corrupt)).toBeNull();
    expect(corrupt.preferences.values.has(PENDING_PAYMENT_KEY)).toBe(false);
  });
});
