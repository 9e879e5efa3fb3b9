/**
 * How much of an amount the wallet pays: all of it when the balance covers it, else the whole
 * balance. Never negative, so an empty wallet or a paid order spends nothing.
 */
export function walletShare(balanceRial: number, payableRial: number): number {
  return Math.max(0, Math.min(balanceRial, payableRial));
}
