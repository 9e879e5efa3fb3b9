import {
  type AuditAction,
  type getServiceTimeline as getServiceTimelineCall,
  IP_ADDRESS_PROBLEMS,
  PANEL_KIND_LABELS,
  type PlanLimits,
  readIpAddress,
  SERVICE_SETUP_STATUSES,
  type ServiceStatus,
  type savePanelServer as savePanelServerCall,
  type saveProductProvisioning as saveProductProvisioningCall,
} from '@vitrin/contracts';
import { formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { pageOffset } from '../../lib/status-page';
import {
  type AccountUsage,
  type PanelCallRecord,
  PanelError,
} from '../../providers/panel/panel-driver';
import { SANDBOX_SITES_PATH } from '../../providers/panel/sandbox-driver';
import { confirmOwnPassword, peopleView } from '../accounts';
import { writeAudit } from '../audit';
import { planLimitsOf, productsView } from '../catalog';
import { ordersView } from '../orders';
import { announceServerAddresses } from './hosting';
import { canMove, moveService, recordServiceEvent } from './lifecycle';
import {
  driverFor,
  type PanelServerRow,
  type ProvisioningDeps,
  sealCredentials,
  serverLoads,
} from './panel-servers';
import { requireProduct } from './product-check';
import { activate, newAccountPassword, queueProvisioning } from './provisioning';
import { panelServers, productProvisioning, serviceEvents, services } from './schema';

// The calls about a service's account on its panel (issue 20): the customer's access page,
// password and single sign-on; the staff's failed-setup queue, servers and product mapping.

const NOT_FOUND = 'این سرویس پیدا نشد';
/** States in which the account exists on the panel and may be signed into. */
const SIGN_IN_STATUSES: readonly ServiceStatus[] = ['active', 'expired'];
/** States in which the account exists on the panel at all. */
const ACCOUNT_STATUSES: readonly ServiceStatus[] = ['active', 'expired', 'suspended'];

type ServiceRow = typeof services.$inferSelect;

async function ownService(db: Database, userId: string, serviceId: string): Promise<ServiceRow> {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.userId, userId)));
  if (!service) throw new AppError('NOT_FOUND', NOT_FOUND);
  return service;
}

async function serverOf(db: Database, service: ServiceRow): Promise<PanelServerRow | null> {
  if (!service.serverId) return null;
  const [server] = await db
    .select()
    .from(panelServers)
    .where(eq(panelServers.id, service.serverId));
  return server ?? null;
}

type EventRow = typeof serviceEvents.$inferSelect;

/**
 * What the owner reads of an event: the setup steps in their own words (staff's lines name
 * servers, groups and the panel's English errors), panel failures left out (staff act on them).
 */
function customerMessage(event: EventRow): string | null {
  const attempt = toPersianDigits(event.attempt ?? 1);
  switch (event.kind) {
    case 'provision.attempt':
      return `تلاش ${attempt} برای راه‌اندازی`;
    case 'provision.failed':
      return `راه‌اندازی در تلاش ${attempt} به مشکل خورد؛ خودکار دوباره تلاش می‌شود`;
    case 'provision.handover':
    case 'panel.failed':
      return 'راه‌اندازی به کارشناس پشتیبانی سپرده شد';
    case 'provision.retry':
      return 'کارشناس پشتیبانی راه‌اندازی را دوباره آغاز کرد';
    case 'provision.manual':
      return 'کارشناس پشتیبانی راه‌اندازی را انجام داد؛ سرویس فعال است';
    case 'panel.create':
    case 'panel.ready':
      return event.toStatus === 'active' ? 'سرویس راه‌اندازی شد و فعال است' : 'ساخت سایت آغاز شد';
    case 'panel.suspend':
    case 'panel.unsuspend':
    case 'panel.terminate':
    case 'panel.change-package':
    case 'password.reset':
      return event.message.includes('نشد') ? null : event.message;
    default:
      return event.message;
  }
}

