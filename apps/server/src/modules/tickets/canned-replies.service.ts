import type { cannedReply } from '@vitrin/contracts';
import { asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { escapeLike } from '../../lib/search-sql';
import { peopleView, personName } from '../accounts';
import { changedFields, writeAudit } from '../audit';
import { cannedReplies } from './schema';

// Support's saved answers (issue 8): support and admins write them alike; each change leaves
// its audit row (`canned-reply.*`) in the same transaction.

type CannedReplyView = z.output<typeof cannedReply>;

const NOT_FOUND_MESSAGE = 'این پاسخ آماده پیدا نشد';

function notFound(): AppError {
  return new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
}

function selectReplies(db: Database | Transaction) {
  return db
    .select({
      reply: cannedReplies,
      author: {
        id: peopleView.id,
        firstName: peopleView.firstName,
        lastName: peopleView.lastName,
        mobile: peopleView.mobile,
      },
    })
    .from(cannedReplies)
    .leftJoin(peopleView, eq(peopleView.id, cannedReplies.createdBy))
    .$dynamic();
}

function toView(row: Awaited<ReturnType<typeof selectReplies>>[number]): CannedReplyView {
  return {
    id: row.reply.id,
    title: row.reply.title,
    body: row.reply.body,
    createdBy: row.author ? { id: row.author.id, name: personName(row.author) } : null,
    createdAt: row.reply.createdAt.toISOString(),
    updatedAt: row.reply.updatedAt.toISOString(),
  };
}

async function findReply(db: Database | Transaction, id: string): Promise<CannedReplyView> {
  const [row] = await selectReplies(db).where(eq(cannedReplies.id, id));
  if (!row) throw notFound();
  return toView(row);
}

/** The canned replies by title, optionally those whose title or text contains `search`. */
export async function listCannedReplies(
  db: Database,
  query: { search?: string | undefined; page: number; pageSize: number },
) {
  const search = query.search?.trim();
  const where: SQL | undefined = search
    ? or(
        ilike(cannedReplies.title, `%${escapeLike(search)}%`),
        ilike(cannedReplies.body, `%${escapeLike(search)}%`),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    selectReplies(db)
      .where(where)
      .orderBy(asc(sql`lower(${cannedReplies.title})`), asc(cannedReplies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(cannedReplies).where(where),
  ]);
  return {
    items: rows.map(toView),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function createCannedReply(
  db: Database,
  actor: Actor,
  input: { title: string; body: string },
): Promise<CannedReplyView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cannedReplies)
      .values({ title: input.title, body: input.body, createdBy: actor.id })
      .returning({ id: cannedReplies.id });
    if (!row) throw new Error('canned reply insert returned no row');
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'canned-reply.create',
      entityType: 'canned-reply',
      entityId: row.id,
      after: { title: input.title, body: input.body },
      ipAddress: actor.ipAddress,
    });
    return findReply(tx, row.id);
  });
}

export async function updateCannedReply(
  db: Database,
  actor: Actor,
  input: { id: string; title: string; body: string },
): Promise<CannedReplyView> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(cannedReplies)
      .where(eq(cannedReplies.id, input.id))
      .for('update');
    if (!current) throw notFound();
    const { before, after } = changedFields(
      { title: current.title, body: current.body },
      { title: input.title, body: input.body },
    );
    if (Object.keys(after).length > 0) {
      await tx
        .update(cannedReplies)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(cannedReplies.id, current.id));
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'canned-reply.update',
        entityType: 'canned-reply',
        entityId: current.id,
        before,
        after,
        ipAddress: actor.ipAddress,
      });
    }
    return findReply(tx, current.id);
  });
}

export async function deleteCannedReply(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning();
    if (!removed) throw notFound();
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'canned-reply.delete',
      entityType: 'canned-reply',
      entityId: removed.id,
      before: { title: removed.title, body: removed.body },
      ipAddress: actor.ipAddress,
    });
    return { id: removed.id };
  });
}
