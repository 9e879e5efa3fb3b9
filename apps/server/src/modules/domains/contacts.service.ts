import { createHash } from 'node:crypto';
import type {
  CallParsed,
  CallResult,
  getDomainContact,
  saveDomainContact,
} from '@vitrin/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { sendInTransaction } from '../../lib/job-queue';
import type { ContactSpec, RegistrarDriver } from '../../providers/registrar/registrar-driver';
import type { RegistrarPool } from './registrars';
import { domainContactHandles, domainContacts, registrarAccounts } from './schema';

// The domain holder's details (issue 38): one per customer, checked in the contracts before
// they are kept (a valid کد ملی, شناسه ملی or passport), and given to each registrar account
// the first time a domain of theirs goes through it, or again after they change.

type ContactRow = typeof domainContacts.$inferSelect;
type ContactView = CallResult<typeof getDomainContact>['contact'];

function viewOf(row: ContactRow): NonNullable<ContactView> {
  return {
    kind: row.kind,
    name: row.name,
    organisation: row.organisation,
    nationalCode: row.nationalCode,
    companyId: row.companyId,
    registrationNumber: row.registrationNumber,
    passportNumber: row.passportNumber,
    email: row.email,
    phone: row.phone,
    street: row.street,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
  };
}

export async function getContact(db: Database, userId: string): Promise<ContactView> {
  const [row] = await db.select().from(domainContacts).where(eq(domainContacts.userId, userId));
  return row ? viewOf(row) : null;
}

/** Keeps the holder's details; a change raises the version, so registries are sent it again. */
export async function saveContact(
  db: Database,
  userId: string,
  input: CallParsed<typeof saveDomainContact>,
): Promise<NonNullable<ContactView>> {
  // The kind decides which identity applies: the others are not kept.
  const values = {
    kind: input.kind,
    name: input.name,
    organisation: input.kind === 'company' ? (input.organisation ?? null) : null,
    nationalCode: input.kind === 'person' ? (input.nationalCode ?? null) : null,
    companyId: input.kind === 'company' ? (input.companyId ?? null) : null,
    registrationNumber: input.kind === 'company' ? (input.registrationNumber ?? null) : null,
    passportNumber: input.kind === 'foreigner' ? (input.passportNumber ?? null) : null,
    email: input.email,
    phone: toEppPhone(input.phone),
    street: input.street,
    city: input.city,
    province: input.province,
    postalCode: input.postalCode,
    countryCode: input.countryCode,
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(domainContacts)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: domainContacts.userId,
        set: { ...values, version: sql`${domainContacts.version} + 1` },
      })
      .returning();
    if (!saved) throw new Error('contact upsert returned no row');
    // Every registry that already holds the holder is given the new details (its names keep
    // pointing at the same handle).
    const held = await tx
      .select({ registrarAccountId: domainContactHandles.registrarAccountId })
      .from(domainContactHandles)
      .where(eq(domainContactHandles.contactId, saved.id));
    for (const { registrarAccountId } of held) {
      await sendInTransaction(
        tx,
        PUSH_CONTACT_JOB,
        { userId, registrarAccountId },
        { singletonKey: `${saved.id}.${registrarAccountId}` },
      );
    }
    return saved;
  });
  return viewOf(row);
}

/** The job that gives a registry a holder's changed details. */
export const PUSH_CONTACT_JOB = 'domains.push-contact';

/** One run of it: the registry's handle brought to the contact's current version. */
export async function pushContact(
  deps: { db: Database; registrars: RegistrarPool },
  data: { userId: string; registrarAccountId: string },
): Promise<void> {
  const [account] = await deps.db
    .select()
    .from(registrarAccounts)
    .where(eq(registrarAccounts.id, data.registrarAccountId));
  if (!account?.enabled) return;
  await holderHandle(deps.db, deps.registrars.driverFor(account), account.id, data.userId);
}

/** `09121234567` or `+989121234567` as EPP writes a phone: `+98.9121234567` (RFC 5733 §2.5). */
export function toEppPhone(phone: string): string {
  if (phone.startsWith('0')) return `+98.${phone.slice(1)}`;
  if (phone.startsWith('+98')) return `+98.${phone.slice(3)}`;
  return `${phone.slice(0, 3)}.${phone.slice(3)}`;
}

export async function hasContact(tx: Transaction | Database, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: domainContacts.id })
    .from(domainContacts)
    .where(eq(domainContacts.userId, userId));
  return row !== undefined;
}

/**
 * Our id for the contact at a registry: stable for the contact (a retried create asks for the
 * same), 16 characters at most as RFC 5733's clIDType allows, and telling nothing about them.
 */
export function clientHandleOf(contactId: string): string {
  return `vt${createHash('sha256').update(contactId).digest('hex').slice(0, 14)}`;
}

function specOf(row: ContactRow): ContactSpec {
  return {
    clientHandle: clientHandleOf(row.id),
    kind: row.kind,
    name: row.name,
    organisation: row.organisation,
    nationalCode: row.nationalCode,
    companyId: row.companyId,
    registrationNumber: row.registrationNumber,
    passportNumber: row.passportNumber,
    email: row.email,
    phone: row.phone,
    street: row.street,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
  };
}

/**
 * The registry's handle for the customer's holder details at this account: created there the
 * first time, and sent again when the details changed since. Null when the customer has none.
 */
export async function holderHandle(
  db: Database,
  driver: RegistrarDriver,
  registrarAccountId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ contact: domainContacts, handle: domainContactHandles })
    .from(domainContacts)
    .leftJoin(
      domainContactHandles,
      and(
        eq(domainContactHandles.contactId, domainContacts.id),
        eq(domainContactHandles.registrarAccountId, registrarAccountId),
      ),
    )
    .where(eq(domainContacts.userId, userId));
  if (!row) return null;
  if (row.handle && row.handle.version === row.contact.version) return row.handle.handle;
  const handle = await driver.ensureContact(specOf(row.contact));
  await db
    .insert(domainContactHandles)
    .values({
      contactId: row.contact.id,
      registrarAccountId,
      handle,
      version: row.contact.version,
    })
    .onConflictDoUpdate({
      target: [domainContactHandles.contactId, domainContactHandles.registrarAccountId],
      set: { handle, version: row.contact.version },
    });
  return handle;
}
