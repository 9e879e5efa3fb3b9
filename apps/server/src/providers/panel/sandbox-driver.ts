import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { PlanLimits } from '@vitrin/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type {
  AccountSpec,
  AccountUsage,
  ConnectionInfo,
  CreatedAccount,
  PanelCallRecord,
  PanelDriver,
  PanelOperation,
} from './panel-driver';
import { PanelError } from './panel-driver';
import { sandboxPanelAccounts } from './sandbox-schema';

// The built-in sandbox panel (issue 20), the default on `npm start`: it does in our own database
// what a hosting panel does on its server, so a person trying the demo gets a site they can
// open (`/sites/<username>/`, sandbox-site.ts), a panel page to sign into (SSO), and usage that
// moves as the site is visited. It keeps the PanelDriver promises (idempotent create, suspend…)
// so the services module treats it exactly as a real panel.

/** Where the sandbox serves each account's site and its panel page. */
export const SANDBOX_SITES_PATH = '/sites';
export const SANDBOX_PANEL_PATH = '/sandbox-panel';
/** An SSO link works once, for this long. */
export const SANDBOX_LOGIN_TTL_MS = 5 * 60_000;

/** A fresh site's files: the theme and a starter page. */
const BASE_DISK_MB = 38;

/** What a sandbox account is allowed: the plan's disk and bandwidth, null when unlimited. */
export function sandboxLimitsOf(limits: PlanLimits): {
  diskLimitMb: number | null;
  bandwidthLimitMb: number | null;
} {
  return { diskLimitMb: limits.diskMb ?? null, bandwidthLimitMb: limits.bandwidthMb ?? null };
}

