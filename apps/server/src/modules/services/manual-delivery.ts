import {
  BILLING_CYCLE_MONTHS,
  type deliverService as deliverServiceCall,
  MANUAL_DELIVERY_ALERT_HOURS,
  type saveManualDeliveryTime as saveManualDeliveryTimeCall,
} from '@vitrin/contracts';
import { formatJalaliLongDate } from '@vitrin/fa';
import { and, asc, count, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { pageOffset } from '../../lib/status-page';
import { confirmOwnPassword, peopleView } from '../accounts';
import { writeAudit } from '../audit';
import { productsView } from '../catalog';
import { moveService, recordServiceEvent } from './lifecycle';
import { requireProduct } from './product-check';
import { addMonths } from './renewals';
import { productManualDelivery, productProvisioning, services } from './schema';
import { queueServiceNotice, queueStaffAlert } from './service-notices';

// Products delivered by hand (issue 35, decision 0035). A paid VPS, e-mail or domain service
// waits as awaiting-delivery with no term; staff deliver it from the console's delivery queue
// with the access details the owner needs, sealed at rest like panel passwords; its term starts
// then and the owner is told. Past its product's time it is overdue, and staff are alerted once.

const NOT_FOUND = 'این سرویس پیدا نشد';

type ServiceRow = typeof services.$inferSelect;

interface DeliveryDetail {
  label: string;
  value: string;
  secret: boolean;
}

export interface ManualDeliveryDeps {
  db: Database;
  secrets: SecretBox;
}

function openDetails(secrets: SecretBox, sealed: string | null): DeliveryDetail[] {
  if (!sealed) return [];
  return JSON.parse(secrets.open(sealed)) as DeliveryDetail[];
}

/** The hours a product's services may wait before staff are alerted. */
const alertHours = sql<number>`coalesce(${productManualDelivery.alertAfterHours}, ${MANUAL_DELIVERY_ALERT_HOURS})::int`;
/** Past its product's time, as of `now`. */
function overdueAt(now: Date) {
  return sql<boolean>`${services.statusChangedAt} + make_interval(hours => ${alertHours}) <= ${now.toISOString()}::timestamptz`;
}

async function ownService(db: Database, userId: string, serviceId: string): Promise<ServiceRow> {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.userId, userId)));
  if (!service) throw new AppError('NOT_FOUND', NOT_FOUND);
  return service;
}

/** The owner's view of a delivery: waiting since when, or what was handed over. */
export async function getServiceDelivery(
  deps: ManualDeliveryDeps,
  userId: string,
  serviceId: string,
) {
  const service = await ownService(deps.db, userId, serviceId);
  const [mapped] = service.productId
    ? await deps.db
        .select({ productId: productProvisioning.productId })
        .from(productProvisioning)
        .where(eq(productProvisioning.productId, service.productId))
    : [];
  const byHand =
    service.status === 'awaiting-delivery' ||
    service.deliveredAt !== null ||
    (!mapped && !service.serverId);
  return {
    byHand,
    waitingSince:
      service.status === 'awaiting-delivery' ? service.statusChangedAt.toISOString() : null,
    deliveredAt: service.deliveredAt?.toISOString() ?? null,
    details: openDetails(deps.secrets, service.deliveryDetails).map((detail) => ({
      label: detail.label,
      value: detail.secret ? null : detail.value,
      secret: detail.secret,
    })),
  };
}

/** Every detail handed over, secrets included, after the owner confirmed their own password. */
export async function revealDeliveryDetails(
  deps: ManualDeliveryDeps,
  userId: string,
  input: { serviceId: string; password: string },
) {
  const service = await ownService(deps.db, userId, input.serviceId);
  await confirmOwnPassword(deps.db, userId, input.password);
  // Nothing handed over (not delivered by hand, or not yet): nothing to show, nothing recorded.
  if (!service.deliveryDetails) return { details: [] };
  await deps.db.transaction((tx) =>
    recordServiceEvent(
      tx,
      service.id,
      {
        kind: 'delivery.revealed',
        actor: 'customer',
        actorId: userId,
        message: 'اطلاعات دسترسی تحویل‌شده به مالک نشان داده شد',
      },
      new Date(),
    ),
  );
  return { details: openDetails(deps.secrets, service.deliveryDetails) };
}

