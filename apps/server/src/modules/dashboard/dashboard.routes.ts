import {
  adminGetDashboard,
  getPanelSummary,
  getStaffWork,
  listWaitingWork,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { readPanelSummary } from './panel-summary.service';
import { readDashboard } from './staff-dashboard.service';
import { alertStaffOfWork, readStaffWork } from './staff-work.service';
import { readWaitingWork } from './waiting-work.service';

/**
 * The two dashboards: the customer panel's summary (issue 6) and the staff console's (issue 8),
 * with what waits for staff and the admins' alerts of it (issue 35), and the one queue of the
 * services and domains automation gave up on (issue 38). Not encapsulated: the app
 * carries `staffWorkJob` for tests and operators.
 */
export const dashboardRoutes = fp(registerDashboards, {
  name: 'dashboards',
  dependencies: ['auth', 'sms', 'mail', 'jobs'],
});

async function registerDashboards(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, getPanelSummary, (_input, { user }) => readPanelSummary(app.db, user.id));
    registerCall(scope, adminGetDashboard, async () => readDashboard(app.db));
    registerCall(scope, getStaffWork, async () => readStaffWork(app.db));
    registerCall(scope, listWaitingWork, (input) => readWaitingWork(app.db, input));
  });
  // Issue 35: admins are told by SMS and e-mail of work standing past its threshold.
  const staffWorkJob = app.jobs.periodic('dashboard.staff-work', app.config.jobsIntervalMs, (now) =>
    alertStaffOfWork(
      {
        db: app.db,
        sms: app.sms,
        mail: app.mail,
        log: app.log,
        publicUrl: app.config.publicUrl,
        staffAlertEmails: app.config.staffAlertEmails,
      },
      now,
    ).then(() => undefined),
  );
  app.decorate('staffWorkJob', staffWorkJob);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The admins' alerts of waiting work, run once by hand (tests); `now` stands in for the clock. */
    staffWorkJob: { runOnce(now?: Date): Promise<boolean> };
  }
}