export function hashSandboxPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}.${scryptSync(password, salt, 32).toString('base64url')}`;
}

export function sandboxPasswordMatches(password: string, stored: string): boolean {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(expected, actual);
}

export class SandboxPanelDriver implements PanelDriver {
  readonly kind = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly options: {
      /** The app's public address: SSO links and sites are served there. */
      publicUrl: string;
      onCall?: (record: PanelCallRecord) => void;
    },
  ) {}

  testConnection(): Promise<ConnectionInfo> {
    return this.call('testConnection', 'status', async () => {
      const [row] = await this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(sandboxPanelAccounts);
      return { version: 'sandbox 1', accounts: row?.count ?? 0 };
    });
  }

  createAccount(spec: AccountSpec): Promise<CreatedAccount> {
    return this.call('create', `create ${spec.username} ${spec.domain}`, async () => {
      const inserted = await this.db
        .insert(sandboxPanelAccounts)
        .values({
          username: spec.username,
          domain: spec.domain,
          packageName: spec.packageName,
          ...sandboxLimitsOf(spec.limits),
          theme: spec.theme,
          passwordHash: hashSandboxPassword(spec.password),
        })
        .onConflictDoNothing()
        .returning({ username: sandboxPanelAccounts.username });
      if (inserted.length > 0) return { username: spec.username, adopted: false, state: 'ready' };
      const existing = await this.find(spec.username);
      if (existing?.domain !== spec.domain) {
        throw new PanelError(
          'refused',
          `account ${spec.username} exists for another domain (${existing?.domain})`,
        );
      }
      return { username: spec.username, adopted: true, state: 'ready' };
    });
  }

  suspendAccount(username: string, reason: string): Promise<void> {
    return this.call('suspend', `suspend ${username}`, async () => {
      await this.update(username, { suspended: true, suspendReason: reason });
    });
  }

  unsuspendAccount(username: string): Promise<void> {
    return this.call('unsuspend', `unsuspend ${username}`, async () => {
      await this.update(username, { suspended: false, suspendReason: null });
    });
  }

  terminateAccount(username: string): Promise<void> {
    return this.call('terminate', `remove ${username}`, async () => {
      // Not there is what terminate wants: success.
      await this.db.delete(sandboxPanelAccounts).where(eq(sandboxPanelAccounts.username, username));
    });
  }

  changePackage(username: string, packageName: string, limits: PlanLimits): Promise<void> {
    return this.call('changePackage', `package ${username} ${packageName}`, async () => {
      await this.update(username, { packageName, ...sandboxLimitsOf(limits) });
    });
  }

  resetPassword(username: string, password: string): Promise<void> {
    return this.call('resetPassword', `password ${username}`, async () => {
      await this.update(username, { passwordHash: hashSandboxPassword(password) });
    });
  }

  loginUrl(username: string): Promise<string> {
    return this.call('loginUrl', `login ${username}`, async () => {
      const token = randomBytes(24).toString('base64url');
      await this.update(username, {
        loginToken: createHash('sha256').update(token).digest('hex'),
        loginTokenExpiresAt: new Date(Date.now() + SANDBOX_LOGIN_TTL_MS),
      });
      return `${this.options.publicUrl}${SANDBOX_PANEL_PATH}/${encodeURIComponent(username)}?token=${token}`;
    });
  }

  usage(username: string): Promise<AccountUsage> {
    return this.call('usage', `usage ${username}`, async () => {
      const account = await this.find(username);
      if (!account) throw new PanelError('not-found', `no account ${username}`);
      return sandboxUsageOf(account);
    });
  }

  private async find(username: string) {
    const [account] = await this.db
      .select()
      .from(sandboxPanelAccounts)
      .where(eq(sandboxPanelAccounts.username, username));
    return account;
  }

  private async update(
    username: string,
    changes: Partial<typeof sandboxPanelAccounts.$inferInsert>,
  ): Promise<void> {
    const updated = await this.db
      .update(sandboxPanelAccounts)
      .set(changes)
      .where(eq(sandboxPanelAccounts.username, username))
      .returning({ username: sandboxPanelAccounts.username });
    if (updated.length === 0) throw new PanelError('not-found', `no account ${username}`);
  }

  /** Runs one sandbox operation and records it the way HTTP drivers record their exchanges. */
  protected async call<T>(
    operation: PanelOperation,
    what: string,
    run: () => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    const record = (error: string | null) =>
      this.options.onCall?.({
        operation,
        method: 'LOCAL',
        url: `sandbox: ${what}`,
        requestBody: null,
        status: error === null ? 200 : null,
        responseBody: null,
        durationMs: Math.round(performance.now() - started),
        error,
      });
    try {
      const result = await run();
      record(null);
      return result;
    } catch (error) {
      const failure =
        error instanceof PanelError
          ? error
          : new PanelError('server-error', `sandbox: ${(error as Error).message}`, {
              cause: error,
            });
      record(failure.message);
      throw failure;
    }
  }
}

type SandboxAccount = typeof sandboxPanelAccounts.$inferSelect;

/** Disk grows a little with the site's age, bandwidth with what it served. */
export function sandboxUsageOf(account: SandboxAccount, now: Date = new Date()): AccountUsage {
  const ageDays = Math.max(0, (now.getTime() - account.createdAt.getTime()) / 86_400_000);
  return {
    diskUsedMb: Math.round(BASE_DISK_MB + ageDays * 1.5 + account.servedBytes / (1024 * 1024 * 50)),
    diskLimitMb: account.diskLimitMb,
    bandwidthUsedMb: Math.round((account.servedBytes / (1024 * 1024)) * 10) / 10,
    bandwidthLimitMb: account.bandwidthLimitMb,
    sites: 1,
  };
}

/** Finds an account by its one-time SSO token and spends the token; null when it is not valid. */
export async function spendSandboxLogin(
  db: Database,
  username: string,
  token: string,
  now: Date = new Date(),
): Promise<SandboxAccount | null> {
  const [account] = await db
    .update(sandboxPanelAccounts)
    .set({ loginToken: null, loginTokenExpiresAt: null })
    .where(
      and(
        eq(sandboxPanelAccounts.username, username),
        eq(sandboxPanelAccounts.loginToken, createHash('sha256').update(token).digest('hex')),
        gt(sandboxPanelAccounts.loginTokenExpiresAt, now),
      ),
    )
    .returning();
  return account ?? null;
}

/** Counts bytes a site served, so its bandwidth bar moves. */
export async function countSandboxServedBytes(db: Database, username: string, bytes: number) {
  await db
    .update(sandboxPanelAccounts)
    .set({ servedBytes: sql`${sandboxPanelAccounts.servedBytes} + ${bytes}` })
    .where(eq(sandboxPanelAccounts.username, username));
}

export async function findSandboxAccount(db: Database, username: string) {
  const [account] = await db
    .select()
    .from(sandboxPanelAccounts)
    .where(eq(sandboxPanelAccounts.username, username));
  return account ?? null;
}
