import {
  cancelService,
  completeSetupByHand,
  deliverService,
  extendService,
  getDeliveryQueue,
  getManualDeliveryProducts,
  getPanelServers,
  getProductProvisioning,
  getServiceTimeline,
  getSetupQueue,
  retrySetup,
  saveManualDeliveryTime,
  savePanelServer,
  saveProductProvisioning,
  suspendService,
  testPanelServer,
  unsuspendService,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as manualDelivery from './manual-delivery';
import * as provisioning from './provisioning.service';
import { provisioningDepsOf } from './services.jobs';
import * as serviceActions from './staff-services.service';

/**
 * The staff console's service calls (issues 8 and 20): what staff may do to a customer's
 * service, the failed-setup queue, panel servers and how products are delivered.
 */
export async function staffServicesRoutes(app: FastifyInstance): Promise<void> {
  const deps = provisioningDepsOf(app);
  await withUser(app, async (scope) => {
    registerCall(scope, getSetupQueue, (query) => provisioning.getSetupQueue(app.db, query));
    registerCall(scope, getServiceTimeline, ({ serviceId }) =>
      provisioning.getServiceTimeline(app.db, serviceId),
    );
    registerCall(
      scope,
      retrySetup,
      (input, { actor }) => provisioning.retrySetup(deps, actor, input),
      { successMessage: 'راه‌اندازی دوباره در صف است' },
    );
    registerCall(
      scope,
      completeSetupByHand,
      (input, { actor }) => provisioning.completeSetupByHand(deps, actor, input),
      { successMessage: 'سرویس فعال شد' },
    );
    registerCall(scope, getDeliveryQueue, (query) =>
      manualDelivery.getDeliveryQueue(app.db, query),
    );
    registerCall(
      scope,
      deliverService,
      (input, { actor }) => manualDelivery.deliverService(deps, actor, input),
      { successMessage: 'سرویس تحویل شد و دورهٔ آن آغاز شد' },
    );
    registerCall(scope, getManualDeliveryProducts, () =>
      manualDelivery.getManualDeliveryProducts(app.db),
    );
    registerCall(
      scope,
      saveManualDeliveryTime,
      (input, { actor }) => manualDelivery.saveManualDeliveryTime(app.db, actor, input),
      { successMessage: 'زمان هشدار تحویل ذخیره شد' },
    );
    registerCall(scope, getPanelServers, () => provisioning.getPanelServers(app.db));
    registerCall(
      scope,
      savePanelServer,
      (input, { actor }) => provisioning.savePanelServer(deps, actor, input),
      { successMessage: 'سرور ذخیره شد' },
    );
    registerCall(
      scope,
      testPanelServer,
      ({ serverId }) => provisioning.testPanelServer(deps, serverId),
      { rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );
    registerCall(scope, getProductProvisioning, () => provisioning.getProductProvisioning(app.db));
    registerCall(
      scope,
      saveProductProvisioning,
      (input, { actor }) => provisioning.saveProductProvisioning(app.db, actor, input),
      { successMessage: 'روش تحویل محصول ذخیره شد' },
    );

    registerCall(
      scope,
      suspendService,
      async (target, { actor }) => serviceActions.suspendService(app.db, actor, target),
      { successMessage: 'سرویس معلق شد' },
    );

    registerCall(
      scope,
      unsuspendService,
      async (target, { actor }) => serviceActions.unsuspendService(app.db, actor, target),
      { successMessage: 'تعلیق سرویس برداشته شد' },
    );

    registerCall(
      scope,
      extendService,
      async (target, { actor }) => serviceActions.extendService(app.db, actor, target),
      { successMessage: 'سرویس تمدید شد' },
    );

    registerCall(
      scope,
      cancelService,
      async (target, { actor }) => serviceActions.cancelService(app.db, actor, target),
      { successMessage: 'سرویس لغو شد' },
    );
  });
}
