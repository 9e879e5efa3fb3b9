/**
 * The VAT on a line's net amount at a rate in basis points (1000 = 10%), cut to the whole Rial
 * as the tax organisation computes it (its FAQ 9-4: every Rial amount but the unit price is
 * cut; an invoice whose `vam` was rounded up is refused, 0204501): 1,234,565 Rial at 10% is
 * 123,456 Rial. Decision 0022 rounded halves up until issue 39 (decision 0039). Worked in
 * integers (BigInt) so no amount is too large to be exact.
 */
export function vatOf(netRial: number, rateBp: number): number {
  if (netRial <= 0 || rateBp <= 0) return 0;
  return Number((BigInt(netRial) * BigInt(rateBp)) / 10_000n);
}

/** A rate in basis points as percent: 1000 → 10, 950 → 9.5. */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}
