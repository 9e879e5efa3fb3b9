import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

/**
 * The person's services, for the "related service" picker: the largest page the API gives,
 * which is far more services than one customer holds.
 */
export function fetchServiceChoices(signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-user-services',
    { page: 1, pageSize: MAX_PAGE_SIZE },
    { signal, silent: true },
  );
}

export function serviceChoicesQueryOptions(userId: string) {
  return queryOptions({
    // Under the services' own key, so a change there (a renewal, a new service) refreshes this.
    queryKey: ['services', userId, 'ticket-choices'] as const,
    queryFn: ({ signal }) => fetchServiceChoices(signal),
    // The picker says itself that the list did not load; the ticket can go without it.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useServiceChoices(userId: string) {
  return useQuery(serviceChoicesQueryOptions(userId));
}
