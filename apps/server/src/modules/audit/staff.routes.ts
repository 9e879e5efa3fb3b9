import { getAuditLog } from '@vitrin/contracts';
import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { users } from '../accounts';
import { auditLog } from './schema';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The audit log viewer (issue 8): admins only, newest first, filtered. */
export async function auditRoutes(app: FastifyInstance) {
  await withUser(app, async (scope) => {
    registerCall(scope, getAuditLog, async (query) => {
      const conditions: SQL[] = [];
      if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
      if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
      if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
      if (query.action) conditions.push(like(auditLog.action, `${escapeLike(query.action)}%`));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ entry: auditLog, actor: users })
          .from(auditLog)
          .innerJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        app.db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        items: rows.map(({ entry, actor }) => ({
          id: entry.id,
          actor: {
            id: actor.id,
            name: [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.mobile,
            mobile: actor.mobile,
          },
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          before: entry.before,
          after: entry.after,
          reason: entry.reason,
          ipAddress: entry.ipAddress,
          createdAt: entry.createdAt.toISOString(),
        })),
        total: total?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  });
}
