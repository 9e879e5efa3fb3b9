import { describe, expect, test } from 'vitest';
import { compareVersions, isAppVersion } from './app-versions';

describe('version order', () => {
  test.each([
    ['1.4.700', '1.4.99', 1],
    ['1.4.99', '1.4.700', -1],
    ['1.4.700', '1.4.700', 0],
    ['1.10.0', '1.9.999', 1],
    ['2.0.0', '1.99.99', 1],
    ['1.2.71', '1.4.700', -1],
    ['0.0.1', '0.0.0', 1],
  ])('%s against %s is %i (each part as a number)', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
  });

  test.each(['1.4', '1.4.700.1', '01.4.7', '1.4.x', ' 1.4.7', '1.4.7 ', '۱.۴.۷۰۰', '1.4.1234567'])(
    '%j is not a version',
    (value) => {
      expect(isAppVersion(value)).toBe(false);
      expect(() => compareVersions(value, '1.0.0')).toThrow(/not a version/);
    },
  );
});
