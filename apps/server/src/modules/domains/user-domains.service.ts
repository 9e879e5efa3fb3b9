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
import { type DomainRow, lockDomain, moveDomain } from './lifecycle';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { queueRegistration } from './registration';
import { domainEvents, domains, registrarAccounts } from './schema';

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
    .select({ defaultNameservers: registrarAccounts.defaultNameservers })
    .from(registrarAccounts)
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
