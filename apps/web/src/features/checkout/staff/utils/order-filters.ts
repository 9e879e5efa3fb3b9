import {
  ADMIN_ORDER_SORTS,
  type AdminOrderSort,
  ORDER_STATUSES,
  type OrderStatus,
  type PathInput,
} from '@vitrin/contracts';
import { readCursorParam } from '../../../../lib/list-cursor';
import { readChoice, readPage, toSearchParams } from '../../../../lib/url-params';

// The console's order list keeps its filters in the address
// (?status=&q=&from=&to=&sort=&page=&after=), so a shared link shows the same rows and the CSV export
// takes exactly what the list shows. The search and the dates go to the server as typed: it
// reads a mobile in any form, an order number, and Jalali or ISO dates, and says what it could
// not read under the field.

/** The longest search text list-orders accepts. */
export const ORDER_QUERY_MAX_LENGTH = 40;
/** The longest date text the server reads. */
export const ORDER_DATE_MAX_LENGTH = 64;

export const ORDER_SORT_LABELS: Record<AdminOrderSort, string> = {
  newest: 'تازه‌ترین',
  oldest: 'قدیمی‌ترین',
  'total-desc': 'بیشترین مبلغ',
};

export interface OrderFilters {
  status: OrderStatus | null;
  query: string;
  createdFrom: string;
  createdTo: string;
  sort: AdminOrderSort;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

function readText(params: URLSearchParams, key: string, max: number): string {
  return (readChoice(params, key) ?? '').slice(0, max).trim();
}

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

function isOrderSort(value: string): value is AdminOrderSort {
  return (ADMIN_ORDER_SORTS as readonly string[]).includes(value);
}

export const orderFilterCodec = {
  parse: (params: URLSearchParams): OrderFilters => {
    const status = readChoice(params, 'status');
    const sort = readChoice(params, 'sort');
    return {
      status: status !== null && isOrderStatus(status) ? status : null,
      query: readText(params, 'q', ORDER_QUERY_MAX_LENGTH),
      createdFrom: readText(params, 'from', ORDER_DATE_MAX_LENGTH),
      createdTo: readText(params, 'to', ORDER_DATE_MAX_LENGTH),
      sort: sort !== null && isOrderSort(sort) ? sort : 'newest',
      page: readPage(params),
      after: readCursorParam(params),
    };
  },
  write: (filters: OrderFilters) =>
    toSearchParams([
      ['status', filters.status],
      ['q', filters.query.trim()],
      ['from', filters.createdFrom.trim()],
      ['to', filters.createdTo.trim()],
      ['sort', filters.sort === 'newest' ? null : filters.sort],
      ['page', filters.page],
      ['after', filters.after],
    ]),
};

/** Whether the list is narrowed (the sort and the page do not narrow it). */
export function hasOrderFilters(filters: OrderFilters): boolean {
  return (
    filters.status !== null ||
    filters.query !== '' ||
    filters.createdFrom !== '' ||
    filters.createdTo !== ''
  );
}

export type OrderFiltersInput = PathInput<'/api/admin/orders/export-orders-csv'>;

/** The filters as list-orders and export-orders-csv take them: empty ones left out. */
export function orderFiltersInput(filters: OrderFilters): OrderFiltersInput {
  const input: OrderFiltersInput = { sort: filters.sort };
  if (filters.status) input.status = filters.status;
  if (filters.query) input.query = filters.query;
  if (filters.createdFrom) input.createdFrom = filters.createdFrom;
  if (filters.createdTo) input.createdTo = filters.createdTo;
  return input;
}
