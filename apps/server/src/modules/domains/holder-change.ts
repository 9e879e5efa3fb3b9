import type { DOMAIN_HOLDER_CHANGE_STATES } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { RegistrarError } from '../../providers/registrar/registrar-driver';
import { holderHandle } from './contacts.service';
import { type DomainRow, lockDomain, moveDomain } from './lifecycle';
import { type RegistrarPool, withinRegistrarTime } from './registrars';
import { domainContactHandles, domainContacts, domains, registrarAccounts } from './schema';

// A holder change at IRNIC (issue 38). IRNIC keeps a holder per e-mail: a customer whose holder
// details changed (another e-mail, a company instead of a person) is a new IRNIC contact, and the
// names registered before still name the earlier one. IRNIC moves a name to a new holder only as
// it moves one between resellers: with the PIN it e-mails the current holder (asked by opening
// the transfer lock), and after the holder approves (irnic-registrar.ts, requestTransfer with a
// holder). The outcome arrives as a poll message or is read by the sync (upkeep.ts).
//
// A generic EPP registry needs none of this: the contact is changed in place (RFC 5733 §3.2.5,
// contacts.service.ts), so the name's holder is the same handle with the new details.

export type HolderChangeState = (typeof DOMAIN_HOLDER_CHANGE_STATES)[number];

export interface HolderChangeDeps {
  db: Database;
  registrars: RegistrarPool;
}

const NOT_FOUND = 'این دامنه پیدا نشد';

/** The customer's holder handle at the account, when it is of their current details. */
async function currentHandle(
  db: Database | Transaction,
  userId: string,
  registrarAccountId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ handle: domainContactHandles.handle })
    .from(domainContacts)
    .innerJoin(
      domainContactHandles,
      and(
        eq(domainContactHandles.contactId, domainContacts.id),
        eq(domainContactHandles.registrarAccountId, registrarAccountId),
        eq(domainContactHandles.version, domainContacts.version),
      ),
    )
    .where(eq(domainContacts.userId, userId));
  return row?.handle ?? null;
}

/** Where the domain's holder stands against the customer's holder details. */
export async function holderChangeState(
  db: Database,
  domain: DomainRow,
  kind: string,
): Promise<HolderChangeState> {
  if (domain.holderChangeAskedAt) return 'asked';
  if (kind !== 'irnic' || !domain.holderHandle) return 'none';
  if (domain.status !== 'active' && domain.status !== 'expired') return 'none';
  const handle = await currentHandle(db, domain.userId, domain.registrarAccountId);
  return handle && handle.toLowerCase() !== domain.holderHandle.toLowerCase() ? 'needed' : 'none';
}

