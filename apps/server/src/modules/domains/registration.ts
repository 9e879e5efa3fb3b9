import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secret-box';
import {
  type DomainInfo,
  RegistrarError,
  type RegistryOutcome,
  registryPending,
} from '../../providers/registrar/registrar-driver';
import { refundOrderLine } from '../orders';
import { holderHandle } from './contacts.service';
import { queueDomainNotice } from './domain-notices';
import { queueHostingRecordsIfHosted } from './hosting-queue';
import {
  type DomainEventInput,
  type DomainRow,
  lockDomain,
  moveDomain,
  REGISTER_JOB,
  type RegistryRecord,
} from './lifecycle';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { domains, registrarAccounts } from './schema';

// A paid domain registered or transferred in at its registry (issue 38, decision 0038). The job
// runs at least once, and may run again after a node died between the registry's answer and our
// record: every registry write is then met by `info`, and a name the registry already holds for
// us is adopted, never registered or charged twice. What the registry finally refuses goes back
// to the wallet with a credit note in the same transaction that records the refusal; what no
// retry can mend (our reseller balance, our credentials) waits for staff, money still held.

export interface RegistrationDeps {
  db: Database;
  registrars: RegistrarPool;
  secrets: SecretBox;
  log: Logger;
}

/** Tries within one run of a job before a dropped connection or a timeout counts as a miss. */
export const TRIES_PER_ATTEMPT = 5;

/** Queues the registry work of a domain, in the transaction that made it due. */
export function queueRegistration(tx: Transaction, domainId: string) {
  return sendInTransaction(tx, REGISTER_JOB, { domainId }, { singletonKey: domainId });
}

/** A transfer code we set on a name we register: the holder reads it on the domain page. */
function newAuthCode(): string {
  return `${randomBytes(12).toString('base64url')}#9`;
}

function asRegistrarError(error: unknown): RegistrarError {
  return error instanceof RegistrarError
    ? error
    : new RegistrarError('protocol', (error as Error).message, { cause: error });
}

/** Why a refusal happened, in the customer's words. */
function refusalText(error: RegistrarError, transfer: boolean): string {
  switch (error.kind) {
    case 'exists':
      return 'این نام پیش از ما به نام دیگری ثبت شد';
    case 'not-found':
      return 'این نام در ثبت‌کننده وجود ندارد';
    case 'prohibited':
      return transfer
        ? 'دامنه نزد ثبت‌کنندهٔ فعلی قفل انتقال دارد؛ قفل را بردارید و دوباره سفارش دهید'
        : 'وضعیت نام در ثبت‌کننده اجازهٔ ثبت نمی‌دهد';
    default:
      return 'ثبت‌کننده درخواست را نپذیرفت';
  }
}

type Attempt =
  | { kind: 'done'; info: DomainInfo; adopted: boolean }
  | { kind: 'pending'; note: string | null }
  | { kind: 'failed'; error: RegistrarError }
  | { kind: 'no-holder' };

interface Work {
  domain: DomainRow;
  account: typeof registrarAccounts.$inferSelect;
}

async function readWork(db: Database, domainId: string): Promise<Work | null> {
  const [row] = await db
    .select({ domain: domains, account: registrarAccounts })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(eq(domains.id, domainId));
  return row ?? null;
}

function isDue(domain: DomainRow): boolean {
  if (domain.status === 'pending-registration') return true;
  // A transfer waits for the code the holder gets from the current registrar.
  return domain.status === 'pending-transfer' && domain.transferCode !== null;
}

