import type { DomainStatus } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import { RegistrarError } from '../../providers/registrar/registrar-driver';
import { addDomainLineToCart, refundOrderLine } from '../orders';
import { queueDomainNotice } from './domain-notices';
import { lockDomain, moveDomain, type RegistryRecord } from './lifecycle';
import { withinRegistrarTime } from './registrars';
import { type RegistrationDeps, TRIES_PER_ATTEMPT } from './registration';
import {
  inRedemption,
  NO_RESTORE_AT_IRNIC,
  restoreAwaitsReport,
  restoresFromRedemption,
} from './restore';
import { domainRenewals, domains, domainTlds, registrarAccounts } from './schema';

// Renewing a domain (issue 38): a line bought like any other, then the registry asked to renew
// by the renewal job from the expiry we hold. RFC 5731 §3.2.3 makes the registry refuse a renew
// whose current expiry is stale, so a repeated renew cannot extend twice; a renew that went
// through before its answer was lost is recognised by the expiry `info` shows, and adopted.
// A final refusal sends the line's money back with a credit note; the money is never kept for
// a renewal the registry did not make.
//
// A domain in redemption is renewed the same way after a restore (restore.ts): the renewal
// carries `restore`, and each run reads `info` first, restores the name only while the registry
// still shows it in redemption (a run after one whose answer was lost goes straight on), then
// renews it from the expiry the restore kept.

export const RENEW_JOB = 'domains.renew';

type RenewalRow = typeof domainRenewals.$inferSelect;

/** The states a domain may be renewed in here; one in redemption is restored first. */
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

/**
 * A renewal of one of the person's domains put in their cart, or (`restore`) one in redemption
 * brought back and renewed.
 */
