import { expect, test } from 'vitest';
import {
  ARTICLES_PAGE_SIZE,
  articleFiltersToInput,
  hasArticleFilters,
  parseArticleFilters,
  writeArticleFilters,
} from './article-filters';

const parse = (query: string) => parseArticleFilters(new URLSearchParams(query));

test('the article address without parameters is the first page of every article', () => {
  const filters = parse('');
  expect(hasArticleFilters(filters)).toBe(false);
  expect(articleFiltersToInput(filters)).toEqual({ page: 1, pageSize: ARTICLES_PAGE_SIZE });
});

test('category, search and page in the address reach the API', () => {
  const filters = parse('category=hosting&q=%20دامنه%20&page=2');
  expect(hasArticleFilters(filters)).toBe(true);
  expect(articleFiltersToInput(filters)).toEqual({
    page: 2,
    pageSize: ARTICLES_PAGE_SIZE,
    category: 'hosting',
    q: 'دامنه',
  });
});

test('writing article filters back gives the same address', () => {
  const query = 'category=hosting&q=%D8%AF%D8%A7%D9%85%D9%86%D9%87&page=2';
  expect(writeArticleFilters(parse(query)).toString()).toBe(query);
});
