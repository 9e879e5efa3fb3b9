import { expect, test } from 'vitest';
import { articleFilterCodec, hasArticleFilters } from './article-filters';

const parse = (query: string) => articleFilterCodec.parse(new URLSearchParams(query));

test('the articles list filters are read from the address', () => {
  expect(parse('status=published&category=hosting&q=%D8%B3%D8%A6%D9%88&page=2')).toEqual({
    status: 'published',
    category: 'hosting',
    q: 'سئو',
    page: 2,
  });
});

test('an unknown status, blank text and a bad page are no filter', () => {
  const filters = parse('status=archived&category=%20&q=%20%20&page=x');
  expect(filters).toEqual({ status: null, category: null, q: '', page: 1 });
  expect(hasArticleFilters(filters)).toBe(false);
});

test('writing leaves out empty filters and the first page', () => {
  const params = articleFilterCodec.write({
    status: 'draft',
    category: null,
    q: ' دامنه ',
    page: 1,
  });
  expect(params.toString()).toBe(`status=draft&q=${encodeURIComponent('دامنه')}`);
  expect(
    articleFilterCodec.write({ status: null, category: 'seo', q: '', page: 3 }).toString(),
  ).toBe('category=seo&page=3');
});
