import type { DomainStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import { RegistrarError } from '../../providers/registrar/registrar-driver';
import { addDomainLineToCart, refundOrderLine } from '../orders';
import { queueDomainNotice } from './domain-notices';
import { lockDomain, moveDomain, type RegistryRecord } from './lifecycle';
import { withinRegistrarTime } from './registrars';
import { type RegistrationDeps, TRIES_PER_ATTEMPT } from './registration';
import { domainRenewals, domains, domainTlds, registrarAccounts } from './schema';

// Renewing a domain (issue 38): a line bought like any other, then the registry asked to renew
// by the renewal job from the expiry we hold. RFC 5731 §3.2.3 makes the registry refuse a renew
// whose current expiry is stale, so a repeated renew cannot extend twice; a renew that went
// through before its answer was lost is recognised by the expiry `info` shows, and adopted.
// A final refusal sends the line's money back with a credit note; the money is never kept for
// a renewal the registry did not make.

export const RENEW_JOB = 'domains.renew';

type RenewalRow = typeof domainRenewals.$inferSelect;

/** The states a domain may be renewed in here: a redemption restore goes through staff. */
const RENEWABLE: readonly DomainStatus[] = ['active', 'expired'];

export function queueRenewal(tx: Transaction, renewalId: string) {
  return sendInTransaction(tx, RENEW_JOB, { renewalId }, { singletonKey: renewalId });
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

/** Whether the registry's expiry already holds this renewal (a day's slack for time zones). */
export function renewalApplied(renewal: Pick<RenewalRow, 'fromExpiry' | 'years'>, expiry: Date) {
  if (!renewal.fromExpiry) return false;
  return expiry.getTime() >= addYears(renewal.fromExpiry, renewal.years).getTime() - 86_400_000;
}

/** A renewal of one of the person's domains, put in their cart. */
export async function addDomainRenewalToCart(
  db: Database,
  userId: string,
  input: { id: string; years: number },
) {
  const [row] = await db
    .select({ domain: domains, tld: domainTlds })
    .from(domains)
    .innerJoin(domainTlds, eq(domainTlds.tld, domains.tld))
    .where(and(eq(domains.id, input.id), eq(domains.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'این دامنه پیدا نشد');
  const { domain, tld } = row;
  if (!RENEWABLE.includes(domain.status)) {
    const message =
      domain.status === 'redemption'
        ? 'این دامنه در دورهٔ بازخرید است؛ برای بازگرداندن آن تیکت بفرستید'
        : 'این دامنه اکنون تمدید نمی‌شود';
    throw new AppError('CONFLICT', message);
  }
  if (!tld.productId || !tld.enabled) {
    throw new AppError('PRODUCT_UNAVAILABLE', `پسوند .${tld.tld} اکنون تمدید نمی‌شود`);
  }
  if (!tld.years.includes(input.years)) {
    const allowed = tld.years.map((term) => toPersianDigits(term)).join(' یا ');
    const message = `پسوند .${tld.tld} برای ${allowed} سال تمدید می‌شود`;
    throw new AppError('VALIDATION', message, { fields: { years: message } });
  }
  const [waiting] = await db
    .select({ id: domainRenewals.id })
    .from(domainRenewals)
    .where(
      and(
        eq(domainRenewals.domainId, domain.id),
        inArray(domainRenewals.state, ['pending', 'needs-attention']),
      ),
    );
  if (waiting) throw new AppError('CONFLICT', 'تمدید پرداخت‌شدهٔ این دامنه در راه است');
  return addDomainLineToCart(
    db,
    { userId, cartToken: undefined },
    { productId: tld.productId, domainName: domain.name, action: 'renew', years: input.years },
  );
}

/**
 * A paid renewal line: recorded against its domain, and its job queued. Answers why it cannot
 * be, when the domain is no longer the buyer's to renew (orders then credits the line back).
 */
export async function startPaidRenewal(
  tx: Transaction,
  line: { lineId: string; ascii: string; years: number },
  userId: string,
  now: Date,
): Promise<string | null> {
  const [domain] = await tx
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.ascii, line.ascii),
        eq(domains.userId, userId),
        inArray(domains.status, [...RENEWABLE]),
      ),
    )
    .for('update');
  if (!domain) return 'این دامنه دیگر در حساب شما قابل تمدید نیست';
  const [renewal] = await tx
    .insert(domainRenewals)
    .values({
      domainId: domain.id,
      orderLineId: line.lineId,
      years: line.years,
      fromExpiry: domain.expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: domainRenewals.id });
  if (!renewal) return null;
  await moveDomain(
    tx,
    domain,
    domain.status,
    {
      kind: 'renewal.paid',
      actor: 'customer',
      actorId: userId,
      message: `تمدید ${toPersianDigits(line.years)} ساله پرداخت شد`,
    },
    now,
  );
  await queueRenewal(tx, renewal.id);
  return null;
}

/** One run of the renewal job; a retryable failure with retries left throws after its record. */
export async function runRenewal(
  deps: RegistrationDeps,
  renewalId: string,
  context: JobContext,
): Promise<void> {
  const [work] = await deps.db
    .select({ renewal: domainRenewals, domain: domains, account: registrarAccounts })
    .from(domainRenewals)
    .innerJoin(domains, eq(domains.id, domainRenewals.domainId))
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(eq(domainRenewals.id, renewalId));
  if (work?.renewal.state !== 'pending') return;
  const { renewal, domain, account } = work;
  const driver = deps.registrars.driverFor(account);
  const within = <T>(promise: Promise<T>) =>
    withinRegistrarTime(promise, deps.registrars.timeoutMs);

  let expiresAt: Date | null = null;
  let waiting = false;
  let failure: RegistrarError | null = null;
  let adopted = false;
  // As a registration's: a dropped connection is tried again at once, a few times; each try
  // reads back what the one before may have done.
  for (let tries = 0; tries < TRIES_PER_ATTEMPT; tries += 1) {
    failure = null;
    try {
      if (!account.enabled) {
        throw new RegistrarError('auth', `registrar account ${account.name} is switched off`);
      }
      if (!renewal.fromExpiry) throw new RegistrarError('refused', 'the domain has no expiry');
      try {
        const answer = await within(driver.renew(domain.ascii, renewal.years, renewal.fromExpiry));
        expiresAt = answer.expiresAt;
        waiting = answer.expiresAt === null;
      } catch (error) {
        // A renew of ours that went through before its answer was lost: the registry now holds
        // the later expiry, and refuses the stale one we sent again.
        if (error instanceof RegistrarError && !error.retryable) {
          const info = await within(driver.info(domain.ascii));
          if (info?.ours && info.expiresAt && renewalApplied(renewal, info.expiresAt)) {
            expiresAt = info.expiresAt;
            adopted = true;
          } else {
            throw error;
          }
        } else {
          throw error;
        }
      }
    } catch (error) {
      failure =
        error instanceof RegistrarError
          ? error
          : new RegistrarError('protocol', (error as Error).message, { cause: error });
    }
    if (!failure?.retryable) break;
  }
  const retryLater = failure?.retryable === true && !context.lastAttempt;
  const job = { jobId: context.id, attempt: context.retryCount + 1 };
  const record = (outcome: string, code?: number | null): RegistryRecord => ({
    operation: 'renew',
    outcome,
    code: code ?? null,
  });

  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.id, renewalId))
      .for('update');
    const locked = await lockDomain(tx, domain.id);
    if (current?.state !== 'pending' || !locked) return;
    const now = new Date();
    if (expiresAt) {
      await settleRenewal(tx, current, locked, expiresAt, now, {
        ...job,
        registry: record(adopted ? 'adopted' : 'done'),
      });
      return;
    }
    if (waiting) {
      await moveDomain(
        tx,
        locked,
        locked.status,
        {
          kind: 'renewal.pending',
          actor: 'registry',
          message: 'ثبت‌کننده تمدید را گرفت و پس از بررسی تأیید می‌کند',
          ...job,
          registry: record('pending', 1001),
        },
        now,
      );
      return;
    }
    if (!failure) return;
    if (retryLater) {
      await moveDomain(
        tx,
        locked,
        locked.status,
        {
          kind: 'registry.retry',
          actor: 'system',
          message: 'ثبت‌کننده به تمدید پاسخ نداد؛ دوباره تلاش می‌کنیم',
          ...job,
          registry: record(failure.kind, failure.code),
        },
        now,
      );
      return;
    }
    if (['refused', 'not-found', 'prohibited', 'exists'].includes(failure.kind)) {
      await refuseRenewal(tx, current, locked, now, {
        ...job,
        registry: record(failure.kind, failure.code),
      });
      return;
    }
    await tx
      .update(domainRenewals)
      .set({ state: 'needs-attention' })
      .where(eq(domainRenewals.id, current.id));
    const why =
      failure.kind === 'billing'
        ? 'موجودی حساب نمایندگی نزد ثبت‌کننده برای تمدید کافی نیست'
        : 'ثبت‌کننده به تمدید پاسخ نداد';
    const moved = await moveDomain(
      tx,
      locked,
      locked.status,
      {
        kind: 'renewal.needs-staff',
        actor: 'system',
        message: `${why}؛ کارشناس پیگیری می‌کند`,
        ...job,
        registry: record(failure.kind, failure.code),
      },
      now,
      { note: 'تمدید دامنه در دست پشتیبانی است؛ مبلغ آن نزد ماست تا انجام شود یا برگردد' },
    );
    await queueDomainNotice(tx, moved, 'staff-alert', now, { message: why });
  });
  if (retryLater && failure) throw failure;
}

