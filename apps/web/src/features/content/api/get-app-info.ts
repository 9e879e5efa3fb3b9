import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export function fetchAppInfo(signal?: AbortSignal) {
  return callApi('/api/app/get-app-info', {}, { signal });
}

export const appInfoQueryOptions = queryOptions({
  queryKey: ['app', 'app-info'],
  queryFn: ({ signal }) => fetchAppInfo(signal),
});

export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