/** Asks the registry, and reads back what it holds when the answer was lost or ambiguous. */
async function attempt(deps: RegistrationDeps, work: Work): Promise<Attempt> {
  const { domain, account } = work;
  const driver = deps.registrars.driverFor(account);
  const within = <T>(promise: Promise<T>) =>
    withinRegistrarTime(promise, deps.registrars.timeoutMs);
  const adoptable = async (): Promise<Attempt | null> => {
    const info = await within(driver.info(domain.ascii));
    if (info?.ours) {
      if (registryPending(info.statuses)) {
        return { kind: 'pending', note: null };
      }
      return { kind: 'done', info, adopted: true };
    }
    if (info?.statuses.includes('pendingTransfer') && domain.status === 'pending-transfer') {
      return { kind: 'pending', note: null };
    }
    return null;
  };
  try {
    if (!account.enabled) {
      throw new RegistrarError('auth', `registrar account ${account.name} is switched off`);
    }
    const registrant = await holderHandle(deps.db, driver, account.id, domain.userId);
    if (!registrant) return { kind: 'no-holder' };
    let outcome: RegistryOutcome;
    if (domain.status === 'pending-registration') {
      try {
        outcome = await within(
          driver.register({
            name: domain.ascii,
            years: domain.years,
            registrant,
            nameservers: account.defaultNameservers,
            authCode: newAuthCode(),
          }),
        );
      } catch (error) {
        // 2302: a create of ours that went through before its answer was lost, or someone else.
        if (error instanceof RegistrarError && error.kind === 'exists') {
          const adopted = await adoptable();
          if (adopted) return adopted;
        }
        throw error;
      }
    } else {
      const code = deps.secrets.open(domain.transferCode as string);
      try {
        outcome = await within(driver.requestTransfer(domain.ascii, code, domain.years));
      } catch (error) {
        // A request that went through before its answer was lost is refused the second time
        // (2300 pending transfer, or the name is ours already).
        if (error instanceof RegistrarError && !error.retryable && error.kind !== 'auth') {
          const adopted = await adoptable();
          if (adopted) return adopted;
        }
        throw error;
      }
    }
    return outcome.state === 'done'
      ? { kind: 'done', info: outcome.info, adopted: false }
      : { kind: 'pending', note: outcome.note };
  } catch (error) {
    return { kind: 'failed', error: asRegistrarError(error) };
  }
}

/**
 * One run of the registration job. A retryable failure with retries left throws after its
 * record, so the queue runs it again after its backoff.
 */
export async function runRegistration(
  deps: RegistrationDeps,
  domainId: string,
  context: JobContext,
): Promise<void> {
  const work = await readWork(deps.db, domainId);
  if (!work || !isDue(work.domain)) return;
  const transfer = work.domain.status === 'pending-transfer';
  const operation = transfer ? 'transfer request' : 'create';
  const job = { jobId: context.id, attempt: context.retryCount + 1 };
  // A dropped connection is tried again at once, a few times, before the attempt counts as
  // failed: each try reads back what the one before may have done (a create is adopted).
  let result = await attempt(deps, work);
  for (let again = 1; again < TRIES_PER_ATTEMPT; again += 1) {
    if (result.kind !== 'failed' || !result.error.retryable) break;
    result = await attempt(deps, work);
  }
  const retryLater = result.kind === 'failed' && result.error.retryable && !context.lastAttempt;

  await deps.db.transaction(async (tx) => {
    const domain = await lockDomain(tx, domainId);
    if (!domain || !isDue(domain)) return;
    const now = new Date();
    const record = (outcome: string, code?: number | null): RegistryRecord => ({
      operation,
      outcome,
      code: code ?? null,
    });
    if (result.kind === 'done') {
      await activateDomain(tx, domain, result.info, now, {
        kind: result.adopted ? 'registry.adopted' : transfer ? 'transferred-in' : 'registered',
        actor: 'registry',
        message: result.adopted
          ? 'ثبت‌کننده دامنه را پیش‌تر به نام ما ثبت کرده بود؛ همان ثبت پذیرفته شد'
          : undefined,
        ...job,
        registry: record(result.adopted ? 'adopted' : 'done'),
      });
      return;
    }
    if (result.kind === 'pending') {
      const moved = await moveDomain(
        tx,
        domain,
        'pending-approval',
        {
          kind: 'registry.pending',
          actor: 'registry',
          message: transfer
            ? 'درخواست انتقال به ثبت‌کننده رسید و در انتظار تأیید دارنده یا ثبت‌کنندهٔ فعلی است'
            : 'درخواست ثبت به ثبت‌کننده رسید و در انتظار بررسی اوست',
          ...job,
          registry: record('pending', 1001),
        },
        now,
        { transferCode: null, note: result.note },
      );
      await queueDomainNotice(tx, moved, 'pending-approval', now);
      return;
    }
    if (result.kind === 'no-holder') {
      await needsStaff(tx, domain, 'مشخصات دارندهٔ دامنه در پرونده نیست', job, record, now);
      return;
    }
    const { error } = result;
    if (retryLater) {
      await moveDomain(
        tx,
        domain,
        domain.status,
        {
          kind: 'registry.retry',
          actor: 'system',
          message: 'ثبت‌کننده پاسخ نداد؛ دوباره تلاش می‌کنیم',
          ...job,
          registry: record(error.kind, error.code),
        },
        now,
        { note: 'ثبت‌کننده پاسخ نداد؛ به‌زودی دوباره تلاش می‌کنیم' },
      );
      return;
    }
    if (transfer && error.kind === 'auth' && error.code !== null && error.code !== 2200) {
      // The holder's code was wrong (2202): the transfer waits for the right one.
      const moved = await moveDomain(
        tx,
        domain,
        domain.status,
        {
          kind: 'transfer.code-refused',
          actor: 'registry',
          message: 'ثبت‌کننده کد انتقال را نپذیرفت',
          ...job,
          registry: record(error.kind, error.code),
        },
        now,
        { transferCode: null, note: 'کد انتقال پذیرفته نشد؛ کد درست را وارد کنید' },
      );
      await queueDomainNotice(tx, moved, 'transfer-code-refused', now);
      return;
    }
    const final = ['exists', 'not-found', 'prohibited', 'refused'].includes(error.kind);
    if (final) {
      await refuseDomain(tx, domain, refusalText(error, transfer), now, {
        ...job,
        registry: record(error.kind, error.code),
      });
      return;
    }
    // Our side's fault (the reseller balance, our credentials) or retries spent: a person acts,
    // and the money stays held until they register it or refund it.
    const why =
      error.kind === 'billing'
        ? 'موجودی حساب نمایندگی نزد ثبت‌کننده کافی نیست'
        : error.kind === 'auth'
          ? 'ورود به حساب ثبت‌کننده پذیرفته نشد'
          : 'ثبت‌کننده پس از چند بار تلاش پاسخ نداد';
    await needsStaff(tx, domain, why, job, record, now, error);
  });
  if (retryLater && result.kind === 'failed') throw result.error;
}

