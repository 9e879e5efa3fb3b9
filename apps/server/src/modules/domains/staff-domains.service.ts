import {
  type CallParsed,
  type CallResult,
  DOMAIN_EXPIRING_DAYS,
  domainNameFor,
  type getStaffDomain,
  type importStaffDomain,
  type listStaffDomains,
  parseDomainQuery,
  type saveStaffRegistrar,
  type updateStaffTld,
} from '@vitrin/contracts';
import { toLatinDigits } from '@vitrin/fa';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { escapeLike, matchesSearchQuery, mobileMatches } from '../../lib/search-sql';
import type { SecretBox } from '../../lib/secret-box';
import { tehranDaysBetween } from '../../lib/tehran-days';
import { parseEppEndpoint } from '../../providers/registrar/epp-session';
import { RegistrarError } from '../../providers/registrar/registrar-driver';
import { peopleView } from '../accounts';
import { changedFields, writeAudit } from '../audit';
import { fieldError, setYearlyPrice } from '../catalog';
import { lockDomain, moveDomain } from './lifecycle';
import { sealRegistrarCredentials, withinRegistrarTime } from './registrars';
import {
  activateDomain,
  queueRegistration,
  type RegistrationDeps,
  refuseDomain,
} from './registration';
import { queueRenewal } from './renewal';
import { domainEvents, domainRenewals, domains, domainTlds, registrarAccounts } from './schema';
import { syncDomain } from './upkeep';
import { domainNeedsStaff } from './waiting-work';

// What staff do with domains (issue 38): the list and a domain's page with its registry
// timeline, the actions on one that waits for a person, importing names already managed, and
// the TLDs and registrar accounts. Every change is audited with its reason.

type StaffRow = CallResult<typeof listStaffDomains>['items'][number];
type StaffDetail = CallResult<typeof getStaffDomain>;

const NOT_FOUND = 'این دامنه پیدا نشد';

