import { BILLING_CYCLE_MONTHS, type BillingCycle, type ServiceStatus } from '@vitrin/contracts';
import { formatJalaliDate } from '@vitrin/fa';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { productsView } from '../catalog';
import {
  type CartRenewals,
  orderLinesView,
  pricesOnOffer,
  type RenewableService,
  type RenewalLine,
} from '../orders';
import { moveService, statusAfterExtension, TIMED_STATUSES } from './lifecycle';
import { services } from './schema';

// Renewing a service through the cart (issue 6, docs/decisions/0013): who may renew what, at
// which price, and what paying for it does to the service.

/**
 * Services in these states may be renewed, and a service suspended for being overdue (the
 * renewal lifts it, decision 0020); staff stopped the others (issue 8).
 */
export function isRenewable(service: {
  status: ServiceStatus;
  suspension: string | null;
}): boolean {
  return (
    TIMED_STATUSES.includes(service.status) ||
    (service.status === 'suspended' && service.suspension === 'overdue')
  );
}

export const RENEWAL_PROBLEMS = {
  cancelled: 'این سرویس لغو شده و قابل تمدید نیست',
  suspended: 'این سرویس معلق شده است و تا رفع تعلیق قابل تمدید نیست؛ با پشتیبانی تماس بگیرید',
  pending: 'این سرویس هنوز راه‌اندازی نشده است و قابل تمدید نیست',
  notSold: 'محصول این سرویس دیگر فروخته نمی‌شود و سرویس قابل تمدید نیست',
  cycle: 'این سرویس با این دورهٔ پرداخت تمدید نمی‌شود',
} as const;

export const SERVICE_NOT_FOUND = 'این سرویس پیدا نشد';

/** Why a service in this state, of a product in this state, cannot be renewed; null if it can. */
export function renewalProblem(
  service: { status: ServiceStatus; suspension: string | null },
  productSold: boolean,
): string | null {
  if (!isRenewable(service)) {
    if (service.status === 'cancelled' || service.status === 'terminated') {
      return RENEWAL_PROBLEMS.cancelled;
    }
    if (service.status === 'suspended') return RENEWAL_PROBLEMS.suspended;
    return RENEWAL_PROBLEMS.pending;
  }
  return productSold ? null : RENEWAL_PROBLEMS.notSold;
}

/**
 * One of this user's services checked to be renewable for `cycle` (its own cycle when left
 * out), or an error: NOT_FOUND for another person's service (never told apart from none),
 * SERVICE_NOT_RENEWABLE with the reason otherwise.
 */
export async function findRenewableService(
  db: Database,
  userId: string,
  serviceId: string,
  cycle: BillingCycle | undefined,
): Promise<RenewableService> {
  const [service] = await db
    .select({
      id: services.id,
      name: services.name,
      status: services.status,
      suspension: services.suspension,
      productId: services.productId,
      cycle: services.cycle,
      productActive: productsView.status,
    })
    .from(services)
    .leftJoin(productsView, eq(productsView.id, services.productId))
    .where(and(eq(services.id, serviceId), eq(services.userId, userId)));
  if (!service) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  const problem = renewalProblem(service, service.productActive === 'active');
  if (problem || !service.productId) {
    throw new AppError('SERVICE_NOT_RENEWABLE', problem ?? RENEWAL_PROBLEMS.notSold);
  }
  const offered = (await pricesOnOffer(db, [service.productId])).get(service.productId) ?? [];
  const wanted = cycle ?? service.cycle;
  if (!wanted || !offered.some((price) => price.cycle === wanted)) {
    throw new AppError('SERVICE_NOT_RENEWABLE', RENEWAL_PROBLEMS.cycle, {
      fields: { cycle: RENEWAL_PROBLEMS.cycle },
    });
  }
  return { id: service.id, productId: service.productId, cycle: wanted };
}

/**
 * Refuses to take money for an order that renews a service staff have stopped since it was
 * submitted (cancelled or suspended), or changes the plan of one no longer active or no longer
 * on the plan the change was worked out from: the person cancels the order instead.
 */
