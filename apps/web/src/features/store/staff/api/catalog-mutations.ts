import { useMutation } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { useInvalidateCatalog } from './catalog-queries';

// The console's catalog changes (issue 8, admins only). Each shows its own errors in its form
// (`silent`), and invalidates the catalog's reads once done, failed or not (a refused change
// can still mean the record moved on, e.g. a slug another admin just took).

type Path =
  | '/api/admin/catalog/create-product'
  | '/api/admin/catalog/update-product'
  | '/api/admin/catalog/set-product-prices'
  | '/api/admin/catalog/set-product-published'
  | '/api/admin/catalog/create-group'
  | '/api/admin/catalog/update-group'
  | '/api/admin/catalog/create-theme'
  | '/api/admin/catalog/update-theme'
  | '/api/admin/catalog/set-theme-published';

export function useCatalogChange<P extends Path>(userId: string, path: P) {
  const invalidate = useInvalidateCatalog(userId);
  return useMutation({
    mutationFn: (input: PathInput<P>) => callAsUser(path, input, { silent: true }),
    onSettled: () => invalidate(),
  });
}
