/**
 * How much of an amount the wallet pays: all of it when the balance covers it, else the whole
 * balance. Never negative, so an empty wallet or a paid order spends nothing.
 */
export function walletShare(balanceRial: number, payableRial: number): number {
  return Math.max(0, Math.min(balanceRial, payableRial));
}

export interface WalletSplit {
  /** What the credit would pay if the person chose it: shown before the choice. */
  coverableRial: number;
  /** What the credit pays as chosen: 0 until the person turns it on. */
  fromWalletRial: number;
  /** What is left for the gateway as chosen. */
  atGatewayRial: number;
  /** What the gateway would collect if the person chose the credit. */
  atGatewayWithWalletRial: number;
}

/**
 * The figures the cart and the order page show beside the wallet control (issue 22): credit is
 * spent only when the person has chosen it, and what it would cover is known before the choice.
 */
export function walletSplit(
  balanceRial: number,
  payableRial: number,
  useWallet: boolean,
): WalletSplit {
  const coverableRial = walletShare(balanceRial, payableRial);
  const fromWalletRial = useWallet ? coverableRial : 0;
  return {
    coverableRial,
    fromWalletRial,
    atGatewayRial: Math.max(0, payableRial - fromWalletRial),
    atGatewayWithWalletRial: Math.max(0, payableRial - coverableRial),
  };
}
