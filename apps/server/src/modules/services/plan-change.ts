import {
  BILLING_CYCLE_MONTHS,
  type BillingCycle,
  type PlanChangeCalculation,
  vatOf,
} from '@vitrin/contracts';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sendInTransaction } from '../../lib/job-queue';
import { tehranDaysBetween } from '../../lib/tehran-days';
import { vatRateAt } from '../billing';
import { productGroupsView, productPricesView, productsView } from '../catalog';
import {
  creditUnusedTerm,
  dropCartRenewals,
  type OrderRef,
  type OrderRefunded,
  orderLinesView,
  ordersView,
  type PaidPlanChange,
  type PlanChangeRecord,
  pendingServiceOrder,
  pendingServiceOrderText,
  placePlanChangeOrder,
  previewUnusedTermCredit,
  refuseIfServiceOrderPending,
  type TermPayment,
} from '../orders';
import { PANEL_ACTION_JOB, recordServiceEvent, type ServiceRow } from './lifecycle';
import { addMonths, SERVICE_NOT_FOUND } from './renewals';
import { panelServers, productProvisioning, services } from './schema';

// Changing a service's plan (issue 20, decision 0021). The customer picks another plan of the
// same product group, delivered the same way (the same panel server group, or both by hand),
// for the service's own cycle. The rest of the paid term is prorated by whole days: the unused
// part of the current plan is credited, the new plan for the same days is charged. An upgrade
// becomes an order paid like any other and the change happens when it is paid; a downgrade
// happens at once and its remainder goes to the wallet. The panel's package follows through the
// panel-action job.

export const PLAN_CHANGE_PROBLEMS = {
  notActive: 'پلن فقط برای سرویس فعال تغییر می‌کند',
  noPlan: 'این سرویس پلنی ندارد که تغییر کند',
  lastDay: 'امروز آخرین روز دورهٔ این سرویس است؛ ابتدا آن را تمدید کنید',
  notOffered: 'این پلن برای این سرویس در دسترس نیست',
  notReplaceable:
    'این سرویس روی سرور پنل ارائه نمی‌شود و پلن جایگزینی ندارد؛ برای تغییر آن به پشتیبانی پیام دهید',
  changed: 'مبلغ تغییر پلن از زمان نمایش عوض شده است؛ محاسبهٔ تازه را ببینید و دوباره تأیید کنید',
} as const;

/** The prorated figures (see the contract's planChangeCalculation). */
export function calculatePlanChange(
  currentPriceRial: number,
  newPriceRial: number,
  termDays: number,
  remainingDays: number,
): PlanChangeCalculation {
  const creditRial = Math.round((currentPriceRial * remainingDays) / termDays);
  const costRial = Math.round((newPriceRial * remainingDays) / termDays);
  return {
    currentPriceRial,
    newPriceRial,
    termDays,
    remainingDays,
    creditRial,
    costRial,
    differenceRial: costRial - creditRial,
  };
}

/**
 * Days in one cycle ending at `expiresAt`, and days from `now` until it, as Tehran's calendar
 * counts them (the service page's «۳۰ روز مانده» is the same count).
 */
export function termOf(expiresAt: Date, cycle: BillingCycle, now: Date) {
  const start = addMonths(expiresAt, -BILLING_CYCLE_MONTHS[cycle]);
  return {
    termDays: tehranDaysBetween(start, expiresAt),
    remainingDays: tehranDaysBetween(now, expiresAt),
  };
}

interface Target {
  id: string;
  slug: string;
  name: string;
  summary: string;
  groupName: string;
  priceRial: number;
  /** The panel package, when delivered by a panel. */
  packageName: string | null;
  vatExempt: boolean;
}

interface Situation {
  service: ServiceRow & { cycle: BillingCycle; expiresAt: Date; productId: string };
  currentName: string;
  currentPriceRial: number;
  termDays: number;
  remainingDays: number;
  targets: Target[];
  /** The orders that paid for the current term, newest first. */
  termPayments: TermPayment[];
}

