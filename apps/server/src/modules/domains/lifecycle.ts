import { DOMAIN_TRANSITIONS, type DomainStatus } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { domainEvents, domains } from './schema';

// What a domain's status may become (issue 38, decision 0038), written once for the registration
// job, the poll and sync jobs, the customer and staff. Every change goes through moveDomain:
// along DOMAIN_TRANSITIONS only, recorded on the domain's timeline with who or what caused it.

export type DomainRow = typeof domains.$inferSelect;

/** The registration job's name: registrations and transfers, one waiting job per domain. */
export const REGISTER_JOB = 'domains.register';

/** States in which the registry is still being asked for the domain. */
export const ORDERING_STATUSES: readonly DomainStatus[] = [
  'pending-registration',
  'pending-transfer',
  'pending-approval',
];

/** States of a domain that is no longer ours to keep: history. */
export const ENDED_STATUSES: readonly DomainStatus[] = ['cancelled', 'deleted', 'transferred-away'];

export function canMoveDomain(from: DomainStatus, to: DomainStatus): boolean {
  return DOMAIN_TRANSITIONS[from].includes(to);
}

export class DomainTransitionError extends Error {
  constructor(
    readonly from: DomainStatus,
    readonly to: DomainStatus,
  ) {
    super(`a domain cannot go from ${from} to ${to}`);
    this.name = 'DomainTransitionError';
  }
}

/** A registry exchange as the timeline keeps it: what was asked and what came of it. */
export interface RegistryRecord {
  operation: string;
  outcome: string;
  code?: number | null;
}

/** Who caused an event, and why, for the timeline. */
export interface DomainEventInput {
  kind: string;
  actor: 'system' | 'customer' | 'staff' | 'registry';
  actorId?: string | null;
  /** Persian, shown on the timeline. */
  message: string;
  jobId?: string | null;
  attempt?: number | null;
  registry?: RegistryRecord | null;
}

export async function recordDomainEvent(
  tx: Transaction,
  domainId: string,
  event: DomainEventInput & { fromStatus?: DomainStatus; toStatus?: DomainStatus },
  now: Date,
): Promise<void> {
  await tx.insert(domainEvents).values({
    domainId,
    kind: event.kind,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    actor: event.actor,
    actorId: event.actorId ?? null,
    message: event.message,
    jobId: event.jobId ?? null,
    attempt: event.attempt ?? null,
    registry: event.registry ?? null,
    createdAt: now,
  });
}

/**
 * Moves a domain (read FOR UPDATE by the caller) to `to` with `changes` to other fields, and
 * records the event. Staying in the same status records the event alone. A move the machine
 * does not allow throws DomainTransitionError: callers check first where a person asked.
 */
export async function moveDomain(
  tx: Transaction,
  domain: DomainRow,
  to: DomainStatus,
  event: DomainEventInput,
  now: Date,
  changes: Partial<Omit<typeof domains.$inferInsert, 'status' | 'id'>> = {},
): Promise<DomainRow> {
  if (domain.status !== to && !canMoveDomain(domain.status, to)) {
    throw new DomainTransitionError(domain.status, to);
  }
  const moved = domain.status !== to;
  if (!moved && Object.keys(changes).length === 0) {
    // Nothing changes but the timeline: a note of what happened.
    await recordDomainEvent(tx, domain.id, event, now);
    return domain;
  }
  const [updated] = await tx
    .update(domains)
    .set({ ...changes, ...(moved ? { status: to, statusChangedAt: now } : {}) })
    .where(eq(domains.id, domain.id))
    .returning();
  if (!updated) throw new Error(`domain ${domain.id} vanished in its transaction`);
  await recordDomainEvent(
    tx,
    domain.id,
    moved ? { ...event, fromStatus: domain.status, toStatus: to } : event,
    now,
  );
  return updated;
}

export async function lockDomain(tx: Transaction, domainId: string): Promise<DomainRow | null> {
  const [domain] = await tx.select().from(domains).where(eq(domains.id, domainId)).for('update');
  return domain ?? null;
}