/** The registry holds the renewal: the domain runs to its new expiry. */
export async function settleRenewal(
  tx: Transaction,
  renewal: RenewalRow,
  domain: typeof domains.$inferSelect,
  expiresAt: Date,
  now: Date,
  event: { jobId?: string | null; attempt?: number | null; registry?: RegistryRecord | null } = {},
) {
  await tx
    .update(domainRenewals)
    .set({ state: 'done', toExpiry: expiresAt, settledAt: now })
    .where(eq(domainRenewals.id, renewal.id));
  const moved = await moveDomain(
    tx,
    domain,
    expiresAt > now ? 'active' : domain.status,
    {
      kind: 'renewed',
      actor: 'registry',
      message: `دامنه ${toPersianDigits(renewal.years)} سال تمدید شد`,
      ...event,
    },
    now,
    { expiresAt, note: null, syncedAt: now },
  );
  await queueDomainNotice(tx, moved, 'renewed', now);
}

/** The registry will not renew: the line's money back to the wallet, the customer told. */
export async function refuseRenewal(
  tx: Transaction,
  renewal: RenewalRow,
  domain: typeof domains.$inferSelect,
  now: Date,
  event: { jobId?: string | null; attempt?: number | null; registry?: RegistryRecord | null } = {},
) {
  const reason = 'ثبت‌کننده تمدید دامنه را نپذیرفت';
  const refundedRial = await refundOrderLine(tx, renewal.orderLineId, {
    reason,
    description: `بازگشت مبلغ تمدید دامنهٔ ${domain.name}: ${reason}`,
    at: now,
  });
  await tx
    .update(domainRenewals)
    .set({ state: 'refunded', settledAt: now })
    .where(eq(domainRenewals.id, renewal.id));
  const moved = await moveDomain(
    tx,
    domain,
    domain.status,
    {
      kind: 'renewal.refused',
      actor: 'registry',
      message: `${reason}؛ مبلغ به کیف پول برگشت`,
      ...event,
    },
    now,
  );
  await queueDomainNotice(tx, moved, 'renewal-refused', now, { message: reason, refundedRial });
}