/** Why this service's plan cannot change now, or everything a change is worked out from. */
async function situationOf(
  db: Database,
  service: ServiceRow,
  now: Date,
): Promise<{ problem: string; currentName: string; offered: boolean } | Situation> {
  const [current] = service.productId
    ? await db
        .select({
          id: productsView.id,
          name: productsView.name,
          groupId: productsView.groupId,
          deliveredBy: productProvisioning.groupName,
        })
        .from(productsView)
        .leftJoin(productProvisioning, eq(productProvisioning.productId, productsView.id))
        .where(eq(productsView.id, service.productId))
    : [];
  const currentName = current?.name ?? service.name;
  // Only a plan a panel delivers has a replacement (decision 0034): a domain, a VPS or anything
  // else staff deliver by hand is a thing of its own, and moving it is staff's work.
  if (!current?.deliveredBy) {
    return { problem: PLAN_CHANGE_PROBLEMS.notReplaceable, currentName, offered: false };
  }
  const refused = (problem: string) => ({ problem, currentName, offered: true });
  if (service.status !== 'active') return refused(PLAN_CHANGE_PROBLEMS.notActive);
  if (!service.cycle || !service.expiresAt) return refused(PLAN_CHANGE_PROBLEMS.noPlan);
  const { termDays, remainingDays } = termOf(service.expiresAt, service.cycle, now);
  if (remainingDays < 1) return refused(PLAN_CHANGE_PROBLEMS.lastDay);
  const cycle = service.cycle;

  // Delivered the same way: by the server group that holds the service's account.
  const [server] = service.serverId
    ? await db
        .select({ groupName: panelServers.groupName })
        .from(panelServers)
        .where(eq(panelServers.id, service.serverId))
    : [];
  if (!server) return refused(PLAN_CHANGE_PROBLEMS.notReplaceable);
  const candidates = await db
    .select({
      id: productsView.id,
      slug: productsView.slug,
      name: productsView.name,
      summary: productsView.summary,
      groupName: productGroupsView.name,
      priceRial: productPricesView.priceRial,
      salePriceRial: productPricesView.salePriceRial,
      deliveredBy: productProvisioning.groupName,
      packageName: productProvisioning.packageName,
      vatExempt: productsView.vatExempt,
    })
    .from(productsView)
    .innerJoin(productGroupsView, eq(productGroupsView.id, productsView.groupId))
    .innerJoin(
      productPricesView,
      and(eq(productPricesView.productId, productsView.id), eq(productPricesView.cycle, cycle)),
    )
    .leftJoin(productProvisioning, eq(productProvisioning.productId, productsView.id))
    .where(and(eq(productsView.groupId, current.groupId), eq(productsView.status, 'active')))
    .orderBy(productsView.sortOrder, productsView.name);
  const targets = candidates
    .filter((row) => row.id !== current.id && row.deliveredBy === server.groupName)
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      summary: row.summary,
      groupName: row.groupName,
      priceRial: row.salePriceRial ?? row.priceRial,
      packageName: row.packageName,
      vatExempt: row.vatExempt,
    }));
  const listPrice = candidates.find((row) => row.id === current.id);
  const termLines = await termLinesOf(db, service);
  const paid = lastPaidCyclePrice(termLines, cycle);
  const known = [paid, listPrice ? (listPrice.salePriceRial ?? listPrice.priceRial) : null].filter(
    (price): price is number => price !== null,
  );
  return {
    service: { ...service, cycle, expiresAt: service.expiresAt, productId: current.id },
    currentName,
    // What the credit is worked from: what was paid for the term, or today's price if lower,
    // so a plan bought at a discount never credits more than was paid for it.
    currentPriceRial: known.length > 0 ? Math.min(...known) : 0,
    termDays,
    remainingDays,
    targets,
    termPayments: termPaymentsOf(termLines),
  };
}

/**
 * The paid lines that bought, renewed or moved this service, newest first, down to the one that
 * bought its current term (a purchase or a renewal): the plan changes within the term are newer.
 */
