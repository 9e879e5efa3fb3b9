import { USER_ROLES, type UserRoleName } from '@vitrin/contracts';
import { readCursorParam } from '../../../../lib/list-cursor';
import { readChoice, readPage, readSearchText, toSearchParams } from '../../../../lib/url-params';

// The customers list's search and filters live in the address (?q=&role=&lock=&page=&after=), so a
// shared link shows the same rows. The search goes to the server as typed: it reads a mobile
// number in any form (۰۹۱۲…, +98 912…) as well as names and e-mails. Unknown values are no filter.

export const LOCK_FILTERS = ['locked', 'open'] as const;
export type LockFilter = (typeof LOCK_FILTERS)[number];

export interface CustomerFilters {
  query: string;
  role: UserRoleName | null;
  lock: LockFilter | null;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

function isRole(value: string): value is UserRoleName {
  return (USER_ROLES as readonly string[]).includes(value);
}

function isLockFilter(value: string): value is LockFilter {
  return (LOCK_FILTERS as readonly string[]).includes(value);
}

export const customerFilterCodec = {
  parse: (params: URLSearchParams): CustomerFilters => {
    const role = readChoice(params, 'role');
    const lock = readChoice(params, 'lock');
    return {
      query: readSearchText(params),
      role: role !== null && isRole(role) ? role : null,
      lock: lock !== null && isLockFilter(lock) ? lock : null,
      page: readPage(params),
      after: readCursorParam(params),
    };
  },
  write: (filters: CustomerFilters) =>
    toSearchParams([
      ['q', filters.query.trim()],
      ['role', filters.role],
      ['lock', filters.lock],
      ['page', filters.page],
      ['after', filters.after],
    ]),
};

export function hasCustomerFilters(filters: CustomerFilters): boolean {
  return filters.query !== '' || filters.role !== null || filters.lock !== null;
}
