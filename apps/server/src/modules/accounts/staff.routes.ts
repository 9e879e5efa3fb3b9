import {
  adjustCustomerCredit,
  cancelService,
  endCustomerSessions,
  extendService,
  getCustomer,
  lockCustomer,
  searchCustomers,
  suspendService,
  unlockCustomer,
  unsuspendService,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as serviceActions from '../services/staff-services.service';
import {
  adjustCredit,
  endAccountSessions,
  lockAccount,
  unlockAccount,
} from './customer-actions.service';
import { findCustomerDetail, searchCustomerRows } from './customers.service';

/** The staff console's customers and services calls (issue 8). */
export async function adminCustomersRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, searchCustomers, async (query) => {
      const { items, total } = await searchCustomerRows(app.db, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    });

    registerCall(scope, getCustomer, async ({ userId }) => findCustomerDetail(app.db, userId));

    registerCall(
      scope,
      adjustCustomerCredit,
      async (change, { user, request }) =>
        adjustCredit(app.db, { id: user.id, ipAddress: request.ip }, change),
      { successMessage: 'اعتبار کیف پول به‌روز شد' },
    );

    registerCall(
      scope,
      lockCustomer,
      async (change, { user, request }) =>
        lockAccount(app.db, { id: user.id, ipAddress: request.ip }, change),
      { successMessage: 'حساب قفل شد و همهٔ نشست‌هایش بسته شد' },
    );

    registerCall(
      scope,
      unlockCustomer,
      async (change, { user, request }) =>
        unlockAccount(app.db, { id: user.id, ipAddress: request.ip }, change),
      { successMessage: 'قفل حساب باز شد' },
    );

    registerCall(
      scope,
      endCustomerSessions,
      async (change, { user, request }) =>
        endAccountSessions(app.db, { id: user.id, ipAddress: request.ip }, change),
      { successMessage: 'همهٔ نشست‌های این حساب بسته شد' },
    );

    registerCall(
      scope,
      suspendService,
      async (target, { user, request }) =>
        serviceActions.suspendService(app.db, { id: user.id, ipAddress: request.ip }, target),
      { successMessage: 'سرویس معلق شد' },
    );

    registerCall(
      scope,
      unsuspendService,
      async (target, { user, request }) =>
        serviceActions.unsuspendService(app.db, { id: user.id, ipAddress: request.ip }, target),
      { successMessage: 'تعلیق سرویس برداشته شد' },
    );

    registerCall(
      scope,
      extendService,
      async (target, { user, request }) =>
        serviceActions.extendService(app.db, { id: user.id, ipAddress: request.ip }, target),
      { successMessage: 'سرویس تمدید شد' },
    );

    registerCall(
      scope,
      cancelService,
      async (target, { user, request }) =>
        serviceActions.cancelService(app.db, { id: user.id, ipAddress: request.ip }, target),
      { successMessage: 'سرویس لغو شد' },
    );
  });
}
