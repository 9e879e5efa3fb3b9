import { SERVICE_STATUS_LABELS, SERVICE_TRANSITIONS, type ServiceStatus } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { sendInTransaction } from '../../lib/job-queue';
import type { PanelCallRecord } from '../../providers/panel/panel-driver';
import { serviceEvents, services } from './schema';

// What a service's status may become (issues 5, 6, 8 and 20, decision 0020), written once for
// the customer's renewals, the staff's actions, refunds, provisioning and the expiry job. Every
// change goes through moveService: along SERVICE_TRANSITIONS only, recorded as a service event
// with who or what caused it, and with the panel work it implies queued in the same transaction.

export type ServiceRow = typeof services.$inferSelect;

/** The states in which a service runs on time: its expiry says which of the two it is in. */
export const TIMED_STATUSES: readonly ServiceStatus[] = ['active', 'expired'];

/** A timed service's status for its expiry at `now`: active while it is ahead, expired after. */
export function statusByExpiry(expiresAt: Date | null, now: Date): 'active' | 'expired' {
  return expiresAt !== null && expiresAt <= now ? 'expired' : 'active';
}

/**
 * A service's status once its expiry moved later (a paid renewal, staff extending it): a timed
 * service follows its new expiry, and so does one suspended for being overdue (the renewal
 * lifts it); any other keeps its status: reinstating it stays with staff.
 */
export function statusAfterExtension(
  service: Pick<ServiceRow, 'status' | 'suspension'>,
  expiresAt: Date | null,
  now: Date,
): ServiceStatus {
  if (TIMED_STATUSES.includes(service.status)) return statusByExpiry(expiresAt, now);
  if (service.status === 'suspended' && service.suspension === 'overdue') {
    return statusByExpiry(expiresAt, now);
  }
  return service.status;
}

export function canMove(from: ServiceStatus, to: ServiceStatus): boolean {
  return SERVICE_TRANSITIONS[from].includes(to);
}

export class ServiceTransitionError extends Error {
  constructor(
    readonly from: ServiceStatus,
    readonly to: ServiceStatus,
  ) {
    super(`a service cannot go from ${from} to ${to}`);
    this.name = 'ServiceTransitionError';
  }
}

/** Who caused an event, and why, for the timeline. */
export interface ServiceEventInput {
  kind: string;
  actor: 'system' | 'customer' | 'staff' | 'panel';
  actorId?: string | null;
  /** Persian, shown on the timeline. */
  message: string;
  jobId?: string | null;
  /** 1 for a job's first run. */
  attempt?: number | null;
  calls?: readonly PanelCallRecord[] | null;
}

export async function recordServiceEvent(
  tx: Transaction,
  serviceId: string,
  event: ServiceEventInput & { fromStatus?: ServiceStatus; toStatus?: ServiceStatus },
  now: Date,
): Promise<void> {
  await tx.insert(serviceEvents).values({
    serviceId,
    kind: event.kind,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    actor: event.actor,
    actorId: event.actorId ?? null,
    message: event.message,
    jobId: event.jobId ?? null,
    attempt: event.attempt ?? null,
    calls: event.calls && event.calls.length > 0 ? [...event.calls] : null,
    createdAt: now,
  });
}

/** What a panel must do to an account after a status change. */
export type PanelAction = 'suspend' | 'unsuspend' | 'terminate' | 'change-package';

/** The panel job's name: one queue for every account action but creation. */
export const PANEL_ACTION_JOB = 'services.panel-action';
/** The provisioning job's name. */
export const PROVISION_JOB = 'services.provision';

/** The panel work a move implies for a service that has an account on a panel. */
function panelActionFor(from: ServiceStatus, to: ServiceStatus): PanelAction | null {
  if (to === 'suspended') return 'suspend';
  if (from === 'suspended' && (to === 'active' || to === 'expired')) return 'unsuspend';
  if (to === 'terminated' || to === 'cancelled') return 'terminate';
  return null;
}

/**
 * Moves a service (read FOR UPDATE by the caller) to `to`, with `changes` to other fields, and
 * records the event; queues the panel action the move implies when the service has an account.
 * A move the machine does not allow throws ServiceTransitionError: callers check first and
 * refuse in Persian where a person asked for it.
 */
export async function moveService(
  tx: Transaction,
  service: ServiceRow,
  to: ServiceStatus,
  event: ServiceEventInput,
  now: Date,
  changes: Partial<Omit<typeof services.$inferInsert, 'status' | 'id'>> = {},
): Promise<ServiceRow> {
  if (service.status === to) {
    // Nothing moves; the event still says what happened (a retried step, a note).
    if (Object.keys(changes).length > 0) {
      await tx.update(services).set(changes).where(eq(services.id, service.id));
    }
    await recordServiceEvent(tx, service.id, event, now);
    return { ...service, ...changes } as ServiceRow;
  }
  if (!canMove(service.status, to)) throw new ServiceTransitionError(service.status, to);
  const suspension = to === 'suspended' ? (changes.suspension ?? 'staff') : null;
  const [updated] = await tx
    .update(services)
    .set({ ...changes, status: to, statusChangedAt: now, suspension })
    .where(eq(services.id, service.id))
    .returning();
  if (!updated) throw new Error(`service ${service.id} vanished in its transaction`);
  await recordServiceEvent(
    tx,
    service.id,
    { ...event, fromStatus: service.status, toStatus: to },
    now,
  );
  const action = panelActionFor(service.status, to);
  if (action && updated.serverId && updated.panelUsername) {
    await sendInTransaction(tx, PANEL_ACTION_JOB, {
      serviceId: service.id,
      action,
      reason: event.message,
    });
  }
  return updated;
}

/** «از فعال به معلق» for a timeline line. */
export function moveText(from: ServiceStatus, to: ServiceStatus): string {
  return `از «${SERVICE_STATUS_LABELS[from]}» به «${SERVICE_STATUS_LABELS[to]}»`;
}
