import { SERVICE_EXPIRY_WARNING_DAYS, type ServiceStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

/** How urgent a service's expiry is: past, within the warning days (spec'd at 7), or not yet. */
export type ExpiryUrgency = 'past' | 'soon' | 'later';

export function expiryUrgency(daysLeft: number): ExpiryUrgency {
  if (daysLeft < 0) return 'past';
  return daysLeft <= SERVICE_EXPIRY_WARNING_DAYS ? 'soon' : 'later';
}

/** The days left in words: «۳ روز مانده», «امروز منقضی می‌شود», «۵ روز پیش منقضی شد». */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft < -1) return `${toPersianDigits(-daysLeft)} روز پیش منقضی شد`;
  if (daysLeft === -1) return 'دیروز منقضی شد';
  if (daysLeft === 0) return 'امروز منقضی می‌شود';
  if (daysLeft === 1) return 'فردا منقضی می‌شود';
  return `${toPersianDigits(daysLeft)} روز مانده`;
}

/**
 * The colour of the days left: a warning only where it matters, for a service that is running
 * or has run out; a cancelled or suspended service's dates are only facts.
 */
export function daysLeftColor(daysLeft: number, status: ServiceStatus): string {
  if (status !== 'active' && status !== 'expired') return 'dimmed';
  const urgency = expiryUrgency(daysLeft);
  if (urgency === 'past') return 'red.8';
  return urgency === 'soon' ? 'orange.8' : 'dimmed';
}
