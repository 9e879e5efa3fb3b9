import {
  type ManualMethod,
  ORDER_EXPIRY_HOURS,
  type PaymentStatus,
  type StaffTransferClaim,
  TRANSFER_CLAIM_MAX_AGE_DAYS,
  TRANSFER_CLAIM_MESSAGES,
  TRANSFER_CLOCK_SKEW_MS,
  type TransferClaim,
} from '@vitrin/contracts';
import { formatAmount } from '@vitrin/fa';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  type Cursor,
  encodeCursor,
  type ListTotal,
  listTotal,
  readCursor,
  timestampText,
} from '../../lib/list-total';
import { peopleView, personFields, personName } from '../accounts';
import { writeAudit } from '../audit';
import { readPaymentSettings } from '../billing';
import { keepUpload } from '../files';
import { lockPayableOrder, payableOf } from './orders.service';
import { settlePayment } from './payments.service';
import { buyerProfiles, orders, payments } from './schema';
import { queueTransferNotice } from './transfer-notices';

// Card-to-card and bank transfer (issue 21, decision 0023). A claim is a pending payment with
// no authority that waits for staff; confirming it settles it through the same settlePayment a
// gateway payment goes through, so the order is paid (or the wallet credited) exactly once.

const MESSAGES = TRANSFER_CLAIM_MESSAGES;
const CLAIM_NOT_FOUND = 'این پرداخت پیدا نشد';
const TRANSFER_CLAIM_MAX_AGE_MS = TRANSFER_CLAIM_MAX_AGE_DAYS * 24 * 3_600_000;

export interface TransferClaimInput {
  method: ManualMethod;
  orderId?: string | undefined;
  amountRial?: number | undefined;
  /** Already normalised by the contract: Latin digits, no spaces, upper case. */
  transferReference: string;
  transferredAt: Date;
  cardLast4?: string | undefined;
  receiptAttachmentId?: string | undefined;
}

function fieldError(code: 'VALIDATION' | 'CONFLICT' | 'NOT_FOUND', field: string, message: string) {
  return new AppError(code, message, { fields: { [field]: message } });
}