/** Services waiting for staff to deliver them, waiting longest first. */
export async function getDeliveryQueue(
  db: Database,
  query: { page: number; pageSize: number },
  now: Date = new Date(),
) {
  const waiting = eq(services.status, 'awaiting-delivery');
  const rows = await db
    .select({
      service: services,
      productName: productsView.name,
      customerName: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${peopleView.firstName}, ${peopleView.lastName})), '')`,
      mobile: peopleView.mobile,
      alertAfterHours: alertHours,
      overdue: overdueAt(now),
    })
    .from(services)
    .innerJoin(peopleView, eq(peopleView.id, services.userId))
    .leftJoin(productsView, eq(productsView.id, services.productId))
    .leftJoin(productManualDelivery, eq(productManualDelivery.productId, services.productId))
    .where(waiting)
    .orderBy(asc(services.statusChangedAt), asc(services.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [totals] = await db
    .select({
      total: count(),
      overdue: sql<number>`count(*) filter (where ${overdueAt(now)})::int`,
    })
    .from(services)
    .leftJoin(productManualDelivery, eq(productManualDelivery.productId, services.productId))
    .where(waiting);
  return {
    items: rows.map((row) => ({
      serviceId: row.service.id,
      name: row.service.name,
      status: row.service.status,
      productName: row.productName,
      domainName: row.service.domainName,
      customer: { id: row.service.userId, name: row.customerName, mobile: row.mobile },
      since: row.service.statusChangedAt.toISOString(),
      alertAfterHours: row.alertAfterHours,
      overdue: row.overdue,
    })),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    overdue: totals?.overdue ?? 0,
  };
}

/** Staff delivered it: the details are sealed, its term starts now, and its owner is told. */
export async function deliverService(
  deps: ManualDeliveryDeps,
  actor: Actor,
  input: z.infer<(typeof deliverServiceCall)['request']>,
) {
  return deps.db.transaction(async (tx) => {
    const [service] = await tx
      .select()
      .from(services)
      .where(eq(services.id, input.serviceId))
      .for('update');
    if (!service) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (service.status !== 'awaiting-delivery') {
      throw new AppError('CONFLICT', 'این سرویس در انتظار تحویل نیست');
    }
    const now = new Date();
    const expiresAt = service.cycle ? addMonths(now, BILLING_CYCLE_MONTHS[service.cycle]) : null;
    const details: DeliveryDetail[] = input.details.map((detail) => ({
      label: detail.label,
      value: detail.value,
      secret: detail.secret,
    }));
    const moved = await moveService(
      tx,
      service,
      'active',
      {
        kind: 'delivery.done',
        actor: 'staff',
        actorId: actor.id,
        message: expiresAt
          ? `کارشناس سرویس را تحویل داد؛ دورهٔ آن تا ${formatJalaliLongDate(expiresAt)} است`
          : 'کارشناس سرویس را تحویل داد',
      },
      now,
      {
        startsAt: now,
        expiresAt,
        deliveredAt: now,
        deliveryDetails: deps.secrets.seal(JSON.stringify(details)),
      },
    );
    await queueServiceNotice(tx, moved, 'delivered', now);
    // The audit row names what was handed over, never the values.
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'service.deliver',
      entityType: 'service',
      entityId: service.id,
      before: { status: service.status },
      after: {
        status: moved.status,
        expiresAt: expiresAt?.toISOString() ?? null,
        details: details.map((detail) => detail.label),
      },
      reason: input.reason ?? null,
      ipAddress: actor.ipAddress,
    });
    return { status: moved.status, expiresAt: expiresAt?.toISOString() ?? null };
  });
}

/**
 * Alerts staff once about each service waiting past its product's time (the periodic job); the
 * console's queue shows it overdue in any case. Answers how many were alerted.
 */
export async function alertOverdueDeliveries(db: Database, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ service: services, alertAfterHours: alertHours })
      .from(services)
      .leftJoin(productManualDelivery, eq(productManualDelivery.productId, services.productId))
      .where(
        and(
          eq(services.status, 'awaiting-delivery'),
          isNull(services.deliveryAlertedAt),
          overdueAt(now),
        ),
      )
      .orderBy(asc(services.statusChangedAt))
      .limit(500)
      .for('update', { of: services, skipLocked: true });
    for (const { service, alertAfterHours } of due) {
      await tx.update(services).set({ deliveryAlertedAt: now }).where(eq(services.id, service.id));
      const message = `سرویس «${service.name}» بیش از ${alertAfterHours} ساعت در انتظار تحویل دستی مانده است.`;
      await recordServiceEvent(
        tx,
        service.id,
        { kind: 'delivery.overdue', actor: 'system', message },
        now,
      );
      await queueStaffAlert(tx, service, message, now, 'delivery-overdue');
    }
    return due.length;
  });
}

/** Products delivered by hand (no panel maps them), each with its alert time. */
export async function getManualDeliveryProducts(db: Database) {
  const rows = await db
    .select({
      productId: productsView.id,
      productName: productsView.name,
      hours: productManualDelivery.alertAfterHours,
    })
    .from(productsView)
    .leftJoin(productManualDelivery, eq(productManualDelivery.productId, productsView.id))
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(productProvisioning)
          .where(eq(productProvisioning.productId, productsView.id)),
      ),
    )
    .orderBy(asc(productsView.name));
  return {
    items: rows.map((row) => ({
      productId: row.productId,
      productName: row.productName,
      alertAfterHours: row.hours ?? MANUAL_DELIVERY_ALERT_HOURS,
      custom: row.hours !== null,
    })),
  };
}

export async function saveManualDeliveryTime(
  db: Database,
  actor: Actor,
  input: z.infer<(typeof saveManualDeliveryTimeCall)['request']>,
) {
  await db.transaction(async (tx) => {
    await requireProduct(tx, input.productId);
    const [before] = await tx
      .select()
      .from(productManualDelivery)
      .where(eq(productManualDelivery.productId, input.productId))
      .for('update');
    await tx
      .insert(productManualDelivery)
      .values({ productId: input.productId, alertAfterHours: input.alertAfterHours })
      .onConflictDoUpdate({
        target: productManualDelivery.productId,
        set: { alertAfterHours: input.alertAfterHours },
      });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'product.manual-delivery',
      entityType: 'product',
      entityId: input.productId,
      before: before ? { alertAfterHours: before.alertAfterHours } : null,
      after: { alertAfterHours: input.alertAfterHours },
      reason: input.reason ?? null,
      ipAddress: actor.ipAddress,
    });
  });
  return getManualDeliveryProducts(db);
}