async function termLinesOf(db: Database, service: ServiceRow) {
  const lines = await db
    .select({
      orderId: orderLinesView.orderId,
      cycle: orderLinesView.cycle,
      priceRial: orderLinesView.priceRial,
      discountRial: orderLinesView.discountRial,
      vatRateBp: orderLinesView.vatRateBp,
      planChange: orderLinesView.planChange,
    })
    .from(orderLinesView)
    .innerJoin(ordersView, eq(ordersView.id, orderLinesView.orderId))
    .where(
      and(
        eq(ordersView.status, 'paid'),
        eq(ordersView.userId, service.userId),
        or(
          service.orderLineId ? eq(orderLinesView.id, service.orderLineId) : undefined,
          eq(orderLinesView.renewsServiceId, service.id),
          eq(orderLinesView.changesServiceId, service.id),
        ),
      ),
    )
    .orderBy(desc(ordersView.paidAt), desc(ordersView.number));
  const bought = lines.findIndex((line) => line.planChange === null);
  return bought === -1 ? lines : lines.slice(0, bought + 1);
}

type TermLine = Awaited<ReturnType<typeof termLinesOf>>[number];

/**
 * The price of one cycle the owner last paid for this service: the latest paid line that bought
 * it, renewed it or moved it to its plan. Null when none is for its cycle (staff made it).
 */
function lastPaidCyclePrice(lines: readonly TermLine[], cycle: BillingCycle): number | null {
  const [line] = lines;
  if (!line || line.cycle !== cycle) return null;
  if (line.planChange) return line.planChange.calculation.newPriceRial;
  // A purchase's discount may have covered its setup fee too: counting it all against the
  // price is the cautious reading.
  return Math.max(0, line.priceRial - line.discountRial);
}

/** What each line paid for the term, net, and at which VAT rate: where a credit comes from. */
function termPaymentsOf(lines: readonly TermLine[]): TermPayment[] {
  return lines.map((line) => ({
    orderId: line.orderId,
    netRial: Math.max(0, line.priceRial - line.discountRial),
    vatRateBp: line.vatRateBp,
  }));
}

function optionOf(situation: Situation, target: Target) {
  const calculation = calculatePlanChange(
    situation.currentPriceRial,
    target.priceRial,
    situation.termDays,
    situation.remainingDays,
  );
  return {
    productId: target.id,
    productSlug: target.slug,
    productName: target.name,
    summary: target.summary,
    cycle: situation.service.cycle,
    direction: calculation.differenceRial > 0 ? ('upgrade' as const) : ('downgrade' as const),
    calculation,
  };
}

/**
 * An option with what it comes to, VAT included (see the contract's settlement); `rateBp` is
 * the rate in force, which an upgrade's order would charge.
 */
async function optionWithSettlement(
  db: Database,
  situation: Situation,
  target: Target,
  rateBp: number,
) {
  const option = optionOf(situation, target);
  const difference = option.calculation.differenceRial;
  let totalRial = 0;
  if (difference > 0) {
    totalRial = difference + vatOf(difference, target.vatExempt ? 0 : rateBp);
  } else if (difference < 0) {
    totalRial = await previewUnusedTermCredit(db, situation.termPayments, -difference);
  }
  return {
    ...option,
    settlement: { vatRial: totalRial - Math.abs(difference), totalRial },
  };
}

async function ownService(db: Database, userId: string, serviceId: string, lock: boolean) {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.userId, userId)));
  const [service] = lock ? await query.for('update') : await query;
  if (!service) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  return service;
}

