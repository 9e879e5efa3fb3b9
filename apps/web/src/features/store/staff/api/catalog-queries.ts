import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { useCallback } from 'react';
import { isNotFoundError } from '../../../../lib/api-error';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { GroupFilters, ProductFilters, ThemeFilters } from '../utils/catalog-filters';

// The console's catalog reads (issue 8). Every catalog change invalidates the whole catalog area
// of the staff member's cache (`['admin', userId, 'catalog']`): a product's prices change its
// row in the list, a group's table changes its products' forms.

export const CATALOG_PAGE_SIZE = 20;
/** The largest page the list calls give: forms that offer every group or product read this. */
const WHOLE_LIST_PAGE_SIZE = 100;

export type ProductRow = PathResult<'/api/admin/catalog/list-products'>['items'][number];
export type ProductView = PathResult<'/api/admin/catalog/get-product'>;
export type GroupView = PathResult<'/api/admin/catalog/list-groups'>['items'][number];
export type ThemeView = PathResult<'/api/admin/catalog/list-themes'>['items'][number];
export type ThemeCategory = PathResult<'/api/admin/catalog/list-themes'>['categories'][number];

export const catalogKey = (userId: string) => ['admin', userId, 'catalog'] as const;

/** After a change: every catalog list and record of this staff member is read again. */
export function useInvalidateCatalog(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: catalogKey(userId) }),
    [queryClient, userId],
  );
}

const inPage = { [ERROR_SHOWN_IN_PAGE]: true };

export function useCatalogProducts(userId: string, filters: ProductFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...catalogKey(userId), 'products', filters],
      queryFn: ({ signal }) => {
        const input: PathInput<'/api/admin/catalog/list-products'> = {
          page: filters.page,
          pageSize: CATALOG_PAGE_SIZE,
        };
        if (filters.groupId) input.groupId = filters.groupId;
        if (filters.status) input.status = filters.status;
        if (filters.q) input.q = filters.q;
        return callAsUser('/api/admin/catalog/list-products', input, { signal, silent: true });
      },
      placeholderData: keepPreviousData,
      meta: inPage,
    }),
  );
}

/**
 * Every product (pages of 100 read one after another): the theme form offers the website
 * builders among them.
 */
export function useAllCatalogProducts(userId: string) {
  return useQuery({
    queryKey: [...catalogKey(userId), 'products', 'all'],
    queryFn: async ({ signal }) => {
      const items: ProductRow[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await callAsUser(
          '/api/admin/catalog/list-products',
          { page, pageSize: WHOLE_LIST_PAGE_SIZE },
          { signal, silent: true },
        );
        items.push(...answer.items);
        if (answer.items.length === 0 || items.length >= answer.total) return items;
      }
    },
    meta: inPage,
  });
}

export function useCatalogProduct(userId: string, id: string | undefined) {
  return useQuery({
    queryKey: [...catalogKey(userId), 'product', id],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/catalog/get-product', { id: id ?? '' }, { signal, silent: true }),
    enabled: id !== undefined,
    meta: inPage,
  });
}

export function useCatalogGroups(userId: string, filters: GroupFilters) {
  return useQuery({
    queryKey: [...catalogKey(userId), 'groups', filters],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/catalog/list-groups',
        { page: filters.page, pageSize: CATALOG_PAGE_SIZE },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    meta: inPage,
  });
}

/**
 * Every group with its table, in the store's order (pages of 100 read one after another): for the
 * product form's group choice, the products list's filter and a group's own form (the API has
 * no call for one group).
 */
export function useAllCatalogGroups(userId: string) {
  return useQuery({
    queryKey: [...catalogKey(userId), 'groups', 'all'],
    queryFn: async ({ signal }) => {
      const items: GroupView[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await callAsUser(
          '/api/admin/catalog/list-groups',
          { page, pageSize: WHOLE_LIST_PAGE_SIZE },
          { signal, silent: true },
        );
        items.push(...answer.items);
        if (answer.items.length === 0 || items.length >= answer.total) return items;
      }
    },
    meta: inPage,
  });
}

export function useCatalogThemes(userId: string, filters: ThemeFilters) {
  return useQuery({
    queryKey: [...catalogKey(userId), 'themes', filters],
    queryFn: ({ signal }) => {
      const input: PathInput<'/api/admin/catalog/list-themes'> = {
        page: filters.page,
        pageSize: CATALOG_PAGE_SIZE,
      };
      if (filters.status) input.status = filters.status;
      if (filters.category) input.category = filters.category;
      if (filters.q) input.q = filters.q;
      return callAsUser('/api/admin/catalog/list-themes', input, { signal, silent: true });
    },
    placeholderData: keepPreviousData,
    meta: inPage,
  });
}

/**
 * One theme and the theme categories, for its form; the theme is null when there is none with
 * that id (an unknown or mistyped address). With no id (a new theme) only the categories.
 */
export function useCatalogTheme(userId: string, id: string | undefined) {
  return useQuery({
    queryKey: [...catalogKey(userId), 'theme', id ?? 'new'],
    queryFn: async ({ signal }) => {
      if (id === undefined) {
        const answer = await callAsUser(
          '/api/admin/catalog/list-themes',
          { page: 1, pageSize: 1 },
          { signal, silent: true },
        );
        return { theme: null, categories: answer.categories };
      }
      try {
        return await callAsUser('/api/admin/catalog/get-theme', { id }, { signal, silent: true });
      } catch (error) {
        if (isNotFoundError(error)) return { theme: null, categories: [] };
        throw error;
      }
    },
    meta: inPage,
  });
}