/** The unique index a refused insert ran into (PostgreSQL 23505), however the driver wrapped it. */
function uniqueViolationOf(error: unknown): { constraint: string | undefined } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return { constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Records the customer's card-to-card or bank transfer, for what is left of an order or as a
 * wallet top-up, as a pending payment that waits for staff. All of it or nothing: the order is
 * locked and checked as for any payment, the receipt upload is kept, and the tracking number is
 * taken by a unique index, so two claims of one number (even at once) leave one.
 */
export async function claimTransfer(
  db: Database,
  userId: string,
  input: TransferClaimInput,
  now: Date = new Date(),
): Promise<TransferClaim> {
  // The gateway list does not matter here: only the transfer switches are read.
  const settings = await readPaymentSettings(db, []);
  const enabled =
    input.method === 'card-to-card' ? settings.cardToCardEnabled : settings.bankTransferEnabled;
  if (!enabled) throw fieldError('VALIDATION', 'method', MESSAGES.methodDisabled);
  if (input.transferredAt.getTime() > now.getTime() + TRANSFER_CLOCK_SKEW_MS) {
    throw fieldError('VALIDATION', 'transferredAt', MESSAGES.transferredInFuture);
  }
  if (input.transferredAt.getTime() < now.getTime() - TRANSFER_CLAIM_MAX_AGE_MS) {
    throw fieldError('VALIDATION', 'transferredAt', MESSAGES.transferredTooLongAgo);
  }
  let paymentId: string;
  try {
    paymentId = await db.transaction(async (tx) => {
      const target = input.orderId
        ? await orderTarget(tx, userId, input.orderId, input.amountRial, now)
        : topUpTarget(input.amountRial);
      let receiptAttachmentId: string | null = null;
      if (input.receiptAttachmentId) {
        const receipt = await keepUpload(tx, {
          userId,
          attachmentId: input.receiptAttachmentId,
          now,
        });
        if (!receipt) {
          throw fieldError('NOT_FOUND', 'receiptAttachmentId', MESSAGES.receiptNotFound);
        }
        if (!receipt.contentType.startsWith('image/')) {
          throw fieldError('VALIDATION', 'receiptAttachmentId', MESSAGES.receiptNotImage);
        }
        receiptAttachmentId = receipt.id;
      }
      const [row] = await tx
        .insert(payments)
        .values({
          userId,
          ...target,
          gateway: input.method,
          transferReference: input.transferReference,
          transferredAt: input.transferredAt,
          cardLast4: input.method === 'card-to-card' ? (input.cardLast4 ?? null) : null,
          receiptAttachmentId,
          createdAt: now,
        })
        .returning({ id: payments.id });
      if (!row) throw new Error('payment insert returned no row');
      return row.id;
    });
  } catch (error) {
    const violation = uniqueViolationOf(error);
    if (violation?.constraint === 'payments_order_pending_claim_unique') {
      throw fieldError('CONFLICT', 'orderId', MESSAGES.claimPending);
    }
    // The tracking number's index (the only other unique one a claim can meet).
    if (violation) throw fieldError('CONFLICT', 'transferReference', MESSAGES.referenceTaken);
    throw error;
  }
  const [claim] = await findClaims(db, eq(payments.id, paymentId));
  if (!claim) throw new Error(`claim ${paymentId} vanished`);
  return customerView(claim);
}

/** A claim for an order: payable now, exactly what is left, and the only claim waiting. */
async function orderTarget(
  tx: Transaction,
  userId: string,
  orderId: string,
  statedRial: number | undefined,
  now: Date,
) {
  const order = await lockPayableOrder(tx, userId, orderId, now);
  const payable = payableOf(order);
  if (payable <= 0) throw new AppError('ORDER_NOT_PAYABLE');
  if (statedRial !== undefined && statedRial !== payable) {
    throw fieldError(
      'VALIDATION',
      'amountRial',
      `مبلغ واریز باید دقیقاً برابر باقی‌ماندهٔ سفارش، ${formatAmount(payable)} ریال، باشد`,
    );
  }
  // The order is locked, so claims of one order queue here; the unique index stands behind it.
  const [waiting] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.status, 'pending'),
        isNotNull(payments.transferReference),
      ),
    );
  if (waiting) throw fieldError('CONFLICT', 'orderId', MESSAGES.claimPending);
  return { purpose: 'order' as const, orderId: order.id, amountRial: payable };
}

function topUpTarget(amountRial: number | undefined) {
  // The contract requires it without an order; this keeps the service honest on its own.
  if (amountRial === undefined) throw fieldError('VALIDATION', 'amountRial', MESSAGES.target);
  return { purpose: 'top-up' as const, orderId: null, amountRial };
}

// ---------------------------------------------------------------------------------------------
// Staff

type PaymentRow = typeof payments.$inferSelect;

/** A transfer claim, locked for its review; anything else (a gateway payment) is not found. */
async function lockClaim(tx: Transaction, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), isNotNull(payments.transferReference)))
    .for('update');
  if (!payment?.transferReference) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  return { ...payment, transferReference: payment.transferReference };
}

/** How the card appears on the payment, as a gateway reports a masked PAN. */
function maskedCard(payment: Pick<PaymentRow, 'cardLast4'>): string | null {
  return payment.cardLast4 ? `****-****-****-${payment.cardLast4}` : null;
}

/**
 * Staff saw the money arrive: the claim settles as a gateway payment would (the order paid and
 * invoiced, or the wallet credited with a receipt), with the reviewer, an audit row and the
 * customer's notice in the same transaction. The claim's row is locked first, so a second
 * confirmation (two staff at once) waits, finds it paid and answers it as it is.
 */
