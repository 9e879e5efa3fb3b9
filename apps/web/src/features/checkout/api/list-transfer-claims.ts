import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type TransferClaim = PathResult<'/api/user/account/list-transfer-claims'>['items'][number];

export function transferClaimsQueryKey(userId: string) {
  return ['transfer-claims', userId] as const;
}

/** The signed-in person's card-to-card and bank-transfer claims, newest first. */
export function transferClaimsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: transferClaimsQueryKey(userId),
    queryFn: ({ signal }) =>
      callAsUser('/api/user/account/list-transfer-claims', {}, { signal, silent: true }),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useTransferClaims(userId: string) {
  return useQuery(transferClaimsQueryOptions(userId));
}
