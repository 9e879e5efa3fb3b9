import { getAuditLog } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { listAuditEntries } from './audit.service';

/** The audit log viewer (issue 8): admins only, newest first, filtered. */
export async function auditRoutes(app: FastifyInstance) {
  await withUser(app, async (scope) => {
    registerCall(scope, getAuditLog, (query) => listAuditEntries(app.db, query));
  });
}
