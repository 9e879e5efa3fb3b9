import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { provisioningKey, refreshProvisioning } from './provisioning-key';

export type ManualDeliveryProduct =
  PathResult<'/api/admin/provisioning/get-manual-delivery-products'>['items'][number];

/** Products delivered by hand, each with the hours its services may wait before an alert. */
export function useManualDeliveryProducts(staffId: string) {
  return useQuery({
    queryKey: [...provisioningKey(staffId), 'manual-delivery-products'],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/provisioning/get-manual-delivery-products',
        {},
        { signal, silent: true },
      ),
    staleTime: 0,
  });
}

export function useSaveManualDeliveryTime(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; alertAfterHours: number }) =>
      callAsUser('/api/admin/provisioning/save-manual-delivery-time', input),
    onSuccess: () => refreshProvisioning(queryClient, staffId),
  });
}
