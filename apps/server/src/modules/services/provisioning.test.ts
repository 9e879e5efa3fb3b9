import {
  completeSetupByHand,
  getServiceAccess,
  getServiceTimeline,
  getSetupQueue,
  openControlPanel,
  resetPanelPassword,
  retrySetup,
  revealPanelPassword,
  savePanelServer,
  saveProductProvisioning,
  testPanelServer,
} from '@vitrin/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OutboxMailSender } from '../../providers/email/outbox-mail';
import { type FakeWhm, startFakeWhm } from '../../providers/panel/fake-whm';
import { sandboxPasswordMatches } from '../../providers/panel/sandbox-driver';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { auditLog, sandboxPanelAccounts, serviceEvents, serviceNotices, users } from '../../schema';
import { ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { hashPassword } from '../accounts/password';
import {
  type Customer,
  createCustomer,
  FREE_THEME,
  productIdOf,
} from '../orders/checkout-test-kit';
import { buyServices, freshDomain, serviceRow } from './panel-test-kit';
import { panelUsernameFor } from './provisioning';

// Delivering what was sold (issue 20): a paid plan becomes an account on a panel through the
// job queue, the customer gets its access, and failures end with staff, never silently.

const STAFF_INBOX = 'ops@vitrin.example';
const t = setupTestApp({ seedDemoData: true, staffAlertEmails: [STAFF_INBOX] });
let admin: SignedInUser;
let whm: FakeWhm;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  whm = await startFakeWhm();
});

afterAll(() => whm.close());

const sms = () => t.app.sms as ConsoleSmsSender;
const mail = () => t.app.mail as OutboxMailSender;

/** Pays for the lines without running any job: the services as the settlement left them. */
async function payOnly(customer: Customer, lines: Parameters<typeof buyServices>[2]) {
  const drain = t.app.jobs.drain.bind(t.app.jobs);
  t.app.jobs.drain = async () => ({ completed: 0, failed: 0 });
  try {
    return await buyServices(t.app, customer, lines);
  } finally {
    t.app.jobs.drain = drain;
  }
}

const PASSWORD = 'a-long-own-password-1405';

/** A customer who also signs in with a password (asked again before secrets are shown). */
async function customerWithPassword(): Promise<Customer & { password: string }> {
  const customer = await createCustomer(t.app);
  await t.app.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, customer.id));
  return { ...customer, password: PASSWORD };
}

const builderPlan = () => ({
  slug: 'builder-starter',
  cycle: 'monthly' as const,
  theme: FREE_THEME,
  domain: freshDomain(),
});

async function eventsOf(serviceId: string) {
  return t.app.db
    .select()
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, serviceId))
    .orderBy(asc(serviceEvents.createdAt), asc(serviceEvents.id));
}