/** An IRNIC domain of the customer whose holder is not their current details. */
async function needingChange(deps: HolderChangeDeps, userId: string, id: string) {
  const [row] = await deps.db
    .select({ domain: domains, account: registrarAccounts })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(and(eq(domains.id, id), eq(domains.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (row.account.kind !== 'irnic') {
    throw new AppError(
      'CONFLICT',
      'دارندهٔ این دامنه با مشخصات شما در ثبت‌کننده به‌روز می‌شود و تغییر دارنده لازم ندارد',
    );
  }
  const state = await holderChangeState(deps.db, row.domain, row.account.kind);
  if (state === 'asked') {
    throw new AppError('CONFLICT', 'تغییر دارندهٔ این دامنه فرستاده شده و منتظر تأیید دارنده است');
  }
  if (state !== 'needed') {
    throw new AppError('CONFLICT', 'دارندهٔ این دامنه در ایرنیک همان مشخصات کنونی شماست');
  }
  if (!row.account.enabled) throw new AppError('REGISTRY_UNAVAILABLE');
  return {
    domain: row.domain,
    account: row.account,
    driver: deps.registrars.driverFor(row.account),
  };
}

function refused(error: unknown, what: string): never {
  if (error instanceof RegistrarError && !error.retryable) {
    throw new AppError('CONFLICT', `ایرنیک ${what} را نپذیرفت: ${error.message}`);
  }
  throw new AppError('REGISTRY_UNAVAILABLE');
}

/**
 * Has IRNIC e-mail the current holder a PIN. It is IRNIC's opening of the transfer lock: the
 * same PIN would move the name to another reseller, so the page says so and the lock is shown
 * open until it is closed again.
 */
export async function requestHolderPin(
  deps: HolderChangeDeps,
  userId: string,
  id: string,
): Promise<void> {
  const { domain, driver } = await needingChange(deps, userId, id);
  try {
    await withinRegistrarTime(
      driver.setTransferLock(domain.ascii, false),
      deps.registrars.timeoutMs,
    );
  } catch (error) {
    refused(error, 'درخواست کد PIN');
  }
  await deps.db.transaction(async (tx) => {
    const row = await lockDomain(tx, id);
    if (!row) return;
    await moveDomain(
      tx,
      row,
      row.status,
      {
        kind: 'holder.pin-requested',
        actor: 'customer',
        actorId: userId,
        message:
          'کد PIN تغییر دارنده از ایرنیک خواسته شد؛ ایرنیک آن را به ایمیل دارندهٔ کنونی دامنه می‌فرستد',
        registry: { operation: 'domain update pin', outcome: 'done' },
      },
      new Date(),
      { locked: false },
    );
  });
}

/**
 * Sends IRNIC the holder change with the PIN the holder received: the name's four contacts
 * become the customer's current details, once the holder approves.
 */
export async function changeHolder(
  deps: HolderChangeDeps,
  userId: string,
  id: string,
  pin: string,
): Promise<void> {
  const { domain, account, driver } = await needingChange(deps, userId, id);
  let outcome: Awaited<ReturnType<typeof driver.requestTransfer>> | undefined;
  let newHolder: string | null = null;
  try {
    newHolder = await withinRegistrarTime(
      holderHandle(deps.db, driver, account.id, userId),
      deps.registrars.timeoutMs,
    );
    if (!newHolder) throw new AppError('DOMAIN_CONTACT_REQUIRED');
    outcome = await withinRegistrarTime(
      driver.requestTransfer(domain.ascii, pin, domain.years, newHolder),
      deps.registrars.timeoutMs,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof RegistrarError && error.kind === 'auth') {
      const message = 'کد PIN درست نیست یا دیگر کار نمی‌کند؛ کد تازه بخواهید';
      throw new AppError('VALIDATION', message, { fields: { pin: message } });
    }
    refused(error, 'تغییر دارنده');
  }
  const done = outcome?.state === 'done';
  await deps.db.transaction(async (tx) => {
    const row = await lockDomain(tx, id);
    if (!row) return;
    await moveDomain(
      tx,
      row,
      row.status,
      {
        kind: done ? 'holder.changed' : 'holder.change-asked',
        actor: 'customer',
        actorId: userId,
        message: done
          ? 'دارندهٔ دامنه در ایرنیک به مشخصات کنونی شما تغییر کرد'
          : 'تغییر دارنده به ایرنیک فرستاده شد؛ پس از تأیید دارندهٔ کنونی انجام می‌شود',
        registry: {
          operation: 'domain transfer (holder change)',
          outcome: done ? 'done' : 'pending',
        },
      },
      new Date(),
      done
        ? { holderHandle: newHolder, holderChangeAskedAt: null, locked: true }
        : { holderChangeAskedAt: new Date() },
    );
  });
}

/**
 * What the registry said of a holder change we asked: the name now names `registrant` (done),
 * or the change was refused or dropped. Null when no change was asked or nothing is decided.
 */
export function holderChangeChanges(
  domain: DomainRow,
  registrant: string | null,
  stillPending: boolean,
): { changes: Partial<typeof domains.$inferInsert>; message: string } | null {
  if (!domain.holderChangeAskedAt) return null;
  const moved =
    registrant !== null && registrant.toLowerCase() !== (domain.holderHandle ?? '').toLowerCase();
  if (moved) {
    return {
      // The PIN is spent with the change: the transfer lock is closed again.
      changes: { holderHandle: registrant, holderChangeAskedAt: null, locked: true },
      message: 'دارندهٔ کنونی تأیید کرد و دارندهٔ دامنه در ایرنیک تغییر کرد',
    };
  }
  if (stillPending) return null;
  return {
    changes: { holderChangeAskedAt: null },
    message: 'تغییر دارنده انجام نشد: دارندهٔ کنونی آن را تأیید نکرد یا ایرنیک نپذیرفت',
  };
}
