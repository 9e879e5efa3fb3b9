import {
  DOMAIN_AUTO_RENEW_DAYS,
  DOMAIN_REMINDER_DAYS,
  type DomainStatus,
  pageUrl,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, asc, eq, inArray, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { tehranDaysBetween } from '../../lib/tehran-days';
import { describeIrnicStates } from '../../providers/registrar/irnic-xml';
import {
  type DomainInfo,
  type PollMessage,
  registryPending,
} from '../../providers/registrar/registrar-driver';
import { pendingDomainRenewalOrder, placeDomainRenewalOrder } from '../orders';
import { queueDomainNotice } from './domain-notices';
import { holderChangeChanges } from './holder-change';
import { type DomainRow, lockDomain, moveDomain } from './lifecycle';
import { withinRegistrarTime } from './registrars';
import { activateDomain, type RegistrationDeps, refuseDomain } from './registration';
import { refuseRenewal, renewalApplied, settleRenewal } from './renewal';
import { domainRenewals, domains, domainTlds, registrarAccounts } from './schema';

// The domains' periodic work (issue 38), run once per cluster by `domains.upkeep`: the
// registries' poll messages applied, then acked; the expiry's moves (expired, redemption,
// deleted); the owners reminded 30, 7 and 1 days before; due automatic renewals ordered and paid
// from the wallet; and a slice of the domains read back from their registries (the sync).

export interface UpkeepDeps extends RegistrationDeps {
  publicUrl: string;
}

const DAY_MS = 86_400_000;
/** Messages read from one registry per run, so one busy registry cannot hold up the rest. */
export const POLL_BATCH = 50;
/** Domains read back from their registries per run; each is read again a day after. */
export const SYNC_BATCH = 100;
export const SYNC_EVERY_MS = DAY_MS;

async function withPendingRenewal(tx: Transaction | Database, domainId: string) {
  const [row] = await tx
    .select()
    .from(domainRenewals)
    .where(and(eq(domainRenewals.domainId, domainId), eq(domainRenewals.state, 'pending')));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Poll messages

/** Reads each enabled registry's queue; each message applied in a transaction, then acked. */
export async function pollRegistries(deps: UpkeepDeps, now: Date): Promise<number> {
  const accounts = await deps.db
    .select()
    .from(registrarAccounts)
    .where(eq(registrarAccounts.enabled, true));
  let applied = 0;
  for (const account of accounts) {
    const driver = deps.registrars.driverFor(account);
    try {
      for (let count = 0; count < POLL_BATCH; count += 1) {
        const message = await withinRegistrarTime(driver.poll(), deps.registrars.timeoutMs);
        if (!message) break;
        // What the registry holds now, read before the transaction: a message says what
        // happened, `info` gives the expiry and nameservers it happened with.
        const held =
          message.name && INFO_EVENTS.has(message.event)
            ? await withinRegistrarTime(driver.info(message.name), deps.registrars.timeoutMs)
            : null;
        await deps.db.transaction((tx) => applyPollMessage(tx, deps, account, message, now, held));
        // Only after the message's effects committed: a crash before this reads it again, and
        // applying a message twice changes nothing the first time did not.
        await withinRegistrarTime(driver.ack(message.id), deps.registrars.timeoutMs);
        applied += 1;
      }
    } catch (error) {
      deps.log.warn({ err: error, registrar: account.name }, 'registry poll stopped');
    }
  }
  return applied;
}

const INFO_EVENTS: ReadonlySet<PollMessage['event']> = new Set([
  'registered',
  'transfer-completed',
  'renewed',
]);

async function applyPollMessage(
  tx: Transaction,
  deps: UpkeepDeps,
  account: Pick<typeof registrarAccounts.$inferSelect, 'id' | 'kind'>,
  message: PollMessage,
  now: Date,
  held: DomainInfo | null,
): Promise<void> {
  const accountId = account.id;
  // IRNIC's review states, as its customers read them in Persian («مدارک دارنده را خواسته است»).
  const said = (account.kind === 'irnic' && describeIrnicStates(message.text)) || message.text;
  if (!message.name) return;
  const [found] = await tx
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.ascii, message.name),
        eq(domains.registrarAccountId, accountId),
        sql`${domains.status} not in ('cancelled', 'deleted', 'transferred-away')`,
      ),
    )
    .for('update');
  if (!found) {
    deps.log.info({ name: message.name, event: message.event }, 'poll message of no domain here');
    return;
  }
  const domain = found;
  const registry = { operation: 'poll', outcome: message.event };
  const event = { actor: 'registry' as const, registry };
  const ordering: readonly DomainStatus[] = [
    'pending-registration',
    'pending-transfer',
    'pending-approval',
  ];
  if (
    domain.holderChangeAskedAt &&
    (message.event === 'transfer-completed' || message.event === 'transfer-refused')
  ) {
    // IRNIC's holder change, asked by the customer on a name already theirs (holder-change.ts).
    const decided = holderChangeChanges(
      domain,
      message.event === 'transfer-completed' ? (held?.registrant ?? null) : null,
      false,
    );
    if (decided) {
      await moveDomain(
        tx,
        domain,
        domain.status,
        { kind: `poll.holder-${message.event}`, message: decided.message, ...event },
        now,
        decided.changes,
      );
    }
    return;
  }
  switch (message.event) {
    case 'registered':
    case 'transfer-completed': {
      if (!ordering.includes(domain.status)) return;
      if (held?.ours)
        await activateDomain(tx, domain, held, now, { kind: `poll.${message.event}`, ...event });
      return;
    }
    case 'registration-refused':
    case 'transfer-refused':
      if (!ordering.includes(domain.status)) return;
      await refuseDomain(tx, domain, said || 'ثبت‌کننده درخواست را نپذیرفت', now, {
        registry,
      });
      return;
    case 'transferred-away':
      if (!['active', 'expired', 'redemption', 'needs-attention'].includes(domain.status)) return;
      await moveDomain(
        tx,
        domain,
        'transferred-away',
        {
          kind: 'poll.transferred-away',
          message: 'دامنه به ثبت‌کنندهٔ دیگری منتقل شد',
          ...event,
        },
        now,
        { autoRenew: false },
      );
      return;
    case 'renewed':
    case 'renewal-refused': {
      const renewal = await withPendingRenewal(tx, domain.id);
      if (!renewal) return;
      if (message.event === 'renewal-refused') {
        await refuseRenewal(tx, renewal, domain, now, { registry });
        return;
      }
      const expiry = message.expiresAt ?? held?.expiresAt ?? null;
      if (expiry && renewalApplied(renewal, expiry)) {
        await settleRenewal(tx, renewal, domain, expiry, now, { registry });
      }
      return;
    }
    case 'deleted':
      if (domain.status === 'deleted') return;
      await moveDomain(
        tx,
        domain,
        'deleted',
        {
          kind: 'poll.deleted',
          message: 'ثبت‌کننده دامنه را حذف کرد',
          ...event,
        },
        now,
      );
      return;
    default:
      // A review state (IRNIC's documents required, locked …) or news: on the timeline.
      await moveDomain(
        tx,
        domain,
        domain.status,
        {
          kind: 'poll.message',
          message: `پیام ثبت‌کننده: ${said}`,
          ...event,
        },
        now,
        { note: said },
      );
  }
}

