import { ANDROID_VERSION, getAppInfo, reportClientError, WEB_VERSION } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { pruneClientErrors, recordClientError } from './app.service';
import { appStaffRoutes } from './staff.routes';

const APP_NAME = 'ویترین';

export async function appRoutes(app: FastifyInstance) {
  registerCall(app, getAppInfo, async () => ({
    name: APP_NAME,
    webVersion: WEB_VERSION,
    androidVersion: ANDROID_VERSION,
    serverTime: new Date().toISOString(),
  }));

  registerCall(
    app,
    reportClientError,
    (report, { request }) =>
      recordClientError(app.db, report, {
        requestId: String(request.id),
        userAgent: request.headers['user-agent'],
      }),
    // A broken page can loop; one address gets a handful of reports a minute, not a flood.
    { rateLimit: { max: 20, timeWindowMs: 60_000 } },
  );

  // Reports are kept ERROR_REPORT_DAYS, then deleted by one node at a time.
  app.jobs.periodic('app.client-errors-prune', app.config.jobsIntervalMs, async (now) => {
    const pruned = await pruneClientErrors(app.db, now, app.config.clientErrorRetentionDays);
    if (pruned > 0) app.log.info({ pruned }, 'old client error reports deleted');
  });

  await app.register(appStaffRoutes);
}
