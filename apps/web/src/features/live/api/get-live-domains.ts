import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type LiveDomains = PathResult<'/api/user/live/get-live-domains'>;
export type LiveDomain = LiveDomains['domains'][number];

/** The domains of the person's services, and the tracker script's address for the snippet. */
export function fetchLiveDomains(signal?: AbortSignal) {
  return callAsUser('/api/user/live/get-live-domains', {}, { signal, silent: true });
}

/** Everything of the person's live panel. */
export function liveQueryKey(userId: string) {
  return ['live', userId] as const;
}

export function liveDomainsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...liveQueryKey(userId), 'domains'],
    queryFn: ({ signal }) => fetchLiveDomains(signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useLiveDomains(userId: string) {
  return useQuery(liveDomainsQueryOptions(userId));
}
