import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ERROR_SHOWN_IN_PAGE, isRetryable, showApiErrorToast } from '../lib/http';
import { theme } from '../ui/theme';

/** The app's query client: one for the browser's whole visit, one per page the server renders. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    // Queries call the API silently; a query that finally fails, after its retry, is told to the
    // person here, once, instead of once per attempt. A page that shows the failure itself (a
    // not-found state, a bad filter with a way to clear it) says so in the query's meta.
    queryCache: new QueryCache({
      onError: (error, query) => {
        // (A page the server renders has nobody to tell: the browser renders it anew.)
        if (typeof window === 'undefined') return;
        if (query.meta?.[ERROR_SHOWN_IN_PAGE] !== true) showApiErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && isRetryable(error),
        staleTime: 30_000,
      },
      // A repeated payment or order submission must be the person's decision, not ours.
      mutations: { retry: 0 },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
