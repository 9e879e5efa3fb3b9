import type { CallResult, getUserDomain } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  type DomainInfo,
  RegistrarError,
  type RegistrarKind,
  registryPending,
} from '../../providers/registrar/registrar-driver';
import { refundOrderLine } from '../orders';
import { queueDomainNotice } from './domain-notices';
import { type DomainRow, lockDomain, moveDomain, type RegistryRecord } from './lifecycle';
import { withinRegistrarTime } from './registrars';
import { activateDomain, type RegistrationDeps } from './registration';
import { domains, registrarAccounts } from './schema';

// Calling off a transfer in (issue 38). While it waits for the holder's code nothing was asked
// of any registry: the domain is cancelled and its line's money goes back to the wallet with a
// credit note (orders' refundOrderLine, as a refused registration's does). Once the registry
// has the request and waits for the losing side, the request is withdrawn there first (RFC 5731
// §3.2.4 transfer op="cancel"), and only what the registry says decides: withdrawn, or ended
// already without us, is cancelled and refunded here; finished already, is adopted (the name is
// the customer's, and was paid for), not refunded. IRNIC gives the gaining reseller no way to
// withdraw a transfer: its holder approves or refuses it at IRNIC, and the page says so.

type TransferCancel = NonNullable<CallResult<typeof getUserDomain>['transferCancel']>;

/** Said of a transfer IRNIC has: it cannot be withdrawn from here. */
export const NO_CANCEL_AT_IRNIC =
  'ایرنیک راهی برای پس گرفتن درخواست انتقال به نماینده نمی‌دهد؛ اگر دارندهٔ دامنه انتقال را در ایرنیک تأیید نکند، انتقال انجام نمی‌شود و مبلغ آن به کیف پول شما برمی‌گردد.';

const NOT_FOUND = 'این دامنه پیدا نشد';

/** Whether a registrar of this kind lets the gaining side withdraw its transfer request. */
export function cancelsTransfers(kind: RegistrarKind): boolean {
  return kind !== 'irnic';
}

/** Whether the registry has the transfer request: it waits for the losing side. */
function askedAtRegistry(domain: DomainRow): boolean {
  return domain.status === 'pending-approval' && domain.origin === 'transfer';
}

/** What the domain's page offers of calling off its transfer; null when none is pending. */
export function transferCancelOf(domain: DomainRow, kind: RegistrarKind): TransferCancel | null {
  if (domain.status === 'pending-transfer') {
    // A code given is on its way to the registry in the registration job: what comes of it is
    // known in moments, and only then can it be called off.
    return domain.transferCode === null
      ? { available: true, reason: null, asked: false }
      : {
          available: false,
          reason:
            'درخواست انتقال همین حالا به ثبت‌کننده فرستاده می‌شود؛ پس از پاسخ آن می‌توانید انتقال را لغو کنید',
          asked: false,
        };
  }
  if (!askedAtRegistry(domain)) return null;
  return cancelsTransfers(kind)
    ? { available: true, reason: null, asked: true }
    : { available: false, reason: NO_CANCEL_AT_IRNIC, asked: true };
}

/** The transfer called off: its line's money back to the wallet, the customer told. */
async function cancelWithRefund(
  tx: Transaction,
  domain: DomainRow,
  userId: string,
  now: Date,
  registry: RegistryRecord | null,
): Promise<void> {
  const reason = 'انتقال دامنه به درخواست مشتری لغو شد';
  const refundedRial = domain.orderLineId
    ? await refundOrderLine(tx, domain.orderLineId, {
        reason,
        description: `بازگشت مبلغ انتقال دامنهٔ ${domain.name}: ${reason}`,
        at: now,
      })
    : 0;
  const moved = await moveDomain(
    tx,
    domain,
    'cancelled',
    {
      kind: 'transfer.cancelled',
      actor: 'customer',
      actorId: userId,
      message: refundedRial > 0 ? `${reason}؛ مبلغ آن به کیف پول برگشت` : `${reason}`,
      registry,
    },
    now,
    { transferCode: null, note: null },
  );
  await queueDomainNotice(tx, moved, 'transfer-cancelled', now, { refundedRial });
}

