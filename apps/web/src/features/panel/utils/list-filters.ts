import {
  ORDER_STATUSES,
  type OrderStatus,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@vitrin/contracts';
import { readCursorParam } from '../../../lib/list-cursor';
import { readChoice, readPage, toSearchParams } from '../../../lib/url-params';

// The panel's lists keep their status filter and page in the address (?status=&page=&after=), so
// back, forward and a shared link show the same list; past the first page, the cursor the page
// was reached by (decision 0033). A status this build does not know is no filter.

function readStatus<S extends string>(params: URLSearchParams, statuses: readonly S[]): S | null {
  const value = readChoice(params, 'status');
  return value !== null && (statuses as readonly string[]).includes(value) ? (value as S) : null;
}

export interface StatusFilters<S extends string> {
  status: S | null;
  page: number;
  /** The cursor the page was reached by; null on a page reached by number. */
  after: string | null;
}

function statusCodec<S extends string>(statuses: readonly S[]) {
  return {
    parse: (params: URLSearchParams): StatusFilters<S> => ({
      status: readStatus(params, statuses),
      page: readPage(params),
      after: readCursorParam(params),
    }),
    write: (filters: StatusFilters<S>) =>
      toSearchParams([
        ['status', filters.status],
        ['page', filters.page],
        ['after', filters.after],
      ]),
  };
}

export const serviceFilterCodec = statusCodec<ServiceStatus>(SERVICE_STATUSES);
export const orderFilterCodec = statusCodec<OrderStatus>(ORDER_STATUSES);