export async function confirmTransfer(
  db: Database,
  paymentId: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<StaffTransferClaim> {
  await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, paymentId);
    if (claim.status === 'paid') return;
    if (claim.status === 'failed') {
      throw new AppError('CONFLICT', 'این پرداخت پیش‌تر رد شده است و دیگر تأیید نمی‌شود');
    }
    await tx
      .update(payments)
      .set({ reviewedBy: actor.id, reviewedAt: now })
      .where(eq(payments.id, claim.id));
    // A savepoint inside this transaction: the settlement commits with the review or not at all.
    await settlePayment(
      { db: tx },
      claim.id,
      { referenceId: claim.transferReference, cardPan: maskedCard(claim) },
      now,
    );
    const [settled] = await tx
      .select({ status: payments.status, creditedToWallet: payments.creditedToWallet })
      .from(payments)
      .where(eq(payments.id, claim.id));
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'billing.transfer.confirm',
      entityType: 'payment',
      entityId: claim.id,
      before: { status: claim.status },
      after: {
        status: settled?.status,
        method: claim.gateway,
        amountRial: claim.amountRial,
        transferReference: claim.transferReference,
        orderId: claim.orderId,
        creditedToWallet: settled?.creditedToWallet,
      },
      ipAddress: actor.ipAddress,
    });
    await queueTransferNotice(tx, claim.id, 'transfer-confirmed');
  });
  return getStaffTransferClaim(db, paymentId);
}

/**
 * Staff did not find the money: the claim fails with the reason the customer reads, and its
 * tracking number is free again. The order stays pending, with at least a full payment window
 * from now, since it was held while the claim waited.
 */
export async function rejectTransfer(
  db: Database,
  paymentId: string,
  input: { reason: string; actor: Actor },
  now: Date = new Date(),
): Promise<StaffTransferClaim> {
  await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, paymentId);
    if (claim.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        claim.status === 'paid'
          ? 'این پرداخت تأیید و تسویه شده است و دیگر رد نمی‌شود'
          : 'این پرداخت پیش‌تر رد شده است',
      );
    }
    await tx
      .update(payments)
      .set({
        status: 'failed',
        rejectionReason: input.reason,
        reviewedBy: input.actor.id,
        reviewedAt: now,
      })
      .where(eq(payments.id, claim.id));
    if (claim.orderId) {
      const windowEnd = new Date(now.getTime() + ORDER_EXPIRY_HOURS * 3_600_000);
      await tx
        .update(orders)
        .set({
          expiresAt: sql`greatest(${orders.expiresAt}, ${windowEnd.toISOString()}::timestamptz)`,
        })
        .where(and(eq(orders.id, claim.orderId), eq(orders.status, 'pending')));
    }
    await writeAudit(tx, {
      actorId: input.actor.id,
      action: 'billing.transfer.reject',
      entityType: 'payment',
      entityId: claim.id,
      before: { status: claim.status },
      after: {
        status: 'failed',
        method: claim.gateway,
        amountRial: claim.amountRial,
        transferReference: claim.transferReference,
        orderId: claim.orderId,
      },
      reason: input.reason,
      ipAddress: input.actor.ipAddress,
    });
    await queueTransferNotice(tx, claim.id, 'transfer-rejected');
  });
  return getStaffTransferClaim(db, paymentId);
}

// ---------------------------------------------------------------------------------------------
// Reading

// A claim names two people, its customer and its reviewer: the reviewer is the people view under
// a name of its own (a subquery over the view, which PostgreSQL folds like the view itself).
const reviewers = new QueryBuilder().select(personFields).from(peopleView).as('reviewers');

/** The claims `where` names, with their customer, order number and reviewer; in no order. */
async function findClaims(db: Database, where: SQL | undefined) {
  return db
    .select({
      payment: payments,
      orderNumber: orders.number,
      customer: {
        ...personFields,
        // The name given at checkout, for an account that has none of its own yet.
        buyerName: sql<string | null>`coalesce(
          nullif(trim(${buyerProfiles.fullName}), ''),
          nullif(trim(${orders.buyer}->>'fullName'), '')
        )`,
      },
      reviewer: {
        id: reviewers.id,
        firstName: reviewers.firstName,
        lastName: reviewers.lastName,
        mobile: reviewers.mobile,
      },
    })
    .from(payments)
    .innerJoin(peopleView, eq(peopleView.id, payments.userId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.userId, payments.userId))
    .leftJoin(reviewers, eq(reviewers.id, payments.reviewedBy))
    .where(and(isNotNull(payments.transferReference), where));
}

type ClaimRow = Awaited<ReturnType<typeof findClaims>>[number];