type RegistryAnswer =
  | { kind: 'withdrawn' }
  | { kind: 'ended'; code: number | null }
  | { kind: 'completed'; info: DomainInfo; code: number | null };

/**
 * Asks the registry to withdraw our request. A refusal is read with `info`: the request may have
 * ended already (the losing side refused, or a withdrawal of ours went through before its answer
 * was lost), or the transfer finished.
 */
async function withdrawAtRegistry(
  deps: RegistrationDeps,
  account: typeof registrarAccounts.$inferSelect,
  name: string,
): Promise<RegistryAnswer> {
  if (!account.enabled) throw new AppError('REGISTRY_UNAVAILABLE');
  const driver = deps.registrars.driverFor(account);
  const within = <T>(promise: Promise<T>) =>
    withinRegistrarTime(promise, deps.registrars.timeoutMs);
  let refusal: RegistrarError;
  try {
    await within(driver.cancelTransfer(name));
    return { kind: 'withdrawn' };
  } catch (error) {
    if (!(error instanceof RegistrarError) || error.retryable) {
      throw new AppError('REGISTRY_UNAVAILABLE');
    }
    refusal = error;
  }
  let info: DomainInfo | null;
  try {
    info = await within(driver.info(name));
  } catch {
    throw new AppError('REGISTRY_UNAVAILABLE');
  }
  if (info?.ours && !registryPending(info.statuses)) {
    return { kind: 'completed', info, code: refusal.code };
  }
  if (info?.statuses.includes('pendingTransfer')) {
    throw new AppError('CONFLICT', `ثبت‌کننده لغو انتقال را نپذیرفت: ${refusal.message}`);
  }
  return { kind: 'ended', code: refusal.code };
}

/**
 * The customer calls off their pending transfer in. Answers nothing: the caller reads the
 * domain as it now is (cancelled, or active when the transfer had finished already).
 */
export async function cancelPendingTransfer(
  deps: RegistrationDeps,
  userId: string,
  id: string,
): Promise<void> {
  const [found] = await deps.db
    .select({ domain: domains, account: registrarAccounts })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(and(eq(domains.id, id), eq(domains.userId, userId)));
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  const offer = transferCancelOf(found.domain, found.account.kind);
  if (!offer) throw new AppError('CONFLICT', 'این دامنه انتقالی در راه ندارد');
  if (!offer.available) throw new AppError('CONFLICT', offer.reason ?? undefined);

  const answer = offer.asked
    ? await withdrawAtRegistry(deps, found.account, found.domain.ascii)
    : null;
  await deps.db.transaction(async (tx) => {
    const domain = await lockDomain(tx, id);
    if (!domain) throw new AppError('NOT_FOUND', NOT_FOUND);
    const now = new Date();
    if (!answer) {
      // Checked again under the lock: another call may have cancelled it, or the code come.
      if (domain.status !== 'pending-transfer') {
        throw new AppError('CONFLICT', 'این دامنه انتقالی در راه ندارد');
      }
      if (domain.transferCode !== null) {
        throw new AppError('CONFLICT', 'انتقال این دامنه همین حالا به ثبت‌کننده فرستاده شد');
      }
      await cancelWithRefund(tx, domain, userId, now, null);
      return;
    }
    // A poll or the sync may have settled the transfer while the registry was asked.
    if (!askedAtRegistry(domain)) return;
    if (answer.kind === 'completed') {
      await activateDomain(tx, domain, answer.info, now, {
        kind: 'transfer.completed-before-cancel',
        actor: 'registry',
        message: 'انتقال پیش از لغو در ثبت‌کننده انجام شده بود؛ دامنه از آنِ شماست و مبلغی برنگشت',
        registry: { operation: 'transfer cancel', outcome: 'completed', code: answer.code },
      });
      return;
    }
    await cancelWithRefund(tx, domain, userId, now, {
      operation: 'transfer cancel',
      outcome: answer.kind === 'withdrawn' ? 'done' : 'ended',
      code: answer.kind === 'withdrawn' ? 1000 : answer.code,
    });
  });
}
