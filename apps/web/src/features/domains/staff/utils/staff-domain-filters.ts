import { DOMAIN_STATUSES, type DomainStatus } from '@vitrin/contracts';
import {
  readChoice,
  readFlag,
  readPage,
  readSearchText,
  toSearchParams,
} from '../../../../lib/url-params';

// The domains list's filters and its page live in the address (?q=sara&status=active&staff=1),
// so a link sent to a colleague opens the same rows.

export interface StaffDomainFilters {
  /** Words of the domain's name, or the customer's name or mobile. */
  q: string;
  status: DomainStatus | null;
  /** Only those a person must act on: needs-attention, or a renewal waiting for staff. */
  needsStaff: boolean;
  page: number;
}

function readStatus(params: URLSearchParams): DomainStatus | null {
  const value = readChoice(params, 'status');
  return DOMAIN_STATUSES.find((status) => status === value) ?? null;
}

export const staffDomainFilterCodec = {
  parse: (params: URLSearchParams): StaffDomainFilters => ({
    q: readSearchText(params),
    status: readStatus(params),
    needsStaff: readFlag(params, 'staff'),
    page: readPage(params),
  }),
  write: (filters: StaffDomainFilters) =>
    toSearchParams([
      ['q', filters.q],
      ['status', filters.status],
      ['staff', filters.needsStaff],
      ['page', filters.page],
    ]),
};

export function hasStaffDomainFilters(filters: StaffDomainFilters): boolean {
  return filters.q !== '' || filters.status !== null || filters.needsStaff;
}