const customerName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${peopleView.firstName}, ${peopleView.lastName})), ''), ${peopleView.mobile})`;

/** A paid renewal (or restore) still open: its years and state, as JSON (one statement per list). */
const openRenewal = sql<{
  years: number;
  state: 'pending' | 'needs-attention';
  restore: boolean;
} | null>`(
  select json_build_object('years', r.years, 'state', r.state, 'restore', r.restore)
  from ${domainRenewals} r
  where r.domain_id = ${domains.id} and r.state in ('pending', 'needs-attention')
  order by r.created_at desc limit 1)`;

function rowOf(
  row: {
    domain: typeof domains.$inferSelect;
    customerId: string;
    customerName: string;
    mobile: string;
    registrar: string;
    renewal: StaffRow['renewal'];
  },
  now: Date,
): StaffRow {
  const { domain } = row;
  const daysLeft = domain.expiresAt ? tehranDaysBetween(now, domain.expiresAt) : null;
  return {
    id: domain.id,
    name: domain.name,
    ascii: domain.ascii,
    tld: domain.tld,
    status: domain.status,
    expiresAt: domain.expiresAt?.toISOString() ?? null,
    daysLeft,
    expiring: domain.status === 'active' && daysLeft !== null && daysLeft <= DOMAIN_EXPIRING_DAYS,
    autoRenew: domain.autoRenew,
    nameservers: domain.nameservers,
    createdAt: domain.createdAt.toISOString(),
    customer: { id: row.customerId, name: row.customerName, mobile: row.mobile },
    registrar: row.registrar,
    note: domain.note,
    renewal: row.renewal,
  };
}

function selection() {
  return {
    domain: domains,
    customerId: peopleView.id,
    customerName,
    mobile: peopleView.mobile,
    registrar: registrarAccounts.name,
    renewal: openRenewal,
  };
}

export async function listDomains(db: Database, query: CallParsed<typeof listStaffDomains>) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(domains.status, query.status));
  if (query.needsStaff) conditions.push(domainNeedsStaff);
  if (query.q) {
    const words = query.q.trim();
    const like = `%${escapeLike(toLatinDigits(words).toLowerCase())}%`;
    const either = or(
      ilike(domains.name, `%${escapeLike(words.toLowerCase())}%`),
      ilike(domains.ascii, like),
      matchesSearchQuery(peopleView.searchText, words),
      mobileMatches(peopleView.mobile, words),
    );
    if (either) conditions.push(either);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total], [waiting]] = await Promise.all([
    db
      .select(selection())
      .from(domains)
      .innerJoin(peopleView, eq(peopleView.id, domains.userId))
      .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
      .where(where)
      .orderBy(desc(domains.statusChangedAt), asc(domains.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(domains)
      .innerJoin(peopleView, eq(peopleView.id, domains.userId))
      .where(where),
    db.select({ value: count() }).from(domains).where(domainNeedsStaff),
  ]);
  const now = new Date();
  return {
    items: rows.map((row) => rowOf(row, now)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    needsStaff: waiting?.value ?? 0,
  };
}

/** How many domains wait for a person: the staff work count and the console's badge. */
export async function countDomainsNeedingStaff(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(domains).where(domainNeedsStaff);
  return row?.value ?? 0;
}

export async function getDomain(db: Database, id: string): Promise<StaffDetail> {
  const [row] = await db
    .select(selection())
    .from(domains)
    .innerJoin(peopleView, eq(peopleView.id, domains.userId))
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(eq(domains.id, id));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  const events = await db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.domainId, id))
    .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
    .limit(200);
  return {
    ...rowOf(row, new Date()),
    registeredAt: row.domain.registeredAt?.toISOString() ?? null,
    registryStatuses: row.domain.registryStatuses,
    syncedAt: row.domain.syncedAt?.toISOString() ?? null,
    orderId: row.domain.orderId,
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      actor: event.actor,
      createdAt: event.createdAt.toISOString(),
      registry: event.registry
        ? {
            operation: event.registry.operation,
            outcome: event.registry.outcome,
            code: event.registry.code ?? null,
          }
        : null,
      attempt: event.attempt,
    })),
  };
}

interface StaffAction {
  id: string;
  reason: string;
}

/**
 * Asks the registry again: a registration or transfer that waits for staff goes back to its
 * pending state with its job, a renewal that waits for staff to its queue.
 */
export async function retryDomain(db: Database, actor: Actor, input: StaffAction) {
  return db.transaction(async (tx) => {
    const domain = await lockDomain(tx, input.id);
    if (!domain) throw new AppError('NOT_FOUND', NOT_FOUND);
    const now = new Date();
    const [renewal] = await tx
      .select()
      .from(domainRenewals)
      .where(
        and(eq(domainRenewals.domainId, domain.id), eq(domainRenewals.state, 'needs-attention')),
      )
      .for('update');
    let status = domain.status;
    if (renewal) {
      await tx
        .update(domainRenewals)
        .set({ state: 'pending' })
        .where(eq(domainRenewals.id, renewal.id));
      await queueRenewal(tx, renewal.id);
    } else if (
      domain.status === 'needs-attention' &&
      !domain.registeredAt &&
      domain.origin !== 'import'
    ) {
      status = domain.origin === 'transfer' ? 'pending-transfer' : 'pending-registration';
      await queueRegistration(tx, domain.id);
    } else {
      throw new AppError('CONFLICT', 'این دامنه کاری در انتظار ثبت‌کننده ندارد');
    }
    await moveDomain(
      tx,
      domain,
      status,
      {
        kind: 'staff.retry',
        actor: 'staff',
        actorId: actor.id,
        message: `تلاش دوباره به دست کارشناس: ${input.reason}`,
      },
      now,
      { note: null },
    );
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'domain.retry',
      entityType: 'domain',
      entityId: domain.id,
      before: { status: domain.status },
      after: { status },
      reason: input.reason,
      ipAddress: actor.ipAddress,
    });
    return { status };
  });
}

/** Reads the domain again from its registry now, as the daily sync would. */
export async function syncDomainNow(
  deps: RegistrationDeps & { publicUrl: string },
  actor: Actor,
  input: StaffAction,
) {
  const [domain] = await deps.db.select().from(domains).where(eq(domains.id, input.id));
  if (!domain) throw new AppError('NOT_FOUND', NOT_FOUND);
  try {
    await syncDomain(deps, domain.id, new Date());
  } catch (error) {
    if (error instanceof RegistrarError) throw new AppError('REGISTRY_UNAVAILABLE');
    throw error;
  }
  const [after] = await deps.db.select().from(domains).where(eq(domains.id, domain.id));
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'domain.sync',
    entityType: 'domain',
    entityId: domain.id,
    before: { status: domain.status, expiresAt: domain.expiresAt },
    after: { status: after?.status, expiresAt: after?.expiresAt },
    reason: input.reason,
    ipAddress: actor.ipAddress,
  });
  return { status: after?.status ?? domain.status };
}

/**
 * Staff registered (or transferred) the name at the registry themselves: it is read from the
 * registry, and only a name the registry holds for us becomes active.
 */
export async function completeDomain(deps: RegistrationDeps, actor: Actor, input: StaffAction) {
  const [work] = await deps.db
    .select({ domain: domains, account: registrarAccounts })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(eq(domains.id, input.id));
  if (!work) throw new AppError('NOT_FOUND', NOT_FOUND);
  const info = await withinRegistrarTime(
    deps.registrars.driverFor(work.account).info(work.domain.ascii),
    deps.registrars.timeoutMs,
  ).catch(() => {
    throw new AppError('REGISTRY_UNAVAILABLE');
  });
  if (!info?.ours) {
    throw new AppError(
      'CONFLICT',
      'ثبت‌کننده این نام را به نام حساب ما نشان نمی‌دهد؛ نخست آن را در ثبت‌کننده ثبت کنید',
    );
  }
  return deps.db.transaction(async (tx) => {
    const domain = await lockDomain(tx, input.id);
    if (!domain) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (
      !['needs-attention', 'pending-registration', 'pending-transfer', 'pending-approval'].includes(
        domain.status,
      )
    ) {
      throw new AppError('CONFLICT', 'این دامنه در انتظار ثبت نیست');
    }
    const moved = await activateDomain(tx, domain, info, new Date(), {
      kind: 'staff.completed',
      actor: 'staff',
      actorId: actor.id,
      message: `ثبت دستی به دست کارشناس: ${input.reason}`,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'domain.complete',
      entityType: 'domain',
      entityId: domain.id,
      before: { status: domain.status },
      after: { status: moved.status, expiresAt: moved.expiresAt },
      reason: input.reason,
      ipAddress: actor.ipAddress,
    });
    return { status: moved.status };
  });
}

/** A name that will not be registered: cancelled, its line's money back with a credit note. */
export async function refundDomain(db: Database, actor: Actor, input: StaffAction) {
  return db.transaction(async (tx) => {
    const domain = await lockDomain(tx, input.id);
    if (!domain) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (
      domain.registeredAt ||
      !['needs-attention', 'pending-registration', 'pending-transfer', 'pending-approval'].includes(
        domain.status,
      )
    ) {
      throw new AppError('CONFLICT', 'فقط دامنه‌ای که ثبت نشده است لغو و بازپرداخت می‌شود');
    }
    await refuseDomain(tx, domain, input.reason, new Date(), {});
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'domain.refund',
      entityType: 'domain',
      entityId: domain.id,
      before: { status: domain.status },
      after: { status: 'cancelled' },
      reason: input.reason,
      ipAddress: actor.ipAddress,
    });
    return { status: 'cancelled' as const };
  });
}

/** A name the company already manages, added to a customer's account from the registry, free. */
export async function importDomain(
  deps: RegistrationDeps,
  actor: Actor,
  input: CallParsed<typeof importStaffDomain>,
) {
  const tlds = await deps.db
    .select({ tld: domainTlds, account: registrarAccounts })
    .from(domainTlds)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domainTlds.registrarAccountId));
  const parsed = parseDomainQuery(
    input.name,
    tlds.map((row) => row.tld.tld),
  );
  if (!parsed.ok) throw fieldError('name', parsed.reason);
  const found = tlds.find((row) => row.tld.tld === parsed.value.tld);
  if (!found) throw fieldError('name', 'پسوند دامنه را هم بنویسید');
  const name = domainNameFor(parsed.value.label, {
    tld: found.tld.tld,
    script: found.tld.script,
    minLength: found.tld.minLength,
  });
  if (!name.ok) throw fieldError('name', name.reason);
  const [customer] = await deps.db
    .select({ id: peopleView.id })
    .from(peopleView)
    .where(eq(peopleView.id, input.customerId));
  if (!customer) throw fieldError('customerId', 'این مشتری پیدا نشد');
  const info = await withinRegistrarTime(
    deps.registrars.driverFor(found.account).info(name.value.ascii),
    deps.registrars.timeoutMs,
  ).catch(() => {
    throw new AppError('REGISTRY_UNAVAILABLE');
  });
  if (!info?.ours) {
    throw fieldError('name', 'ثبت‌کننده این نام را به نام حساب ما نشان نمی‌دهد');
  }
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const [domain] = await tx
      .insert(domains)
      .values({
        userId: customer.id,
        name: name.value.unicode,
        ascii: name.value.ascii,
        tld: found.tld.tld,
        registrarAccountId: found.account.id,
        status: info.expiresAt && info.expiresAt <= now ? 'expired' : 'active',
        origin: 'import',
        years: 1,
        registeredAt: info.createdAt,
        expiresAt: info.expiresAt,
        nameservers: info.nameservers,
        registryStatuses: info.statuses,
        locked: info.statuses.includes('clientTransferProhibited'),
        syncedAt: now,
        statusChangedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!domain) throw fieldError('name', 'این دامنه پیش‌تر در ویترین هست');
    await tx.insert(domainEvents).values({
      domainId: domain.id,
      kind: 'imported',
      toStatus: domain.status,
      actor: 'staff',
      actorId: actor.id,
      message: 'دامنه از ثبت‌کننده خوانده و به پنل شما افزوده شد',
      createdAt: now,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'domain.import',
      entityType: 'domain',
      entityId: domain.id,
      before: null,
      after: { name: domain.name, customerId: customer.id, expiresAt: domain.expiresAt },
      reason: input.reason,
      ipAddress: actor.ipAddress,
    });
    return { id: domain.id, status: domain.status };
  });
}

// ---------------------------------------------------------------------------------------------
// TLDs and registrar accounts

export async function listTlds(db: Database) {
  const rows = await db
    .select({
      tld: domainTlds,
      registrarName: registrarAccounts.name,
      domains:
        sql<number>`(select count(*) from ${domains} d where d.tld = ${domainTlds.tld} and d.status not in ('cancelled', 'deleted', 'transferred-away'))`.mapWith(
          Number,
        ),
    })
    .from(domainTlds)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domainTlds.registrarAccountId))
    .orderBy(asc(domainTlds.sortOrder), asc(domainTlds.tld));
  return { items: rows.map((row) => tldView(row.tld, row.registrarName, row.domains)) };
}

function tldView(tld: typeof domainTlds.$inferSelect, registrarName: string, domainCount: number) {
  return {
    tld: tld.tld,
    ascii: tld.ascii,
    script: tld.script,
    minLength: tld.minLength,
    registrarAccountId: tld.registrarAccountId,
    registrarName,
    years: tld.years,
    registerPriceRial: tld.registerPriceRial,
    renewPriceRial: tld.renewPriceRial,
    transferPriceRial: tld.transferPriceRial,
    restorePriceRial: tld.restorePriceRial,
    graceDays: tld.graceDays,
    redemptionDays: tld.redemptionDays,
    authCodeRequired: tld.authCodeRequired,
    enabled: tld.enabled,
    productId: tld.productId,
    domains: domainCount,
  };
}

/**
 * A TLD's terms and prices. The registration price per year is written to its catalog product's
 * yearly price in the same transaction: the store shows what the cart charges.
 */
export async function updateTld(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof updateStaffTld>,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(domainTlds)
      .where(eq(domainTlds.tld, input.tld))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'این پسوند پیدا نشد');
    const [account] = await tx
      .select({ id: registrarAccounts.id, name: registrarAccounts.name })
      .from(registrarAccounts)
      .where(eq(registrarAccounts.id, input.registrarAccountId));
    if (!account) throw fieldError('registrarAccountId', 'این حساب ثبت‌کننده پیدا نشد');
    const { reason, tld: _tld, ...terms } = input;
    const [after] = await tx
      .update(domainTlds)
      .set({ ...terms, years: [...terms.years].sort((a, b) => a - b) })
      .where(eq(domainTlds.tld, input.tld))
      .returning();
    if (!after) throw new Error('tld vanished');
    if (after.productId) await setYearlyPrice(tx, after.productId, after.registerPriceRial);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'tld.update',
      entityType: 'tld',
      entityId: after.tld,
      ...changedFields(before, after),
      reason: reason ?? null,
      ipAddress: actor.ipAddress,
    });
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(domains)
      .where(
        and(
          eq(domains.tld, after.tld),
          sql`${domains.status} not in ('cancelled', 'deleted', 'transferred-away')`,
        ),
      );
    return tldView(after, account.name, value);
  });
}

export async function listRegistrars(db: Database) {
  const accounts = await db.select().from(registrarAccounts).orderBy(asc(registrarAccounts.name));
  const tlds = await db
    .select({ tld: domainTlds.tld, account: domainTlds.registrarAccountId })
    .from(domainTlds);
  return {
    items: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      kind: account.kind,
      endpoint: account.endpoint,
      enabled: account.enabled,
      defaultNameservers: account.defaultNameservers,
      tlds: tlds.filter((row) => row.account === account.id).map((row) => row.tld),
    })),
  };
}

/** A check of a name no one holds, and the balance: whether the account can talk to its registry. */
export async function testRegistrar(deps: RegistrationDeps, id: string) {
  const [account] = await deps.db
    .select()
    .from(registrarAccounts)
    .where(eq(registrarAccounts.id, id));
  if (!account) throw new AppError('NOT_FOUND', 'این حساب ثبت‌کننده پیدا نشد');
  const [tld] = await deps.db
    .select()
    .from(domainTlds)
    .where(eq(domainTlds.registrarAccountId, id));
  const started = performance.now();
  try {
    const driver = deps.registrars.driverFor(account);
    const probe = `vitrin-probe-${Date.now().toString(36)}.${tld?.ascii ?? 'com'}`;
    await withinRegistrarTime(driver.check([probe]), deps.registrars.timeoutMs);
    const balanceRial = await withinRegistrarTime(driver.balance(), deps.registrars.timeoutMs);
    return {
      ok: true,
      message: 'ثبت‌کننده پاسخ داد',
      balanceRial,
      millis: Math.round(performance.now() - started),
    };
  } catch (error) {
    const kind = error instanceof RegistrarError ? error.kind : 'protocol';
    const words: Record<string, string> = {
      auth: 'ورود به حساب ثبت‌کننده پذیرفته نشد؛ شناسه و گذرواژه یا توکن را بررسی کنید',
      timeout: 'ثبت‌کننده در زمان مقرر پاسخ نداد',
      unreachable: 'به ثبت‌کننده وصل نشد',
    };
    return {
      ok: false,
      message: words[kind] ?? `ثبت‌کننده خطا داد: ${(error as Error).message}`,
      balanceRial: null,
      millis: Math.round(performance.now() - started),
    };
  }
}

/**
 * A registrar account added or changed. Its credentials are checked for its kind and sealed
 * with SECRET_KEYS, written only: no call reads them back. An EPP endpoint is `host:port`; an
 * IRNIC one is an https address.
 */
export async function saveRegistrar(
  deps: { db: Database; secrets: SecretBox },
  actor: Actor,
  input: CallParsed<typeof saveStaffRegistrar>,
) {
  const endpoint = input.endpoint.trim();
  const endpointProblem =
    input.kind === 'epp'
      ? (() => {
          try {
            parseEppEndpoint(endpoint);
            return null;
          } catch {
            return 'نشانی EPP را به شکل host:port بنویسید؛ مانند epp.registry.example:700';
          }
        })()
      : input.kind === 'irnic'
        ? /^https:\/\/[^\s/]+/.test(endpoint)
          ? null
          : 'نشانی ایرنیک با https:// آغاز می‌شود'
        : null;
  if (endpointProblem) throw fieldError('endpoint', endpointProblem);
  let sealed: string | undefined;
  if (input.credentials !== undefined || !input.id) {
    try {
      sealed = sealRegistrarCredentials(deps.secrets, input.kind, input.credentials ?? {});
    } catch {
      throw fieldError('credentials', 'اطلاعات ورود برای این نوع ثبت‌کننده کامل یا درست نیست');
    }
  }
  return deps.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      kind: input.kind,
      endpoint: input.kind === 'sandbox' ? '' : endpoint,
      enabled: input.enabled,
      defaultNameservers: input.defaultNameservers,
      ...(sealed ? { credentials: sealed } : {}),
    };
    let before: typeof registrarAccounts.$inferSelect | undefined;
    let saved: typeof registrarAccounts.$inferSelect | undefined;
    try {
      if (input.id) {
        [before] = await tx
          .select()
          .from(registrarAccounts)
          .where(eq(registrarAccounts.id, input.id))
          .for('update');
        if (!before) throw new AppError('NOT_FOUND', 'این حساب ثبت‌کننده پیدا نشد');
        if (before.kind !== input.kind && !sealed) {
          throw fieldError('credentials', 'با تغییر نوع ثبت‌کننده، اطلاعات ورود تازه لازم است');
        }
        [saved] = await tx
          .update(registrarAccounts)
          .set(values)
          .where(eq(registrarAccounts.id, input.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(registrarAccounts)
          .values({ ...values, credentials: sealed as string })
          .returning();
      }
    } catch (error) {
      if (
        /registrar_accounts_name_unique|23505/.test(`${(error as { code?: string }).code} ${error}`)
      ) {
        throw fieldError('name', 'حساب ثبت‌کننده‌ای با این نام هست');
      }
      throw error;
    }
    if (!saved) throw new Error('registrar account not saved');
    const shown = (row: typeof registrarAccounts.$inferSelect) => ({
      name: row.name,
      kind: row.kind,
      endpoint: row.endpoint,
      enabled: row.enabled,
      defaultNameservers: row.defaultNameservers,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: before ? 'registrar.update' : 'registrar.create',
      entityType: 'registrar',
      entityId: saved.id,
      ...(before ? changedFields(shown(before), shown(saved)) : { after: shown(saved) }),
      // Credentials are never written to the log: only that they changed.
      ...(sealed && before
        ? { reason: `${input.reason ?? ''} (اطلاعات ورود تازه)`.trim() }
        : { reason: input.reason ?? null }),
      ipAddress: actor.ipAddress,
    });
    const tlds = await tx
      .select({ tld: domainTlds.tld })
      .from(domainTlds)
      .where(eq(domainTlds.registrarAccountId, saved.id));
    return {
      id: saved.id,
      ...shown(saved),
      tlds: tlds.map((row) => row.tld),
    };
  });
}
