import { isIP } from 'node:net';
import type { MailboxView, MailDnsRecordView, PlanLimits } from '@vitrin/contracts';
import { checkPasswordStrength, weakPasswordMessage } from '@vitrin/contracts/password-strength';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { type PanelCallRecord, PanelError } from '../../providers/panel/panel-driver';
import {
  type DkimKey,
  MailRefusal,
  mailOf,
  type PanelMail,
} from '../../providers/panel/panel-mail';
import { SANDBOX_MAIL_HOST } from '../../providers/panel/sandbox-mail';
import { hasLimit, planLimitsOf } from '../catalog';
import { recordServiceEvent } from './lifecycle';
import { driverFor, type PanelServerRow, type ProvisioningDeps } from './panel-servers';
import { panelServers, services } from './schema';

// Business e-mail (issue 35 item 3): the owner of an active e-mail service manages the mailboxes
// of its domain on the panel that delivered it. The plan's limits (the product's, the one source
// of issue 35 item 4) bound how many mailboxes and how large; the panel refuses what it will not
// hold. Each change is recorded on the service's timeline with its panel exchanges, redacted.

const NOT_FOUND = 'این سرویس پیدا نشد';
const PANEL_DOWN = 'کنترل پنل ایمیل اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید';

/** The limits an e-mail plan sets on its mailboxes; null when the plan is not business e-mail. */
export async function mailLimitsOf(
  deps: Pick<ProvisioningDeps, 'db'>,
  productId: string | null,
): Promise<{ mailboxes: number | null; mailboxQuotaMb: number | null } | null> {
  const limits: PlanLimits = productId ? await planLimitsOf(deps.db, productId) : {};
  if (!hasLimit(limits, 'mailboxes')) return null;
  return { mailboxes: limits.mailboxes ?? null, mailboxQuotaMb: limits.mailboxQuotaMb ?? null };
}

type ServiceRow = typeof services.$inferSelect;

interface MailService {
  service: ServiceRow;
  limits: { mailboxes: number | null; mailboxQuotaMb: number | null };
  server: PanelServerRow;
  username: string;
  domain: string;
}

async function ownService(deps: ProvisioningDeps, userId: string, serviceId: string) {
  const [service] = await deps.db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.userId, userId)));
  if (!service) throw new AppError('NOT_FOUND', NOT_FOUND);
  return service;
}

/** The owner's active e-mail service with its account on a panel, or the reason it is not. */
async function mailService(
  deps: ProvisioningDeps,
  userId: string,
  serviceId: string,
): Promise<MailService> {
  const service = await ownService(deps, userId, serviceId);
  const limits = await mailLimitsOf(deps, service.productId);
  if (!limits) throw new AppError('CONFLICT', 'این سرویس ایمیل سازمانی نیست');
  if (service.status !== 'active') {
    throw new AppError('CONFLICT', 'صندوق‌های ایمیل فقط در سرویس فعال مدیریت می‌شوند');
  }
  const [server] = service.serverId
    ? await deps.db.select().from(panelServers).where(eq(panelServers.id, service.serverId))
    : [];
  if (!server || !service.panelUsername || !service.domainName) {
    throw new AppError('CONFLICT', 'این سرویس هنوز حسابی روی کنترل پنل ندارد');
  }
  return {
    service,
    limits,
    server,
    username: service.panelUsername,
    domain: service.domainName,
  };
}

function mailDriver(
  deps: ProvisioningDeps,
  server: PanelServerRow,
  onCall?: (record: PanelCallRecord) => void,
): PanelMail {
  const mail = mailOf(driverFor(server, deps, onCall));
  if (!mail) throw new AppError('CONFLICT', 'کنترل پنل این سرویس ایمیل را مدیریت نمی‌کند');
  return mail;
}

/**
 * The host the domain's mail goes to (an MX names a host, never an address): the panel server's
 * own name, or `mail.<domain>` (which cPanel and DirectAdmin make) when it is reached by IP. The
 * sandbox receives no mail; the demo's host stands for it.
 */
function mailHostOf(server: PanelServerRow, domain: string): string {
  if (server.kind === 'sandbox') return SANDBOX_MAIL_HOST;
  const host = new URL(server.baseUrl).hostname;
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0 || host === 'localhost' ? `mail.${domain}` : host;
}