function eventView(event: EventRow) {
  return {
    id: event.id,
    at: event.createdAt.toISOString(),
    kind: event.kind,
    message: event.message,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    actor: event.actor,
    attempt: event.attempt,
  };
}

/**
 * The bars measure use against the plan sold (issue 35 item 4): its limits where it states them,
 * the panel's where it does not (a product without limits yet).
 */
export function withPlanLimits(usage: AccountUsage, limits: PlanLimits): AccountUsage {
  return {
    ...usage,
    diskLimitMb: limits.diskMb !== undefined ? limits.diskMb : usage.diskLimitMb,
    bandwidthLimitMb:
      limits.bandwidthMb !== undefined ? limits.bandwidthMb : usage.bandwidthLimitMb,
  };
}

/** The customer's view of a service's account: where, who, how much, and what happened. */
export async function getServiceAccess(deps: ProvisioningDeps, userId: string, serviceId: string) {
  const service = await ownService(deps.db, userId, serviceId);
  const events = await deps.db
    .select()
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, service.id))
    .orderBy(desc(serviceEvents.createdAt), desc(serviceEvents.id))
    .limit(50);
  const setup = SERVICE_SETUP_STATUSES.includes(service.status)
    ? {
        since: (service.startsAt ?? service.createdAt).toISOString(),
        attempts: events.filter((event) => event.kind === 'provision.attempt').length,
      }
    : null;
  const server = await serverOf(deps.db, service);
  const hasAccount =
    server !== null && service.panelUsername !== null && ACCOUNT_STATUSES.includes(service.status);
  let usage = null;
  let usageProblem: string | null = null;
  if (hasAccount && server && service.panelUsername) {
    try {
      usage = withPlanLimits(
        await driverFor(server, deps).usage(service.panelUsername),
        service.productId ? await planLimitsOf(deps.db, service.productId) : {},
      );
    } catch (error) {
      deps.log.warn({ err: error, serviceId: service.id }, 'usage not read');
      usageProblem = 'کنترل پنل اکنون پاسخ نمی‌دهد؛ مصرف را کمی بعد ببینید';
    }
  }
  return {
    cancellation: service.cancelRequestedAt
      ? {
          requestedAt: service.cancelRequestedAt.toISOString(),
          endsAt: service.expiresAt?.toISOString() ?? null,
        }
      : null,
    account:
      hasAccount && server && service.panelUsername
        ? {
            panelName: PANEL_KIND_LABELS[server.kind],
            username: service.panelUsername,
            domain: service.domainName,
            siteUrl:
              server.kind === 'sandbox'
                ? `${deps.publicUrl}${SANDBOX_SITES_PATH}/${service.panelUsername}/`
                : service.domainName
                  ? `https://${service.domainName}/`
                  : null,
            canSignIn: SIGN_IN_STATUSES.includes(service.status),
            nameservers: server.nameservers,
          }
        : null,
    usage,
    usageProblem,
    setup,
    timeline: events.flatMap((event) => {
      const message = customerMessage(event);
      return message === null ? [] : [{ ...eventView(event), message }];
    }),
  };
}

function requireAccount(
  service: ServiceRow,
  server: PanelServerRow | null,
  statuses: readonly ServiceStatus[],
) {
  if (!server || !service.panelUsername || !service.panelPassword) {
    throw new AppError('CONFLICT', 'این سرویس هنوز حسابی روی کنترل پنل ندارد');
  }
  if (!statuses.includes(service.status)) {
    throw new AppError('CONFLICT', 'در وضعیت کنونی سرویس، ورود به کنترل پنل ممکن نیست');
  }
  return { server, username: service.panelUsername, sealed: service.panelPassword };
}

