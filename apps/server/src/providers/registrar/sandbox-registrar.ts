import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type ContactSpec,
  type DomainInfo,
  type NameCheck,
  type PollMessage,
  type RegisterRequest,
  type RegistrarDriver,
  RegistrarError,
  type RegistryOutcome,
} from './registrar-driver';
import {
  sandboxRegistryContacts,
  sandboxRegistryMessages,
  sandboxRegistryNames,
} from './sandbox-schema';

// The built-in sandbox registry (issue 38): `npm start`'s default, needing no account anywhere.
// It keeps its own book of names and answers as an EPP registry would (RFC 5731's commands and
// result meanings), at once: a registration is active the moment it is made, with the
// nameservers asked for. A transfer of a name held by another registrar stays pending until its
// due time (ten minutes after the request, or never for the demo's waiting one) and is then
// finished by the next poll, which queues its message, as a losing registrar's silence
// approves a gTLD transfer after five days (ICANN's Transfer Policy §I.A.3.9), shortened.

/** How long a sandbox transfer waits for the other side before it goes through. */
export const SANDBOX_TRANSFER_MINUTES = 10;

type NameRow = typeof sandboxRegistryNames.$inferSelect;

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function newAuthCode(): string {
  return `${randomBytes(12).toString('base64url')}#7`;
}

export class SandboxRegistrar implements RegistrarDriver {
  readonly kind = 'sandbox';

  /**
   * `clientId` is who we are at the sandbox: a registrar account's id, so two accounts on the
   * sandbox are two registrars.
   */
  constructor(
    private readonly db: Database,
    private readonly clientId: string,
  ) {}

  async check(names: readonly string[]): Promise<NameCheck[]> {
    if (names.length === 0) return [];
    const taken = await this.db
      .select({ name: sandboxRegistryNames.name })
      .from(sandboxRegistryNames)
      .where(inArray(sandboxRegistryNames.name, [...names]));
    const inBook = new Set(taken.map((row) => row.name));
    return names.map((name) =>
      inBook.has(name)
        ? { name, available: false, reason: 'In use' }
        : { name, available: true, reason: null },
    );
  }

  async info(name: string): Promise<DomainInfo | null> {
    const row = await this.row(name);
    return row ? this.toInfo(row) : null;
  }

  async ensureContact(contact: ContactSpec): Promise<string> {
    await this.db
      .insert(sandboxRegistryContacts)
      .values({
        handle: contact.clientHandle,
        sponsor: this.clientId,
        name: contact.name,
        email: contact.email,
      })
      .onConflictDoUpdate({
        target: sandboxRegistryContacts.handle,
        set: { name: contact.name, email: contact.email },
        setWhere: eq(sandboxRegistryContacts.sponsor, this.clientId),
      });
    return contact.clientHandle;
  }

