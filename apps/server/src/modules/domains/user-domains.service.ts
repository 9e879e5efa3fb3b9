import {
  type CallResult,
  DOMAIN_EXPIRING_DAYS,
  DOMAIN_HOST_ADDRESSES_MAX,
  DOMAIN_HOSTS_MAX,
  type getUserDomain,
  type getUserDomains,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { tehranDaysBetween } from '../../lib/tehran-days';
import {
  GLUE_MODEL_OF,
  type HostSaved,
  RegistrarError,
} from '../../providers/registrar/registrar-driver';
import { confirmOwnPassword } from '../accounts';
import { holderChangeState } from './holder-change';
import { domainHostsOf, glueAddressProblem, nameserversWithoutGlue, readChildHost } from './hosts';
import { type DomainRow, lockDomain, moveDomain } from './lifecycle';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { queueRegistration } from './registration';
import { restoreOfferOf } from './restore';
import { domainEvents, domainHosts, domains, domainTlds, registrarAccounts } from './schema';
import { transferCancelOf } from './transfer-cancel';

// A customer's own domains (issue 38): the list, a domain's page with its timeline, and what
// they change on it. Another person's domain answers NOT_FOUND, as one that does not exist.

type UserDomain = CallResult<typeof getUserDomains>['domains'][number];
type UserDomainDetail = CallResult<typeof getUserDomain>;

export interface UserDomainDeps {
  db: Database;
  registrars: RegistrarPool;
  secrets: SecretBox;
}

const NOT_FOUND = 'این دامنه پیدا نشد';

function viewOf(row: DomainRow, now: Date): UserDomain {
  const daysLeft = row.expiresAt ? tehranDaysBetween(now, row.expiresAt) : null;
  return {
    id: row.id,
    name: row.name,
    ascii: row.ascii,
    tld: row.tld,
    status: row.status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    daysLeft,
    expiring: row.status === 'active' && daysLeft !== null && daysLeft <= DOMAIN_EXPIRING_DAYS,
    autoRenew: row.autoRenew,
    nameservers: row.nameservers,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUserDomains(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(domains)
    .where(eq(domains.userId, userId))
    .orderBy(desc(domains.createdAt), asc(domains.id));
  const now = new Date();
  return { domains: rows.map((row) => viewOf(row, now)) };
}

async function ownDomain(db: Database, userId: string, id: string): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, id), eq(domains.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function getUserDomainDetail(
  db: Database,
  userId: string,
  id: string,
): Promise<UserDomainDetail> {
  const row = await ownDomain(db, userId, id);
  const [account] = await db
    .select({
      defaultNameservers: registrarAccounts.defaultNameservers,
      transferByCode: domainTlds.authCodeRequired,
      registrarKind: registrarAccounts.kind,
    })
    .from(registrarAccounts)
    .innerJoin(domainTlds, eq(domainTlds.tld, row.tld))
    .where(eq(registrarAccounts.id, row.registrarAccountId));
  const events = await db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.domainId, row.id))
    .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
    .limit(100);
  return {
    ...viewOf(row, new Date()),
    defaultNameservers: account?.defaultNameservers ?? [],
    transferByCode: account?.transferByCode ?? false,
    registeredAt: row.registeredAt?.toISOString() ?? null,
    locked: row.locked,
    awaitingTransferCode: row.status === 'pending-transfer' && row.transferCode === null,
    restore: await restoreOfferOf(db, row),
    transferCancel: account ? transferCancelOf(row, account.registrarKind) : null,
    note: row.note,
    holderChange: await holderChangeState(db, row, account?.registrarKind ?? ''),
    hosts: await domainHostsOf(db, row.id),
    glue: GLUE_MODEL_OF[account?.registrarKind ?? 'sandbox'],
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      actor: event.actor,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

export async function setAutoRenew(db: Database, userId: string, id: string, autoRenew: boolean) {
  await db.transaction(async (tx) => {
    const domain = await lockDomain(tx, id);
    if (!domain || domain.userId !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (domain.autoRenew === autoRenew) return;
    await moveDomain(
      tx,
      domain,
      domain.status,
      {
        kind: 'auto-renew',
        actor: 'customer',
        actorId: userId,
        message: autoRenew ? 'تمدید خودکار روشن شد' : 'تمدید خودکار خاموش شد',
      },
      new Date(),
      { autoRenew },
    );
  });
  return getUserDomainDetail(db, userId, id);
}

/** The holder's transfer code: sealed until the registry takes it, then forgotten. */
export async function submitTransferCode(
  deps: UserDomainDeps,
  userId: string,
  id: string,
  authCode: string,
) {
  await deps.db.transaction(async (tx) => {
    const domain = await lockDomain(tx, id);
    if (!domain || domain.userId !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (domain.status !== 'pending-transfer' || domain.transferCode !== null) {
      throw new AppError('CONFLICT', 'این دامنه اکنون کد انتقال نمی‌خواهد');
    }
    await moveDomain(
      tx,
      domain,
      domain.status,
      {
        kind: 'transfer.code-given',
        actor: 'customer',
        actorId: userId,
        message: 'کد انتقال وارد شد و درخواست انتقال به ثبت‌کننده فرستاده می‌شود',
      },
      new Date(),
      { transferCode: deps.secrets.seal(authCode.trim()), note: null },
    );
    await queueRegistration(tx, domain.id);
  });
  return getUserDomainDetail(deps.db, userId, id);
}

/**
 * New nameservers, set at the registry first and recorded after: the page never shows what the
 * registry does not hold. A registry that does not answer leaves everything as it was.
 */
export async function setNameservers(
  deps: UserDomainDeps,
  userId: string,
  id: string,
  nameservers: string[],
) {
  const domain = await ownDomain(deps.db, userId, id);
  if (domain.status !== 'active' && domain.status !== 'expired') {
    throw new AppError(
      'CONFLICT',
      'نام‌سرورهای دامنه پس از ثبت و تا پیش از انقضای کامل تغییر می‌کنند',
    );
  }
  const [account] = await deps.db
    .select()
    .from(registrarAccounts)
    .where(eq(registrarAccounts.id, domain.registrarAccountId));
  if (!account?.enabled) throw new AppError('REGISTRY_UNAVAILABLE');
  // A nameserver under the domain itself is reached through its glue: it is made first.
  const hosts = await domainHostsOf(deps.db, domain.id);
  const withoutGlue = nameserversWithoutGlue(domain, nameservers, hosts);
  if (withoutGlue.length > 0) {
    const fields = Object.fromEntries(
      withoutGlue.map((index) => [
        `nameservers.${index}`,
        `${nameservers[index]} زیر همین دامنه است؛ نخست آن را با نشانی IP‌اش در «نام‌سرورهای اختصاصی» بسازید`,
      ]),
    );
    throw new AppError('VALIDATION', Object.values(fields)[0], { fields });
  }
  const glue = Object.fromEntries(
    hosts
      .filter((host) => nameservers.includes(host.name))
      .map((host) => [host.name, host.addresses]),
  );
  try {
    await withinRegistrarTime(
      deps.registrars.driverFor(account).setNameservers(domain.ascii, nameservers, glue),
      deps.registrars.timeoutMs,
    );
  } catch (error) {
    if (error instanceof RegistrarError && !error.retryable) {
      const message =
        error.kind === 'not-found'
          ? 'ثبت‌کننده این دامنه یا یکی از این نام‌سرورها را نمی‌شناسد؛ نام‌سرورها باید پیش‌تر ساخته شده باشند'
          : 'ثبت‌کننده این نام‌سرورها را نپذیرفت';
      throw new AppError('VALIDATION', message, { fields: { nameservers: message } });
    }
    throw new AppError('REGISTRY_UNAVAILABLE');
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockDomain(tx, id);
    if (!locked) return;
    await moveDomain(
      tx,
      locked,
      locked.status,
      {
        kind: 'nameservers',
        actor: 'customer',
        actorId: userId,
        message: `نام‌سرورها به ${nameservers.join('، ')} تغییر کرد`,
        registry: { operation: 'update nameservers', outcome: 'done' },
      },
      new Date(),
      { nameservers },
    );
  });
  return getUserDomainDetail(deps.db, userId, id);
}

/** A registry's final refusal of a child nameserver's change, in Persian, on the host field. */
function refusedHost(error: unknown, host: string): never {
  if (!(error instanceof RegistrarError) || error.retryable) {
    throw new AppError('REGISTRY_UNAVAILABLE');
  }
  const code = error.code === null ? '' : ` (کد ${toPersianDigits(error.code)})`;
  const reasons: Partial<Record<RegistrarError['kind'], string>> = {
    prohibited: `ثبت‌کننده نپذیرفت: ${host} هنوز نام‌سرور دامنه‌ای است، یا وضعیت دامنه این تغییر را نمی‌پذیرد${code}`,
    auth: `ثبت‌کننده نپذیرفت: ${host} در ثبت‌کننده از آنِ حساب دیگری است${code}`,
    'not-found': `ثبت‌کننده این دامنه را نمی‌شناسد${code}`,
    exists: `ثبت‌کننده نپذیرفت: نام ${host} در ثبت‌کننده برای چیز دیگری به کار رفته است${code}`,
  };
  const message = reasons[error.kind] ?? `ثبت‌کننده ${host} یا نشانی‌های آن را نپذیرفت${code}`;
  throw new AppError('CONFLICT', message, { fields: { host: message } });
}

/**
 * A child nameserver (`ns1.sara-blog.com`) made or given new addresses: at the registry first,
 * then recorded, as the nameservers are. Addresses the internet reaches only (examples too at
 * the sandbox registry); as many as the registry keeps (IRNIC: one); ten hosts a domain.
 */
export async function saveHost(
  deps: UserDomainDeps,
  userId: string,
  input: { id: string; host: string; addresses: string[] },
) {
  const { domain, driver, kind } = await atRegistry(deps, userId, input.id);
  const host = readChildHost(input.host, domain);
  if (!host.ok) {
    throw new AppError('VALIDATION', host.reason, { fields: { host: host.reason } });
  }
  const name = host.value;
  const fields: Record<string, string> = {};
  input.addresses.forEach((address, index) => {
    const problem = glueAddressProblem(address, kind === 'sandbox');
    if (problem) fields[`addresses.${index}`] = problem;
  });
  const glue = GLUE_MODEL_OF[kind];
  if (input.addresses.length > DOMAIN_HOST_ADDRESSES_MAX[glue]) {
    fields.addresses = `ثبت‌کنندهٔ این دامنه برای هر نام‌سرور ${toPersianDigits(DOMAIN_HOST_ADDRESSES_MAX[glue])} نشانی IP نگه می‌دارد`;
  }
  const [problem] = Object.values(fields);
  if (problem) throw new AppError('VALIDATION', problem, { fields });
  const hosts = await domainHostsOf(deps.db, domain.id);
  const existed = hosts.some((known) => known.name === name);
  if (!existed && hosts.length >= DOMAIN_HOSTS_MAX) {
    const message = `هر دامنه حداکثر ${toPersianDigits(DOMAIN_HOSTS_MAX)} نام‌سرور اختصاصی دارد؛ برای نام‌سرور تازه، یکی را حذف کنید`;
    throw new AppError('CONFLICT', message, { fields: { host: message } });
  }
  let saved: HostSaved = 'at-registry';
  try {
    saved = await withinRegistrarTime(
      driver.saveHost(domain.ascii, name, input.addresses),
      deps.registrars.timeoutMs,
    );
  } catch (error) {
    refusedHost(error, name);
  }
  const count = input.addresses.length;
  const message =
    saved === 'with-next-nameservers'
      ? `نشانی نام‌سرور اختصاصی ${name} ذخیره شد؛ ثبت‌کننده آن را همراه نام‌سرورهای دامنه می‌گیرد و با گذاشتن ${name} در نام‌سرورها فرستاده می‌شود`
      : existed
        ? `نشانی‌های نام‌سرور اختصاصی ${name} در ثبت‌کننده تغییر کرد (${count} نشانی)`
        : `نام‌سرور اختصاصی ${name} با ${count} نشانی IP در ثبت‌کننده ساخته شد`;
  await deps.db.transaction(async (tx) => {
    const row = await lockDomain(tx, input.id);
    if (!row) return;
    const now = new Date();
    await tx
      .insert(domainHosts)
      .values({
        domainId: row.id,
        name,
        addresses: input.addresses,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [domainHosts.domainId, domainHosts.name],
        set: { addresses: input.addresses, updatedAt: now },
      });
    await moveDomain(
      tx,
      row,
      row.status,
      {
        kind: existed ? 'host.changed' : 'host.created',
        actor: 'customer',
        actorId: userId,
        message,
        registry: {
          operation: existed ? 'update host' : 'create host',
          outcome: saved === 'at-registry' ? 'done' : 'kept for the nameserver update',
        },
      },
      now,
    );
  });
  return getUserDomainDetail(deps.db, userId, input.id);
}

/**
 * A child nameserver deleted at the registry, then here. One the domain still points at is
 * refused before the registry is asked; the registry refuses one another domain points at.
 */
export async function deleteHost(
  deps: UserDomainDeps,
  userId: string,
  input: { id: string; host: string },
) {
  const { domain, driver } = await atRegistry(deps, userId, input.id);
  const host = readChildHost(input.host, domain);
  if (!host.ok) {
    throw new AppError('VALIDATION', host.reason, { fields: { host: host.reason } });
  }
  const name = host.value;
  const hosts = await domainHostsOf(deps.db, domain.id);
  if (!hosts.some((known) => known.name === name)) {
    throw new AppError('NOT_FOUND', `نام‌سرور اختصاصی ${name} برای این دامنه ثبت نشده است`);
  }
  if (domain.nameservers.includes(name)) {
    const message = `${name} هنوز نام‌سرور همین دامنه است؛ نخست در «نام‌سرورها» آن را با نام‌سرور دیگری جایگزین کنید`;
    throw new AppError('CONFLICT', message, { fields: { host: message } });
  }
  try {
    await withinRegistrarTime(driver.deleteHost(domain.ascii, name), deps.registrars.timeoutMs);
  } catch (error) {
    refusedHost(error, name);
  }
  await deps.db.transaction(async (tx) => {
    const row = await lockDomain(tx, input.id);
    if (!row) return;
    await tx
      .delete(domainHosts)
      .where(and(eq(domainHosts.domainId, row.id), eq(domainHosts.name, name)));
    await moveDomain(
      tx,
      row,
      row.status,
      {
        kind: 'host.deleted',
        actor: 'customer',
        actorId: userId,
        message: `نام‌سرور اختصاصی ${name} از ثبت‌کننده حذف شد`,
        registry: { operation: 'delete host', outcome: 'done' },
      },
      new Date(),
    );
  });
  return getUserDomainDetail(deps.db, userId, input.id);
}

/** The domain at its registry account, for a call the customer waits on. */
async function atRegistry(deps: UserDomainDeps, userId: string, id: string) {
  const domain = await ownDomain(deps.db, userId, id);
  if (domain.status !== 'active' && domain.status !== 'expired') {
    throw new AppError('CONFLICT', 'این کار پس از ثبت دامنه و تا پیش از انقضای کامل آن شدنی است');
  }
  const [account] = await deps.db
    .select()
    .from(registrarAccounts)
    .where(eq(registrarAccounts.id, domain.registrarAccountId));
  if (!account?.enabled) throw new AppError('REGISTRY_UNAVAILABLE');
  return { domain, driver: deps.registrars.driverFor(account), kind: account.kind };
}

/** What a registry's final refusal of a customer's change means, in Persian. */
function refusedChange(error: unknown, what: string): never {
  if (error instanceof RegistrarError && !error.retryable) {
    throw new AppError('CONFLICT', `ثبت‌کننده ${what} را نپذیرفت: ${error.message}`);
  }
  throw new AppError('REGISTRY_UNAVAILABLE');
}

/**
 * The registrar lock (`clientTransferProhibited`), set at the registry first and recorded after.
 * At IRNIC, opening it asks IRNIC to send the holder the transfer PIN, and closing it voids the
 * PIN: the driver speaks each registry's way.
 */
export async function setLock(deps: UserDomainDeps, userId: string, id: string, locked: boolean) {
  const { domain, driver } = await atRegistry(deps, userId, id);
  try {
    await withinRegistrarTime(
      driver.setTransferLock(domain.ascii, locked),
      deps.registrars.timeoutMs,
    );
  } catch (error) {
    refusedChange(error, locked ? 'بستن قفل انتقال' : 'باز کردن قفل انتقال');
  }
  await deps.db.transaction(async (tx) => {
    const row = await lockDomain(tx, id);
    if (!row) return;
    await moveDomain(
      tx,
      row,
      row.status,
      {
        kind: locked ? 'lock.on' : 'lock.off',
        actor: 'customer',
        actorId: userId,
        message: locked ? 'قفل انتقال بسته شد' : 'قفل انتقال باز شد',
        registry: { operation: 'update status', outcome: 'done' },
      },
      new Date(),
      { locked },
    );
  });
  return getUserDomainDetail(deps.db, userId, id);
}

/**
 * The transfer code of a gTLD name, after the owner's own password: what the registry holds, or
 * a new one set there when it shows none. The code is never kept here nor written to the
 * timeline; only that it was read.
 */
export async function revealAuthCode(
  deps: UserDomainDeps,
  userId: string,
  input: { id: string; password: string },
): Promise<{ authCode: string }> {
  await confirmOwnPassword(deps.db, userId, input.password);
  const { domain, driver } = await atRegistry(deps, userId, input.id);
  const [tld] = await deps.db.select().from(domainTlds).where(eq(domainTlds.tld, domain.tld));
  if (!tld?.authCodeRequired) {
    throw new AppError(
      'CONFLICT',
      `پسوند .${domain.tld} کد انتقال ندارد؛ برای انتقال، قفل را باز کنید تا ثبت‌کننده کد را برای دارنده بفرستد`,
    );
  }
  let authCode: string | null = null;
  try {
    const info = await withinRegistrarTime(driver.info(domain.ascii), deps.registrars.timeoutMs);
    authCode =
      info?.authCode ??
      (await withinRegistrarTime(driver.resetAuthCode(domain.ascii), deps.registrars.timeoutMs));
  } catch (error) {
    refusedChange(error, 'خواندن کد انتقال');
  }
  await deps.db.transaction(async (tx) => {
    const row = await lockDomain(tx, input.id);
    if (!row) return;
    await moveDomain(
      tx,
      row,
      row.status,
      {
        kind: 'auth-code.read',
        actor: 'customer',
        actorId: userId,
        message: 'کد انتقال دامنه نمایش داده شد',
      },
      new Date(),
    );
  });
  return { authCode: authCode as string };
}
