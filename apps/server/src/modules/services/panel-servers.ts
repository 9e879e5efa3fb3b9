import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secret-box';
import { DirectAdminDriver } from '../../providers/panel/directadmin-driver';
import type { PanelCallRecord, PanelDriver, PanelKind } from '../../providers/panel/panel-driver';
import { SandboxMailPanelDriver } from '../../providers/panel/sandbox-mail';
import { SiteBuilderDriver } from '../../providers/panel/site-builder-driver';
import { WhmDriver } from '../../providers/panel/whm-driver';
import { panelServers, services } from './schema';

// The panel servers staff register (issue 20) and the driver that speaks to each. Credentials
// are sealed at rest; they are opened only here, to build a driver, and never returned.

export type PanelServerRow = typeof panelServers.$inferSelect;

/** What provisioning needs from the app. */
export interface ProvisioningDeps {
  db: Database;
  secrets: SecretBox;
  log: Logger;
  /** The app's public address: the sandbox's sites and the builder's callback live there. */
  publicUrl: string;
  /** One panel call's limit (PANEL_TIMEOUT_MS). */
  panelTimeoutMs: number;
}

/** Where the site builder posts its callbacks (site-builder-driver.ts §5): a server-to-server hook signed by the builder, outside the user API. */
export const BUILDER_CALLBACK_PATH = '/webhooks/site-builder';

/** Each panel kind's credentials, as staff enter them and as they are sealed. */
export const panelCredentialSchemas = {
  sandbox: z.strictObject({}),
  whm: z.strictObject({
    username: z.string().min(1).max(64),
    apiToken: z.string().min(16).max(256),
  }),
  directadmin: z.strictObject({
    username: z.string().min(1).max(64),
    loginKey: z.string().min(16).max(256),
    ip: z.ipv4().optional(),
  }),
  'site-builder': z.strictObject({ secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/) }),
} satisfies Record<PanelKind, z.ZodType>;

export type PanelCredentials<K extends PanelKind> = z.infer<(typeof panelCredentialSchemas)[K]>;

/** Seals a kind's credentials after checking their shape. */
export function sealCredentials(secrets: SecretBox, kind: PanelKind, credentials: unknown): string {
  return secrets.seal(JSON.stringify(panelCredentialSchemas[kind].parse(credentials)));
}

/** The driver for one server, with every exchange handed to `onCall` (redacted). */
export function driverFor(
  server: Pick<PanelServerRow, 'kind' | 'baseUrl' | 'credentials'>,
  deps: ProvisioningDeps,
  onCall?: (record: PanelCallRecord) => void,
): PanelDriver {
  const opened = JSON.parse(deps.secrets.open(server.credentials)) as unknown;
  const common = {
    baseUrl: server.baseUrl,
    timeoutMs: deps.panelTimeoutMs,
    ...(onCall ? { onCall } : {}),
  };
  switch (server.kind) {
    case 'sandbox':
      return new SandboxMailPanelDriver(deps.db, {
        publicUrl: deps.publicUrl,
        ...(onCall ? { onCall } : {}),
      });
    case 'whm': {
      const credentials = panelCredentialSchemas.whm.parse(opened);
      return new WhmDriver({ ...common, ...credentials });
    }
    case 'directadmin': {
      const { ip, ...credentials } = panelCredentialSchemas.directadmin.parse(opened);
      return new DirectAdminDriver({ ...common, ...credentials, ...(ip ? { ip } : {}) });
    }
    case 'site-builder': {
      const credentials = panelCredentialSchemas['site-builder'].parse(opened);
      return new SiteBuilderDriver({
        ...common,
        secret: credentials.secret,
        callbackUrl: `${deps.publicUrl}${BUILDER_CALLBACK_PATH}`,
      });
    }
  }
}

/** Services that hold (or are about to hold) an account on their server. */
const LIVE_ON_SERVER = sql`${services.status} not in ('terminated', 'cancelled')`;

/**
 * The least loaded enabled server of a group with room left, locked so that placements in the
 * group happen one at a time (two services never take a server's last place); null when none.
 */
export async function pickServer(
  tx: Transaction,
  groupName: string,
): Promise<PanelServerRow | null> {
  const candidates = await tx
    .select()
    .from(panelServers)
    .where(and(eq(panelServers.groupName, groupName), eq(panelServers.enabled, true)))
    .orderBy(asc(panelServers.id))
    .for('update');
  if (candidates.length === 0) return null;
  const loads = await serverLoads(
    tx,
    candidates.map((server) => server.id),
  );
  let best: PanelServerRow | null = null;
  let bestShare = Number.POSITIVE_INFINITY;
  for (const server of candidates) {
    const used = loads.get(server.id) ?? 0;
    if (used >= server.capacity) continue;
    const share = used / server.capacity;
    if (share < bestShare) {
      best = server;
      bestShare = share;
    }
  }
  return best;
}

/** Accounts each server holds (services not terminated or cancelled). */
export async function serverLoads(
  db: Database,
  serverIds: readonly string[],
): Promise<Map<string, number>> {
  if (serverIds.length === 0) return new Map();
  const rows = await db
    .select({ serverId: services.serverId, used: sql<number>`count(*)::int` })
    .from(services)
    .where(and(inArray(services.serverId, [...serverIds]), LIVE_ON_SERVER))
    .groupBy(services.serverId);
  return new Map(rows.map((row) => [row.serverId as string, row.used]));
}

export async function findServer(db: Database, serverId: string): Promise<PanelServerRow | null> {
  const [server] = await db.select().from(panelServers).where(eq(panelServers.id, serverId));
  return server ?? null;
}
