import {
  completeStaffDomain,
  getStaffDomain,
  importStaffDomain,
  listStaffDomains,
  listStaffRegistrars,
  listStaffTlds,
  refundStaffDomain,
  retryStaffDomain,
  saveStaffRegistrar,
  syncStaffDomain,
  testStaffRegistrar,
  updateStaffTld,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import type { RegistrarPool } from './registrars';
import * as staff from './staff-domains.service';

/** The staff console's domain calls (issue 38): the domains, their actions, TLDs, registrars. */
export async function staffDomainRoutes(app: FastifyInstance, registrars: RegistrarPool) {
  const deps = {
    db: app.db,
    registrars,
    secrets: app.secrets,
    log: app.log,
    publicUrl: app.config.publicUrl,
  };
  await withUser(app, async (scope) => {
    registerCall(scope, listStaffDomains, (query) => staff.listDomains(app.db, query));
    registerCall(scope, getStaffDomain, ({ id }) => staff.getDomain(app.db, id));
    registerCall(
      scope,
      retryStaffDomain,
      (input, { actor }) => staff.retryDomain(app.db, actor, input),
      { successMessage: 'دوباره از ثبت‌کننده خواسته می‌شود' },
    );
    registerCall(
      scope,
      syncStaffDomain,
      (input, { actor }) => staff.syncDomainNow(deps, actor, input),
      { successMessage: 'دامنه از ثبت‌کننده خوانده شد' },
    );
    registerCall(
      scope,
      completeStaffDomain,
      (input, { actor }) => staff.completeDomain(deps, actor, input),
      { successMessage: 'دامنه فعال شد' },
    );
    registerCall(
      scope,
      refundStaffDomain,
      (input, { actor }) => staff.refundDomain(app.db, actor, input),
      { successMessage: 'دامنه لغو و مبلغ آن به کیف پول مشتری برگشت' },
    );
    registerCall(
      scope,
      importStaffDomain,
      (input, { actor }) => staff.importDomain(deps, actor, input),
      { successMessage: 'دامنه به حساب مشتری افزوده شد' },
    );
    registerCall(scope, listStaffTlds, () => staff.listTlds(app.db));
    registerCall(
      scope,
      updateStaffTld,
      async (input, { actor }) => {
        const saved = await staff.updateTld(app.db, actor, input);
        // Its product's yearly price changed with it: the store's cached answers go.
        await app.catalogCache.invalidate();
        return saved;
      },
      { successMessage: 'پسوند ذخیره شد' },
    );
    registerCall(scope, listStaffRegistrars, () => staff.listRegistrars(app.db));
    registerCall(
      scope,
      saveStaffRegistrar,
      (input, { actor }) => staff.saveRegistrar(deps, actor, input),
      { successMessage: 'حساب ثبت‌کننده ذخیره شد' },
    );
    registerCall(scope, testStaffRegistrar, ({ id }) => staff.testRegistrar(deps, id), {
      rateLimit: { max: 10, timeWindowMs: 60_000 },
    });
  });
}
