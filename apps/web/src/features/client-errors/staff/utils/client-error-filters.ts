import {
  CLIENT_ERROR_DEFAULT_DAYS,
  CLIENT_ERROR_PERIODS,
  CLIENT_ERROR_SORTS,
  type ClientErrorSort,
} from '@vitrin/contracts';
import { readChoice, readPage, readWholeNumber, toSearchParams } from '../../../../lib/url-params';

// The error list's period, order and platform live in the address (?days=30&sort=count), so a
// link sent to a developer opens the same list; the group page keeps the period it came with.
// An unknown value is the default, not an error.

export type ClientErrorPeriod = (typeof CLIENT_ERROR_PERIODS)[number];
export type ClientErrorPlatform = 'web' | 'android';
export const CLIENT_ERROR_PLATFORMS = ['web', 'android'] as const;

export const PERIOD_LABELS: Record<ClientErrorPeriod, string> = {
  1: '۲۴ ساعت گذشته',
  7: '۷ روز گذشته',
  30: '۳۰ روز گذشته',
};

export const SORT_LABELS: Record<ClientErrorSort, string> = {
  'last-seen': 'آخرین رخداد',
  count: 'بیشترین تکرار',
};

export const PLATFORM_LABELS: Record<ClientErrorPlatform, string> = {
  web: 'وب',
  android: 'اپ اندروید',
};

export interface ClientErrorFilters {
  days: ClientErrorPeriod;
  sort: ClientErrorSort;
  platform: ClientErrorPlatform | null;
  page: number;
}

function isPeriod(value: number | null): value is ClientErrorPeriod {
  return (CLIENT_ERROR_PERIODS as readonly number[]).includes(value ?? -1);
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The period of an address: one the console offers, or the default week. */
export function readPeriod(params: URLSearchParams): ClientErrorPeriod {
  const days = readWholeNumber(params, 'days');
  return isPeriod(days) ? days : (CLIENT_ERROR_DEFAULT_DAYS as ClientErrorPeriod);
}

/** `?days=` for a link that keeps the period; nothing for the default. */
export function periodSearch(days: ClientErrorPeriod): string {
  return days === CLIENT_ERROR_DEFAULT_DAYS ? '' : `?days=${days}`;
}

export const clientErrorFilterCodec = {
  parse: (params: URLSearchParams): ClientErrorFilters => ({
    days: readPeriod(params),
    sort: oneOf(CLIENT_ERROR_SORTS, readChoice(params, 'sort')) ?? 'last-seen',
    platform: oneOf(CLIENT_ERROR_PLATFORMS, readChoice(params, 'platform')),
    page: readPage(params),
  }),
  write: (filters: ClientErrorFilters) =>
    toSearchParams([
      ['days', filters.days === CLIENT_ERROR_DEFAULT_DAYS ? null : filters.days],
      ['sort', filters.sort === 'last-seen' ? null : filters.sort],
      ['platform', filters.platform],
      ['page', filters.page],
    ]),
};

/** The page of one group's reports, and the period it is read over (?days=&page=). */
export interface ClientErrorGroupFilters {
  days: ClientErrorPeriod;
  page: number;
}

export const clientErrorGroupFilterCodec = {
  parse: (params: URLSearchParams): ClientErrorGroupFilters => ({
    days: readPeriod(params),
    page: readPage(params),
  }),
  write: (filters: ClientErrorGroupFilters) =>
    toSearchParams([
      ['days', filters.days === CLIENT_ERROR_DEFAULT_DAYS ? null : filters.days],
      ['page', filters.page],
    ]),
};
