import {
  ORDER_STATUSES,
  type OrderStatus,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@vitrin/contracts';
import { readChoice, readPage, toSearchParams } from '../../../lib/url-params';

// The panel's lists keep their status filter and page in the address (?status=&page=), so back,
// forward and a shared link show the same list. A status this build does not know is no filter.

function readStatus<S extends string>(params: URLSearchParams, statuses: readonly S[]): S | null {
  const value = readChoice(params, 'status');
  return value !== null && (statuses as readonly string[]).includes(value) ? (value as S) : null;
}

export interface StatusFilters<S extends string> {
  status: S | null;
  page: number;
}

function statusCodec<S extends string>(statuses: readonly S[]) {
  return {
    parse: (params: URLSearchParams): StatusFilters<S> => ({
      status: readStatus(params, statuses),
      page: readPage(params),
    }),
    write: (filters: StatusFilters<S>) =>
      toSearchParams([
        ['status', filters.status],
        ['page', filters.page],
      ]),
  };
}

export const serviceFilterCodec = statusCodec<ServiceStatus>(SERVICE_STATUSES);
export const orderFilterCodec = statusCodec<OrderStatus>(ORDER_STATUSES);
