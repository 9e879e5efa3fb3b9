import {
  type CallResult,
  DOMAIN_EXPIRING_DAYS,
  type getUserDomain,
  type getUserDomains,
} from '@vitrin/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { tehranDaysBetween } from '../../lib/tehran-days';
import { RegistrarError } from '../../providers/registrar/registrar-driver';
import { confirmOwnPassword } from '../accounts';
import { type DomainRow, lockDomain, moveDomain } from './lifecycle';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { queueRegistration } from './registration';
import { domainEvents, domains, domainTlds, registrarAccounts } from './schema';

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
    note: row.note,
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
  try {
    await withinRegistrarTime(
      deps.registrars.driverFor(account).setNameservers(domain.ascii, nameservers),
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
  return { domain, driver: deps.registrars.driverFor(account) };
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
