import type { CallResult, getUserDomain } from '@vitrin/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { RegistrarKind } from '../../providers/registrar/registrar-driver';
import type { DomainRow } from './lifecycle';
import { domainRenewals, domainTlds, registrarAccounts } from './schema';

// Bringing a domain back from redemption (issue 38, RFC 3915). The customer orders it from the
// domain's page as a line of its own (`restore`), at the TLD's restore fee with the renewal the
// name needs; paid, it becomes a renewal with `restore` set, and the renewal job (renewal.ts)
// asks the registry to restore the name, when `info` still shows it in redemption, and then to
// renew it. IRNIC has no restore (irnic-registrar.ts): a name on an IRNIC account is not offered
// one, and its page says why.

type RestoreOffer = NonNullable<CallResult<typeof getUserDomain>['restore']>;

const DAY_MS = 86_400_000;

/** Said where a restore is asked of a registry that has none. */
export const NO_RESTORE_AT_IRNIC =
  'ایرنیک (ثبت‌کنندهٔ دامنه‌های ایرانی) بازگردانی از دورهٔ بازخرید ندارد و این دامنه از اینجا برنمی‌گردد؛ برای پیگیری آن تیکت بفرستید.';

/** Whether a registrar of this kind can restore a name from redemption. */
export function restoresFromRedemption(kind: RegistrarKind): boolean {
  return kind !== 'irnic';
}

/**
 * Whether the registry still holds the name in redemption: RFC 3915's rgpStatus, which the EPP
 * driver reads into the statuses (the sandbox writes it the same way).
 */
export function inRedemption(statuses: readonly string[]): boolean {
  return statuses.includes('redemptionPeriod');
}

/**
 * RFC 3915 §4.2.5: a registry that wants a restore report keeps the name in `pendingRestore`
 * after the request until the report comes. We do not send one: a person does, at the registry.
 */
export function restoreAwaitsReport(statuses: readonly string[]): boolean {
  return statuses.includes('pendingRestore');
}

/** The restore on offer on the page of a domain in redemption; null for any other domain. */
export async function restoreOfferOf(
  db: Database,
  domain: DomainRow,
): Promise<RestoreOffer | null> {
  if (domain.status !== 'redemption') return null;
  const [row] = await db
    .select({ tld: domainTlds, kind: registrarAccounts.kind })
    .from(domainTlds)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domain.registrarAccountId))
    .where(eq(domainTlds.tld, domain.tld));
  if (!row) return null;
  const { tld, kind } = row;
  const [waiting] = await db
    .select({ id: domainRenewals.id })
    .from(domainRenewals)
    .where(
      and(
        eq(domainRenewals.domainId, domain.id),
        inArray(domainRenewals.state, ['pending', 'needs-attention']),
      ),
    );
  const reason = !restoresFromRedemption(kind)
    ? NO_RESTORE_AT_IRNIC
    : !tld.enabled || !tld.productId
      ? `پسوند .${tld.tld} اکنون بازگردانده نمی‌شود`
      : waiting
        ? 'بازگردانی پرداخت‌شدهٔ این دامنه در راه است'
        : null;
  const until = domain.expiresAt
    ? new Date(domain.expiresAt.getTime() + (tld.graceDays + tld.redemptionDays) * DAY_MS)
    : null;
  return {
    available: reason === null,
    reason,
    restorePriceRial: tld.restorePriceRial,
    renewPriceRial: tld.renewPriceRial,
    years: tld.years,
    until: until?.toISOString() ?? null,
  };
}