  async register(request: RegisterRequest): Promise<RegistryOutcome> {
    const now = new Date();
    const [row] = await this.db
      .insert(sandboxRegistryNames)
      .values({
        name: request.name,
        sponsor: this.clientId,
        registrant: request.registrant,
        nameservers: request.nameservers,
        expiresAt: addYears(now, request.years),
        authCode: request.authCode,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new RegistrarError('exists', 'Object exists', { code: 2302 });
    return { state: 'done', info: this.toInfo(row) };
  }

  async renew(name: string, years: number, currentExpiry: Date) {
    const row = await this.ours(name);
    // RFC 5731 §3.2.3: the current expiry must be given and match, so a repeat cannot extend
    // twice. Compared by day, as curExpDate is a date.
    if (row.expiresAt.toISOString().slice(0, 10) !== currentExpiry.toISOString().slice(0, 10)) {
      throw new RegistrarError('refused', 'Parameter value policy error: curExpDate', {
        code: 2306,
      });
    }
    const expiresAt = addYears(row.expiresAt, years);
    await this.db
      .update(sandboxRegistryNames)
      .set({ expiresAt, statuses: ['ok'] })
      .where(eq(sandboxRegistryNames.name, name));
    return { expiresAt };
  }

  async requestTransfer(name: string, authCode: string, _years: number): Promise<RegistryOutcome> {
    const row = await this.row(name);
    if (!row) throw new RegistrarError('not-found', 'Object does not exist', { code: 2303 });
    if (row.sponsor === this.clientId) {
      throw new RegistrarError('refused', 'Object is not eligible for transfer', { code: 2106 });
    }
    if (row.authCode !== authCode) {
      throw new RegistrarError('auth', 'Invalid authorization information', { code: 2202 });
    }
    if (row.statuses.includes('clientTransferProhibited')) {
      throw new RegistrarError('prohibited', 'Object status prohibits operation', { code: 2304 });
    }
    await this.db
      .update(sandboxRegistryNames)
      .set({
        transferTo: this.clientId,
        transferDueAt: new Date(Date.now() + SANDBOX_TRANSFER_MINUTES * 60_000),
        statuses: ['pendingTransfer'],
      })
      .where(eq(sandboxRegistryNames.name, name));
    return { state: 'pending', note: 'the losing registrar has five days to answer' };
  }

  async setNameservers(name: string, nameservers: readonly string[]): Promise<void> {
    await this.ours(name);
    await this.db
      .update(sandboxRegistryNames)
      .set({ nameservers: [...nameservers] })
      .where(eq(sandboxRegistryNames.name, name));
  }

  async setTransferLock(name: string, locked: boolean): Promise<void> {
    const row = await this.ours(name);
    const others = row.statuses.filter(
      (status) => status !== 'clientTransferProhibited' && status !== 'ok',
    );
    const statuses = locked ? [...others, 'clientTransferProhibited'] : others;
    await this.db
      .update(sandboxRegistryNames)
      .set({ statuses: statuses.length > 0 ? statuses : ['ok'] })
      .where(eq(sandboxRegistryNames.name, name));
  }

  async resetAuthCode(name: string): Promise<string> {
    await this.ours(name);
    const authCode = newAuthCode();
    await this.db
      .update(sandboxRegistryNames)
      .set({ authCode })
      .where(eq(sandboxRegistryNames.name, name));
    return authCode;
  }

  async restore(name: string): Promise<void> {
    const row = await this.ours(name);
    if (!row.statuses.includes('redemptionPeriod')) {
      throw new RegistrarError('prohibited', 'Object status prohibits operation', { code: 2304 });
    }
    await this.db
      .update(sandboxRegistryNames)
      .set({ statuses: ['ok'] })
      .where(eq(sandboxRegistryNames.name, name));
  }

  async delete(name: string): Promise<void> {
    await this.ours(name);
    await this.db.delete(sandboxRegistryNames).where(eq(sandboxRegistryNames.name, name));
  }

  async poll(): Promise<PollMessage | null> {
    await this.settleDueTransfers();
    const [message] = await this.db
      .select()
      .from(sandboxRegistryMessages)
      .where(eq(sandboxRegistryMessages.client, this.clientId))
      .orderBy(asc(sandboxRegistryMessages.id))
      .limit(1);
    if (!message) return null;
    return {
      id: String(message.id),
      name: message.name,
      text: message.text,
      event: message.event as PollMessage['event'],
      expiresAt: message.expiresAt,
      at: message.createdAt,
    };
  }

  async ack(id: string): Promise<void> {
    if (!/^\d+$/.test(id)) return;
    await this.db
      .delete(sandboxRegistryMessages)
      .where(
        and(
          eq(sandboxRegistryMessages.id, Number(id)),
          eq(sandboxRegistryMessages.client, this.clientId),
        ),
      );
  }

  /** The sandbox keeps no money: there is no balance to report. */
  async balance(): Promise<number | null> {
    return null;
  }

  /** Transfers past their due time go through, each with a message to both sides. */
  private async settleDueTransfers(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(sandboxRegistryNames)
        .where(
          and(
            eq(sandboxRegistryNames.transferTo, this.clientId),
            lte(sandboxRegistryNames.transferDueAt, new Date()),
          ),
        )
        .for('update', { skipLocked: true });
      for (const row of due) {
        // A transfer adds a year to the term, as gTLD transfers do (RFC 5731 §3.2.4's period).
        const expiresAt = addYears(row.expiresAt, 1);
        await tx
          .update(sandboxRegistryNames)
          .set({
            sponsor: this.clientId,
            transferTo: null,
            transferDueAt: null,
            statuses: ['ok'],
            expiresAt,
            authCode: newAuthCode(),
          })
          .where(eq(sandboxRegistryNames.name, row.name));
        await tx.insert(sandboxRegistryMessages).values([
          {
            client: this.clientId,
            name: row.name,
            event: 'transfer-completed',
            text: 'Transfer approved',
            expiresAt,
          },
          {
            client: row.sponsor,
            name: row.name,
            event: 'transferred-away',
            text: 'Transfer approved',
            expiresAt,
          },
        ]);
      }
    });
  }

  private async row(name: string): Promise<NameRow | null> {
    const [row] = await this.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, name));
    return row ?? null;
  }

  /** The name, when this client sponsors it; EPP answers 2201 to anyone else (RFC 5730 §3). */
  private async ours(name: string): Promise<NameRow> {
    const row = await this.row(name);
    if (!row) throw new RegistrarError('not-found', 'Object does not exist', { code: 2303 });
    if (row.sponsor !== this.clientId) {
      throw new RegistrarError('auth', 'Authorization error', { code: 2201 });
    }
    return row;
  }

  private toInfo(row: NameRow): DomainInfo {
    const ours = row.sponsor === this.clientId;
    return {
      name: row.name,
      statuses: row.statuses,
      ours,
      registrant: ours ? row.registrant : null,
      nameservers: row.nameservers,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      authCode: ours ? row.authCode : null,
    };
  }
}
