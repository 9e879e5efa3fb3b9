import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** Everything the home page shows, in one call. */
export function fetchAppHomeData(signal?: AbortSignal) {
  return callApi('/api/app/get-app-home-data', {}, { signal, silent: true });
}

export const appHomeDataQueryOptions = queryOptions({
  queryKey: ['content', 'home'],
  queryFn: ({ signal }) => fetchAppHomeData(signal),
});

export function useAppHomeData() {
  return useQuery(appHomeDataQueryOptions);
}
