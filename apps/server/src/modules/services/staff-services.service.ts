import { type AdminServiceView, type AuditAction, SERVICE_STATUS_LABELS } from '@vitrin/contracts';
import { formatJalaliDate } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit';
import { canMove, moveService, statusAfterExtension, statusByExpiry } from './lifecycle';
import { type ServiceStatus, services } from './schema';

// What admins do to a customer's service (issue 8): suspend, unsuspend, extend, cancel. Each
// reads the service FOR UPDATE, checks its state, writes, and commits with its audit row.

const DAY_MS = 86_400_000;

type ServiceRow = typeof services.$inferSelect;
/** A service as the console shows it. */
export function adminServiceViewOf(
  service: Pick<
    ServiceRow,
    | 'id'
    | 'userId'
    | 'name'
    | 'status'
    | 'cycle'
    | 'domainName'
    | 'orderId'
    | 'startsAt'
    | 'expiresAt'
    | 'createdAt'
  >,
) {
  return {
    id: service.id,
    userId: service.userId,
    name: service.name,
    status: service.status,
    cycle: service.cycle,
    domainName: service.domainName,
    orderId: service.orderId,
    startsAt: service.startsAt?.toISOString() ?? null,
    expiresAt: service.expiresAt?.toISOString() ?? null,
    createdAt: service.createdAt.toISOString(),
  };
}

type ServiceChange = { status: ServiceStatus; expiresAt: Date | null; message: string };

function refuse(message: string): never {
  throw new AppError('CONFLICT', message);
}

async function changeService(
  db: Database,
  actor: Actor,
  target: { serviceId: string; reason?: string | undefined },
  action: AuditAction,
  decide: (service: ServiceRow, now: Date) => ServiceChange,
): Promise<AdminServiceView> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select()
      .from(services)
      .where(eq(services.id, target.serviceId))
      .for('update');
    if (!service) throw new AppError('NOT_FOUND', 'این سرویس پیدا نشد');
    const now = new Date();
    const next = decide(service, now);
    const reason = target.reason ? ` (${target.reason})` : '';
    const updated = await moveService(
      tx,
      service,
      next.status,
      { kind: action, actor: 'staff', actorId: actor.id, message: `${next.message}${reason}` },
      now,
      { expiresAt: next.expiresAt },
    );
    await writeAudit(tx, {
      actorId: actor.id,
      action,
      entityType: 'service',
      entityId: service.id,
      before: { status: service.status, expiresAt: service.expiresAt },
      after: { status: updated.status, expiresAt: updated.expiresAt },
      reason: target.reason ?? null,
      ipAddress: actor.ipAddress,
    });
    return adminServiceViewOf(updated);
  });
}

/** Suspends an active service. */
export function suspendService(
  db: Database,
  actor: Actor,
  target: { serviceId: string; reason?: string | undefined },
) {
  return changeService(db, actor, target, 'service.suspend', (service) => {
    if (service.status !== 'active' && service.status !== 'expired') {
      refuse(
        `فقط سرویس فعال یا منقضی را می‌توان معلق کرد؛ این سرویس ${SERVICE_STATUS_LABELS[service.status]} است`,
      );
    }
    return {
      status: 'suspended',
      expiresAt: service.expiresAt,
      message: 'کارشناس سرویس را معلق کرد',
    };
  });
}

/** Lifts a suspension: active again, or expired when its expiry passed meanwhile. */
export function unsuspendService(
  db: Database,
  actor: Actor,
  target: { serviceId: string; reason?: string | undefined },
) {
  return changeService(db, actor, target, 'service.unsuspend', (service, now) => {
    if (service.status !== 'suspended') refuse('این سرویس معلق نیست');
    return {
      status: statusByExpiry(service.expiresAt, now),
      expiresAt: service.expiresAt,
      message: 'کارشناس تعلیق را برداشت',
    };
  });
}

/** Cancels a service in any state but cancelled or terminated; its panel account is removed. */
export function cancelService(
  db: Database,
  actor: Actor,
  target: { serviceId: string; reason?: string | undefined },
) {
  return changeService(db, actor, target, 'service.cancel', (service) => {
    if (service.status === 'cancelled') refuse('این سرویس پیش‌تر لغو شده است');
    if (!canMove(service.status, 'cancelled')) {
      refuse(`سرویس ${SERVICE_STATUS_LABELS[service.status]} را نمی‌توان لغو کرد`);
    }
    return {
      status: 'cancelled',
      expiresAt: service.expiresAt,
      message: 'کارشناس سرویس را لغو کرد',
    };
  });
}

/**
 * Moves a service's expiry later: by `days` from the later of its expiry and now (an expired
 * service's days count from today), or to `until`, which must be later than both. An expired
 * service whose new expiry is ahead becomes active; a suspended one stays suspended.
 */
export function extendService(
  db: Database,
  actor: Actor,
  target: {
    serviceId: string;
    days?: number | undefined;
    until?: Date | undefined;
    reason?: string | undefined;
  },
) {
  return changeService(db, actor, target, 'service.extend', (service, now) => {
    if (service.status === 'cancelled') refuse('سرویس لغوشده را نمی‌توان تمدید کرد');
    if (service.status === 'terminated') refuse('سرویس حذف‌شده را نمی‌توان تمدید کرد');
    if (service.status === 'awaiting-delivery') {
      refuse('این سرویس هنوز تحویل نشده است؛ دورهٔ آن از روز تحویل آغاز می‌شود');
    }
    const current = service.expiresAt;
    const from = current && current > now ? current : now;
    let expiresAt: Date;
    if (target.until) {
      if (target.until <= from) {
        const message = `تاریخ انقضای تازه باید بعد از ${formatJalaliDate(from)} باشد`;
        throw new AppError('VALIDATION', message, { fields: { until: message } });
      }
      expiresAt = target.until;
    } else if (target.days) {
      expiresAt = new Date(from.getTime() + target.days * DAY_MS);
    } else {
      throw new Error('extend-service needs days or until (the contract requires one)');
    }
    return {
      status: statusAfterExtension(service, expiresAt, now),
      expiresAt,
      message: `کارشناس انقضا را تا ${formatJalaliDate(expiresAt)} جلو برد`,
    };
  });
}