/** The account's password, after the person confirmed their own. */
export async function revealPanelPassword(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; password: string },
) {
  const service = await ownService(deps.db, userId, input.serviceId);
  const account = requireAccount(service, await serverOf(deps.db, service), ACCOUNT_STATUSES);
  await confirmOwnPassword(deps.db, userId, input.password);
  await deps.db.transaction((tx) =>
    recordServiceEvent(
      tx,
      service.id,
      {
        kind: 'password.revealed',
        actor: 'customer',
        actorId: userId,
        message: 'گذرواژهٔ کنترل پنل به مالک نشان داده شد',
      },
      new Date(),
    ),
  );
  return { password: deps.secrets.open(account.sealed) };
}

/** A new password, set on the panel first, then kept; answers it once. */
export async function resetPanelPassword(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; password: string },
) {
  const service = await ownService(deps.db, userId, input.serviceId);
  const account = requireAccount(service, await serverOf(deps.db, service), SIGN_IN_STATUSES);
  await confirmOwnPassword(deps.db, userId, input.password);
  const password = newAccountPassword();
  const calls: PanelCallRecord[] = [];
  try {
    await driverFor(account.server, deps, (record) => calls.push(record)).resetPassword(
      account.username,
      password,
    );
  } catch (error) {
    await deps.db.transaction((tx) =>
      recordServiceEvent(
        tx,
        service.id,
        {
          kind: 'password.reset',
          actor: 'customer',
          actorId: userId,
          message: `تغییر گذرواژهٔ کنترل پنل نشد (${(error as Error).message})`,
          calls,
        },
        new Date(),
      ),
    );
    throw new AppError(
      'PANEL_UNAVAILABLE',
      'کنترل پنل اکنون پاسخ نمی‌دهد؛ گذرواژه تغییر نکرد. کمی بعد دوباره تلاش کنید',
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(services)
      .set({ panelPassword: deps.secrets.seal(password) })
      .where(eq(services.id, service.id));
    await recordServiceEvent(
      tx,
      service.id,
      {
        kind: 'password.reset',
        actor: 'customer',
        actorId: userId,
        message: 'گذرواژهٔ کنترل پنل تازه شد',
        calls,
      },
      new Date(),
    );
  });
  return { password };
}

/**
 * The owner asks to end a service when its paid term ends (or withdraws that). A service
 * already past its term (in its grace period) ends now. A renewal paid later withdraws it.
 */
export async function requestCancellation(
  deps: ProvisioningDeps,
  userId: string,
  input: { serviceId: string; cancel: boolean; reason?: string | undefined },
) {
  return deps.db.transaction(async (tx) => {
    const [service] = await tx
      .select()
      .from(services)
      .where(and(eq(services.id, input.serviceId), eq(services.userId, userId)))
      .for('update');
    if (!service) throw new AppError('NOT_FOUND', NOT_FOUND);
    const now = new Date();
    const reason = input.reason?.trim() ? ` (${input.reason.trim()})` : '';
    if (!input.cancel) {
      if (service.cancelRequestedAt) {
        await tx
          .update(services)
          .set({ cancelRequestedAt: null })
          .where(eq(services.id, service.id));
        await recordServiceEvent(
          tx,
          service.id,
          {
            kind: 'cancel.withdrawn',
            actor: 'customer',
            actorId: userId,
            message: 'مالک درخواست لغو را پس گرفت',
          },
          now,
        );
      }
      return { endsAt: null };
    }
    if (service.status === 'expired') {
      await moveService(
        tx,
        service,
        'cancelled',
        {
          kind: 'cancel.now',
          actor: 'customer',
          actorId: userId,
          message: `مالک سرویسِ منقضی را لغو کرد${reason}`,
        },
        now,
      );
      return { endsAt: now.toISOString() };
    }
    if (service.status !== 'active') {
      throw new AppError('CONFLICT', 'فقط سرویس فعال یا منقضی را می‌توان لغو کرد');
    }
    if (!service.cancelRequestedAt) {
      await tx.update(services).set({ cancelRequestedAt: now }).where(eq(services.id, service.id));
      const until = service.expiresAt
        ? ` در پایان دوره (${formatJalaliDate(service.expiresAt)})`
        : '';
      await recordServiceEvent(
        tx,
        service.id,
        {
          kind: 'cancel.requested',
          actor: 'customer',
          actorId: userId,
          message: `مالک خواست سرویس${until} لغو شود${reason}`,
        },
        now,
      );
    }
    return { endsAt: service.expiresAt?.toISOString() ?? null };
  });
}

