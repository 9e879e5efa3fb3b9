import type { QueryClient } from '@tanstack/react-query';

// Everything the console caches about domains for one staff member: the list, each domain's
// page, the TLDs and the registrar accounts. A change to one can move the others (a refund
// leaves the list's «needs staff» count, a TLD's registrar changes the accounts' TLDs), so each
// change reads the section again.

export function domainsConsoleKey(staffId: string) {
  return ['admin', staffId, 'domains'] as const;
}

/**
 * After a change: the whole section, and the customers' files and the orders (a refund moves a
 * wallet and an order).
 */
export function refreshDomainsConsole(queryClient: QueryClient, staffId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: domainsConsoleKey(staffId) }),
    queryClient.invalidateQueries({ queryKey: ['admin', staffId, 'customers'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', staffId, 'orders'] }),
  ]);
}