function customerView({ payment, orderNumber }: ClaimRow): TransferClaim {
  return {
    id: payment.id,
    method: payment.gateway as ManualMethod,
    purpose: payment.purpose,
    orderId: payment.orderId,
    orderNumber,
    amountRial: payment.amountRial,
    status: payment.status,
    transferReference: payment.transferReference ?? '',
    transferredAt: (payment.transferredAt ?? payment.createdAt).toISOString(),
    cardLast4: payment.cardLast4,
    receiptAttachmentId: payment.receiptAttachmentId,
    rejectionReason: payment.rejectionReason,
    creditedToWallet: payment.creditedToWallet,
    createdAt: payment.createdAt.toISOString(),
    reviewedAt: payment.reviewedAt?.toISOString() ?? null,
  };
}

function staffView(row: ClaimRow): StaffTransferClaim {
  const { customer, reviewer } = row;
  return {
    ...customerView(row),
    customer: {
      id: customer.id,
      // Null when the person has given no name anywhere: the console shows their mobile.
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.buyerName,
      mobile: customer.mobile,
    },
    reviewer: reviewer ? { id: reviewer.id, name: personName(reviewer) } : null,
  };
}

// The queue's order: the waiting claims first, oldest first (a queue), then the reviewed ones,
// latest first, the id breaking ties in both. Each part is read on its own, through its own
// index, and only as far as the page goes (decision 0031): sorting every claim by a computed
// "is it waiting" before the first page cost the whole table.
type ClaimPart = 'waiting' | 'reviewed';

/** A cursor's key: the part its row was in, and the row's id. */
const CLAIM_KEY =
  /^(waiting|reviewed):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface ClaimFilter {
  status?: PaymentStatus | undefined;
  /** Every other condition (the customer, the method). */
  where?: SQL | undefined;
}

/** The conditions of one part of the queue, or null when the status filter leaves it empty. */
function partWhere(part: ClaimPart, filter: ClaimFilter): SQL | null {
  if (filter.status && (filter.status === 'pending') !== (part === 'waiting')) return null;
  return and(
    isNotNull(payments.transferReference),
    part === 'waiting' ? eq(payments.status, 'pending') : ne(payments.status, 'pending'),
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.where,
  ) as SQL;
}

/** Up to `limit` rows of one part, skipping `offset`, or after the row `after` of that part. */
async function partKeys(
  db: Database,
  part: ClaimPart,
  filter: ClaimFilter,
  paging: { limit: number; offset: number; after?: Cursor | undefined },
): Promise<Array<{ id: string; createdAtText: string; part: ClaimPart }>> {
  const where = partWhere(part, filter);
  if (!where || paging.limit <= 0) return [];
  const waiting = part === 'waiting';
  const key = paging.after
    ? sql`(${paging.after.at}::timestamptz, ${paging.after.key}::uuid)`
    : undefined;
  const rows = await db
    .select({ id: payments.id, createdAtText: timestampText(payments.createdAt) })
    .from(payments)
    .where(
      and(
        where,
        key && waiting ? sql`(${payments.createdAt}, ${payments.id}) > ${key}` : undefined,
        key && !waiting ? sql`(${payments.createdAt}, ${payments.id}) < ${key}` : undefined,
      ),
    )
    .orderBy(
      ...(waiting
        ? [asc(payments.createdAt), asc(payments.id)]
        : [desc(payments.createdAt), desc(payments.id)]),
    )
    .limit(paging.limit)
    .offset(paging.offset);
  return rows.map((row) => ({ ...row, part }));
}

/** How many rows one part has, counted no further than `upTo`. */
async function partCountUpTo(db: Database, part: ClaimPart, filter: ClaimFilter, upTo: number) {
  const where = partWhere(part, filter);
  if (!where) return 0;
  const capped = db.select({ one: sql`1` }).from(payments).where(where).limit(upTo).as('capped');
  const [counted] = await db.select({ total: count() }).from(capped);
  return counted?.total ?? 0;
}