/** A one-time sign-in URL for the panel (SSO). */
export async function openControlPanel(deps: ProvisioningDeps, userId: string, serviceId: string) {
  const service = await ownService(deps.db, userId, serviceId);
  const account = requireAccount(service, await serverOf(deps.db, service), SIGN_IN_STATUSES);
  try {
    return { url: await driverFor(account.server, deps).loginUrl(account.username) };
  } catch (error) {
    deps.log.warn({ err: error, serviceId }, 'panel sign-in link not made');
    throw new AppError(
      'PANEL_UNAVAILABLE',
      'کنترل پنل اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید',
    );
  }
}

/* Staff */

/** What the setup queue and a service's timeline show of a service, its owner and its order. */
const queueColumns = {
  service: services,
  customerName: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${peopleView.firstName}, ${peopleView.lastName})), '')`,
  mobile: peopleView.mobile,
  serverName: panelServers.name,
  paidAt: ordersView.paidAt,
};

function queueRowOf(row: {
  service: ServiceRow;
  customerName: string | null;
  mobile: string;
  serverName: string | null;
  paidAt: Date | null;
}) {
  return {
    serviceId: row.service.id,
    name: row.service.name,
    status: row.service.status,
    customer: { id: row.service.userId, name: row.customerName, mobile: row.mobile },
    server:
      row.service.serverId && row.serverName
        ? { id: row.service.serverId, name: row.serverName }
        : null,
    since: row.service.statusChangedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Every service that should be active and is not, waiting longest first. */
export async function getSetupQueue(
  db: Database,
  query: { onlyNeedsAttention?: boolean | undefined; page: number; pageSize: number },
) {
  const statuses = query.onlyNeedsAttention
    ? ['needs-attention' as const]
    : [...SERVICE_SETUP_STATUSES];
  const where = inArray(services.status, statuses);
  const rows = await db
    .select(queueColumns)
    .from(services)
    .innerJoin(peopleView, eq(peopleView.id, services.userId))
    .leftJoin(panelServers, eq(panelServers.id, services.serverId))
    .leftJoin(ordersView, eq(ordersView.id, services.orderId))
    .where(where)
    .orderBy(
      sql`case when ${services.status} = 'needs-attention' then 0 else 1 end`,
      asc(services.statusChangedAt),
      asc(services.id),
    )
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const ids = rows.map((row) => row.service.id);
  const stats = ids.length
    ? await db
        .select({
          serviceId: serviceEvents.serviceId,
          attempts: sql<number>`count(*) filter (where ${serviceEvents.kind} = 'provision.attempt')::int`,
          lastMessage: sql<
            string | null
          >`(array_agg(${serviceEvents.message} order by ${serviceEvents.createdAt} desc))[1]`,
        })
        .from(serviceEvents)
        .where(inArray(serviceEvents.serviceId, ids))
        .groupBy(serviceEvents.serviceId)
    : [];
  const statsOf = new Map(stats.map((row) => [row.serviceId, row]));
  const [totals] = await db
    .select({
      total: count(),
      needsAttention: sql<number>`count(*) filter (where ${services.status} = 'needs-attention')::int`,
    })
    .from(services)
    .where(inArray(services.status, [...SERVICE_SETUP_STATUSES]));
  const [filtered] = await db.select({ total: count() }).from(services).where(where);
  return {
    items: rows.map((row) => ({
      ...queueRowOf(row),
      attempts: statsOf.get(row.service.id)?.attempts ?? 0,
      lastMessage: statsOf.get(row.service.id)?.lastMessage ?? null,
    })),
    total: filtered?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    needsAttention: totals?.needsAttention ?? 0,
  };
}

/** A service's whole timeline with the panel exchanges of each step (already redacted). */
export async function getServiceTimeline(
  db: Database,
  serviceId: string,
): Promise<z.infer<(typeof getServiceTimelineCall)['response']>> {
  const [row] = await db
    .select(queueColumns)
    .from(services)
    .innerJoin(peopleView, eq(peopleView.id, services.userId))
    .leftJoin(panelServers, eq(panelServers.id, services.serverId))
    .leftJoin(ordersView, eq(ordersView.id, services.orderId))
    .where(eq(services.id, serviceId));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  const events = await db
    .select()
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, serviceId))
    .orderBy(desc(serviceEvents.createdAt), desc(serviceEvents.id))
    .limit(200);
  return {
    service: {
      ...queueRowOf(row),
      panelUsername: row.service.panelUsername,
      packageName: row.service.packageName,
    },
    events: events.map((event) => ({
      ...eventView(event),
      calls: (event.calls as PanelCallRecord[] | null) ?? [],
    })),
  };
}

async function staffMove(
  deps: ProvisioningDeps,
  actor: Actor,
  serviceId: string,
  action: AuditAction,
  reason: string | undefined,
  change: (
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    service: ServiceRow,
    now: Date,
  ) => Promise<ServiceRow>,
) {
  return deps.db.transaction(async (tx) => {
    const [service] = await tx
      .select()
      .from(services)
      .where(eq(services.id, serviceId))
      .for('update');
    if (!service) throw new AppError('NOT_FOUND', NOT_FOUND);
    const updated = await change(tx, service, new Date());
    await writeAudit(tx, {
      actorId: actor.id,
      action,
      entityType: 'service',
      entityId: service.id,
      before: { status: service.status, serverId: service.serverId },
      after: { status: updated.status, serverId: updated.serverId },
      reason: reason ?? null,
      ipAddress: actor.ipAddress,
    });
    return { status: updated.status };
  });
}

/** Staff send a stuck setup round again, on the same server or another one. */
export function retrySetup(
  deps: ProvisioningDeps,
  actor: Actor,
  input: { serviceId: string; serverId?: string | undefined; reason?: string | undefined },
) {
  return staffMove(
    deps,
    actor,
    input.serviceId,
    'service.retry-setup',
    input.reason,
    async (tx, service, now) => {
      if (!['needs-attention', 'failed', 'pending', 'provisioning'].includes(service.status)) {
        throw new AppError('CONFLICT', 'این سرویس در حال راه‌اندازی نیست');
      }
      const changes: Partial<ServiceRow> = {};
      let where = '';
      if (input.serverId && input.serverId !== service.serverId) {
        const [server] = await tx
          .select()
          .from(panelServers)
          .where(eq(panelServers.id, input.serverId));
        if (!server?.enabled) {
          throw new AppError('VALIDATION', 'این سرور پیدا نشد یا خاموش است', {
            fields: { serverId: 'سرور نامعتبر' },
          });
        }
        changes.serverId = server.id;
        where = ` روی سرور ${server.name}`;
      }
      const reason = input.reason ? ` (${input.reason})` : '';
      const moved = await moveService(
        tx,
        service,
        'provisioning',
        {
          kind: 'provision.retry',
          actor: 'staff',
          actorId: actor.id,
          message: `کارشناس راه‌اندازی را دوباره فرستاد${where}${reason}`,
        },
        now,
        changes,
      );
      await queueProvisioning(tx, service.id);
      return moved;
    },
  );
}

/** Staff made the account themselves: the service is active, and its owner is told. */
export function completeSetupByHand(
  deps: ProvisioningDeps,
  actor: Actor,
  input: { serviceId: string; reason: string },
) {
  return staffMove(
    deps,
    actor,
    input.serviceId,
    'service.complete-setup',
    input.reason,
    async (tx, service, now) => {
      if (
        !canMove(service.status, 'active') ||
        !['needs-attention', 'failed', 'pending', 'provisioning'].includes(service.status)
      ) {
        throw new AppError('CONFLICT', 'این سرویس در حال راه‌اندازی نیست');
      }
      return activate(
        tx,
        service,
        {
          kind: 'provision.manual',
          actor: 'staff',
          actorId: actor.id,
          message: `کارشناس راه‌اندازی را دستی انجام داد (${input.reason})`,
        },
        now,
      );
    },
  );
}

function serverView(server: PanelServerRow, accounts: number) {
  return {
    id: server.id,
    name: server.name,
    kind: server.kind,
    baseUrl: server.baseUrl,
    groupName: server.groupName,
    capacity: server.capacity,
    nameservers: server.nameservers,
    addresses: server.addresses,
    enabled: server.enabled,
    accounts,
    createdAt: server.createdAt.toISOString(),
  };
}

export async function getPanelServers(db: Database) {
  const rows = await db
    .select()
    .from(panelServers)
    .orderBy(asc(panelServers.groupName), asc(panelServers.name));
  const loads = await serverLoads(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => serverView(row, loads.get(row.id) ?? 0)) };
}

/** Adds or edits a server; credentials are sealed, checked for their kind, and never echoed. */
export async function savePanelServer(
  deps: ProvisioningDeps,
  actor: Actor,
  input: z.infer<(typeof savePanelServerCall)['request']>,
) {
  if (input.kind !== 'sandbox' && input.baseUrl === '') {
    throw new AppError('VALIDATION', 'نشانی سرور لازم است', {
      fields: { baseUrl: 'نشانی سرور لازم است' },
    });
  }
  if (input.kind !== 'sandbox') {
    // A documentation range answers nowhere: only the sandbox's accounts, which exist nowhere on
    // the internet either, may say they are there (ip-address.ts).
    const fields: Record<string, string> = {};
    for (const [index, address] of (input.addresses ?? []).entries()) {
      if (readIpAddress(address)?.scope === 'documentation') {
        fields[`addresses.${index}`] = IP_ADDRESS_PROBLEMS.documentation;
      }
    }
    const [first] = Object.values(fields);
    if (first) throw new AppError('VALIDATION', first, { fields });
  }
  let sealed: string | undefined;
  if (input.credentials !== undefined || !input.id) {
    try {
      sealed = sealCredentials(deps.secrets, input.kind, input.credentials ?? {});
    } catch {
      const message = 'اطلاعات ورود برای این نوع کنترل پنل کامل یا درست نیست';
      throw new AppError('VALIDATION', message, { fields: { credentials: message } });
    }
  }
  return deps.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      kind: input.kind,
      baseUrl: input.baseUrl,
      groupName: input.groupName,
      capacity: input.capacity,
      nameservers: input.nameservers,
      ...(input.addresses !== undefined ? { addresses: input.addresses } : {}),
      enabled: input.enabled,
      ...(sealed ? { credentials: sealed } : {}),
    };
    let before: PanelServerRow | undefined;
    let saved: PanelServerRow | undefined;
    try {
      if (input.id) {
        [before] = await tx
          .select()
          .from(panelServers)
          .where(eq(panelServers.id, input.id))
          .for('update');
        if (!before) throw new AppError('NOT_FOUND', 'این سرور پیدا نشد');
        if (before.kind !== input.kind && !sealed) {
          throw new AppError('VALIDATION', 'با تغییر نوع کنترل پنل، اطلاعات ورود تازه لازم است', {
            fields: { credentials: 'اطلاعات ورود تازه لازم است' },
          });
        }
        [saved] = await tx
          .update(panelServers)
          .set(values)
          .where(eq(panelServers.id, input.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(panelServers)
          .values({ ...values, credentials: sealed as string })
          .returning();
      }
    } catch (error) {
      if (
        (error as { code?: string }).code === '23505' ||
        /panel_servers_name_unique/.test(String(error))
      ) {
        throw new AppError('CONFLICT', 'سروری با این نام هست', {
          fields: { name: 'نام تکراری است' },
        });
      }
      throw error;
    }
    if (!saved) throw new Error('panel server not saved');
    // The audit row names what changed, never the credentials themselves.
    const describe = (server: PanelServerRow | undefined) =>
      server && {
        name: server.name,
        kind: server.kind,
        baseUrl: server.baseUrl,
        groupName: server.groupName,
        capacity: server.capacity,
        nameservers: server.nameservers,
        addresses: server.addresses,
        enabled: server.enabled,
      };
    await writeAudit(tx, {
      actorId: actor.id,
      action: input.id ? 'panel-server.update' : 'panel-server.create',
      entityType: 'panel-server',
      entityId: saved.id,
      before: describe(before) ?? null,
      after: { ...describe(saved), credentialsChanged: sealed !== undefined },
      reason: input.reason ?? null,
      ipAddress: actor.ipAddress,
    });
    // The zones of its accounts' domains follow new addresses (issue 38).
    if (before) await announceServerAddresses(tx, saved, before.addresses, new Date());
    const loads = await serverLoads(tx, [saved.id]);
    return serverView(saved, loads.get(saved.id) ?? 0);
  });
}

/** Asks the server's panel who it is; a failure is an answer, not an error. */
export async function testPanelServer(deps: ProvisioningDeps, serverId: string) {
  const [server] = await deps.db.select().from(panelServers).where(eq(panelServers.id, serverId));
  if (!server) throw new AppError('NOT_FOUND', 'این سرور پیدا نشد');
  const started = performance.now();
  try {
    const info = await driverFor(server, deps).testConnection();
    return {
      ok: true,
      version: info.version,
      accounts: info.accounts,
      error: null,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const message =
      error instanceof PanelError ? `${error.kind}: ${error.message}` : 'unexpected failure';
    return {
      ok: false,
      version: null,
      accounts: null,
      error: message,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

export async function getProductProvisioning(db: Database) {
  const rows = await db
    .select({ mapping: productProvisioning, productName: productsView.name })
    .from(productProvisioning)
    .innerJoin(productsView, eq(productsView.id, productProvisioning.productId))
    .orderBy(asc(productsView.name));
  return {
    items: rows.map(({ mapping, productName }) => ({
      productId: mapping.productId,
      productName,
      groupName: mapping.groupName,
      packageName: mapping.packageName,
      graceDays: mapping.graceDays,
      terminateAfterDays: mapping.terminateAfterDays,
    })),
  };
}

export async function saveProductProvisioning(
  db: Database,
  actor: Actor,
  input: z.infer<(typeof saveProductProvisioningCall)['request']>,
) {
  await db.transaction(async (tx) => {
    await requireProduct(tx, input.productId);
    const [before] = await tx
      .select()
      .from(productProvisioning)
      .where(eq(productProvisioning.productId, input.productId))
      .for('update');
    if (input.provisioning) {
      await tx
        .insert(productProvisioning)
        .values({ productId: input.productId, ...input.provisioning })
        .onConflictDoUpdate({ target: productProvisioning.productId, set: input.provisioning });
    } else {
      await tx
        .delete(productProvisioning)
        .where(eq(productProvisioning.productId, input.productId));
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'product.provisioning',
      entityType: 'product',
      entityId: input.productId,
      before: before ?? null,
      after: input.provisioning,
      reason: input.reason ?? null,
      ipAddress: actor.ipAddress,
    });
  });
  return getProductProvisioning(db);
}
