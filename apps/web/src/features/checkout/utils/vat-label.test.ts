import { describe, expect, test } from 'vitest';
import { vatLabel } from './vat-label';

describe('the VAT row names its rate', () => {
  test('the cart says the rate in force, in Persian digits', () => {
    expect(vatLabel(10)).toBe('مالیات بر ارزش افزوده (۱۰٪)');
  });

  test('a rate with a fraction reads with the Persian decimal sign', () => {
    expect(vatLabel(9.5)).toBe('مالیات بر ارزش افزوده (۹٫۵٪)');
  });

  test("an order's lines at one rate, exempt lines aside, name that rate", () => {
    expect(vatLabel([10, 0, 10])).toBe('مالیات بر ارزش افزوده (۱۰٪)');
  });

  test('lines at different rates, or none taxed, name no rate', () => {
    expect(vatLabel([9, 10])).toBe('مالیات بر ارزش افزوده');
    expect(vatLabel([0, 0])).toBe('مالیات بر ارزش افزوده');
    expect(vatLabel([])).toBe('مالیات بر ارزش افزوده');
  });
});
