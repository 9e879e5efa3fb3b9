import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

/** The latest Android version and where to get it: our APK and the app stores on offer. */
export function fetchAndroidDownloads(signal?: AbortSignal) {
  // No version of ours to compare: a web page only shows what is on offer.
  return callApi('/api/app/get-app-version', { platform: 'android' }, { signal, silent: true });
}

export const androidDownloadsQueryOptions = queryOptions({
  queryKey: ['app', 'android-downloads'],
  queryFn: ({ signal }) => fetchAndroidDownloads(signal),
  meta: { [ERROR_SHOWN_IN_PAGE]: true },
});

export function useAndroidDownloads() {
  return useQuery(androidDownloadsQueryOptions);
}
