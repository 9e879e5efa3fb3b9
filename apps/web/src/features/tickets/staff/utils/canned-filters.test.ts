import { expect, test } from 'vitest';
import { cannedReplyCodec } from './canned-filters';

const parse = (query: string) => cannedReplyCodec.parse(new URLSearchParams(query));

test('the search and page are read from the address', () => {
  expect(parse('q=%20DNS%20&page=2')).toEqual({ search: 'DNS', page: 2 });
  expect(parse('page=abc')).toEqual({ search: '', page: 1 });
});

test('writing leaves out an empty search and the first page', () => {
  expect(cannedReplyCodec.write({ search: ' ', page: 1 }).toString()).toBe('');
  expect(cannedReplyCodec.write({ search: 'مرورگر', page: 3 }).toString()).toBe(
    `q=${encodeURIComponent('مرورگر')}&page=3`,
  );
});