// ---------------------------------------------------------------------------------------------
// The expiry's moves

/**
 * Domains past their expiry move on: expired (renewable at the renewal price) for the TLD's
 * grace days, then redemption, then deleted. A domain with a paid renewal waiting is left to
 * the registry's answer: its money is in, and the renewal decides.
 */
export async function moveByExpiry(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: domains.id })
    .from(domains)
    .innerJoin(domainTlds, eq(domainTlds.tld, domains.tld))
    .where(
      and(
        isNotNull(domains.expiresAt),
        or(
          and(eq(domains.status, 'active'), lte(domains.expiresAt, now)),
          and(
            eq(domains.status, 'expired'),
            sql`${domains.expiresAt} + make_interval(days => ${domainTlds.graceDays}) <= ${now}`,
          ),
          and(
            eq(domains.status, 'redemption'),
            sql`${domains.expiresAt} + make_interval(days => ${domainTlds.graceDays} + ${domainTlds.redemptionDays}) <= ${now}`,
          ),
        ),
        notExists(
          db
            .select({ id: domainRenewals.id })
            .from(domainRenewals)
            .where(
              and(
                eq(domainRenewals.domainId, domains.id),
                inArray(domainRenewals.state, ['pending', 'needs-attention']),
              ),
            ),
        ),
      ),
    )
    .limit(500);
  let moved = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const domain = await lockDomain(tx, id);
      if (!domain?.expiresAt) return;
      const next: Record<string, DomainStatus> = {
        active: 'expired',
        expired: 'redemption',
        redemption: 'deleted',
      };
      const to = next[domain.status];
      if (!to) return;
      const messages: Record<string, string> = {
        expired: 'دامنه منقضی شد و در دورهٔ ارفاق است؛ با بهای تمدید برمی‌گردد',
        redemption: 'دورهٔ ارفاق تمام شد؛ دامنه در دورهٔ بازخرید است',
        deleted: 'دورهٔ بازخرید تمام شد و دامنه آزاد شد',
      };
      const row = await moveDomain(
        tx,
        domain,
        to,
        { kind: `expiry.${to}`, actor: 'system', message: messages[to] as string },
        now,
      );
      if (to === 'expired') await queueDomainNotice(tx, row, 'expired', now);
      moved += 1;
    });
  }
  return moved;
}