/** The records the domain needs for its mail, DKIM only when the panel told its key. */
export function mailDnsRecords(
  domain: string,
  mailHost: string,
  dkim: DkimKey | null,
): MailDnsRecordView[] {
  const records: MailDnsRecordView[] = [
    { kind: 'MX', type: 'MX', name: domain, value: mailHost, priority: 10 },
    {
      kind: 'SPF',
      type: 'TXT',
      name: domain,
      value: `v=spf1 mx a:${mailHost} ~all`,
      priority: null,
    },
  ];
  if (dkim) {
    records.push({
      kind: 'DKIM',
      type: 'TXT',
      name: `${dkim.selector}._domainkey.${domain}`,
      value: `v=DKIM1; k=rsa; p=${dkim.publicKey}`,
      priority: null,
    });
  }
  records.push({
    kind: 'DMARC',
    type: 'TXT',
    name: `_dmarc.${domain}`,
    value: 'v=DMARC1; p=quarantine; adkim=r; aspf=r',
    priority: null,
  });
  return records;
}

function view(domain: string, box: { localPart: string; quotaMb: number | null; usedMb: number }) {
  return { ...box, address: `${box.localPart}@${domain}` } satisfies MailboxView;
}

export async function listMailboxes(deps: ProvisioningDeps, userId: string, serviceId: string) {
  const service = await ownService(deps, userId, serviceId);
  const limits = await mailLimitsOf(deps, service.productId);
  if (!limits) return { email: null };
  const found = await mailService(deps, userId, serviceId);
  const calls: PanelCallRecord[] = [];
  const mail = mailDriver(deps, found.server, (record) => calls.push(record));
  let mailboxes: MailboxView[] | null = null;
  let problem: string | null = null;
  let dkim: DkimKey | null = null;
  try {
    mailboxes = (await mail.listMailboxes(found.username, found.domain)).map((box) =>
      view(found.domain, box),
    );
    dkim = await mail.dkimKey(found.username, found.domain);
  } catch (error) {
    deps.log.warn({ err: error, serviceId }, 'mailboxes not read');
    problem = PANEL_DOWN;
    await record(deps, serviceId, userId, 'mail.list', 'فهرست صندوق‌های ایمیل خوانده نشد', calls);
  }
  return {
    email: {
      domain: found.domain,
      limits,
      mailboxes,
      problem,
      dnsRecords: mailDnsRecords(found.domain, mailHostOf(found.server, found.domain), dkim),
      dnsManaged: false,
    },
  };
}

// One change at a time per service in this process: a second create cannot slip past the
// mailbox count while the first is still on its way to the panel.
const busy = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(serviceId: string, run: () => Promise<T>): Promise<T> {
  const before = busy.get(serviceId) ?? Promise.resolve();
  const current = before.catch(() => undefined).then(run);
  busy.set(serviceId, current);
  try {
    return await current;
  } finally {
    if (busy.get(serviceId) === current) busy.delete(serviceId);
  }
}

/** A password a person could guess, or one built from the address, is refused (as sign-up's). */
async function assertStrongMailboxPassword(password: string, localPart: string, domain: string) {
  const strength = await checkPasswordStrength(password, [
    localPart,
    domain,
    domain.split('.')[0] ?? domain,
  ]);
  if (strength.strong) return;
  const message = weakPasswordMessage(strength);
  throw new AppError('VALIDATION', message, { fields: { password: message } });
}

function assertQuotaWithinPlan(limits: MailService['limits'], quotaMb: number) {
  if (limits.mailboxQuotaMb !== null && quotaMb > limits.mailboxQuotaMb) {
    const message = `سهمیهٔ هر صندوق در این پلن حداکثر ${formatAmount(limits.mailboxQuotaMb)} مگابایت است`;
    throw new AppError('VALIDATION', message, { fields: { quotaMb: message } });
  }
}

/**
 * Runs one change on the panel and records it on the timeline, success or not; a refusal the
 * panel words (exists, quota, weak password, missing) becomes its Persian reason.
 */
async function change(
  deps: ProvisioningDeps,
  found: MailService,
  userId: string,
  kind: string,
  words: { done: string; failed: string },
  run: (mail: PanelMail) => Promise<void>,
): Promise<void> {
  const calls: PanelCallRecord[] = [];
  const mail = mailDriver(deps, found.server, (entry) => calls.push(entry));
  try {
    await run(mail);
  } catch (error) {
    await record(deps, found.service.id, userId, kind, words.failed, calls);
    throw asAppError(error);
  }
  await record(deps, found.service.id, userId, kind, words.done, calls);
}

