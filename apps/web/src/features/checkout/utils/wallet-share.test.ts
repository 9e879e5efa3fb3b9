import { expect, test } from 'vitest';
import { walletShare } from './wallet-share';

test('the wallet pays the whole order when the balance covers it', () => {
  expect(walletShare(50_000_000, 12_900_000)).toBe(12_900_000);
  expect(walletShare(12_900_000, 12_900_000)).toBe(12_900_000);
});

test('a balance short of the order pays all it has, and the gateway the rest', () => {
  expect(walletShare(3_000_000, 12_900_000)).toBe(3_000_000);
});

test('an empty wallet or a paid order spends nothing', () => {
  expect(walletShare(0, 12_900_000)).toBe(0);
  expect(walletShare(5_000_000, 0)).toBe(0);
});