// ---------------------------------------------------------------------------------------------
// Reminders and automatic renewal

/** The reminder due now for an expiry this many days ahead: the nearest step reached. */
export function reminderStep(daysLeft: number): number | null {
  const reached = DOMAIN_REMINDER_DAYS.filter((days) => daysLeft <= days);
  return reached.length > 0 ? Math.min(...reached) : null;
}

export async function remindOwners(db: Database, now: Date): Promise<number> {
  const soon = await db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.status, 'active'),
        lte(domains.expiresAt, new Date(now.getTime() + (DOMAIN_REMINDER_DAYS[0] + 1) * DAY_MS)),
      ),
    )
    .orderBy(asc(domains.expiresAt))
    .limit(1000);
  let told = 0;
  for (const candidate of soon) {
    if (!candidate.expiresAt) continue;
    const step = reminderStep(tehranDaysBetween(now, candidate.expiresAt));
    if (step === null) continue;
    const sameExpiry = candidate.remindedFor?.getTime() === candidate.expiresAt.getTime();
    if (sameExpiry && candidate.remindedDays !== null && candidate.remindedDays <= step) continue;
    await db.transaction(async (tx) => {
      const domain = await lockDomain(tx, candidate.id);
      if (!domain?.expiresAt || domain.status !== 'active') return;
      const message = domain.autoRenew
        ? `تمدید خودکار روشن است: ${toPersianDigits(DOMAIN_AUTO_RENEW_DAYS)} روز پیش از انقضا از کیف پول پرداخت می‌شود`
        : undefined;
      await tx
        .update(domains)
        .set({ remindedDays: step, remindedFor: domain.expiresAt })
        .where(eq(domains.id, domain.id));
      await queueDomainNotice(tx, domain, 'expiring', now, message ? { message } : {});
      told += 1;
    });
  }
  return told;
}

/**
 * Domains with automatic renewal that are due: a renewal order, paid from the wallet when it
 * holds enough; otherwise left for the owner to pay, and the owner told with its link.
 */
