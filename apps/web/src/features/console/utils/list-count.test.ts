import { describe, expect, test } from 'vitest';
import { listCountText } from './list-count';

describe('a staff list’s count', () => {
  test('an exact count is shown as it is, in Persian digits', () => {
    expect(listCountText(12, 'سفارش')).toBe('۱۲ سفارش');
    expect(listCountText(10_000, 'سفارش', false)).toBe('۱۰۰۰۰ سفارش');
  });

  test('an estimated count says it is one', () => {
    expect(listCountText(1_000_412, 'سفارش', true)).toBe('حدود ۱۰۰۰۴۱۲ سفارش');
  });
});
