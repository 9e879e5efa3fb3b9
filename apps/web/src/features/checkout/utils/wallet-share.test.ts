import { expect, test } from 'vitest';
import { walletShare, walletSplit } from './wallet-share';

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

test('credit is not spent until it is chosen: the gateway collects the whole amount', () => {
  expect(walletSplit(12_000_000, 30_000_000, false)).toEqual({
    coverableRial: 12_000_000,
    fromWalletRial: 0,
    atGatewayRial: 30_000_000,
    atGatewayWithWalletRial: 18_000_000,
  });
});

test('chosen, the credit pays what it covers and the gateway the rest', () => {
  expect(walletSplit(12_000_000, 30_000_000, true)).toEqual({
    coverableRial: 12_000_000,
    fromWalletRial: 12_000_000,
    atGatewayRial: 18_000_000,
    atGatewayWithWalletRial: 18_000_000,
  });
});

test('chosen, a balance larger than the order pays all of it and nothing is left for the gateway', () => {
  const split = walletSplit(50_000_000, 12_900_000, true);
  expect(split.fromWalletRial).toBe(12_900_000);
  expect(split.atGatewayRial).toBe(0);
});
