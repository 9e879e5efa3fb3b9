/** The wallet's page: balance, top-up and ledger. */
export const CREDIT_PATH = '/account/credit';

/** One order's page. */
export function orderPath(orderId: string): string {
  return `/account/orders/${orderId}`;
}
