import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { CannedReplyFilters } from '../utils/canned-filters';
import { adminTicketsKey } from './tickets';

// Canned replies: texts staff keep for answers they give often, shared by everyone in support.

export const CANNED_REPLIES_PAGE_SIZE = 20;

export type CannedReplyPage = PathResult<'/api/admin/tickets/list-canned-replies'>;
export type CannedReply = CannedReplyPage['items'][number];
export type CannedReplyFields = PathInput<'/api/admin/tickets/create-canned-reply'>;

function cannedRepliesKey(userId: string) {
  return [...adminTicketsKey(userId), 'canned-replies'] as const;
}

export function cannedRepliesQueryOptions(
  userId: string,
  filters: CannedReplyFilters,
  pageSize = CANNED_REPLIES_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: [...cannedRepliesKey(userId), filters.search, filters.page, pageSize],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/tickets/list-canned-replies',
        {
          page: filters.page,
          pageSize,
          ...(filters.search ? { search: filters.search } : {}),
        },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useCannedReplies(
  userId: string,
  filters: CannedReplyFilters,
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  return useQuery({
    ...cannedRepliesQueryOptions(userId, filters, options.pageSize),
    enabled: options.enabled ?? true,
  });
}

/** Creates a canned reply, or updates the one with `id`. */
export function useSaveCannedReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: CannedReplyFields & { id?: string }) =>
      id
        ? callAsUser('/api/admin/tickets/update-canned-reply', { id, ...fields })
        : callAsUser('/api/admin/tickets/create-canned-reply', fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey(userId) }),
  });
}

/** Deletes a canned reply; called from ConfirmAction, which shows a failure in its dialog. */
export function useDeleteCannedReply(userId: string) {
  const queryClient = useQueryClient();
  return async (id: string) => {
    await callAsUser('/api/admin/tickets/delete-canned-reply', { id }, { silent: true });
    await queryClient.invalidateQueries({ queryKey: cannedRepliesKey(userId) });
  };
}
