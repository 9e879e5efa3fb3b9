import { getClientErrorGroup, listClientErrors } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { getClientErrorGroupReports, listClientErrorGroups } from './client-errors.service';

/** The client error reports for staff (issue 23): grouped, read-only. */
export async function appStaffRoutes(app: FastifyInstance) {
  await withUser(app, async (scope) => {
    registerCall(scope, listClientErrors, (query) => listClientErrorGroups(app.db, query));
    registerCall(scope, getClientErrorGroup, (query) => getClientErrorGroupReports(app.db, query));
  });
}
