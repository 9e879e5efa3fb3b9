import { expect, test } from 'vitest';
import {
  hasThemeFilters,
  parseThemeFilters,
  THEMES_PAGE_SIZE,
  themeFiltersToInput,
  writeThemeFilters,
} from './theme-filters';

const parse = (query: string) => parseThemeFilters(new URLSearchParams(query));

test("a theme's demo link opens its product's gallery with the preview shown", () => {
  // The API's demoUrl is /store/<product>/themes?preview=<theme>.
  const filters = parse('preview=shop-modern');
  expect(filters.preview).toBe('shop-modern');
  expect(hasThemeFilters(filters)).toBe(false);
  expect(themeFiltersToInput('site-builder-pro', filters)).toEqual({
    productSlug: 'site-builder-pro',
    page: 1,
    pageSize: THEMES_PAGE_SIZE,
  });
});

test('category, search, free-only and page reach the API; the preview does not', () => {
  const filters = parse('category=shop&q=مد&free=1&page=2&preview=shop-modern');
  expect(themeFiltersToInput('site-builder-pro', filters)).toEqual({
    productSlug: 'site-builder-pro',
    page: 2,
    pageSize: THEMES_PAGE_SIZE,
    category: 'shop',
    q: 'مد',
    free: true,
  });
});

test('writing theme filters back gives the same address', () => {
  const query = 'category=shop&free=1&page=2&preview=shop-modern';
  expect(writeThemeFilters(parse(query)).toString()).toBe(query);
  expect(writeThemeFilters(parse('free=0&page=1')).toString()).toBe('');
});
