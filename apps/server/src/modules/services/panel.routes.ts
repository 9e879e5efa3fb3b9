import {
  getServiceDetail,
  getUserServices,
  RED_DOT_EXPIRING_SERVICES,
  renewService,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { addRenewalToCart } from '../orders';
import { runLifecycle } from './lifecycle-sweeps';
import { mailboxRoutes } from './mailboxes.routes';
import { alertOverdueDeliveries } from './manual-delivery';
import { provisioningRoutes } from './provisioning.routes';
import { sendExpiryReminders } from './reminders.service';
import { defineServiceJobs } from './services.jobs';
import * as servicesService from './services.service';

/**
 * The customer panel's service calls (issue 6): services and their renewal; the expiring-services
 * red dot; and the panel job (expiry, reminders).
 * Registered with fastify-plugin so that `app.panelJob` is visible to the whole app.
 */
export const panelRoutes = fp(registerPanel, {
  name: 'panel',
  dependencies: ['red-dots', 'auth', 'sms', 'mail', 'secrets', 'jobs'],
});

async function registerPanel(app: FastifyInstance) {
  const deps = defineServiceJobs(app);
  await provisioningRoutes(app, deps);
  await mailboxRoutes(app, deps);
  await withUser(app, async (scope) => {
    registerCall(scope, getUserServices, (query, { user }) =>
      servicesService.listUserServices(app.db, user.id, query),
    );
    registerCall(scope, getServiceDetail, ({ serviceId }, { user }) =>
      servicesService.findServiceWithHistory(app.db, user.id, serviceId),
    );
    registerCall(
      scope,
      renewService,
      (input, { user }) => addRenewalToCart(app.db, user.id, input),
      {
        successMessage: 'تمدید سرویس به سبد خرید افزوده شد',
        rateLimit: { max: 60, timeWindowMs: 60_000 },
      },
    );
  });

  app.redDots.addSource(async (db, user) => [
    {
      title: RED_DOT_EXPIRING_SERVICES,
      value: await servicesService.countExpiringServices(db, user.id),
    },
  ]);

  const panelJob = app.jobs.periodic('services.expiry', app.config.jobsIntervalMs, async (now) => {
    await runLifecycle(app.db, now);
    await alertOverdueDeliveries(app.db, now);
    await sendExpiryReminders({ db: app.db, sms: app.sms, log: app.log }, now);
  });
  app.decorate('panelJob', panelJob);
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The panel's background work (services past their expiry, reminder SMS), run once by hand
     * (tests, an operator); `now` stands in for the clock.
     */
    panelJob: { runOnce(now?: Date): Promise<boolean> };
  }
}