export async function addDomainRenewalToCart(
  db: Database,
  userId: string,
  input: { id: string; years: number },
  action: 'renew' | 'restore' = 'renew',
) {
  const [row] = await db
    .select({ domain: domains, tld: domainTlds, kind: registrarAccounts.kind })
    .from(domains)
    .innerJoin(domainTlds, eq(domainTlds.tld, domains.tld))
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(and(eq(domains.id, input.id), eq(domains.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'این دامنه پیدا نشد');
  const { domain, tld } = row;
  const restore = action === 'restore';
  if (restore && domain.status !== 'redemption') {
    throw new AppError('CONFLICT', 'فقط دامنه‌ای که در دورهٔ بازخرید است بازگردانده می‌شود');
  }
  if (restore && !restoresFromRedemption(row.kind)) {
    throw new AppError('CONFLICT', NO_RESTORE_AT_IRNIC);
  }
  if (!restore && !RENEWABLE.includes(domain.status)) {
    const message =
      domain.status === 'redemption'
        ? 'این دامنه در دورهٔ بازخرید است؛ آن را با «بازگردانی» در صفحهٔ دامنه برگردانید'
        : 'این دامنه اکنون تمدید نمی‌شود';
    throw new AppError('CONFLICT', message);
  }
  const done = restore ? 'بازگردانده' : 'تمدید';
  if (!tld.productId || !tld.enabled) {
    throw new AppError('PRODUCT_UNAVAILABLE', `پسوند .${tld.tld} اکنون ${done} نمی‌شود`);
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
  if (waiting) {
    const what = restore ? 'بازگردانی' : 'تمدید';
    throw new AppError('CONFLICT', `${what} پرداخت‌شدهٔ این دامنه در راه است`);
  }
  return addDomainLineToCart(
    db,
    { userId, cartToken: undefined },
    { productId: tld.productId, domainName: domain.name, action, years: input.years },
  );
}

/**
 * A paid renewal or restore line: recorded against its domain, and its job queued. Answers why
 * it cannot be, when the domain is no longer the buyer's to renew or restore (orders then
 * credits the line back).
 */
export async function startPaidRenewal(
  tx: Transaction,
  line: { lineId: string; ascii: string; years: number; restore: boolean },
  userId: string,
  now: Date,
): Promise<string | null> {
  const [found] = await tx
    .select({ domain: domains, kind: registrarAccounts.kind })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(
      and(
        eq(domains.ascii, line.ascii),
        eq(domains.userId, userId),
        inArray(domains.status, line.restore ? ['redemption'] : [...RENEWABLE]),
      ),
    )
    .for('update', { of: domains });
  if (!found) {
    return line.restore
      ? 'این دامنه دیگر در دورهٔ بازخرید نیست و بازگردانده نمی‌شود'
      : 'این دامنه دیگر در حساب شما قابل تمدید نیست';
  }
  const { domain } = found;
  if (line.restore && !restoresFromRedemption(found.kind)) return NO_RESTORE_AT_IRNIC;
  // One paid renewal at a time: a second from the same expiry would be "adopted" from the
  // first's answer, and paid for twice. Two orders paid together are told apart here.
  const [other] = await tx
    .select({ id: domainRenewals.id })
    .from(domainRenewals)
    .where(
      and(
        eq(domainRenewals.domainId, domain.id),
        ne(domainRenewals.orderLineId, line.lineId),
        inArray(domainRenewals.state, ['pending', 'needs-attention']),
      ),
    );
  if (other) {
    return line.restore
      ? 'بازگردانی این دامنه پیش‌تر پرداخت شده و در راه است'
      : 'تمدید این دامنه پیش‌تر پرداخت شده و در راه است';
  }
  const [renewal] = await tx
    .insert(domainRenewals)
    .values({
      domainId: domain.id,
      orderLineId: line.lineId,
      years: line.years,
      restore: line.restore,
      fromExpiry: domain.expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: domainRenewals.id });
  if (!renewal) return null;
  const years = toPersianDigits(line.years);
  await moveDomain(
    tx,
    domain,
    domain.status,
    {
      kind: line.restore ? 'restore.paid' : 'renewal.paid',
      actor: 'customer',
      actorId: userId,
      message: line.restore
        ? `بازگردانی دامنه و تمدید ${years} ساله پرداخت شد`
        : `تمدید ${years} ساله پرداخت شد`,
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
  /** This run restored the name: a refusal of the renewal after it needs a person's eye. */
  let restored = false;
  /** The registry holds the restore until a report (RFC 3915 §4.2.5) that a person sends. */
  let awaitingReport = false;
  // As a registration's: a dropped connection is tried again at once, a few times; each try
  // reads back what the one before may have done.
  for (let tries = 0; tries < TRIES_PER_ATTEMPT; tries += 1) {
    failure = null;
    try {
      if (!account.enabled) {
        throw new RegistrarError('auth', `registrar account ${account.name} is switched off`);
      }
      if (!renewal.fromExpiry) throw new RegistrarError('refused', 'the domain has no expiry');
      if (renewal.restore) {
        // What the registry holds decides: still in redemption, restored already by a run whose
        // answer was lost, or restored and renewed both.
        const held = await within(driver.info(domain.ascii));
        if (held?.ours && held.expiresAt && renewalApplied(renewal, held.expiresAt)) {
          expiresAt = held.expiresAt;
          adopted = true;
          break;
        }
        if (held?.ours && restoreAwaitsReport(held.statuses)) {
          awaitingReport = true;
          break;
        }
        if (held?.ours && inRedemption(held.statuses)) {
          await within(driver.restore(domain.ascii));
          restored = true;
        }
      }
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
          } else if (renewal.restore && info?.ours && restoreAwaitsReport(info.statuses)) {
            // Our restore was taken pending its report: the renewal waits for it.
            awaitingReport = true;
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
    operation: renewal.restore ? 'restore, renew' : 'renew',
    outcome,
    code: code ?? null,
  });
  const what = renewal.restore ? 'بازگردانی و تمدید' : 'تمدید';

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
    // What no retry mends waits for a person, the money held until they finish or refund it.
    const needsStaff = async (why: string, registry: RegistryRecord) => {
      await tx
        .update(domainRenewals)
        .set({ state: 'needs-attention' })
        .where(eq(domainRenewals.id, current.id));
      const moved = await moveDomain(
        tx,
        locked,
        locked.status,
        {
          kind: 'renewal.needs-staff',
          actor: 'system',
          message: `${why}؛ کارشناس پیگیری می‌کند`,
          ...job,
          registry,
        },
        now,
        { note: `${what} دامنه در دست پشتیبانی است؛ مبلغ آن نزد ماست تا انجام شود یا برگردد` },
      );
      await queueDomainNotice(tx, moved, 'staff-alert', now, { message: why });
    };
    if (awaitingReport) {
      await needsStaff(
        'ثبت‌کننده بازگردانی را تا رسیدن گزارش بازگردانی (RFC 3915) نگه داشته است؛ گزارش را در ثبت‌کننده بفرستید و «تلاش دوباره» را بزنید',
        record('pendingRestore'),
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
          message: `ثبت‌کننده به ${what} پاسخ نداد؛ دوباره تلاش می‌کنیم`,
          ...job,
          registry: record(failure.kind, failure.code),
        },
        now,
      );
      return;
    }
    if (['refused', 'not-found', 'prohibited', 'exists'].includes(failure.kind)) {
      const moved = await refuseRenewal(tx, current, locked, now, {
        ...job,
        registry: record(failure.kind, failure.code),
      });
      if (restored) {
        // The registry brought the name back (and charged its fee) but would not renew it.
        await queueDomainNotice(tx, moved, 'staff-alert', now, {
          message: 'ثبت‌کننده دامنه را بازگرداند ولی تمدید آن را نپذیرفت؛ مبلغ به مشتری برگشت',
        });
      }
      return;
    }
    await needsStaff(
      failure.kind === 'billing'
        ? `موجودی حساب نمایندگی نزد ثبت‌کننده برای ${what} کافی نیست`
        : `ثبت‌کننده به ${what} پاسخ نداد`,
      record(failure.kind, failure.code),
    );
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
  const years = toPersianDigits(renewal.years);
  // A restored name leaves redemption (DOMAIN_TRANSITIONS: redemption → active) as any renewed
  // one leaves its grace.
  const moved = await moveDomain(
    tx,
    domain,
    expiresAt > now ? 'active' : domain.status,
    {
      kind: renewal.restore ? 'restored' : 'renewed',
      actor: 'registry',
      message: renewal.restore
        ? `دامنه از دورهٔ بازخرید بازگردانده و ${years} سال تمدید شد`
        : `دامنه ${years} سال تمدید شد`,
      ...event,
    },
    now,
    { expiresAt, note: null, syncedAt: now },
  );
  await queueDomainNotice(tx, moved, renewal.restore ? 'restored' : 'renewed', now);
}

/**
 * The registry will not renew (or restore): the line's money back to the wallet with a credit
 * note, the customer told. Answers the domain as it now is.
 */
export async function refuseRenewal(
  tx: Transaction,
  renewal: RenewalRow,
  domain: typeof domains.$inferSelect,
  now: Date,
  event: { jobId?: string | null; attempt?: number | null; registry?: RegistryRecord | null } = {},
) {
  const what = renewal.restore ? 'بازگردانی' : 'تمدید';
  const reason = `ثبت‌کننده ${what} دامنه را نپذیرفت`;
  const refundedRial = await refundOrderLine(tx, renewal.orderLineId, {
    reason,
    description: `بازگشت مبلغ ${what} دامنهٔ ${domain.name}: ${reason}`,
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
      kind: renewal.restore ? 'restore.refused' : 'renewal.refused',
      actor: 'registry',
      message: `${reason}؛ مبلغ به کیف پول برگشت`,
      ...event,
    },
    now,
  );
  await queueDomainNotice(tx, moved, renewal.restore ? 'restore-refused' : 'renewal-refused', now, {
    message: reason,
    refundedRial,
  });
  return moved;
}
