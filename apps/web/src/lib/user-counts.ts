import type { QueryClient } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';

// Spec §3: user info's ordersCount and servicesCount "can be updated locally". After a submit or
// a payment this page already knows how the counts change, so the cached user info is changed in
// place instead of being asked for again.

export interface UserCounts {
  ordersCount: number;
  servicesCount: number;
}

/**
 * An order's lines as far as counting goes: a renewal extends a service, a plan change moves
 * one to another plan, the rest create one.
 */
export interface CountedOrder {
  id: string;
  lines: ReadonlyArray<{
    renewsServiceId: string | null;
    planChange: { serviceId: string } | null;
  }>;
}

/** How many services an order creates once paid: its lines that neither renew nor change one. */
export function servicesCreatedBy(order: Pick<CountedOrder, 'lines'>): number {
  return order.lines.filter((line) => line.renewsServiceId === null && line.planChange === null)
    .length;
}

/** The counts after the person submitted one more order. */
export function withOrderSubmitted<T extends UserCounts>(counts: T): T {
  return { ...counts, ordersCount: counts.ordersCount + 1 };
}

/** The counts after an order was paid: its new services are the person's now. */
export function withOrderPaid<T extends UserCounts>(
  counts: T,
  order: Pick<CountedOrder, 'lines'>,
): T {
  const created = servicesCreatedBy(order);
  return created === 0 ? counts : { ...counts, servicesCount: counts.servicesCount + created };
}

type UserInfo = PathResult<'/api/user/get-user-info'>;

/** The cached user info of one person (features/account/api/get-user-info.ts reads it by this). */
export function userInfoQueryKey(userId: string) {
  return ['account', userId, 'user-info'] as const;
}

function updateCounts(
  queryClient: QueryClient,
  userId: string,
  change: (info: UserInfo) => UserInfo,
): void {
  // Nothing cached, nothing to correct: the next read asks the server, which counts itself.
  queryClient.setQueryData<UserInfo>(userInfoQueryKey(userId), (info) => info && change(info));
}

/** Counts a submitted order, and its services when it was paid at once (a free order). */
export function countSubmittedOrder(
  queryClient: QueryClient,
  userId: string,
  order: CountedOrder & { status: string },
): void {
  updateCounts(queryClient, userId, withOrderSubmitted);
  if (order.status === 'paid') countPaidOrder(queryClient, userId, order);
}

// A paid order is counted once per page load, however many answers say it is paid (a check
// asked again, a callback opened twice in the app).
const countedPaidOrders = new Set<string>();

/** Counts the services a just-paid order created. */
export function countPaidOrder(
  queryClient: QueryClient,
  userId: string,
  order: CountedOrder,
): void {
  if (countedPaidOrders.has(order.id)) return;
  countedPaidOrders.add(order.id);
  updateCounts(queryClient, userId, (info) => withOrderPaid(info, order));
}

/** Whether this person's user info is on this page: only then is there a count to correct. */
export function hasCachedUserInfo(queryClient: QueryClient, userId: string): boolean {
  return queryClient.getQueryData(userInfoQueryKey(userId)) !== undefined;
}
