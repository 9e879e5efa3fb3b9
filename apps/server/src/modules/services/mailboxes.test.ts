import {
  createMailbox,
  deleteMailbox,
  getServiceAccess,
  listMailboxes,
  resetMailboxPassword,
  setMailboxQuota,
} from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { sandboxPasswordMatches } from '../../providers/panel/sandbox-driver';
import { sandboxMailboxes, serviceEvents, services, users } from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { type Customer, createCustomer } from '../orders/checkout-test-kit';
import { buyService, freshDomain, type ServiceRow, setService } from './panel-test-kit';

// Business e-mail is delivered (issue 35 item 3): a paid e-mail plan gets its account on the
// demo's sandbox panel like hosting, and its owner manages the domain's mailboxes within the
// plan's limits (email-team: 5 mailboxes of at most 10 GB).

const t = setupTestApp({ seedDemoData: true });

const STRONG = 'Kavir-Dasht-9317-Mahtab';
let owner: Customer;
let stranger: Customer;
let mail: ServiceRow;
let domain: string;

beforeAll(async () => {
  owner = await createCustomer(t.app);
  stranger = await createCustomer(t.app);
  domain = freshDomain();
  mail = await buyService(t.app, owner, { slug: 'email-team', cycle: 'monthly', domain });
});

const mailboxesOf = async (token = owner.token) =>
  (await ok(t.app, listMailboxes.path, { serviceId: mail.id }, token)).email;

