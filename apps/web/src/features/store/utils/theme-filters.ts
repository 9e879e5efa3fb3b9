import type { PathInput } from '@vitrin/contracts';
import {
  readChoice,
  readFlag,
  readPage,
  readSearchText,
  toSearchParams,
} from '../../../lib/url-params';

export const THEMES_PAGE_SIZE = 12;

/** A product's theme gallery as the address holds it, with the theme whose preview is open. */
export interface ThemeFilters {
  category: string | null;
  q: string;
  free: boolean;
  page: number;
  /** The theme shown in the large preview; its demo link (`demoUrl`) sets this. */
  preview: string | null;
}

/** Reads `?category=&q=&free=1&page=&preview=`. */
export function parseThemeFilters(params: URLSearchParams): ThemeFilters {
  return {
    category: readChoice(params, 'category'),
    q: readSearchText(params),
    free: readFlag(params, 'free'),
    page: readPage(params),
    preview: readChoice(params, 'preview'),
  };
}

export function writeThemeFilters(filters: ThemeFilters): URLSearchParams {
  return toSearchParams([
    ['category', filters.category],
    ['q', filters.q],
    ['free', filters.free],
    ['page', filters.page],
    ['preview', filters.preview],
  ]);
}

/** The get-product-themes request for a product's gallery with these filters. */
export function themeFiltersToInput(
  productSlug: string,
  filters: ThemeFilters,
): PathInput<'/api/store/get-product-themes'> {
  return {
    productSlug,
    page: filters.page,
    pageSize: THEMES_PAGE_SIZE,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.free ? { free: true } : {}),
  };
}

export function hasThemeFilters(filters: ThemeFilters): boolean {
  return filters.category !== null || filters.q !== '' || filters.free;
}
