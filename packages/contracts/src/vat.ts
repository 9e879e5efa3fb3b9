/**
 * The VAT on a line's net amount at a rate in basis points (1000 = 10%), rounded to the
 * nearest whole Rial with halves up (decision 0022): 1,234,565 Rial at 10% is 123,457 Rial.
 * Worked in integers (BigInt) so no amount is too large to be exact.
 */
export function vatOf(netRial: number, rateBp: number): number {
  if (netRial <= 0 || rateBp <= 0) return 0;
  return Number((BigInt(netRial) * BigInt(rateBp) + 5_000n) / 10_000n);
}

/** A rate in basis points as percent: 1000 → 10, 950 → 9.5. */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}
