import { useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { refreshCustomers } from './customers';

// What admins do to a customer's service (issue 8): suspend, unsuspend, extend, cancel. Each is
// followed by reading the customer's file again.

type ExtendInput = PathInput<'/api/admin/services/extend-service'>;
export type ServiceExtension = Omit<ExtendInput, 'serviceId' | 'reason'>;

function withReason(serviceId: string, reason: string | undefined) {
  return reason ? { serviceId, reason } : { serviceId };
}

export function useServiceActions(staffId: string) {
  const queryClient = useQueryClient();
  const after = async <T>(result: T) => {
    await refreshCustomers(queryClient, staffId);
    return result;
  };
  return {
    suspend: async (serviceId: string, reason: string | undefined) =>
      after(
        await callAsUser('/api/admin/services/suspend-service', withReason(serviceId, reason), {
          silent: true,
        }),
      ),
    unsuspend: async (serviceId: string, reason: string | undefined) =>
      after(
        await callAsUser('/api/admin/services/unsuspend-service', withReason(serviceId, reason), {
          silent: true,
        }),
      ),
    cancel: async (serviceId: string, reason: string | undefined) =>
      after(
        await callAsUser('/api/admin/services/cancel-service', withReason(serviceId, reason), {
          silent: true,
        }),
      ),
    extend: async (serviceId: string, extension: ServiceExtension, reason: string | undefined) =>
      after(
        await callAsUser(
          '/api/admin/services/extend-service',
          { ...withReason(serviceId, reason), ...extension },
          { silent: true },
        ),
      ),
  };
}