async function needsStaff(
  tx: Transaction,
  domain: DomainRow,
  why: string,
  job: { jobId: string; attempt: number },
  record: (outcome: string, code?: number | null) => RegistryRecord,
  now: Date,
  error?: RegistrarError,
): Promise<void> {
  const moved = await moveDomain(
    tx,
    domain,
    'needs-attention',
    {
      kind: 'registry.needs-staff',
      actor: 'system',
      message: `${why}؛ کارشناس پیگیری می‌کند`,
      ...job,
      registry: error ? record(error.kind, error.code) : null,
    },
    now,
    { note: 'ثبت دامنه در دست پشتیبانی است؛ به‌زودی انجام می‌شود' },
  );
  await queueDomainNotice(tx, moved, 'staff-alert', now, { message: why });
}

/** The registry holds the name for us: the domain is active with what the registry says. */
export async function activateDomain(
  tx: Transaction,
  domain: DomainRow,
  info: DomainInfo,
  now: Date,
  event: Omit<DomainEventInput, 'message'> & { message?: string | undefined },
): Promise<DomainRow> {
  const transfer = domain.status === 'pending-transfer' || domain.origin === 'transfer';
  const moved = await moveDomain(
    tx,
    domain,
    'active',
    {
      ...event,
      message:
        event.message ?? (transfer ? 'دامنه به ویترین منتقل شد' : 'دامنه در ثبت‌کننده ثبت شد'),
    },
    now,
    {
      registeredAt: domain.registeredAt ?? info.createdAt ?? now,
      expiresAt: info.expiresAt,
      nameservers: info.nameservers,
      registryStatuses: info.statuses,
      locked: info.statuses.includes('clientTransferProhibited'),
      holderHandle: info.registrant ?? domain.holderHandle,
      transferCode: null,
      note: null,
      syncedAt: now,
    },
  );
  await queueDomainNotice(tx, moved, transfer ? 'transferred-in' : 'registered', now);
  // A hosting account made on the name before it was ours points its zone now (issue 38).
  await queueHostingRecordsIfHosted(tx, moved);
  return moved;
}

/** The registry finally refused the name: its money back with a credit note, the owner told. */
export async function refuseDomain(
  tx: Transaction,
  domain: DomainRow,
  reason: string,
  now: Date,
  event: Omit<DomainEventInput, 'message' | 'kind' | 'actor'> = {},
): Promise<void> {
  const transfer = domain.origin === 'transfer';
  const refundedRial = domain.orderLineId
    ? await refundOrderLine(tx, domain.orderLineId, {
        reason: `ثبت‌کننده ${transfer ? 'انتقال' : 'ثبت'} دامنه را نپذیرفت`,
        description: `بازگشت مبلغ دامنهٔ ${domain.name}: ${reason}`,
        at: now,
      })
    : 0;
  const moved = await moveDomain(
    tx,
    domain,
    'cancelled',
    {
      kind: 'registry.refused',
      actor: 'registry',
      message: `${reason}؛ مبلغ به کیف پول برگشت`,
      ...event,
    },
    now,
    { transferCode: null, note: reason },
  );
  await queueDomainNotice(tx, moved, 'refused', now, { message: reason, refundedRial });
}
