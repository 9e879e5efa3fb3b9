import { CATALOG_STATUSES, type CatalogStatus, SLUG_MAX_LENGTH } from '@vitrin/contracts';
import { readChoice, readPage, readSearchText, toSearchParams } from '../../../../lib/url-params';

// The catalog lists' filters live in the address, so a shared link shows the same rows:
// products (?group=&status=&q=&page=), themes (?status=&category=&q=&page=) and groups (?page=).
// An unknown status is no filter; a group id or category the server does not know is left to it.

export const CATALOG_PATH = '/admin/catalog';
export const CATALOG_GROUPS_PATH = '/admin/catalog/groups';
export const CATALOG_THEMES_PATH = '/admin/catalog/themes';

export const productPath = (id: string) => `${CATALOG_PATH}/products/${id}`;
export const groupPath = (id: string) => `${CATALOG_GROUPS_PATH}/${id}`;
export const themePath = (id: string) => `${CATALOG_THEMES_PATH}/${id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readStatus(params: URLSearchParams): CatalogStatus | null {
  const status = readChoice(params, 'status');
  return CATALOG_STATUSES.find((known) => known === status) ?? null;
}

export interface ProductFilters {
  groupId: string | null;
  status: CatalogStatus | null;
  q: string;
  page: number;
}

export const productFilterCodec = {
  parse: (params: URLSearchParams): ProductFilters => {
    const group = readChoice(params, 'group');
    return {
      // The call takes only an id: anything else could only be refused.
      groupId: group !== null && UUID.test(group) ? group.toLowerCase() : null,
      status: readStatus(params),
      q: readSearchText(params),
      page: readPage(params),
    };
  },
  write: (filters: ProductFilters) =>
    toSearchParams([
      ['group', filters.groupId],
      ['status', filters.status],
      ['q', filters.q.trim()],
      ['page', filters.page],
    ]),
};

export function hasProductFilters(filters: ProductFilters): boolean {
  return filters.groupId !== null || filters.status !== null || filters.q !== '';
}

export interface ThemeFilters {
  status: CatalogStatus | null;
  category: string | null;
  q: string;
  page: number;
}

export const themeFilterCodec = {
  parse: (params: URLSearchParams): ThemeFilters => ({
    status: readStatus(params),
    category: readChoice(params, 'category')?.slice(0, SLUG_MAX_LENGTH) ?? null,
    q: readSearchText(params),
    page: readPage(params),
  }),
  write: (filters: ThemeFilters) =>
    toSearchParams([
      ['status', filters.status],
      ['category', filters.category],
      ['q', filters.q.trim()],
      ['page', filters.page],
    ]),
};

export function hasThemeFilters(filters: ThemeFilters): boolean {
  return filters.status !== null || filters.category !== null || filters.q !== '';
}

export interface GroupFilters {
  page: number;
}

export const groupFilterCodec = {
  parse: (params: URLSearchParams): GroupFilters => ({ page: readPage(params) }),
  write: (filters: GroupFilters) => toSearchParams([['page', filters.page]]),
};
