import type { PathInput } from '@vitrin/contracts';
import { readChoice, readPage, readSearchText, toSearchParams } from '../../../lib/url-params';

export const ARTICLES_PAGE_SIZE = 9;

/** The article list as the address holds it. */
export interface ArticleFilters {
  category: string | null;
  q: string;
  page: number;
}

/** Reads `?category=&q=&page=`. */
export function parseArticleFilters(params: URLSearchParams): ArticleFilters {
  return {
    category: readChoice(params, 'category'),
    q: readSearchText(params),
    page: readPage(params),
  };
}

export function writeArticleFilters(filters: ArticleFilters): URLSearchParams {
  return toSearchParams([
    ['category', filters.category],
    ['q', filters.q],
    ['page', filters.page],
  ]);
}

export function articleFiltersToInput(
  filters: ArticleFilters,
): PathInput<'/api/information/get-informations'> {
  return {
    page: filters.page,
    pageSize: ARTICLES_PAGE_SIZE,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
}

export function hasArticleFilters(filters: ArticleFilters): boolean {
  return filters.category !== null || filters.q !== '';
}