/** The keys of one page: from `page`, or after the cursor `after`. */
async function pageKeys(
  db: Database,
  filter: ClaimFilter,
  query: { page: number; pageSize: number; after?: string | undefined },
) {
  const { pageSize } = query;
  if (query.after) {
    const cursor = readCursor(query.after, CLAIM_KEY);
    const [part, id] = cursor.key.split(':') as [ClaimPart, string];
    const after = { at: cursor.at, key: id };
    if (part === 'reviewed') {
      return partKeys(db, 'reviewed', filter, { limit: pageSize, offset: 0, after });
    }
    const waiting = await partKeys(db, 'waiting', filter, { limit: pageSize, offset: 0, after });
    const reviewed = await partKeys(db, 'reviewed', filter, {
      limit: pageSize - waiting.length,
      offset: 0,
    });
    return [...waiting, ...reviewed];
  }
  const offset = (query.page - 1) * pageSize;
  const waiting = await partKeys(db, 'waiting', filter, { limit: pageSize, offset });
  if (waiting.length === pageSize) return waiting;
  // The waiting part ends on this page or before it: how many it has says where the reviewed
  // part starts (counting costs the offset, as the offset itself does).
  const waitingTotal =
    waiting.length > 0 || offset === 0
      ? offset + waiting.length
      : await partCountUpTo(db, 'waiting', filter, offset);
  const reviewed = await partKeys(db, 'reviewed', filter, {
    limit: pageSize - waiting.length,
    offset: Math.max(0, offset - waitingTotal),
  });
  return [...waiting, ...reviewed];
}

/**
 * One page of claims in the queue's order, how many match (exact up to EXACT_TOTAL_LIMIT, an
 * estimate past it; past the end still says how many), and the cursor of the page after it.
 */
async function claimPage(
  db: Database,
  filter: ClaimFilter,
  query: { page: number; pageSize: number; after?: string | undefined },
): Promise<{ rows: ClaimRow[]; nextCursor: string | null } & ListTotal> {
  const [keys, counted] = await Promise.all([
    pageKeys(db, filter, query),
    listTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(payments)
        .where(
          and(
            isNotNull(payments.transferReference),
            filter.status ? eq(payments.status, filter.status) : undefined,
            filter.where,
          ),
        ),
    ),
  ]);
  const found =
    keys.length > 0
      ? await findClaims(
          db,
          inArray(
            payments.id,
            keys.map((key) => key.id),
          ),
        )
      : [];
  const byId = new Map(found.map((row) => [row.payment.id, row]));
  const rows = keys.flatMap((key) => byId.get(key.id) ?? []);
  const last = keys.at(-1);
  const nextCursor =
    last && keys.length === query.pageSize
      ? encodeCursor({ at: last.createdAtText, key: `${last.part}:${last.id}` })
      : null;
  return { rows, nextCursor, ...counted };
}

const pageOf = ({ page, pageSize }: { page: number; pageSize: number }) => ({ page, pageSize });

/** The customer's own claims, with what staff decided and why. */
export async function listMyTransferClaims(
  db: Database,
  userId: string,
  query: { status?: PaymentStatus | undefined; page: number; pageSize: number },
) {
  const { rows, total, totalIsEstimate } = await claimPage(
    db,
    { status: query.status, where: eq(payments.userId, userId) },
    query,
  );
  return { items: rows.map(customerView), total, totalIsEstimate, ...pageOf(query) };
}

/** Staff's queue: waiting claims first; a page from `page`, or after the cursor `after`. */
export async function listTransferClaims(
  db: Database,
  query: {
    status?: PaymentStatus | undefined;
    method?: ManualMethod | undefined;
    page: number;
    pageSize: number;
    after?: string | undefined;
  },
) {
  const { rows, ...rest } = await claimPage(
    db,
    {
      status: query.status,
      where: query.method ? eq(payments.gateway, query.method) : undefined,
    },
    query,
  );
  return { items: rows.map(staffView), ...rest, ...pageOf(query) };
}

export async function getStaffTransferClaim(
  db: Database,
  paymentId: string,
): Promise<StaffTransferClaim> {
  const [row] = await findClaims(db, eq(payments.id, paymentId));
  if (!row) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  return staffView(row);
}

/**
 * Card-to-card and bank-transfer claims waiting for staff (issue 35): all of them, and those
 * waiting since before `longSince`.
 */
export async function countWaitingTransferClaims(db: Database, longSince: Date) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      waitingLong: sql<number>`count(*) filter (where ${payments.createdAt} <= ${longSince.toISOString()}::timestamptz)::int`,
    })
    .from(payments)
    .where(and(isNotNull(payments.transferReference), eq(payments.status, 'pending')));
  return { waiting: row?.waiting ?? 0, waitingLong: row?.waitingLong ?? 0 };
}
