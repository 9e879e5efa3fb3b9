import { useFilterParams } from '../../../lib/use-filter-params';
import { parseTicketFilters, writeTicketFilters } from '../utils/ticket-filters';

const codec = { parse: parseTicketFilters, write: writeTicketFilters };

/** The ticket list's status and page, kept in the address. */
export function useTicketFilters() {
  return useFilterParams(codec);
}