/** The plans this service may move to, each with its calculation, or why it may not. */
export async function getPlanChangeOptions(
  db: Database,
  userId: string,
  serviceId: string,
  now: Date = new Date(),
) {
  const service = await ownService(db, userId, serviceId, false);
  const situation = await situationOf(db, service, now);
  const expiresAt = service.expiresAt?.toISOString() ?? null;
  const pending = await pendingServiceOrder(db, userId, [service.id]);
  const problem =
    'problem' in situation ? situation.problem : pending ? pendingServiceOrderText(pending) : null;
  const rateBp = problem ? 0 : await vatRateAt(db, now);
  return {
    offered: !('problem' in situation) || situation.offered,
    problem,
    currentProductName: situation.currentName,
    expiresAt,
    pendingOrderId: pending?.id ?? null,
    options:
      problem || 'problem' in situation
        ? []
        : await Promise.all(
            situation.targets.map((target) => optionWithSettlement(db, situation, target, rateBp)),
          ),
  };
}

/**
 * The owner moves a service to another plan. The figure is worked out again inside the
 * transaction that locks the service, and must be the one the person was shown. An upgrade
 * places an order (the change happens when it is paid); a downgrade (or an even swap) happens
 * now and its remainder goes to the wallet.
 */
export async function changeServicePlan(
  db: Database,
  userId: string,
  input: { serviceId: string; productId: string; expectedDifferenceRial: number },
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const service = await ownService(tx, userId, input.serviceId, true);
    const situation = await situationOf(tx, service, now);
    if ('problem' in situation) throw new AppError('CONFLICT', situation.problem);
    await refuseIfServiceOrderPending(tx, userId, [service.id], 'plan-change');
    const target = situation.targets.find((candidate) => candidate.id === input.productId);
    if (!target) {
      throw new AppError('VALIDATION', PLAN_CHANGE_PROBLEMS.notOffered, {
        fields: { productId: PLAN_CHANGE_PROBLEMS.notOffered },
      });
    }
    const option = optionOf(situation, target);
    const { calculation } = option;
    if (calculation.differenceRial !== input.expectedDifferenceRial) {
      throw new AppError('CONFLICT', PLAN_CHANGE_PROBLEMS.changed);
    }
    const record: PlanChangeRecord = {
      fromProductId: situation.service.productId,
      fromProductName: situation.currentName,
      calculation,
    };
    if (calculation.differenceRial > 0) {
      const orderId = await placePlanChangeOrder(
        tx,
        userId,
        {
          serviceId: service.id,
          product: target,
          cycle: situation.service.cycle,
          domainName: service.domainName,
          record,
        },
        now,
      );
      await recordServiceEvent(
        tx,
        service.id,
        {
          kind: 'plan.ordered',
          actor: 'customer',
          actorId: userId,
          message: `سفارش ارتقا به «${target.name}» ثبت شد و در انتظار پرداخت است`,
        },
        now,
      );
      return { outcome: 'order' as const, orderId, creditedRial: 0 };
    }
    // The unused part of the term goes back with the VAT paid on it, from the orders that paid
    // for it, each with its credit note (decision 0022).
    const unusedRial = -calculation.differenceRial;
    const creditedRial =
      unusedRial > 0
        ? await creditUnusedTerm(tx, situation.termPayments, {
            userId,
            netRial: unusedRial,
            reason: `تغییر پلن «${situation.currentName}» به «${target.name}»`,
            description: `مابقی دورهٔ «${situation.currentName}» با تغییر به «${target.name}» (${toPersianDigits(calculation.remainingDays)} روز)`,
            at: now,
          })
        : 0;
    await switchPlan(
      tx,
      service,
      target,
      {
        actor: 'customer',
        actorId: userId,
        message:
          creditedRial > 0
            ? `پلن به «${target.name}» تغییر کرد؛ ${formatAmount(creditedRial)} ریال مابقی دوره به اعتبار برگشت`
            : `پلن به «${target.name}» تغییر کرد`,
      },
      now,
    );
    return { outcome: 'credited' as const, orderId: null, creditedRial };
  });
}

/**
 * Moves a locked service to `target`'s plan: its product, name and package; the event; the
 * panel's package changed by the panel-action job; a renewal in the cart (priced on the plan
 * just left) taken out.
 */
