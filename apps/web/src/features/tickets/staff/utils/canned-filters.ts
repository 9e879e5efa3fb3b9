import { readPage, readSearchText, toSearchParams } from '../../../../lib/url-params';

// The canned replies' list keeps its search and page in the address (?q=&page=), like every
// console list, so back and forward return to the same place.

export interface CannedReplyFilters {
  search: string;
  page: number;
}

export const cannedReplyCodec = {
  parse: (params: URLSearchParams): CannedReplyFilters => ({
    search: readSearchText(params),
    page: readPage(params),
  }),
  write: (filters: CannedReplyFilters) =>
    toSearchParams([
      ['q', filters.search.trim()],
      ['page', filters.page],
    ]),
};
