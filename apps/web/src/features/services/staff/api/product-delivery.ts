import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { provisioningKey, refreshProvisioning } from './provisioning-key';

export type ProductDelivery =
  PathResult<'/api/admin/provisioning/get-product-provisioning'>['items'][number];
export type ProductDeliveryInput = NonNullable<
  PathInput<'/api/admin/provisioning/save-product-provisioning'>['provisioning']
>;
export type CatalogProduct = PathResult<'/api/admin/catalog/list-products'>['items'][number];

/** The largest page the catalog's list gives: the product picker reads every page of it. */
const WHOLE_LIST_PAGE_SIZE = 100;

export function productDeliveryQueryOptions(staffId: string) {
  return queryOptions({
    queryKey: [...provisioningKey(staffId), 'products'],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/provisioning/get-product-provisioning', {}, { signal, silent: true }),
    staleTime: 0,
    // As a list the console's list body reads: the whole list is one page.
    select: (answer) => ({ items: answer.items, total: answer.items.length }),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The products a panel delivers, each with its server group and package. */
export function useProductDelivery(staffId: string) {
  return useQuery(productDeliveryQueryOptions(staffId));
}

/** Every product of the catalog, published or not (pages of 100 one after another). */
export function useCatalogProducts(staffId: string) {
  return useQuery({
    // Under the catalog's key: a product added or renamed in the catalog section is read again.
    queryKey: ['admin', staffId, 'catalog', 'products', 'delivery-picker'],
    queryFn: async ({ signal }) => {
      const items: CatalogProduct[] = [];
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
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Maps a product to a server group and package, or (null) has it delivered by hand again. */
export function useSaveProductDelivery(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      productId: string;
      provisioning: ProductDeliveryInput | null;
      reason?: string | undefined;
    }) =>
      callAsUser(
        '/api/admin/provisioning/save-product-provisioning',
        input.reason
          ? { productId: input.productId, provisioning: input.provisioning, reason: input.reason }
          : { productId: input.productId, provisioning: input.provisioning },
        { silent: true },
      ),
    onSuccess: async (answer) => {
      queryClient.setQueryData(productDeliveryQueryOptions(staffId).queryKey, answer);
      await refreshProvisioning(queryClient, staffId);
    },
  });
}