async function switchPlan(
  tx: Transaction,
  service: ServiceRow,
  target: { id: string; name: string; packageName: string | null },
  event: { actor: 'customer' | 'staff'; actorId?: string; message: string },
  now: Date,
): Promise<void> {
  const onPanel = Boolean(service.serverId && service.panelUsername && target.packageName);
  await tx
    .update(services)
    .set({
      productId: target.id,
      name: service.domainName ? `${target.name} (${service.domainName})` : target.name,
      ...(onPanel ? { packageName: target.packageName } : {}),
    })
    .where(eq(services.id, service.id));
  await recordServiceEvent(tx, service.id, { kind: 'plan.changed', ...event }, now);
  if (onPanel) {
    await sendInTransaction(tx, PANEL_ACTION_JOB, {
      serviceId: service.id,
      action: 'change-package',
      reason: event.message,
    });
  }
  await dropCartRenewals(tx, service.id);
}

/** The package a product is delivered as, when a panel delivers it. */
async function packageOf(tx: Transaction, productId: string): Promise<string | null> {
  const [row] = await tx
    .select({ packageName: productProvisioning.packageName })
    .from(productProvisioning)
    .where(eq(productProvisioning.productId, productId));
  return row?.packageName ?? null;
}

/**
 * A paid upgrade line moves its service to the line's plan. If the service is no longer the
 * one the change was worked out for (staff stopped it, or it moved plan) while the person was
 * at the gateway, nothing changes and the answer is false: the caller credits what was paid for
 * the line back to the wallet, with a credit note, once the order's invoice is issued. Never
 * lost, never applied to the wrong plan.
 */
export async function applyPaidPlanChange(
  tx: Transaction,
  order: OrderRef,
  line: PaidPlanChange,
  now: Date,
): Promise<boolean> {
  const [service] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, line.serviceId), eq(services.userId, order.userId)))
    .for('update');
  if (!service) throw new Error(`changed service ${line.serviceId} is not the buyer's`);
  const still =
    (service.status === 'active' || service.status === 'expired') &&
    service.productId === line.record.fromProductId;
  if (still) {
    await switchPlan(
      tx,
      service,
      {
        id: line.productId,
        name: line.productName,
        packageName: await packageOf(tx, line.productId),
      },
      {
        actor: 'customer',
        actorId: order.userId,
        message: `ارتقا به «${line.productName}» پرداخت شد (سفارش ${toPersianDigits(order.number)})`,
      },
      now,
    );
    return true;
  }
  await recordServiceEvent(
    tx,
    service.id,
    {
      kind: 'plan.not-applied',
      actor: 'system',
      message: `ارتقای پرداخت‌شده انجام نشد چون سرویس تغییر کرده بود؛ مبلغ به اعتبار برگشت (سفارش ${toPersianDigits(order.number)})`,
    },
    now,
  );
  return false;
}

/**
 * A refunded upgrade takes its service back to the plan it came from, when the service is still
 * on the plan the order moved it to and still running.
 */
export async function revertPlanChanges(
  tx: Transaction,
  changes: OrderRefunded['planChanges'],
  now: Date,
): Promise<string[]> {
  const reverted: string[] = [];
  if (changes.length === 0) return reverted;
  const rows = await tx
    .select()
    .from(services)
    .where(
      inArray(
        services.id,
        changes.map((line) => line.serviceId),
      ),
    )
    .for('update');
  for (const line of changes) {
    const service = rows.find((row) => row.id === line.serviceId);
    if (!service || service.productId !== line.productId) continue;
    if (service.status === 'terminated' || service.status === 'cancelled') continue;
    const from = line.record;
    const [product] = await tx
      .select({ name: productsView.name })
      .from(productsView)
      .where(eq(productsView.id, from.fromProductId));
    await switchPlan(
      tx,
      service,
      {
        id: from.fromProductId,
        name: product?.name ?? from.fromProductName,
        packageName: await packageOf(tx, from.fromProductId),
      },
      { actor: 'staff', message: `ارتقا بازپرداخت شد و پلن به «${from.fromProductName}» برگشت` },
      now,
    );
    reverted.push(service.id);
  }
  return reverted;
}
