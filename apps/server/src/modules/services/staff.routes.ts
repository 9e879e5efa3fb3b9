import { cancelService, extendService, suspendService, unsuspendService } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as serviceActions from './staff-services.service';

/** The staff console's service calls (issue 8): what staff may do to a customer's service. */
export async function staffServicesRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
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
