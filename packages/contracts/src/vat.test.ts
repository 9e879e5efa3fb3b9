import { describe, expect, test } from 'vitest';
import { ratePercent, vatOf } from './vat';

describe('vatOf: per line, whole Rial, cut as the tax organisation cuts (decision 0039)', () => {
  test.each([
    [1_000_000, 1000, 100_000],
    [1_234_565, 1000, 123_456], // 123,456.5 → cut (halves went up before issue 39)
    [1_234_564, 1000, 123_456], // 123,456.4 → cut
    [1_234_569, 1000, 123_456], // 123,456.9 → cut, never up
    [999, 900, 89], // 89.91 → 89
    [5, 1000, 0], // 0.5 → 0
    [4, 1000, 0], // 0.4 → 0
    [0, 1000, 0],
    [1_000_000, 0, 0],
  ])('%d Rial at %d bp is %d', (net, rate, vat) => {
    expect(vatOf(net, rate)).toBe(vat);
  });

  test('exact beyond 2^53 / 10,000', () => {
    // 9,007,199,254,740,99 × 1000 would lose digits as a float product.
    // 90,071,992,547,409.9 cut: exact, and never rounded up.
    expect(vatOf(9_007_199_254_740_99, 1000)).toBe(900_719_925_474_09);
  });

  test('ratePercent', () => {
    expect(ratePercent(1000)).toBe(10);
    expect(ratePercent(950)).toBe(9.5);
  });
});