function asAppError(error: unknown): Error {
  if (error instanceof MailRefusal) {
    switch (error.reason) {
      case 'exists':
        return new AppError('CONFLICT', 'صندوقی با این نام از پیش هست', {
          fields: { localPart: 'صندوقی با این نام از پیش هست' },
        });
      case 'missing':
        return new AppError('NOT_FOUND', 'این صندوق ایمیل پیدا نشد');
      case 'quota': {
        const message = 'کنترل پنل این سهمیه را بیش از حد مجاز حساب دانست؛ سهمیهٔ کمتری بگذارید';
        return new AppError('VALIDATION', message, { fields: { quotaMb: message } });
      }
      case 'weak-password': {
        const message = 'کنترل پنل این گذرواژه را نپذیرفت؛ گذرواژهٔ بلندتر و قوی‌تری بگذارید';
        return new AppError('VALIDATION', message, { fields: { password: message } });
      }
    }
  }
  if (error instanceof PanelError) return new AppError('PANEL_UNAVAILABLE', PANEL_DOWN);
  return error as Error;
}

async function record(
  deps: ProvisioningDeps,
  serviceId: string,
  userId: string,
  kind: string,
  message: string,
  calls: PanelCallRecord[],
) {
  await deps.db.transaction((tx) =>
    recordServiceEvent(
      tx,
      serviceId,
      { kind, actor: 'customer', actorId: userId, message, calls },
      new Date(),
    ),
  );
}

export async function createMailbox(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; localPart: string; password: string; quotaMb: number },
) {
  const found = await mailService(deps, userId, input.serviceId);
  assertQuotaWithinPlan(found.limits, input.quotaMb);
  await assertStrongMailboxPassword(input.password, input.localPart, found.domain);
  const address = `${input.localPart}@${found.domain}`;
  return oneAtATime(found.service.id, async () => {
    await change(
      deps,
      found,
      userId,
      'mail.create',
      { done: `صندوق ایمیل ${address} ساخته شد`, failed: `ساخت صندوق ایمیل ${address} نشد` },
      async (mail) => {
        const existing = await mail.listMailboxes(found.username, found.domain);
        if (existing.some((box) => box.localPart === input.localPart)) {
          throw new MailRefusal('exists', `${address} is already there`);
        }
        const max = found.limits.mailboxes;
        if (max !== null && existing.length >= max) {
          throw new AppError(
            'CONFLICT',
            `این پلن ${toPersianDigits(max)} صندوق دارد و همه ساخته شده‌اند؛ برای صندوق بیشتر، صندوقی را حذف یا پلن را ارتقا دهید`,
          );
        }
        await mail.createMailbox(
          found.username,
          found.domain,
          input.localPart,
          input.password,
          input.quotaMb,
        );
      },
    );
    return {
      mailbox: view(found.domain, {
        localPart: input.localPart,
        quotaMb: input.quotaMb,
        usedMb: 0,
      }),
    };
  });
}

export async function resetMailboxPassword(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; localPart: string; password: string },
) {
  const found = await mailService(deps, userId, input.serviceId);
  await assertStrongMailboxPassword(input.password, input.localPart, found.domain);
  const address = `${input.localPart}@${found.domain}`;
  await oneAtATime(found.service.id, () =>
    change(
      deps,
      found,
      userId,
      'mail.password',
      {
        done: `گذرواژهٔ صندوق ${address} تازه شد`,
        failed: `تغییر گذرواژهٔ صندوق ${address} نشد`,
      },
      (mail) =>
        mail.setMailboxPassword(found.username, found.domain, input.localPart, input.password),
    ),
  );
  return { ok: true as const };
}

export async function setMailboxQuota(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; localPart: string; quotaMb: number },
) {
  const found = await mailService(deps, userId, input.serviceId);
  assertQuotaWithinPlan(found.limits, input.quotaMb);
  const address = `${input.localPart}@${found.domain}`;
  await oneAtATime(found.service.id, () =>
    change(
      deps,
      found,
      userId,
      'mail.quota',
      {
        done: `سهمیهٔ صندوق ${address} ${formatAmount(input.quotaMb)} مگابایت شد`,
        failed: `تغییر سهمیهٔ صندوق ${address} نشد`,
      },
      (mail) => mail.setMailboxQuota(found.username, found.domain, input.localPart, input.quotaMb),
    ),
  );
  return { ok: true as const };
}

export async function deleteMailbox(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; localPart: string },
) {
  const found = await mailService(deps, userId, input.serviceId);
  const address = `${input.localPart}@${found.domain}`;
  await oneAtATime(found.service.id, () =>
    change(
      deps,
      found,
      userId,
      'mail.delete',
      { done: `صندوق ایمیل ${address} حذف شد`, failed: `حذف صندوق ایمیل ${address} نشد` },
      async (mail) => {
        const existing = await mail.listMailboxes(found.username, found.domain);
        if (!existing.some((box) => box.localPart === input.localPart)) {
          throw new MailRefusal('missing', `${address} is not there`);
        }
        await mail.deleteMailbox(found.username, found.domain, input.localPart);
      },
    ),
  );
  return { ok: true as const };
}
