import { readFlag, readPage, toSearchParams } from '../../../../lib/url-params';

// The setup queue's one filter and its page live in the address (?attention=1&page=2), so a link
// sent to a colleague opens the same rows.

export interface SetupQueueFilters {
  /** Only the services waiting for a person (needs-attention), not those a job still works on. */
  onlyNeedsAttention: boolean;
  page: number;
}

export const setupQueueFilterCodec = {
  parse: (params: URLSearchParams): SetupQueueFilters => ({
    onlyNeedsAttention: readFlag(params, 'attention'),
    page: readPage(params),
  }),
  write: (filters: SetupQueueFilters) =>
    toSearchParams([
      ['attention', filters.onlyNeedsAttention],
      ['page', filters.page],
    ]),
};
