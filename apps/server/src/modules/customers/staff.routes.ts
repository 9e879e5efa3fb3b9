import {
  adjustCustomerCredit,
  endCustomerSessions,
  getCustomer,
  listCustomerServices,
  lockCustomer,
  searchCustomers,
  unlockCustomer,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import {
  adjustCredit,
  endAccountSessions,
  lockAccount,
  unlockAccount,
} from './customer-actions.service';
import {
  findCustomerDetail,
  listServicesOfCustomer,
  searchCustomerRows,
} from './customers.service';

/** The staff console's customer calls (issue 8). */
export async function staffCustomersRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, searchCustomers, async (query) => {
      const found = await searchCustomerRows(app.db, query);
      return { ...found, page: query.page, pageSize: query.pageSize };
    });

    registerCall(scope, getCustomer, async ({ userId }) => findCustomerDetail(app.db, userId));
    registerCall(scope, listCustomerServices, async (query) =>
      listServicesOfCustomer(app.db, query),
    );

    registerCall(
      scope,
      adjustCustomerCredit,
      async (change, { actor }) => adjustCredit(app.db, actor, change),
      { successMessage: 'اعتبار کیف پول به‌روز شد' },
    );

    registerCall(
      scope,
      lockCustomer,
      async (change, { actor }) => lockAccount(app.db, actor, change),
      { successMessage: 'حساب قفل شد و همهٔ نشست‌هایش بسته شد' },
    );

    registerCall(
      scope,
      unlockCustomer,
      async (change, { actor }) => unlockAccount(app.db, actor, change),
      { successMessage: 'قفل حساب باز شد' },
    );

    registerCall(
      scope,
      endCustomerSessions,
      async (change, { actor }) => endAccountSessions(app.db, actor, change),
      { successMessage: 'همهٔ نشست‌های این حساب بسته شد' },
    );
  });
}
