import { randomBytes } from 'node:crypto';
import { and, arrayContains, asc, eq, inArray, like, lte, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type ContactSpec,
  type DomainInfo,
  type HostInfo,
  type HostSaved,
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
//
// Child nameservers are host objects as RFC 5732 has them: made, changed and deleted by the
// sponsor of the name they are under (§1.1, 2201 to anyone else), not deleted while a name
// uses them (§3.2.2, 2305), and needed before a name under the book may name them (2303). The
// book keeps them as rows of its own table marked SANDBOX_HOST_STATUS, their addresses in
// `nameservers` (sandbox-schema.ts): the domain commands never see those rows.

/** How long a sandbox transfer waits for the other side before it goes through. */
export const SANDBOX_TRANSFER_MINUTES = 10;

type NameRow = typeof sandboxRegistryNames.$inferSelect;

/** The status that marks a row of the book as a host object, not a domain. */
export const SANDBOX_HOST_STATUS = 'sandboxHostObject';

const isHostRow = arrayContains(sandboxRegistryNames.statuses, [SANDBOX_HOST_STATUS]);
const isDomainRow = not(isHostRow);

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
      .where(and(inArray(sandboxRegistryNames.name, [...names]), isDomainRow));
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

  /** Our pending request withdrawn; its sponsor is told, as a registry tells the losing side. */
  async cancelTransfer(name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxRegistryNames)
        .where(eq(sandboxRegistryNames.name, name))
        .for('update');
      if (!row) throw new RegistrarError('not-found', 'Object does not exist', { code: 2303 });
      if (row.transferTo !== this.clientId) {
        throw new RegistrarError('refused', 'Object not pending transfer', { code: 2301 });
      }
      const others = row.statuses.filter((status) => status !== 'pendingTransfer');
      await tx
        .update(sandboxRegistryNames)
        .set({
          transferTo: null,
          transferDueAt: null,
          statuses: others.length > 0 ? others : ['ok'],
        })
        .where(eq(sandboxRegistryNames.name, name));
      await tx.insert(sandboxRegistryMessages).values({
        client: row.sponsor,
        name,
        event: 'other',
        text: 'Transfer cancelled',
        expiresAt: row.expiresAt,
      });
    });
  }

  async setNameservers(name: string, nameservers: readonly string[]): Promise<void> {
    await this.ours(name);
    for (const host of nameservers) {
      // RFC 5731 §1.1: a host under a name of the book must be a host object first.
      if ((await this.superordinateOf(host)) && !(await this.hostRow(host))) {
        throw new RegistrarError('not-found', `Host ${host} does not exist`, { code: 2303 });
      }
    }
    await this.db
      .update(sandboxRegistryNames)
      .set({ nameservers: [...nameservers] })
      .where(eq(sandboxRegistryNames.name, name));
  }

  async hostInfo(_name: string, host: string): Promise<HostInfo | null> {
    const row = await this.hostRow(host);
    if (!row) return null;
    return { name: row.name, addresses: row.nameservers, linked: await this.isLinked(host) };
  }

  /** RFC 5732 §3.2.1 and §3.2.5 at once: the host made, or given exactly these addresses. */
  async saveHost(name: string, host: string, addresses: readonly string[]): Promise<HostSaved> {
    const domain = await this.ours(name);
    if (!host.endsWith(`.${name}`)) {
      throw new RegistrarError('refused', `Host ${host} is not under ${name}`, { code: 2005 });
    }
    const [saved] = await this.db
      .insert(sandboxRegistryNames)
      .values({
        name: host,
        sponsor: this.clientId,
        // A host lives as long as its name: it has no term of its own.
        expiresAt: domain.expiresAt,
        nameservers: [...addresses],
        statuses: [SANDBOX_HOST_STATUS],
      })
      .onConflictDoUpdate({
        target: sandboxRegistryNames.name,
        set: { nameservers: [...addresses] },
        setWhere: isHostRow,
      })
      .returning({ name: sandboxRegistryNames.name });
    if (!saved) throw new RegistrarError('exists', 'Object exists', { code: 2302 });
    return 'at-registry';
  }

  async deleteHost(name: string, host: string): Promise<void> {
    await this.ours(name);
    if (!(await this.hostRow(host))) return;
    if (await this.isLinked(host)) {
      throw new RegistrarError('prohibited', 'Object association prohibits operation', {
        code: 2305,
      });
    }
    await this.db
      .delete(sandboxRegistryNames)
      .where(and(eq(sandboxRegistryNames.name, host), isHostRow));
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
    // RFC 5731 §3.2.2: not while hosts under it exist.
    const [subordinate] = await this.db
      .select({ name: sandboxRegistryNames.name })
      .from(sandboxRegistryNames)
      .where(and(isHostRow, like(sandboxRegistryNames.name, `%.${name}`)))
      .limit(1);
    if (subordinate) {
      throw new RegistrarError('prohibited', 'Object association prohibits operation', {
        code: 2305,
      });
    }
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
      .where(and(eq(sandboxRegistryNames.name, name), isDomainRow));
    return row ?? null;
  }

  private async hostRow(host: string): Promise<NameRow | null> {
    const [row] = await this.db
      .select()
      .from(sandboxRegistryNames)
      .where(and(eq(sandboxRegistryNames.name, host), isHostRow));
    return row ?? null;
  }

  /** The name of the book `host` is under (RFC 5732 §1.1), or null for an external host. */
  private async superordinateOf(host: string): Promise<string | null> {
    const labels = host.split('.');
    const candidates = labels.slice(1, -1).map((_, index) => labels.slice(index + 1).join('.'));
    if (candidates.length === 0) return null;
    const rows = await this.db
      .select({ name: sandboxRegistryNames.name })
      .from(sandboxRegistryNames)
      .where(and(inArray(sandboxRegistryNames.name, candidates), isDomainRow));
    const found = new Set(rows.map((row) => row.name));
    return candidates.find((candidate) => found.has(candidate)) ?? null;
  }

  /** Whether a name names the host as a nameserver (RFC 5732 §2.3 `linked`). */
  private async isLinked(host: string): Promise<boolean> {
    const [user] = await this.db
      .select({ name: sandboxRegistryNames.name })
      .from(sandboxRegistryNames)
      .where(and(arrayContains(sandboxRegistryNames.nameservers, [host]), isDomainRow))
      .limit(1);
    return Boolean(user);
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
