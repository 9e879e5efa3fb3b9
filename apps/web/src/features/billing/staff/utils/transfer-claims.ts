import {
  MANUAL_METHODS,
  type ManualMethod,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { readCursorParam } from '../../../../lib/list-cursor';
import { readChoice, readPage, toSearchParams } from '../../../../lib/url-params';

// The transfer claims queue as staff read it (issue 21, decision 0023). The customer's pages say
// «تأیید شد» to the customer; staff read a queue's state, in the words of a reviewed record.

export const CLAIM_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'در انتظار بررسی',
  paid: 'تأییدشده',
  failed: 'ردشده',
};

export const CLAIM_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
};

export const MANUAL_METHOD_LABELS = Object.fromEntries(
  MANUAL_METHODS.map((method) => [method, PAYMENT_METHOD_LABELS[method] ?? method]),
) as Record<ManualMethod, string>;

/** What a claim pays for: `سفارش ۱۲۳`, or `افزایش اعتبار` for a wallet top-up. */
export function claimTargetText(claim: { orderNumber: number | null }): string {
  return claim.orderNumber === null
    ? 'افزایش اعتبار'
    : `سفارش ${toPersianDigits(String(claim.orderNumber))}`;
}

/** A card's last four digits as printed on it: `**** ۱۲۳۴`. */
export function cardLast4Text(cardLast4: string): string {
  return `**** ${toPersianDigits(cardLast4)}`;
}

/**
 * The queue's filters and place in the address (?status=&method=&page=&after=), so a reload, the
 * back button or a shared link shows the same claims; it pages by cursor (decision 0033). An
 * unknown status or method is no filter.
 */
export interface TransferClaimFilters {
  status: PaymentStatus | null;
  method: ManualMethod | null;
  page: number;
  /** The cursor the page was reached by; null on a page reached by number. */
  after: string | null;
}

function readListed<T extends string>(
  params: URLSearchParams,
  key: string,
  values: readonly T[],
): T | null {
  const value = readChoice(params, key);
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export const transferClaimFilterCodec = {
  parse: (params: URLSearchParams): TransferClaimFilters => ({
    status: readListed(params, 'status', PAYMENT_STATUSES),
    method: readListed(params, 'method', MANUAL_METHODS),
    page: readPage(params),
    after: readCursorParam(params),
  }),
  write: (filters: TransferClaimFilters) =>
    toSearchParams([
      ['status', filters.status],
      ['method', filters.method],
      ['page', filters.page],
      ['after', filters.after],
    ]),
};
