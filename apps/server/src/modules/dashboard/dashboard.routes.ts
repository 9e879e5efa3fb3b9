import { adminGetDashboard, getPanelSummary } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { readPanelSummary } from './panel-summary.service';
import { readDashboard } from './staff-dashboard.service';

/** The two dashboards: the customer panel's summary (issue 6) and the staff console's (issue 8). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, getPanelSummary, (_input, { user }) => readPanelSummary(app.db, user.id));
    registerCall(scope, adminGetDashboard, async () => readDashboard(app.db));
  });
}
