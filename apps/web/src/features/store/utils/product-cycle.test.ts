import { expect, test } from 'vitest';
import { chooseCycle } from './product-cycle';

const cycles = [
  { cycle: 'monthly', price: 100 },
  { cycle: 'annual', price: 1000 },
] as const;

test('the cycle in the address is chosen when the product offers it', () => {
  expect(chooseCycle(cycles, 'annual')?.price).toBe(1000);
});

test('a cycle the product does not offer falls back to the shortest on offer', () => {
  expect(chooseCycle(cycles, 'quarterly')?.cycle).toBe('monthly');
  expect(chooseCycle(cycles, null)?.cycle).toBe('monthly');
  expect(chooseCycle([], 'annual')).toBeNull();
});
