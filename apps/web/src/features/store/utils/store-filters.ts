import { type PathInput, PRODUCT_SORTS, type ProductSort } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { tomanToRial } from '../../../lib/money';
import {
  readChoice,
  readPage,
  readSearchText,
  readWholeNumber,
  toSearchParams,
} from '../../../lib/url-params';

export const STORE_PAGE_SIZE = 12;
export const DEFAULT_PRODUCT_SORT: ProductSort = 'popular';

/** The store list as the address holds it; prices in Toman, as people read them. */
export interface StoreFilters {
  group: string | null;
  q: string;
  minToman: number | null;
  maxToman: number | null;
  sort: ProductSort;
  page: number;
}

function isProductSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

/** Reads `?group=&q=&min=&max=&sort=&page=`; an unknown sort is the default one. */
export function parseStoreFilters(params: URLSearchParams): StoreFilters {
  const sort = params.get('sort');
  return {
    group: readChoice(params, 'group'),
    q: readSearchText(params),
    minToman: readWholeNumber(params, 'min'),
    maxToman: readWholeNumber(params, 'max'),
    sort: isProductSort(sort) ? sort : DEFAULT_PRODUCT_SORT,
    page: readPage(params),
  };
}

export function writeStoreFilters(filters: StoreFilters): URLSearchParams {
  return toSearchParams([
    ['group', filters.group],
    ['q', filters.q],
    ['min', filters.minToman],
    ['max', filters.maxToman],
    ['sort', filters.sort === DEFAULT_PRODUCT_SORT ? null : filters.sort],
    ['page', filters.page],
  ]);
}

/** The get-products request for these filters: Toman bounds become Rial. */
export function storeFiltersToInput(filters: StoreFilters): PathInput<'/api/store/get-products'> {
  return {
    page: filters.page,
    pageSize: STORE_PAGE_SIZE,
    sort: filters.sort,
    ...(filters.group ? { group: filters.group } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.minToman !== null ? { minPrice: tomanToRial(filters.minToman) } : {}),
    ...(filters.maxToman !== null ? { maxPrice: tomanToRial(filters.maxToman) } : {}),
  };
}

/** Whether anything narrows the list (the sort does not). */
export function hasStoreFilters(filters: StoreFilters): boolean {
  return (
    filters.group !== null ||
    filters.q !== '' ||
    filters.minToman !== null ||
    filters.maxToman !== null
  );
}

/**
 * How many products the list found: «۱۲ محصول». Past a thousand matches a search's total is the
 * server's estimate (decision 0030), and the count says it is one: «حدود ۴۵۴۶۳ محصول».
 */
export function productCountText(total: number, isEstimate = false): string {
  return `${isEstimate ? 'حدود ' : ''}${toPersianDigits(total)} محصول`;
}
