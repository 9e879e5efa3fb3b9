import { TICKET_STATUSES, type TicketStatus } from '@vitrin/contracts';
import { readCursorParam } from '../../../lib/list-cursor';
import { readChoice, readPage, toSearchParams } from '../../../lib/url-params';

export const TICKETS_PAGE_SIZE = 10;

/** The ticket list as the address holds it: `?status=&page=&after=`. */
export interface TicketFilters {
  status: TicketStatus | null;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

/** Narrows a chip's or the address's value to a status the API knows. */
export function isTicketStatus(value: string): value is TicketStatus {
  return TICKET_STATUSES.some((status) => status === value);
}

/** A status the API does not know (a stale or hand-edited link) reads as "every status". */
export function parseTicketFilters(params: URLSearchParams): TicketFilters {
  const status = readChoice(params, 'status');
  return {
    status: status !== null && isTicketStatus(status) ? status : null,
    page: readPage(params),
    after: readCursorParam(params),
  };
}

export function writeTicketFilters(filters: TicketFilters): URLSearchParams {
  return toSearchParams([
    ['status', filters.status],
    ['page', filters.page],
    ['after', filters.after],
  ]);
}
