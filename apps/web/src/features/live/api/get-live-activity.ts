import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { liveQueryKey } from './get-live-domains';

export type LiveActivity = PathResult<'/api/user/live/get-live-activity'>;

/** A domain's latest visits (newest first) and today's visits by Tehran hour. */
export function fetchLiveActivity(domainName: string, signal?: AbortSignal) {
  return callAsUser('/api/user/live/get-live-activity', { domainName }, { signal, silent: true });
}

/** Every domain's activity: a visit makes the shown one out of date. */
export function liveActivityQueryKey(userId: string) {
  return [...liveQueryKey(userId), 'activity'] as const;
}

export function liveActivityQueryOptions(userId: string, domainName: string) {
  return queryOptions({
    queryKey: [...liveActivityQueryKey(userId), domainName],
    queryFn: ({ signal }) => fetchLiveActivity(domainName, signal),
    // The socket says when a visit arrives (live-panel-controller.ts); until then it holds.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useLiveActivity(userId: string, domainName: string) {
  return useQuery(liveActivityQueryOptions(userId, domainName));
}
