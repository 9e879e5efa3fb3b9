import {
  addDomainToCart,
  cancelDomainTransfer,
  changeDomainHolder,
  deleteDomainHost,
  getDomainContact,
  getDomainDns,
  getUserDomain,
  getUserDomains,
  renewDomain,
  requestDomainHolderPin,
  restoreDomain,
  revealDomainAuthCode,
  saveDomainContact,
  saveDomainDns,
  saveDomainHost,
  searchDomains,
  setDomainAutoRenew,
  setDomainLock,
  setDomainNameservers,
  submitDomainTransferCode,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCall } from '../../lib/register-call';
import { readOptionalUser, withUser } from '../../plugins/auth';
import { getContact, PUSH_CONTACT_JOB, pushContact, saveContact } from './contacts.service';
import { dnsDriverFor, getDns, saveDns } from './dns.service';
import { DOMAIN_NOTICE_JOB, type DomainNoticeData, sendDomainNotice } from './domain-notices';
import { changeHolder, requestHolderPin } from './holder-change';
import { runHostingRecords } from './hosting-dns';
import { HOSTING_RECORDS_JOB, type HostingRecordsData } from './hosting-queue';
import { REGISTER_JOB } from './lifecycle';
import { addDomain } from './ordering';
import { RegistrarPool } from './registrars';
import { runRegistration } from './registration';
import { addDomainRenewalToCart, RENEW_JOB, runRenewal } from './renewal';
import { searchDomainNames } from './search.service';
import { staffDomainRoutes } from './staff.routes';
import { cancelPendingTransfer } from './transfer-cancel';
import { moveByExpiry, pollRegistries, remindOwners, renewAutomatically, syncDue } from './upkeep';
import {
  deleteHost,
  getUserDomainDetail,
  listUserDomains,
  revealAuthCode,
  saveHost,
  setAutoRenew,
  setLock,
  setNameservers,
  submitTransferCode,
} from './user-domains.service';

/** The domain calls (issue 38): the search, buying, and the customer's own domains. */
export const domainRoutes = fp(registerDomains, {
  name: 'domains',
  dependencies: ['auth', 'sms', 'mail', 'secrets', 'jobs'],
});