export async function renewAutomatically(deps: UpkeepDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ domain: domains, tld: domainTlds })
    .from(domains)
    .innerJoin(domainTlds, eq(domainTlds.tld, domains.tld))
    .where(
      and(
        eq(domains.autoRenew, true),
        inArray(domains.status, ['active', 'expired']),
        lte(domains.expiresAt, new Date(now.getTime() + DOMAIN_AUTO_RENEW_DAYS * DAY_MS)),
        notExists(
          deps.db
            .select({ id: domainRenewals.id })
            .from(domainRenewals)
            .where(
              and(
                eq(domainRenewals.domainId, domains.id),
                inArray(domainRenewals.state, ['pending', 'needs-attention']),
              ),
            ),
        ),
      ),
    )
    .limit(200);
  let ordered = 0;
  for (const { domain: candidate, tld } of due) {
    if (!tld.productId || !tld.enabled) continue;
    const productId = tld.productId;
    const years = Math.min(...tld.years);
    try {
      await deps.db.transaction(async (tx) => {
        const domain = await lockDomain(tx, candidate.id);
        if (!domain?.autoRenew) return;
        if (await pendingDomainRenewalOrder(tx, domain.userId, domain.name)) return;
        const order = await placeDomainRenewalOrder(
          tx,
          domain.userId,
          { productId, domainName: domain.name, years, priceRial: tld.renewPriceRial * years },
          now,
        );
        ordered += 1;
        if (order.paid) return;
        await moveDomain(
          tx,
          domain,
          domain.status,
          {
            kind: 'auto-renew.awaiting-payment',
            actor: 'system',
            message: 'موجودی کیف پول برای تمدید خودکار کافی نبود؛ سفارش تمدید منتظر پرداخت است',
          },
          now,
        );
        await queueDomainNotice(tx, domain, 'renewal-due', now, {
          message: pageUrl(deps.publicUrl, 'order', { orderId: order.orderId }),
        });
      });
    } catch (error) {
      deps.log.warn({ err: error, domain: candidate.name }, 'automatic renewal not ordered');
    }
  }
  return ordered;
}

// ---------------------------------------------------------------------------------------------
// Sync

/**
 * Reads a slice of the domains back from their registries, the least recently read first, and
 * applies what differs. Each domain is read about once a day (SYNC_EVERY_MS); a run reads at
 * most SYNC_BATCH, so the reads spread over the day.
 */
export async function syncDue(deps: UpkeepDeps, now: Date, batch = SYNC_BATCH): Promise<number> {
  const due = await deps.db
    .select({ id: domains.id })
    .from(domains)
    .where(
      and(
        inArray(domains.status, ['active', 'expired', 'redemption', 'pending-approval']),
        or(
          sql`${domains.syncedAt} is null`,
          lte(domains.syncedAt, new Date(now.getTime() - SYNC_EVERY_MS)),
        ),
      ),
    )
    .orderBy(sql`${domains.syncedAt} asc nulls first`, asc(domains.id))
    .limit(batch);
  let read = 0;
  for (const { id } of due) {
    try {
      await syncDomain(deps, id, now);
      read += 1;
    } catch (error) {
      deps.log.warn({ err: error, domainId: id }, 'domain sync failed');
    }
  }
  return read;
}

/** One domain read from its registry and brought in line with it. */
export async function syncDomain(deps: UpkeepDeps, domainId: string, now: Date): Promise<void> {
  const [work] = await deps.db
    .select({ domain: domains, account: registrarAccounts })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(eq(domains.id, domainId));
  if (!work) return;
  const info = await withinRegistrarTime(
    deps.registrars.driverFor(work.account).info(work.domain.ascii),
    deps.registrars.timeoutMs,
  );
  await deps.db.transaction(async (tx) => {
    const domain = await lockDomain(tx, domainId);
    if (!domain) return;
    await applyRegistryState(tx, domain, info, now);
  });
}

const sync = { actor: 'registry' as const, registry: { operation: 'info', outcome: 'sync' } };