describe('a paid plan on the sandbox panel', () => {
  test('waits as pending, is created by the job, and its owner is told once by SMS and e-mail', async () => {
    const customer = await createCustomer(t.app);
    const email = `buyer${customer.mobile.slice(-7)}@example.com`;
    const [service] = await payOnly(customer, [builderPlan()]);
    if (!service) throw new Error('no service');
    expect(service.status).toBe('pending');
    expect((await eventsOf(service.id)).map((event) => event.kind)).toEqual(['created']);

    await t.app.jobs.drain();
    const active = await serviceRow(t.app, service.id);
    expect(active.status).toBe('active');
    expect(active.panelUsername).toBe(panelUsernameFor(service.id));
    expect(active.panelPassword).toMatch(/^v1\.test\./);
    expect((await eventsOf(service.id)).map((event) => [event.kind, event.toStatus])).toEqual([
      ['created', 'pending'],
      ['provision.attempt', 'provisioning'],
      ['panel.create', 'active'],
    ]);
    const [account] = await t.app.db
      .select()
      .from(sandboxPanelAccounts)
      .where(eq(sandboxPanelAccounts.username, active.panelUsername as string));
    expect(account?.theme).toBe(FREE_THEME);

    const texts = sms().sent.filter((entry) => entry.to === customer.mobile);
    expect(texts.map((entry) => entry.text)).toEqual([expect.stringContaining('آماده است')]);
    const mails = mail().sent.filter((entry) => entry.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('آماده است');
    expect(mails[0]?.html).toContain(active.panelUsername);

    // Running the queue again sends nothing twice.
    await t.app.jobs.drain();
    expect(sms().sent.filter((entry) => entry.to === customer.mobile)).toHaveLength(1);
    const notices = await t.app.db
      .select()
      .from(serviceNotices)
      .where(eq(serviceNotices.serviceId, service.id));
    expect(notices.map((notice) => [notice.channel, notice.state]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
  });

  test('its owner sees the account, visits the site, and signs into the panel once per link', async () => {
    const customer = await createCustomer(t.app);
    const [service] = await buyServices(t.app, customer, [builderPlan()]);
    if (!service) throw new Error('no service');
    const access = await ok(
      t.app,
      getServiceAccess.path,
      { serviceId: service.id },
      customer.token,
    );
    expect(access.account).toMatchObject({
      username: service.panelUsername,
      panelName: 'پنل آزمایشی داخلی',
      canSignIn: true,
    });
    // The plan's 2 GB (issue 35: the sandbox's fixed «starter» package gave 1 GB).
    expect(access.usage?.diskLimitMb).toBe(2048);
    const served = async () =>
      (
        await t.app.db
          .select({ bytes: sandboxPanelAccounts.servedBytes })
          .from(sandboxPanelAccounts)
          .where(eq(sandboxPanelAccounts.username, service.panelUsername as string))
      )[0]?.bytes ?? 0;
    const before = await served();

    const site = await t.app.inject({ url: new URL(access.account?.siteUrl as string).pathname });
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain('سایت شما آماده است');
    // The bandwidth the panel reports grows with every page served.
    expect(await served()).toBe(before + Buffer.byteLength(site.body));

    const { url } = await ok(
      t.app,
      openControlPanel.path,
      { serviceId: service.id },
      customer.token,
    );
    const path = new URL(url);
    const panel = await t.app.inject({ url: `${path.pathname}${path.search}` });
    expect(panel.statusCode).toBe(200);
    expect(panel.body).toContain(service.panelUsername as string);
    const again = await t.app.inject({ url: `${path.pathname}${path.search}` });
    expect(again.statusCode).toBe(403);
  });

  test('the password is shown only to its owner, after their own password, and can be replaced', async () => {
    const customer = await customerWithPassword();
    const stranger = await customerWithPassword();
    const [service] = await buyServices(t.app, customer, [builderPlan()]);
    if (!service) throw new Error('no service');
    const wrong = await refused(
      t.app,
      revealPanelPassword.path,
      { serviceId: service.id, password: 'not-my-password' },
      customer.token,
      422,
    );
    expect(wrong.message).toBe('رمز عبور نادرست است');
    await refused(
      t.app,
      revealPanelPassword.path,
      { serviceId: service.id, password: stranger.password },
      stranger.token,
      404,
    );
    const { password } = await ok(
      t.app,
      revealPanelPassword.path,
      { serviceId: service.id, password: customer.password },
      customer.token,
    );
    const account = async () =>
      (
        await t.app.db
          .select()
          .from(sandboxPanelAccounts)
          .where(eq(sandboxPanelAccounts.username, service.panelUsername as string))
      )[0];
    expect(sandboxPasswordMatches(password, (await account())?.passwordHash ?? '')).toBe(true);

    const reset = await ok(
      t.app,
      resetPanelPassword.path,
      { serviceId: service.id, password: customer.password },
      customer.token,
    );
    expect(reset.password).not.toBe(password);
    expect(sandboxPasswordMatches(reset.password, (await account())?.passwordHash ?? '')).toBe(
      true,
    );
    const shown = await ok(
      t.app,
      revealPanelPassword.path,
      { serviceId: service.id, password: customer.password },
      customer.token,
    );
    expect(shown.password).toBe(reset.password);
    // Neither password is anywhere in the timeline staff read.
    const timeline = JSON.stringify(
      await ok(t.app, getServiceTimeline.path, { serviceId: service.id }, admin.token),
    );
    expect(timeline).not.toContain(password);
    expect(timeline).not.toContain(reset.password);
  });

  test('another customer cannot see, sign into or reset someone else’s account', async () => {
    const owner = await createCustomer(t.app);
    const other = await customerWithPassword();
    const [service] = await buyServices(t.app, owner, [builderPlan()]);
    if (!service) throw new Error('no service');
    for (const path of [getServiceAccess.path, openControlPanel.path]) {
      await refused(t.app, path, { serviceId: service.id }, other.token, 404);
    }
    await refused(
      t.app,
      resetPanelPassword.path,
      { serviceId: service.id, password: other.password },
      other.token,
      404,
    );
  });
});

describe('a cPanel/WHM server that fails', () => {
  let serverId: string;

  beforeAll(async () => {
    const server = await ok(
      t.app,
      savePanelServer.path,
      {
        name: 'whm-tehran-1',
        kind: 'whm',
        baseUrl: whm.url,
        groupName: 'whm',
        capacity: 100,
        enabled: true,
        credentials: { username: whm.username, apiToken: whm.apiToken },
      },
      admin.token,
    );
    serverId = server.id;
    await ok(
      t.app,
      saveProductProvisioning.path,
      {
        productId: await productIdOf(t.app.db, 'host-linux-20g'),
        provisioning: {
          groupName: 'whm',
          packageName: 'business',
          graceDays: 3,
          terminateAfterDays: 14,
        },
      },
      admin.token,
    );
  });

  const hosting = () => ({
    slug: 'host-linux-20g',
    cycle: 'monthly' as const,
    domain: freshDomain(),
  });

  test('staff calls are admin-only, and the token never comes back or reaches the audit log', async () => {
    await expectStaffOnly(t.app, getSetupQueue, {});
    await expectStaffOnly(t.app, testPanelServer, { serverId });
    const tested = await ok(t.app, testPanelServer.path, { serverId }, admin.token);
    expect(tested).toMatchObject({ ok: true, error: null });
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, serverId));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(whm.apiToken);
    const listed = await send(t.app, '/api/admin/provisioning/get-panel-servers', {}, admin.token);
    expect(listed.body).toContain('whm-tehran-1');
    expect(listed.body).not.toContain(whm.apiToken);
  });

  test('a passing outage is retried until the account exists, once, with each attempt on the timeline', async () => {
    const customer = await createCustomer(t.app);
    whm.failNext(2, { only: 'createacct' });
    const [service] = await buyServices(t.app, customer, [hosting()]);
    if (!service) throw new Error('no service');
    expect((await serviceRow(t.app, service.id)).status).toBe('failed');
    await t.app.jobs.drain(undefined, { includeDelayed: true });
    const active = await serviceRow(t.app, service.id);
    expect(active.status).toBe('active');
    expect(whm.accounts().filter((account) => account.domain === service.domainName)).toHaveLength(
      1,
    );
    const events = await eventsOf(service.id);
    expect(events.map((event) => [event.kind, event.attempt])).toEqual([
      ['created', null],
      ['provision.attempt', 1],
      ['provision.failed', 1],
      ['provision.attempt', 2],
      ['provision.failed', 2],
      ['provision.attempt', 3],
      ['panel.create', 3],
    ]);
    const calls = JSON.stringify(events.map((event) => event.calls));
    expect(calls).toContain('createacct');
    expect(calls).not.toContain(whm.apiToken);
  });

  test('refused credentials go straight to staff; after the fix, a retry makes it active', async () => {
    const customer = await createCustomer(t.app);
    whm.setMode('auth-failure');
    const [service] = await buyServices(t.app, customer, [hosting()]);
    if (!service) throw new Error('no service');
    expect((await serviceRow(t.app, service.id)).status).toBe('needs-attention');
    expect(
      sms()
        .sent.filter((entry) => entry.to === customer.mobile)
        .at(-1)?.text,
    ).toContain('کارشناس');
    expect(
      mail().sent.some((entry) => entry.to === STAFF_INBOX && entry.subject.includes(service.name)),
    ).toBe(true);
    const queue = await ok(t.app, getSetupQueue.path, { onlyNeedsAttention: true }, admin.token);
    expect(queue.items.map((item) => item.serviceId)).toContain(service.id);
    expect(queue.needsAttention).toBeGreaterThanOrEqual(1);

    whm.setMode('normal');
    await ok(
      t.app,
      retrySetup.path,
      { serviceId: service.id, reason: 'توکن تازه شد' },
      admin.token,
    );
    await t.app.jobs.drain();
    expect((await serviceRow(t.app, service.id)).status).toBe('active');
    // The retry is the service's second try, not a new first one.
    const tries = await t.app.db
      .select({ attempt: serviceEvents.attempt })
      .from(serviceEvents)
      .where(
        and(eq(serviceEvents.serviceId, service.id), eq(serviceEvents.kind, 'provision.attempt')),
      )
      .orderBy(asc(serviceEvents.createdAt));
    expect(tries.map((row) => row.attempt)).toEqual([1, 2]);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, service.id), eq(auditLog.action, 'service.retry-setup')));
    expect(audit).toHaveLength(1);
  });

  test('staff may finish a setup by hand, with a reason, and the owner is told it is ready', async () => {
    const customer = await createCustomer(t.app);
    whm.setMode('auth-failure');
    const [service] = await buyServices(t.app, customer, [hosting()]);
    whm.setMode('normal');
    if (!service) throw new Error('no service');
    await ok(
      t.app,
      completeSetupByHand.path,
      { serviceId: service.id, reason: 'حساب را در WHM دستی ساختم' },
      admin.token,
    );
    await t.app.jobs.drain();
    expect((await serviceRow(t.app, service.id)).status).toBe('active');
    expect(
      sms()
        .sent.filter((entry) => entry.to === customer.mobile)
        .at(-1)?.text,
    ).toContain('آماده است');
  });
});
