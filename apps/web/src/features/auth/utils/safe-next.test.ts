import { expect, test } from 'vitest';
import { safeNext } from './safe-next';

test('after sign-in the visitor goes to the page that sent them', () => {
  expect(safeNext('?next=/cart')).toBe('/cart');
  expect(safeNext('?next=%2Faccount%3Ftab%3Dsessions')).toBe('/account?tab=sessions');
});

test('without a usable next the visitor goes to the account page', () => {
  expect(safeNext('')).toBe('/account');
  expect(safeNext('?next=https://evil.example/')).toBe('/account');
  expect(safeNext('?next=//evil.example/')).toBe('/account');
  expect(safeNext('?next=/\\evil.example/')).toBe('/account');
  expect(safeNext('?next=/sign-in')).toBe('/account');
});
