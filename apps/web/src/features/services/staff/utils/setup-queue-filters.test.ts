import { expect, test } from 'vitest';
import { setupQueueFilterCodec } from './setup-queue-filters';

const { parse, write } = setupQueueFilterCodec;

test('a plain queue has a plain address', () => {
  expect(write({ onlyNeedsAttention: false, page: 1 }).toString()).toBe('');
});

test('the needs-attention filter and the page survive a round trip through the address', () => {
  const written = write({ onlyNeedsAttention: true, page: 3 });
  expect(written.toString()).toBe('attention=1&page=3');
  expect(parse(written)).toEqual({ onlyNeedsAttention: true, page: 3 });
});

test('a hand-edited address falls back to the whole queue on the first page', () => {
  expect(parse(new URLSearchParams('attention=yes&page=-2'))).toEqual({
    onlyNeedsAttention: false,
    page: 1,
  });
});