async function applyRegistryState(
  tx: Transaction,
  domain: DomainRow,
  info: DomainInfo | null,
  now: Date,
): Promise<void> {
  const renewal = await withPendingRenewal(tx, domain.id);
  const kept = ['active', 'expired', 'redemption'].includes(domain.status);
  if (!info) {
    if (!kept || renewal) {
      await tx.update(domains).set({ syncedAt: now }).where(eq(domains.id, domain.id));
      return;
    }
    await moveDomain(
      tx,
      domain,
      'needs-attention',
      {
        kind: 'sync.missing',
        message: 'ثبت‌کننده این دامنه را نمی‌شناسد؛ کارشناس بررسی می‌کند',
        ...sync,
      },
      now,
      { syncedAt: now, note: 'ثبت‌کننده این دامنه را نمی‌شناسد' },
    );
    return;
  }
  if (!info.ours) {
    if (kept && !renewal) {
      await moveDomain(
        tx,
        domain,
        'transferred-away',
        {
          kind: 'sync.transferred-away',
          message: 'دامنه نزد ثبت‌کنندهٔ دیگری است؛ به جای دیگر منتقل شده است',
          ...sync,
        },
        now,
        { syncedAt: now, autoRenew: false },
      );
    } else {
      await tx.update(domains).set({ syncedAt: now }).where(eq(domains.id, domain.id));
    }
    return;
  }
  if (domain.status === 'pending-approval') {
    if (registryPending(info.statuses)) {
      await tx.update(domains).set({ syncedAt: now }).where(eq(domains.id, domain.id));
      return;
    }
    await activateDomain(tx, domain, info, now, { kind: 'sync.activated', ...sync });
    return;
  }
  if (renewal && info.expiresAt && renewalApplied(renewal, info.expiresAt)) {
    await settleRenewal(tx, renewal, domain, info.expiresAt, now, sync);
    return;
  }
  const changes: Partial<typeof domains.$inferInsert> = {
    syncedAt: now,
    registryStatuses: info.statuses,
    locked: info.statuses.includes('clientTransferProhibited'),
    holderHandle: info.registrant ?? domain.holderHandle,
  };
  const notes: string[] = [];
  const holder = holderChangeChanges(domain, info.registrant, registryPending(info.statuses));
  if (holder) {
    Object.assign(changes, holder.changes);
    notes.push(holder.message);
  }
  let to: DomainStatus = domain.status;
  const ours = domain.expiresAt?.getTime() ?? 0;
  const theirs = info.expiresAt?.getTime() ?? 0;
  if (info.expiresAt && Math.abs(theirs - ours) > DAY_MS) {
    if (theirs < ours && !renewal) {
      // Paid here through a later date than the registry holds: a renewal we recorded never
      // reached it. Never lowered silently: a person looks at once.
      to = 'needs-attention';
      changes.note = 'ثبت‌کننده تاریخ انقضای زودتری از سوابق ما دارد؛ کارشناس بررسی می‌کند';
      notes.push('تاریخ انقضای ثبت‌کننده از سوابق ما زودتر است');
    } else if (theirs > ours) {
      changes.expiresAt = info.expiresAt;
      notes.push('تاریخ انقضا از ثبت‌کننده به‌روز شد');
      if (domain.status !== 'active' && info.expiresAt > now) to = 'active';
    }
  }
  const sameNameservers =
    [...info.nameservers].sort().join(' ') === [...domain.nameservers].sort().join(' ');
  if (!sameNameservers) {
    changes.nameservers = info.nameservers;
    notes.push(`نام‌سرورها از ثبت‌کننده خوانده شد: ${info.nameservers.join('، ')}`);
  }
  if (notes.length === 0 && to === domain.status) {
    await tx.update(domains).set(changes).where(eq(domains.id, domain.id));
    return;
  }
  await moveDomain(
    tx,
    domain,
    to,
    { kind: 'sync.changed', message: notes.join('؛ '), ...sync },
    now,
    changes,
  );
}
