import {
  MANUAL_METHODS,
  type ManualMethod,
  type OnlineGateway,
  type PathInput,
} from '@vitrin/contracts';
import { formatJalaliDate, parseDateText, toLatinDigits } from '@vitrin/fa';

// Paying by card-to-card or bank transfer (issue 21): what the page shows of the company's
// card, and the claim the customer's form becomes.

/** What the customer picks on the pay panel: an online gateway by name, or a manual method. */
export type PayChoice = OnlineGateway | ManualMethod;

export const MANUAL_METHOD_TITLES: Record<ManualMethod, string> = {
  'card-to-card': 'کارت به کارت',
  'bank-transfer': 'واریز بانکی',
};

/** A payment's gateway names a manual method (its claim waits for staff when pending). */
export function isManualMethod(gateway: string): gateway is ManualMethod {
  return MANUAL_METHODS.some((method) => method === gateway);
}

/** A card number in the groups printed on the card: `6037 9911 2233 4455`. */
export function groupCardNumber(cardNumber: string): string {
  const digits = toLatinDigits(cardNumber).replace(/\D/g, '');
  return digits.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** A Sheba in groups of four after `IR`, as banks print it. */
export function groupSheba(sheba: string): string {
  const clean = toLatinDigits(sheba).replace(/\s/g, '').toUpperCase();
  return clean.match(/.{1,4}/g)?.join(' ') ?? '';
}

/**
 * The gateway to offer after `failed` did not open a payment: the next one in staff's order
 * (wrapping round), or the same one when it is the only gateway.
 */
export function nextGateway<Name extends string>(
  gateways: readonly { name: Name }[],
  failed: Name,
): Name {
  const index = gateways.findIndex((gateway) => gateway.name === failed);
  if (gateways.length === 0) return failed;
  return gateways[(index + 1) % gateways.length]?.name ?? failed;
}

export interface TransferForm {
  transferReference: string;
  /** The Jalali day as typed, `۱۴۰۵/۰۹/۰۶`. */
  day: string;
  /** Tehran's clock as typed, `۱۴:۰۵`. */
  time: string;
  cardLast4: string;
  receiptAttachmentId: string | null;
}

/** The form's first values: the transfer was made just now. */
export function initialTransferForm(now: Date = new Date()): TransferForm {
  const [day = '', time = ''] = formatJalaliDate(now, { withTime: true }).split(' ');
  return { transferReference: '', day, time, cardLast4: '', receiptAttachmentId: null };
}

export const TRANSFER_DAY_MESSAGE = 'تاریخ را مانند ۱۴۰۵/۰۹/۰۶ بنویسید';
export const TRANSFER_TIME_MESSAGE = 'ساعت را مانند ۱۴:۰۵ بنویسید';

/** The instant a Jalali day and a Tehran clock time name, or which of the two is wrong. */
export function transferInstant(
  day: string,
  time: string,
): { instant: Date } | { field: 'day' | 'time'; message: string } {
  let start: Date;
  try {
    start = parseDateText(day.trim());
  } catch {
    return { field: 'day', message: TRANSFER_DAY_MESSAGE };
  }
  if (!/^\d{4}\/\d{1,2}\/\d{1,2}$/.test(toLatinDigits(day.trim()))) {
    return { field: 'day', message: TRANSFER_DAY_MESSAGE };
  }
  const clock = /^(\d{1,2})[:٫.](\d{2})$/.exec(toLatinDigits(time.trim()));
  const hour = Number(clock?.[1]);
  const minute = Number(clock?.[2]);
  if (!clock || hour > 23 || minute > 59) return { field: 'time', message: TRANSFER_TIME_MESSAGE };
  // Tehran keeps one offset all year (no daylight saving since 1401), so the day's start plus
  // the clock is the instant.
  return { instant: new Date(start.getTime() + (hour * 60 + minute) * 60_000) };
}

export type ClaimBody = PathInput<'/api/pay/claim-transfer'>;

/**
 * The claim-transfer body from the form: for an order (`orderId`) or a top-up (`amountRial`);
 * the card's last four digits only for card-to-card. The server checks the rest and answers
 * field errors in Persian.
 */
export function buildClaimBody(
  method: ManualMethod,
  target: { orderId: string } | { amountRial: number },
  form: TransferForm,
  transferredAt: Date,
): ClaimBody {
  return {
    method,
    ...target,
    transferReference: form.transferReference,
    transferredAt: transferredAt.toISOString(),
    ...(method === 'card-to-card' ? { cardLast4: form.cardLast4 } : {}),
    ...(form.receiptAttachmentId ? { receiptAttachmentId: form.receiptAttachmentId } : {}),
  };
}