export async function refuseIfRenewalStopped(tx: Transaction, orderId: string): Promise<void> {
  // One statement for both questions (issue 24); a changed plan is told before a stopped renewal.
  const result = await tx.execute(sql`
    (select 'moved' as kind, ${services.name} as name
      from ${orderLinesView} join ${services} on ${services.id} = ${orderLinesView.changesServiceId}
      where ${orderLinesView.orderId} = ${orderId}
        and (${services.status} <> 'active'
          or ${services.productId} is distinct from (${orderLinesView.planChange} ->> 'fromProductId')::uuid)
      limit 1)
    union all
    (select 'stopped', ${services.name}
      from ${orderLinesView} join ${services} on ${services.id} = ${orderLinesView.renewsServiceId}
      where ${orderLinesView.orderId} = ${orderId}
        and not (${services.status} in ('active', 'expired')
          or (${services.status} = 'suspended' and coalesce(${services.suspension}, '') = 'overdue'))
      limit 1)`);
  const { rows } = result as unknown as {
    rows: Array<{ kind: 'moved' | 'stopped'; name: string }>;
  };
  const moved = rows.find((row) => row.kind === 'moved');
  if (moved) {
    throw new AppError(
      'CONFLICT',
      `پلن سرویس «${moved.name}» دیگر قابل تغییر نیست یا پیش‌تر تغییر کرده است؛ این سفارش را لغو کنید`,
    );
  }
  const stopped = rows.find((row) => row.kind === 'stopped');
  if (stopped) {
    throw new AppError(
      'SERVICE_NOT_RENEWABLE',
      `سرویس «${stopped.name}» دیگر قابل تمدید نیست؛ این سفارش را لغو کنید`,
    );
  }
}

/**
 * A paid renewal line extends its service: the cycle is added to the later of now and the old
 * expiry, so renewing early loses no day, and the service takes the renewal's cycle. A service
 * staff stopped after the order was submitted (the person was at the gateway meanwhile) keeps
 * its status: the period paid for is added to it, and reinstating it stays with staff.
 */
export async function extendRenewedService(
  tx: Transaction,
  order: { userId: string },
  line: RenewalLine,
  now: Date,
): Promise<void> {
  const [service] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, line.serviceId), eq(services.userId, order.userId)))
    .for('update');
  if (!service) throw new Error(`renewed service ${line.serviceId} is not the buyer's`);
  const from = service.expiresAt && service.expiresAt > now ? service.expiresAt : now;
  const expiresAt = addMonths(from, BILLING_CYCLE_MONTHS[line.cycle]);
  const status = statusAfterExtension(service, expiresAt, now);
  const message =
    service.status === 'suspended' && status !== 'suspended'
      ? `تمدید پرداخت شد تا ${formatJalaliDate(expiresAt)}؛ تعلیق برداشته شد`
      : `تمدید پرداخت شد تا ${formatJalaliDate(expiresAt)}`;
  await moveService(
    tx,
    service,
    status,
    { kind: 'renewed', actor: 'customer', actorId: order.userId, message },
    now,
    // Paying for more withdraws a request to end it at the end of the term.
    { expiresAt, cycle: line.cycle, cancelRequestedAt: null },
  );
}

/**
 * What a cart's renewal line shows of its service, read in the cart's own select, and why it can
 * no longer be renewed (orders/events.ts, cartRenewals).
 */
export const renewalsInCart: CartRenewals = {
  column: ({ serviceId, ownerId, productId }) => sql`(
    select json_build_object(
      'name', ${services.name}, 'status', ${services.status},
      'suspension', ${services.suspension}, 'domainName', ${services.domainName},
      'expiresAt', ${services.expiresAt}::text)
    from ${services}
    where ${services.id} = ${serviceId} and ${services.userId} = ${ownerId}
      and ${services.productId} = ${productId})`,
  problem: (service, sold) =>
    renewalProblem(service, sold.product) ?? (sold.cycle ? null : RENEWAL_PROBLEMS.cycle),
};

/** Calendar months later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