describe('business e-mail delivered by the panel', () => {
  test('a paid e-mail plan goes pending → provisioning → active with an account for its domain', async () => {
    expect(mail.status).toBe('active');
    expect(mail.panelUsername).not.toBeNull();
    const access = await ok(t.app, getServiceAccess.path, { serviceId: mail.id }, owner.token);
    expect(access.account?.domain).toBe(domain);
    const moves = await t.app.db
      .select({ to: serviceEvents.toStatus })
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, mail.id));
    expect(moves.map((move) => move.to).filter(Boolean)).toEqual(
      expect.arrayContaining(['provisioning', 'active']),
    );
  });

  test('lists no mailboxes yet, the plan limits, and the DNS records to copy', async () => {
    const email = await mailboxesOf();
    expect(email).toMatchObject({
      domain,
      limits: { mailboxes: 5, mailboxQuotaMb: 10_240 },
      mailboxes: [],
      problem: null,
      dnsManaged: false,
    });
    const kinds = email?.dnsRecords.map((record) => record.kind);
    expect(kinds).toEqual(['MX', 'SPF', 'DKIM', 'DMARC']);
    expect(email?.dnsRecords[0]).toMatchObject({ name: domain, value: 'mail.vitrin.localhost' });
    expect(email?.dnsRecords[1]?.value).toBe('v=spf1 mx a:mail.vitrin.localhost ~all');
    const dkim = email?.dnsRecords.find((record) => record.kind === 'DKIM');
    expect(dkim?.name).toBe(`vitrin._domainkey.${domain}`);
    expect(dkim?.value).toMatch(/^v=DKIM1; k=rsa; p=MII[A-Za-z0-9+/]+=*$/);
    // The same key on every read: the sandbox keeps it.
    const again = (await mailboxesOf())?.dnsRecords.find((record) => record.kind === 'DKIM');
    expect(again?.value).toBe(dkim?.value);
  });

  test('creates a mailbox, recorded on the timeline without its password', async () => {
    const created = await ok(
      t.app,
      createMailbox.path,
      { serviceId: mail.id, localPart: 'Info', password: STRONG, quotaMb: 2048 },
      owner.token,
    );
    expect(created.mailbox).toEqual({
      localPart: 'info',
      address: `info@${domain}`,
      quotaMb: 2048,
      usedMb: 0,
    });
    expect((await mailboxesOf())?.mailboxes).toEqual([created.mailbox]);
    const [event] = await t.app.db
      .select()
      .from(serviceEvents)
      .where(and(eq(serviceEvents.serviceId, mail.id), eq(serviceEvents.kind, 'mail.create')));
    expect(event?.message).toBe(`صندوق ایمیل info@${domain} ساخته شد`);
    expect(Array.isArray(event?.calls) && event.calls.length > 0).toBe(true);
    expect(JSON.stringify(event)).not.toContain(STRONG);
  });

  test('refuses a mailbox that exists, a quota over the plan and a weak password, in Persian', async () => {
    const exists = await refused(
      t.app,
      createMailbox.path,
      { serviceId: mail.id, localPart: 'info', password: STRONG, quotaMb: 1024 },
      owner.token,
      409,
    );
    expect(exists.message).toBe('صندوقی با این نام از پیش هست');
    const tooBig = await refused(
      t.app,
      createMailbox.path,
      { serviceId: mail.id, localPart: 'big', password: STRONG, quotaMb: 20_000 },
      owner.token,
      400,
    );
    expect(tooBig.fields?.quotaMb).toBe('سهمیهٔ هر صندوق در این پلن حداکثر ۱۰٬۲۴۰ مگابایت است');
    const weak = await refused(
      t.app,
      createMailbox.path,
      { serviceId: mail.id, localPart: 'weak', password: 'password1', quotaMb: 1024 },
      owner.token,
      400,
    );
    expect(weak.fields?.password).toMatch(/^رمز عبور .* است؛/);
    expect((await mailboxesOf())?.mailboxes?.map((box) => box.localPart)).toEqual(['info']);
  });

  test('resets a password and sets a quota on the panel', async () => {
    const fresh = 'Zayandeh-Rud-4471-Pol';
    await ok(
      t.app,
      resetMailboxPassword.path,
      { serviceId: mail.id, localPart: 'info', password: fresh },
      owner.token,
    );
    const [box] = await t.app.db
      .select()
      .from(sandboxMailboxes)
      .where(
        and(
          eq(sandboxMailboxes.username, mail.panelUsername ?? ''),
          eq(sandboxMailboxes.localPart, 'info'),
        ),
      );
    expect(sandboxPasswordMatches(fresh, box?.passwordHash ?? '')).toBe(true);
    await ok(
      t.app,
      setMailboxQuota.path,
      { serviceId: mail.id, localPart: 'info', quotaMb: 4096 },
      owner.token,
    );
    expect((await mailboxesOf())?.mailboxes?.[0]?.quotaMb).toBe(4096);
    await refused(
      t.app,
      setMailboxQuota.path,
      { serviceId: mail.id, localPart: 'info', quotaMb: 10_241 },
      owner.token,
      400,
    );
    await refused(
      t.app,
      resetMailboxPassword.path,
      { serviceId: mail.id, localPart: 'nobody', password: fresh },
      owner.token,
      404,
    );
  });

  test('the plan has five mailboxes: a sixth is refused; a deleted one frees its place', async () => {
    for (const name of ['sales', 'support', 'hr', 'ceo']) {
      await ok(
        t.app,
        createMailbox.path,
        { serviceId: mail.id, localPart: name, password: STRONG, quotaMb: 1024 },
        owner.token,
      );
    }
    const sixth = await refused(
      t.app,
      createMailbox.path,
      { serviceId: mail.id, localPart: 'extra', password: STRONG, quotaMb: 1024 },
      owner.token,
      409,
    );
    expect(sixth.message).toContain('این پلن ۵ صندوق دارد');
    await ok(t.app, deleteMailbox.path, { serviceId: mail.id, localPart: 'ceo' }, owner.token);
    await refused(
      t.app,
      deleteMailbox.path,
      { serviceId: mail.id, localPart: 'ceo' },
      owner.token,
      404,
    );
    await ok(
      t.app,
      createMailbox.path,
      { serviceId: mail.id, localPart: 'extra', password: STRONG, quotaMb: 1024 },
      owner.token,
    );
    expect((await mailboxesOf())?.mailboxes).toHaveLength(5);
  });

  test("only the owner: another customer's calls answer as for an unknown service", async () => {
    const calls = [
      [listMailboxes.path, { serviceId: mail.id }],
      [createMailbox.path, { serviceId: mail.id, localPart: 'x', password: STRONG, quotaMb: 1024 }],
      [resetMailboxPassword.path, { serviceId: mail.id, localPart: 'info', password: STRONG }],
      [setMailboxQuota.path, { serviceId: mail.id, localPart: 'info', quotaMb: 1024 }],
      [deleteMailbox.path, { serviceId: mail.id, localPart: 'info' }],
    ] as const;
    for (const [path, body] of calls) {
      const error = await refused(t.app, path, body, stranger.token, 404);
      expect(error.code).toBe('NOT_FOUND');
    }
    expect((await mailboxesOf())?.mailboxes).toHaveLength(5);
  });

  test('a hosting service has no mailboxes; a suspended e-mail service changes none', async () => {
    const hosting = await buyService(t.app, owner, {
      slug: 'host-linux-1g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    const none = await ok(t.app, listMailboxes.path, { serviceId: hosting.id }, owner.token);
    expect(none.email).toBeNull();
    await refused(
      t.app,
      createMailbox.path,
      { serviceId: hosting.id, localPart: 'x', password: STRONG, quotaMb: 1024 },
      owner.token,
      409,
    );
    await setService(t.app, mail.id, { status: 'suspended' });
    const suspended = await refused(
      t.app,
      deleteMailbox.path,
      { serviceId: mail.id, localPart: 'info' },
      owner.token,
      409,
    );
    expect(suspended.message).toBe('صندوق‌های ایمیل فقط در سرویس فعال مدیریت می‌شوند');
    await setService(t.app, mail.id, { status: 'active' });
  });

  test('the demo: سارا has a running e-mail plan with two mailboxes in use', async () => {
    const [sara] = await t.app.db.select().from(users).where(eq(users.mobile, '+989121234567'));
    const rows = await t.app.db
      .select()
      .from(services)
      .where(and(eq(services.userId, sara?.id ?? ''), eq(services.status, 'active')));
    const email = rows.find(
      (row) => row.domainName === 'sara-blog.com' && row.name.includes('ایمیل'),
    );
    expect(email?.panelUsername).not.toBeNull();
    const boxes = await t.app.db
      .select()
      .from(sandboxMailboxes)
      .where(eq(sandboxMailboxes.username, email?.panelUsername ?? ''));
    expect(boxes.map((box) => [box.localPart, box.usedMb > 0])).toEqual([
      ['info', true],
      ['sara', true],
    ]);
    // Its timeline tells of a setup, not of a wait for staff.
    const told = await t.app.db
      .select({ message: serviceEvents.message })
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, email?.id ?? ''));
    expect(told.map((event) => event.message).join(' ')).not.toContain('تحویل');
  });
});
