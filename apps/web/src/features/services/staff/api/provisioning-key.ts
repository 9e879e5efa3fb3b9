import type { QueryClient } from '@tanstack/react-query';

// Everything the console caches about provisioning for one staff member: the setup queue, the
// timelines, the panel servers and the product mapping. A change to any of them can move the
// others (a retry leaves the queue, a new server takes services), so each change reads all again.

export function provisioningKey(staffId: string) {
  return ['admin', staffId, 'provisioning'] as const;
}

/**
 * After a change: every provisioning list and timeline, and the customers' files (they show
 * each service's status), are read again.
 */
export function refreshProvisioning(queryClient: QueryClient, staffId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: provisioningKey(staffId) }),
    queryClient.invalidateQueries({ queryKey: ['admin', staffId, 'customers'] }),
  ]);
}
