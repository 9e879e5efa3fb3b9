import { describe, expect, test } from 'vitest';
import { ratePercent, vatOf } from './vat';

describe('vatOf: per line, whole Rial, halves up (decision 0022)', () => {
  test.each([
    [1_000_000, 1000, 100_000],
    [1_234_565, 1000, 123_457], // 123,456.5 → up
    [1_234_564, 1000, 123_456], // 123,456.4 → down
    [999, 900, 90], // 89.91 → 90
    [5, 1000, 1], // 0.5 → 1
    [4, 1000, 0], // 0.4 → 0
    [0, 1000, 0],
    [1_000_000, 0, 0],
  ])('%d Rial at %d bp is %d', (net, rate, vat) => {
    expect(vatOf(net, rate)).toBe(vat);
  });

  test('exact beyond 2^53 / 10,000', () => {
    // 9,007,199,254,740,99 × 1000 would lose digits as a float product.
    expect(vatOf(9_007_199_254_740_99, 1000)).toBe(900_719_925_474_10);
  });

  test('ratePercent', () => {
    expect(ratePercent(1000)).toBe(10);
    expect(ratePercent(950)).toBe(9.5);
  });
});
