import type { DomainStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

/** While a registry is being asked about a name, its pages ask again this often. */
export const REGISTRY_POLL_MS = 3_000;

/**
 * Paid and with the registry now (the job's retries included): the answer comes within seconds
 * or minutes. A holder's approval (`pending-approval`) takes days, and is not waited for.
 */
export function isWithRegistry(status: DomainStatus): boolean {
  return status === 'pending-registration' || status === 'pending-transfer';
}

/** How often a page showing a domain in this state asks about it again; false when it need not. */
export function domainPollIntervalMs(status: DomainStatus | undefined): number | false {
  return status !== undefined && isWithRegistry(status) ? REGISTRY_POLL_MS : false;
}

/**
 * Whether the domain has a DNS zone with us to edit: while it is ours at its registry, in its
 * grace and redemption too, and while staff look at it (the server's own list for get-dns).
 */
export function hasDnsZone(status: DomainStatus): boolean {
  return (
    status === 'active' ||
    status === 'expired' ||
    status === 'redemption' ||
    status === 'needs-attention'
  );
}

/** A domain's state colour: what asks the customer to act is orange or red, what is over gray. */
export const DOMAIN_STATUS_COLORS: Record<DomainStatus, string> = {
  'pending-registration': 'blue',
  'pending-transfer': 'blue',
  'pending-approval': 'blue',
  'needs-attention': 'violet',
  active: 'teal',
  expired: 'red',
  redemption: 'red',
  deleted: 'gray',
  'transferred-away': 'gray',
  cancelled: 'gray',
};

/** The days left in words: «۱۲ روز مانده», «امروز منقضی می‌شود», «۵ روز پیش منقضی شد». */
export function domainDaysLeftText(daysLeft: number): string {
  if (daysLeft < -1) return `${toPersianDigits(-daysLeft)} روز پیش منقضی شد`;
  if (daysLeft === -1) return 'دیروز منقضی شد';
  if (daysLeft === 0) return 'امروز منقضی می‌شود';
  if (daysLeft === 1) return 'فردا منقضی می‌شود';
  return `${toPersianDigits(daysLeft)} روز مانده`;
}

/**
 * The numbers standing alone in the server's Persian sentences («برای 2 سال»), in Persian digits
 * as the site writes them; digits inside a Latin run (`ns1.e2e-host.ir`) stay as they are.
 */
export function persianNumbers(text: string): string {
  return text.replace(/(?<![A-Za-z0-9._-])\d+(?![A-Za-z0-9._-])/g, (digits) =>
    toPersianDigits(digits),
  );
}
