/**
 * Query keys more than one feature refreshes: the panel's plan change moves the wallet (a
 * downgrade's credit) and the orders (an upgrade's order), which checkout's pages show.
 */

/** Everything about the wallet: balance, ledger; changed by payments, top-ups and refunds. */
export function walletQueryKey(userId: string) {
  return ['wallet', userId] as const;
}

/** Every order query of `userId`: the lists and each order's detail live under it. */
export function ordersQueryKey(userId: string) {
  return ['orders', userId] as const;
}
