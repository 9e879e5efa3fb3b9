import { readChoice, readPage, readSearchText, toSearchParams } from '../../../../lib/url-params';

// The discount codes list's filters live in the address (?state=&q=&page=). `q` matches part
// of the code or its title on the server (up to its 60 characters).

export const DISCOUNT_QUERY_MAX_LENGTH = 60;

export const DISCOUNT_ACTIVE_STATES = ['active', 'inactive'] as const;
export type DiscountActiveState = (typeof DISCOUNT_ACTIVE_STATES)[number];

export interface DiscountFilters {
  state: DiscountActiveState | null;
  q: string;
  page: number;
}

function isActiveState(value: string): value is DiscountActiveState {
  return (DISCOUNT_ACTIVE_STATES as readonly string[]).includes(value);
}

export const discountFilterCodec = {
  parse: (params: URLSearchParams): DiscountFilters => {
    const state = readChoice(params, 'state');
    return {
      state: state !== null && isActiveState(state) ? state : null,
      q: readSearchText(params).slice(0, DISCOUNT_QUERY_MAX_LENGTH).trim(),
      page: readPage(params),
    };
  },
  write: (filters: DiscountFilters) =>
    toSearchParams([
      ['state', filters.state],
      ['q', filters.q.trim()],
      ['page', filters.page],
    ]),
};

export function hasDiscountFilters(filters: DiscountFilters): boolean {
  return filters.state !== null || filters.q !== '';
}

/** The `active` flag the list call takes for a state filter. */
export function activeFlagOf(state: DiscountActiveState | null): boolean | undefined {
  return state === null ? undefined : state === 'active';
}
