import type { ServiceStatus } from '@vitrin/contracts';

// What a service's status may become (issues 5, 6 and 8), written once for the customer's
// renewals, the staff's actions, refunds and the expiry job. A service is bought active; while
// it runs on time (active or expired) its expiry decides which; staff may suspend an active
// one and lift the suspension, or cancel one for good. A suspended, pending or cancelled service
// keeps its status when its expiry moves: reinstating it stays with staff.

/** The states in which a service runs on time: its expiry says which of the two it is in. */
export const TIMED_STATUSES: readonly ServiceStatus[] = ['active', 'expired'];

/** A timed service's status for its expiry at `now`: active while it is ahead, expired after. */
export function statusByExpiry(expiresAt: Date | null, now: Date): 'active' | 'expired' {
  return expiresAt !== null && expiresAt <= now ? 'expired' : 'active';
}

/**
 * A service's status once its expiry moved later (a paid renewal, staff extending it): a timed
 * service follows its new expiry; any other keeps its status.
 */
export function statusAfterExtension(
  status: ServiceStatus,
  expiresAt: Date | null,
  now: Date,
): ServiceStatus {
  return TIMED_STATUSES.includes(status) ? statusByExpiry(expiresAt, now) : status;
}
