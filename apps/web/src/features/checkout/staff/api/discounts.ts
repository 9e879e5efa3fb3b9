import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DiscountCodeView, PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { activeFlagOf, type DiscountFilters } from '../utils/discount-filters';
import type { CreateDiscountRequest, UpdateDiscountRequest } from '../utils/discount-form';

export const DISCOUNTS_PAGE_SIZE = 20;
/** The largest page the catalog's list calls give: the scope pickers read them page by page. */
const CATALOG_PAGE_SIZE = 100;
/** Enough for any real catalog; the picker says so when there are more. */
const CATALOG_MAX_PAGES = 10;

type ListCodesPath = '/api/admin/discounts/list-discount-codes';

export type { DiscountCodeView };

const discountsKey = (userId: string) => ['admin', userId, 'discounts'] as const;

/** One page of codes, newest first, with their uses so far. */
export function fetchDiscountCodes(filters: DiscountFilters, signal?: AbortSignal) {
  const input: PathInput<ListCodesPath> = { page: filters.page, pageSize: DISCOUNTS_PAGE_SIZE };
  const active = activeFlagOf(filters.state);
  if (active !== undefined) input.active = active;
  if (filters.q) input.query = filters.q;
  return callAsUser('/api/admin/discounts/list-discount-codes', input, { signal, silent: true });
}

export function discountCodesQueryOptions(userId: string, filters: DiscountFilters) {
  return queryOptions({
    queryKey: [...discountsKey(userId), 'list', filters.state ?? 'all', filters.q, filters.page],
    queryFn: ({ signal }) => fetchDiscountCodes(filters, signal),
    placeholderData: keepPreviousData,
    // Uses change with every checkout: opening the list shows them as they are now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDiscountCodes(userId: string, filters: DiscountFilters) {
  return useQuery(discountCodesQueryOptions(userId, filters));
}

export function discountCodeQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...discountsKey(userId), 'code', id],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/discounts/get-discount-code', { id }, { signal, silent: true }),
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDiscountCode(userId: string, id: string) {
  return useQuery(discountCodeQueryOptions(userId, id));
}

function useCodeSaved(userId: string) {
  const queryClient = useQueryClient();
  return (code: DiscountCodeView) => {
    queryClient.setQueryData(discountCodeQueryOptions(userId, code.id).queryKey, code);
    return queryClient.invalidateQueries({ queryKey: [...discountsKey(userId), 'list'] });
  };
}

/** Creates a code or changes its rules. */
export function useSaveDiscountCode(userId: string) {
  const saved = useCodeSaved(userId);
  return useMutation({
    mutationFn: (request: CreateDiscountRequest | UpdateDiscountRequest) =>
      'id' in request
        ? callAsUser('/api/admin/discounts/update-discount-code', request, { silent: true })
        : callAsUser('/api/admin/discounts/create-discount-code', request, { silent: true }),
    onSuccess: saved,
  });
}

/** Turns a code on or off; for ConfirmAction's onConfirm, which shows a failure in its dialog. */
export function useSetDiscountCodeActive(userId: string) {
  const saved = useCodeSaved(userId);
  return async (id: string, active: boolean) => {
    const code = await callAsUser(
      '/api/admin/discounts/set-discount-code-active',
      { id, active },
      { silent: true },
    );
    await saved(code);
    return code;
  };
}

export interface ScopeOption {
  value: string;
  label: string;
}

export interface ScopeOptions {
  products: ScopeOption[];
  groups: ScopeOption[];
  /** More products than the picker read (CATALOG_MAX_PAGES pages). */
  truncated: boolean;
}

async function fetchScopeOptions(signal: AbortSignal): Promise<ScopeOptions> {
  const products: ScopeOption[] = [];
  let total = 0;
  for (let page = 1; page <= CATALOG_MAX_PAGES; page += 1) {
    const answer = await callAsUser(
      '/api/admin/catalog/list-products',
      { page, pageSize: CATALOG_PAGE_SIZE },
      { signal, silent: true },
    );
    total = answer.total;
    for (const product of answer.items) {
      products.push({ value: product.id, label: `${product.name} (${product.group.name})` });
    }
    if (products.length >= total || answer.items.length === 0) break;
  }
  const groups = await callAsUser(
    '/api/admin/catalog/list-groups',
    { page: 1, pageSize: CATALOG_PAGE_SIZE },
    { signal, silent: true },
  );
  return {
    products,
    groups: groups.items.map((group) => ({ value: group.id, label: group.name })),
    truncated: products.length < total,
  };
}

/** Every product and group, for limiting a code to some of them. */
export function useDiscountScopeOptions(userId: string) {
  return useQuery({
    queryKey: ['admin', userId, 'catalog', 'discount-scope'],
    queryFn: ({ signal }) => fetchScopeOptions(signal),
    staleTime: 60_000,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Customers matching a mobile or a name, for a personal code. */
export function useCustomerSearch(userId: string, query: string) {
  return useQuery({
    queryKey: ['admin', userId, 'discounts', 'owner-search', query],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/customers/search-customers',
        { query, role: 'customer', pageSize: 10 },
        { signal, silent: true },
      ),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}