async function registerDomains(app: FastifyInstance) {
  const registrars = new RegistrarPool({
    db: app.db,
    secrets: app.secrets,
    timeoutMs: app.config.registrarTimeoutMs,
  });
  app.addHook('onClose', () => registrars.close());
  const deps = { db: app.db, registrars, secrets: app.secrets, log: app.log };
  const dnsDeps = { db: app.db, dns: dnsDriverFor(app.db, app.config.dns) };
  app.addHook('onClose', async () => dnsDeps.dns.close?.());

  // A registration makes at most four registry calls (the holder, the create, and an info to
  // adopt): a node killed in the middle has its job taken up again after this.
  const stuckAfterSeconds = Math.ceil((4 * registrars.timeoutMs) / 1000) + 15;
  app.jobs.define<{ domainId: string }>({
    name: REGISTER_JOB,
    policy: 'stately',
    // 10 s, 20 s, 40 s … ten retries, about 2.8 hours: a registry down for an afternoon heals by
    // itself; staff see the domain from its first miss.
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: stuckAfterSeconds,
    concurrency: 8,
    pollingIntervalSeconds: 2,
    handler: ({ domainId }, context) => runRegistration(deps, domainId, context),
  });
  const noticeDeps = {
    db: app.db,
    sms: app.sms,
    mail: app.mail,
    log: app.log,
    publicUrl: app.config.publicUrl,
    staffAlertEmails: app.config.staffAlertEmails,
  };
  app.jobs.define<{ renewalId: string }>({
    name: RENEW_JOB,
    policy: 'stately',
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: stuckAfterSeconds,
    concurrency: 4,
    pollingIntervalSeconds: 2,
    handler: ({ renewalId }, context) => runRenewal(deps, renewalId, context),
  });
  app.jobs.define<{ userId: string; registrarAccountId: string }>({
    name: PUSH_CONTACT_JOB,
    policy: 'stately',
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: stuckAfterSeconds,
    concurrency: 2,
    handler: (data) => pushContact(deps, data),
  });
  app.jobs.define<DomainNoticeData>({
    name: DOMAIN_NOTICE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    concurrency: 4,
    handler: (data, context) => sendDomainNotice(noticeDeps, data, context),
  });

  app.jobs.define<HostingRecordsData>({
    name: HOSTING_RECORDS_JOB,
    policy: 'stately',
    // 30 s, 1 min, 2 min … ten retries, about eight and a half hours: a DNS server down for a
    // night heals by itself; staff are told after the last.
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    // One zone write at a time on a node: PowerDNS on its SQLite backend answers 500 ("database
    // is locked") to writes that overlap; a write from another node is retried like any miss.
    concurrency: 1,
    pollingIntervalSeconds: 2,
    handler: (data, context) => runHostingRecords(dnsDeps, data, context),
  });

  const upkeepDeps = { ...deps, publicUrl: app.config.publicUrl };
  const upkeep = app.jobs.periodic('domains.upkeep', app.config.jobsIntervalMs, async (now) => {
    await pollRegistries(upkeepDeps, now);
    await moveByExpiry(app.db, now);
    await remindOwners(app.db, now);
    await renewAutomatically(upkeepDeps, now);
    await syncDue(upkeepDeps, now);
  });
  app.decorate('domainsJob', upkeep);

  registerCall(
    app,
    searchDomains,
    ({ q }) => searchDomainNames({ db: app.db, registrars, log: app.log }, q),
    // Each search asks the registries: a person types a few names a minute, a scraper many.
    { rateLimit: { max: 30, timeWindowMs: 60_000 } },
  );
  registerCall(
    app,
    addDomainToCart,
    async ({ cartToken, ...input }, { request }) => {
      const user = await readOptionalUser(app, request);
      return addDomain(deps, { userId: user?.id ?? null, cartToken }, input);
    },
    // Each one asks a registry, as a search does.
    { successMessage: 'دامنه به سبد خرید افزوده شد', rateLimit: { max: 30, timeWindowMs: 60_000 } },
  );

  await withUser(app, async (scope) => {
    registerCall(scope, getUserDomains, (_input, { user }) => listUserDomains(app.db, user.id));
    registerCall(scope, getUserDomain, ({ id }, { user }) =>
      getUserDomainDetail(app.db, user.id, id),
    );
    registerCall(scope, getDomainContact, async (_input, { user }) => ({
      contact: await getContact(app.db, user.id),
    }));
    registerCall(
      scope,
      saveDomainContact,
      async (input, { user }) => ({ contact: await saveContact(app.db, user.id, input) }),
      { successMessage: 'مشخصات دارندهٔ دامنه ذخیره شد' },
    );
    registerCall(
      scope,
      setDomainAutoRenew,
      ({ id, autoRenew }, { user }) => setAutoRenew(app.db, user.id, id, autoRenew),
      { successMessage: 'ذخیره شد' },
    );
    registerCall(
      scope,
      setDomainNameservers,
      ({ id, nameservers }, { user }) => setNameservers(deps, user.id, id, nameservers),
      {
        successMessage: 'نام‌سرورها در ثبت‌کننده تغییر کرد',
        rateLimit: { max: 10, timeWindowMs: 60_000 },
      },
    );
    // Each asks the registry, as a nameserver change does.
    registerCall(scope, saveDomainHost, (input, { user }) => saveHost(deps, user.id, input), {
      successMessage: 'نام‌سرور اختصاصی ذخیره شد',
      rateLimit: { max: 10, timeWindowMs: 60_000 },
    });
    registerCall(scope, deleteDomainHost, (input, { user }) => deleteHost(deps, user.id, input), {
      successMessage: 'نام‌سرور اختصاصی حذف شد',
      rateLimit: { max: 10, timeWindowMs: 60_000 },
    });
    registerCall(scope, getDomainDns, ({ id }, { user }) => getDns(dnsDeps, user.id, id));
    registerCall(
      scope,
      saveDomainDns,
      ({ id, records }, { user }) => saveDns(dnsDeps, user.id, id, records),
      { successMessage: 'رکوردهای DNS ذخیره شد', rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      setDomainLock,
      ({ id, locked }, { user }) => setLock(deps, user.id, id, locked),
      {
        successMessage: 'قفل انتقال در ثبت‌کننده تغییر کرد',
        rateLimit: { max: 10, timeWindowMs: 60_000 },
      },
    );
    registerCall(
      scope,
      revealDomainAuthCode,
      (input, { user }) => revealAuthCode(deps, user.id, input),
      // A password guessed here would give the name away: as tight as sign-in.
      { rateLimit: { max: 10, timeWindowMs: 15 * 60_000 } },
    );
    registerCall(
      scope,
      renewDomain,
      (input, { user }) => addDomainRenewalToCart(app.db, user.id, input),
      { successMessage: 'تمدید دامنه به سبد خرید افزوده شد' },
    );
    registerCall(
      scope,
      restoreDomain,
      (input, { user }) => addDomainRenewalToCart(app.db, user.id, input, 'restore'),
      { successMessage: 'بازگردانی دامنه به سبد خرید افزوده شد' },
    );
    registerCall(
      scope,
      cancelDomainTransfer,
      async ({ id }, { user }) => {
        await cancelPendingTransfer(deps, user.id, id);
        return getUserDomainDetail(app.db, user.id, id);
      },
      // Each one may ask a registry; the page shows what came of it (cancelled, or finished).
      { rateLimit: { max: 10, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      submitDomainTransferCode,
      ({ id, authCode }, { user }) => submitTransferCode(deps, user.id, id, authCode),
      // A code is a secret someone may try to guess through us: few tries.
      { successMessage: 'کد انتقال ثبت شد', rateLimit: { max: 5, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      requestDomainHolderPin,
      async ({ id }, { user }) => {
        await requestHolderPin(deps, user.id, id);
        return getUserDomainDetail(app.db, user.id, id);
      },
      // Each one has IRNIC e-mail the holder: a few an hour.
      {
        successMessage: 'ایرنیک کد PIN را به ایمیل دارندهٔ کنونی دامنه می‌فرستد',
        rateLimit: { max: 3, timeWindowMs: 60 * 60_000 },
      },
    );
    registerCall(
      scope,
      changeDomainHolder,
      async ({ id, pin }, { user }) => {
        await changeHolder(deps, user.id, id, pin);
        return getUserDomainDetail(app.db, user.id, id);
      },
      // A PIN someone may try to guess through us: few tries.
      {
        successMessage: 'تغییر دارنده به ایرنیک فرستاده شد',
        rateLimit: { max: 5, timeWindowMs: 15 * 60_000 },
      },
    );
  });

  await staffDomainRoutes(app, registrars);

  app.pageMeta.add(/^\/domains$/, async () => ({
    title: 'جست‌وجوی دامنه | ویترین',
    description:
      'آزاد بودن نام دامنه را در پسوندهای ایرانی و بین‌المللی از خود ثبت‌کننده بپرسید و قیمت ثبت و تمدید سالانه را ببینید.',
  }));
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The domains' periodic work (poll messages, the expiry's moves, reminders, automatic
     * renewals, the sync), run once by hand (tests, an operator); `now` stands in for the clock.
     */
    domainsJob: { runOnce(now?: Date): Promise<boolean> };
  }
}
