import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export function fetchAppInfo(signal?: AbortSignal) {
  // Silent: a query may be retried, and the query cache tells the person once when it gives up.
  return callApi('/api/app/get-app-info', {}, { signal, silent: true });
}

export const appInfoQueryOptions = queryOptions({
  queryKey: ['app', 'app-info'],
  queryFn: ({ signal }) => fetchAppInfo(signal),
});

export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
