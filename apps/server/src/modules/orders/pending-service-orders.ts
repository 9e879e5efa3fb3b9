import { toPersianDigits } from '@vitrin/fa';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { orderLines, orders } from './schema';

// A service has at most one order waiting for payment that renews it or changes its plan: the
// cart, the checkout and the plan change all ask here before adding another.

/**
 * Refuses to change a service's plan, or to renew it, while an order waiting for payment
 * already renews it or changes its plan: paying both would price one on a term or a plan the
 * other is about to change.
 */
export async function refuseIfServiceOrderPending(
  tx: Database,
  userId: string,
  serviceIds: readonly string[],
  refusal: 'renewal' | 'plan-change',
): Promise<void> {
  const pending = await pendingServiceOrder(tx, userId, serviceIds);
  if (!pending) return;
  throw new AppError(
    refusal === 'renewal' ? 'SERVICE_NOT_RENEWABLE' : 'CONFLICT',
    pendingServiceOrderText(pending),
  );
}

/** Why a service waits for its pending order, in Persian. */
export function pendingServiceOrderText(pending: { number: number; changes: string | null }) {
  const what = pending.changes ? 'تغییر پلن' : 'تمدید';
  return `${what} این سرویس در سفارش ${toPersianDigits(pending.number)} در انتظار پرداخت است؛ همان سفارش را پرداخت یا لغو کنید`;
}

/** An order waiting for payment that renews one of these services or changes its plan. */
export async function pendingServiceOrder(
  tx: Database,
  userId: string,
  serviceIds: readonly string[],
): Promise<{ id: string; number: number; changes: string | null } | null> {
  if (serviceIds.length === 0) return null;
  const ids = [...serviceIds];
  const [pending] = await tx
    .select({ id: orders.id, number: orders.number, changes: orderLines.changesServiceId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        or(inArray(orderLines.renewsServiceId, ids), inArray(orderLines.changesServiceId, ids)),
      ),
    )
    .limit(1);
  return pending ?? null;
}
