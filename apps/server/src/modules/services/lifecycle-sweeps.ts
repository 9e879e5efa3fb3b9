import { formatJalaliLongDate } from '@vitrin/fa';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { moveService, recordServiceEvent, type ServiceRow } from './lifecycle';
import { productProvisioning, serviceEvents, services } from './schema';
import { queueServiceNotice } from './service-notices';

// What time does to services (issues 6 and 20), run by the periodic `services.expiry` job:
// an active service past its expiry becomes expired; one delivered by a panel is then
// suspended after its product's grace days and, if still not renewed, terminated (its account
// and data removed) after its product's termination days, with warnings before each step.
// Each step takes at most BATCH rows, locked with SKIP LOCKED, so runs on several nodes (or a
// long backlog) never block each other; the next run goes on where this one stopped.

const DAY_MS = 86_400_000;
const BATCH = 500;
/** Days before termination that the owner is warned their data will go. */
export const TERMINATION_WARNING_DAYS = 3;

export interface LifecycleReport {
  expired: number;
  suspended: number;
  warned: number;
  terminated: number;
}

/** One pass of every time-driven step, as of `now`. */
export async function runLifecycle(db: Database, now: Date = new Date()): Promise<LifecycleReport> {
  return {
    expired: await expireServices(db, now),
    suspended: await suspendOverdue(db, now),
    warned: await warnBeforeTermination(db, now),
    terminated: await terminateAbandoned(db, now),
  };
}

/** Services whose product is delivered by a panel, with its grace and termination days. */
function withProvisioning() {
  return {
    service: services,
    graceDays: productProvisioning.graceDays,
    terminateAfterDays: productProvisioning.terminateAfterDays,
  };
}

/** Active services past their expiry become expired; a panel's are warned of suspension. */
export async function expireServices(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ service: services, graceDays: productProvisioning.graceDays })
      .from(services)
      .leftJoin(productProvisioning, eq(productProvisioning.productId, services.productId))
      .where(and(eq(services.status, 'active'), lte(services.expiresAt, now)))
      .orderBy(asc(services.expiresAt))
      .limit(BATCH)
      .for('update', { of: services, skipLocked: true });
    for (const { service, graceDays } of due) {
      if (service.cancelRequestedAt) {
        // Its owner asked to end it with its term: no grace period, the account goes now.
        const ended = await moveService(
          tx,
          service,
          'cancelled',
          {
            kind: 'cancel.end-of-term',
            actor: 'system',
            message: 'دوره تمام شد و سرویس به درخواست مالک لغو شد',
          },
          now,
        );
        if (ended.serverId) await queueServiceNotice(tx, ended, 'terminated', now);
        continue;
      }
      const panelled = graceDays !== null && service.serverId !== null;
      const suspendOn =
        panelled && service.expiresAt
          ? new Date(service.expiresAt.getTime() + graceDays * DAY_MS)
          : null;
      await moveService(
        tx,
        service,
        'expired',
        {
          kind: 'expired',
          actor: 'system',
          message: suspendOn
            ? `مهلت سرویس تمام شد؛ اگر تا ${formatJalaliLongDate(suspendOn)} تمدید نشود معلق می‌شود`
            : 'مهلت سرویس تمام شد',
        },
        now,
      );
      if (suspendOn) await queueServiceNotice(tx, service, 'suspension-warning', now);
    }
    return due.length;
  });
}

/** Expired panel services past their grace days are suspended for being overdue. */
async function suspendOverdue(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select(withProvisioning())
      .from(services)
      .innerJoin(productProvisioning, eq(productProvisioning.productId, services.productId))
      .where(
        and(
          eq(services.status, 'expired'),
          sql`${services.serverId} is not null`,
          sql`${services.expiresAt} + make_interval(days => ${productProvisioning.graceDays}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(services.expiresAt))
      .limit(BATCH)
      .for('update', { of: services, skipLocked: true });
    for (const { service, terminateAfterDays } of due) {
      const terminateOn = new Date(now.getTime() + terminateAfterDays * DAY_MS);
      const moved = await moveService(
        tx,
        service,
        'suspended',
        {
          kind: 'suspended.overdue',
          actor: 'system',
          message: `دورهٔ ارفاق تمام شد و سرویس تمدید نشد؛ معلق شد و اگر تا ${formatJalaliLongDate(terminateOn)} تمدید نشود حذف می‌شود`,
        },
        now,
        { suspension: 'overdue' },
      );
      await queueServiceNotice(tx, moved, 'suspended', now);
    }
    return due.length;
  });
}

/**
 * Services suspended for being overdue whose removal, `daysBefore` days ahead of it, is due at
 * `now` (and that meet `also`): at most BATCH, locked, skipping those another run holds.
 */
function overdueSuspensions(tx: Transaction, now: Date, daysBefore: number, also?: SQL) {
  return tx
    .select(withProvisioning())
    .from(services)
    .innerJoin(productProvisioning, eq(productProvisioning.productId, services.productId))
    .where(
      and(
        eq(services.status, 'suspended'),
        eq(services.suspension, 'overdue'),
        sql`${services.statusChangedAt} + make_interval(days => ${productProvisioning.terminateAfterDays} - ${daysBefore}) <= ${now.toISOString()}::timestamptz`,
        also,
      ),
    )
    .limit(BATCH)
    .for('update', { of: services, skipLocked: true });
}

/** Overdue suspensions that end within TERMINATION_WARNING_DAYS are warned, once each. */
async function warnBeforeTermination(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await overdueSuspensions(
      tx,
      now,
      TERMINATION_WARNING_DAYS,
      sql`not exists (select 1 from ${serviceEvents} where ${serviceEvents.serviceId} = ${services.id} and ${serviceEvents.kind} = 'warning.termination' and ${serviceEvents.createdAt} >= ${services.statusChangedAt})`,
    );
    for (const { service, terminateAfterDays } of due) {
      const on = new Date(service.statusChangedAt.getTime() + terminateAfterDays * DAY_MS);
      await recordServiceEvent(
        tx,
        service.id,
        {
          kind: 'warning.termination',
          actor: 'system',
          message: `به مالک هشدار داده شد که سرویس و داده‌هایش ${formatJalaliLongDate(on)} حذف می‌شود`,
        },
        now,
      );
      await queueServiceNotice(tx, service, 'termination-warning', now);
    }
    return due.length;
  });
}

/** Overdue suspensions past their product's termination days: the account and data go. */
async function terminateAbandoned(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await overdueSuspensions(tx, now, 0);
    for (const { service } of due) {
      const moved: ServiceRow = await moveService(
        tx,
        service,
        'terminated',
        {
          kind: 'terminated.overdue',
          actor: 'system',
          message: 'سرویس معلق تمدید نشد و حذف شد؛ حساب و داده‌هایش از سرور برداشته می‌شود',
        },
        now,
      );
      await queueServiceNotice(tx, moved, 'terminated', now);
    }
    return due.length;
  });
}
