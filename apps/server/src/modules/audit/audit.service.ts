import type {
  AuditAction,
  AuditEntity,
  CallParsed,
  CallResult,
  getAuditLog,
} from '@vitrin/contracts';
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { encodeCursor, listTotal, readCursor, timestampText, UUID_KEY } from '../../lib/list-total';
import { escapeLike } from '../../lib/search-sql';
import { peopleView, personFields, personName } from '../accounts';
import { auditLog } from './schema';

// The staff console's audit log (issue 8): every staff action that changes something writes one
// row, in the same transaction as the change.

export interface AuditEntry {
  /** The staff member who acted (the signed-in user). */
  actorId: string;
  /** A dotted verb: `order.refund`, `customer.lock`, … each labelled in AUDIT_ACTION_LABELS. */
  action: AuditAction;
  entityType: AuditEntity;
  entityId: string;
  /** The record before the change (only the fields that matter); omit for a creation. */
  before?: unknown;
  /** The record after the change; omit for a deletion. */
  after?: unknown;
  /** Why, when staff must give a reason (credit adjustment, lock). */
  reason?: string | null;
  /** The client address the change came from (the route passes `request.ip`). */
  ipAddress?: string | null;
}

// jsonb and text columns refuse NUL and lone surrogates. Requests carrying them are refused
// long before (plugins/text-guard.ts), but the audit row is written beside every staff change
// and must never be what turns a valid change into a 500, so it keeps a replacement character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character PostgreSQL refuses
const unstorable = /\u0000|[\uD800-\uDFFF]/gu;

function storable(text: string): string {
  return text.replace(unstorable, '\uFFFD');
}

/**
 * Plain JSON for the jsonb columns: dates as ISO text, undefined dropped, bigints as text, and
 * no character PostgreSQL cannot store, in keys or values.
 */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, field) => {
      if (typeof field === 'bigint') return String(field);
      if (typeof field === 'string') return storable(field);
      if (field && typeof field === 'object' && !Array.isArray(field)) {
        const entries = Object.entries(field as Record<string, unknown>);
        if (entries.some(([key]) => storable(key) !== key)) {
          return Object.fromEntries(entries.map(([key, child]) => [storable(key), child]));
        }
      }
      return field;
    }),
  );
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function writeAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: toJson(entry.before),
    after: toJson(entry.after),
    reason: entry.reason == null ? null : storable(entry.reason),
    ipAddress: entry.ipAddress ?? null,
  });
}

/**
 * Only what changed, as the audit row keeps it: the fields of `after` whose value differs from
 * `before`, on both sides. Dates compare by instant.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    const old = before[key];
    const next = after[key];
    const same =
      old instanceof Date && next instanceof Date
        ? old.getTime() === next.getTime()
        : JSON.stringify(old) === JSON.stringify(next);
    if (!same) {
      was[key] = old;
      now[key] = next as T[keyof T];
    }
  }
  return { before: was, after: now };
}

/** Rows after the cursor's row, newest first (decision 0031). */
function afterCursor(after: string): SQL {
  const cursor = readCursor(after, UUID_KEY);
  return sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.key}::uuid)`;
}

/**
 * The audit log as the viewer lists it (issue 8): newest first, filtered, a page at a time
 * from `page` or after the cursor `after`.
 */
export async function listAuditEntries(
  db: Database,
  query: CallParsed<typeof getAuditLog>,
): Promise<CallResult<typeof getAuditLog>> {
  const conditions: SQL[] = [];
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.action) conditions.push(like(auditLog.action, `${escapeLike(query.action)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actor: personFields,
        createdAtText: timestampText(auditLog.createdAt),
      })
      .from(auditLog)
      .innerJoin(peopleView, eq(peopleView.id, auditLog.actorId))
      .where(query.after ? and(where, afterCursor(query.after)) : where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset(query.after ? 0 : (query.page - 1) * query.pageSize),
    listTotal(db, db.select({ one: sql`1` }).from(auditLog).where(where)),
  ]);
  const last = rows.at(-1);
  return {
    items: rows.map(auditEntryView),
    ...counted,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor:
      last && rows.length === query.pageSize
        ? encodeCursor({ at: last.createdAtText, key: last.entry.id })
        : null,
  };
}

type AuditRow = {
  entry: typeof auditLog.$inferSelect;
  actor: { id: string; firstName: string | null; lastName: string | null; mobile: string };
};

/** An audit row as the console shows it, with who acted. */
function auditEntryView({ entry, actor }: AuditRow) {
  return {
    id: entry.id,
    actor: { id: actor.id, name: personName(actor), mobile: actor.mobile },
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    ipAddress: entry.ipAddress,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** One record's history as the console shows it beside the record: newest first. */
export async function findRecordHistory(
  db: Database,
  entityType: string,
  entityId: string,
  limit?: number,
) {
  const query = db
    .select({ entry: auditLog, actor: personFields })
    .from(auditLog)
    .innerJoin(peopleView, eq(peopleView.id, auditLog.actorId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(auditEntryView);
}
