import { createHash, randomBytes } from 'node:crypto';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import {
  type AccountSpec,
  type CreatedAccount,
  type PanelCallRecord,
  PanelError,
} from '../../providers/panel/panel-driver';
import { peopleView } from '../accounts';
import { planLimitsOf, themesView } from '../catalog';
import { announceHosting } from './hosting';
import {
  moveService,
  PANEL_ACTION_JOB,
  type PanelAction,
  PROVISION_JOB,
  recordServiceEvent,
  type ServiceRow,
} from './lifecycle';
import {
  driverFor,
  findServer,
  type PanelServerRow,
  type ProvisioningDeps,
  pickServer,
} from './panel-servers';
import { productProvisioning, serviceEvents, services } from './schema';
import { queueServiceNotice, queueStaffAlert } from './service-notices';

// Delivering what was sold (issue 20, decision 0020): a paid service of a product mapped to a
// server group is created on a panel by the provisioning job, and every later status change
// that concerns its account (suspend, unsuspend, terminate) is done by the panel-action job.
// Both run at least once: each step reads the service again, and the drivers are idempotent.

/** A service's username on every panel: from its id, so a retry asks for the same account. */
export function panelUsernameFor(serviceId: string): string {
  const digest = createHash('sha256').update(serviceId).digest();
  let name = 'v';
  for (let index = 0; name.length < 8; index += 1) {
    name += ((digest[index] as number) % 36).toString(36);
  }
  return name;
}

/** A first password every panel accepts: letters of both cases and digits, 18 characters. */
export function newAccountPassword(): string {
  const raw = randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  return `Vt${raw.slice(0, 14)}7x`;
}

async function lockService(tx: Transaction, serviceId: string): Promise<ServiceRow | null> {
  const [service] = await tx
    .select()
    .from(services)
    .where(eq(services.id, serviceId))
    .for('update');
  return service ?? null;
}

/** Queues the provisioning of a service, in the transaction that made it due. */
export function queueProvisioning(tx: Transaction, serviceId: string) {
  return sendInTransaction(tx, PROVISION_JOB, { serviceId }, { singletonKey: serviceId });
}

const SETUP_STATUSES = new Set(['pending', 'provisioning', 'failed']);

interface Placement {
  /** The service's own attempt number: staff starting the setup again do not restart it. */
  attempt: number;
  service: ServiceRow;
  server: PanelServerRow;
  spec: AccountSpec;
}

/**
 * One run of the provisioning job: place the service on a server, ask the panel for its
 * account, and record what happened. A retryable failure with retries left throws, so the
 * queue runs it again after its backoff; anything else ends here, active or with staff.
 */
export async function provisionService(
  deps: ProvisioningDeps,
  serviceId: string,
  context: JobContext,
): Promise<void> {
  const placement = await deps.db.transaction((tx) =>
    place(tx, deps, serviceId, { jobId: context.id, attempt: context.retryCount + 1 }),
  );
  if (!placement) return;
  const { attempt } = placement;
  const job = { jobId: context.id, attempt };

  const calls: PanelCallRecord[] = [];
  const driver = driverFor(placement.server, deps, (record) => calls.push(record));
  let created: CreatedAccount | null = null;
  let failure: PanelError | null = null;
  try {
    created = await driver.createAccount(placement.spec);
  } catch (error) {
    failure =
      error instanceof PanelError
        ? error
        : new PanelError('protocol', (error as Error).message, { cause: error });
  }

  const retryLater = failure?.retryable === true && !context.lastAttempt;
  await deps.db.transaction(async (tx) => {
    const service = await lockService(tx, serviceId);
    if (!service) return;
    const now = new Date();
    if (created) {
      await recordCreated(tx, service, created, { ...job, calls }, now);
      return;
    }
    if (!SETUP_STATUSES.has(service.status)) return;
    const reason = failure?.message ?? 'unknown';
    if (retryLater) {
      await moveService(
        tx,
        service,
        'failed',
        {
          kind: 'provision.failed',
          actor: 'panel',
          message: `ساخت حساب روی ${placement.server.name} در تلاش ${toPersianDigits(attempt)} نشد؛ دوباره تلاش می‌شود (${reason})`,
          ...job,
          calls,
        },
        now,
      );
      return;
    }
    await handOver(
      tx,
      service,
      `ساخت حساب روی ${placement.server.name} نشد و به کارشناس سپرده شد (${reason})`,
      { ...job, calls },
      now,
    );
  });
  if (retryLater && failure) throw failure;
}

/** Step one: choose the server (once), fix the account's name and password, and say so. */
async function place(
  tx: Transaction,
  deps: ProvisioningDeps,
  serviceId: string,
  job: { jobId: string; attempt: number },
): Promise<Placement | null> {
  const service = await lockService(tx, serviceId);
  if (!service || !SETUP_STATUSES.has(service.status)) return null;
  const now = new Date();
  const [mapping] = service.productId
    ? await tx
        .select()
        .from(productProvisioning)
        .where(eq(productProvisioning.productId, service.productId))
    : [];
  const server = service.serverId
    ? await findServer(tx, service.serverId)
    : mapping
      ? await pickServer(tx, mapping.groupName)
      : null;
  if (!server || (!service.packageName && !mapping)) {
    const why = mapping
      ? `هیچ سرور فعالی با جای خالی در گروه «${mapping.groupName}» نیست`
      : 'محصول این سرویس به هیچ گروه سروری وصل نیست';
    await handOver(tx, service, `${why}؛ سرویس به کارشناس سپرده شد`, job, now);
    return null;
  }
  // Counted over the service's life, so a setup staff started again goes on from the last try.
  const [tried] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(serviceEvents)
    .where(
      and(eq(serviceEvents.serviceId, service.id), eq(serviceEvents.kind, 'provision.attempt')),
    );
  const attempt = (tried?.count ?? 0) + 1;
  const changes = {
    serverId: server.id,
    packageName: service.packageName ?? mapping?.packageName ?? null,
    panelUsername: service.panelUsername ?? panelUsernameFor(service.id),
    panelPassword: service.panelPassword ?? deps.secrets.seal(newAccountPassword()),
  };
  const moved = await moveService(
    tx,
    service,
    'provisioning',
    {
      kind: 'provision.attempt',
      actor: 'system',
      message: `تلاش ${toPersianDigits(attempt)} برای ساخت حساب روی سرور ${server.name}`,
      ...job,
      attempt,
    },
    now,
    changes,
  );
  const [owner] = await tx
    .select({ email: peopleView.email })
    .from(peopleView)
    .where(eq(peopleView.id, service.userId));
  const [theme] = service.themeId
    ? await tx
        .select({ slug: themesView.slug })
        .from(themesView)
        .where(eq(themesView.id, service.themeId))
    : [];
  return {
    attempt,
    service: moved,
    server,
    spec: {
      username: changes.panelUsername,
      domain: service.domainName ?? `${changes.panelUsername}.vitrin.site`,
      packageName: changes.packageName as string,
      limits: service.productId ? await planLimitsOf(tx, service.productId) : {},
      contactEmail: owner?.email ?? `${changes.panelUsername}@vitrin.localhost`,
      password: deps.secrets.open(changes.panelPassword),
      theme: theme?.slug ?? null,
    },
  };
}

/** The panel made the account (or already had it): active now, or when the builder says so. */
async function recordCreated(
  tx: Transaction,
  service: ServiceRow,
  created: CreatedAccount,
  job: { jobId: string; attempt: number; calls: PanelCallRecord[] },
  now: Date,
): Promise<void> {
  const adopted = created.adopted ? ' (حساب از تلاش پیشین روی پنل بود و همان به کار رفت)' : '';
  if (service.status === 'cancelled' || service.status === 'terminated') {
    // Cancelled while the panel worked: the account it made goes too.
    await recordServiceEvent(
      tx,
      service.id,
      {
        kind: 'panel.create',
        actor: 'panel',
        message: `حساب ساخته شد${adopted}، ولی سرویس لغو شده بود؛ حذف حساب در صف است`,
        ...job,
      },
      now,
    );
    await sendInTransaction(tx, PANEL_ACTION_JOB, {
      serviceId: service.id,
      action: 'terminate',
      reason: 'لغو پیش از پایان راه‌اندازی',
    });
    return;
  }
  if (!['pending', 'provisioning', 'failed', 'needs-attention'].includes(service.status)) return;
  if (created.state === 'pending') {
    await moveService(
      tx,
      service,
      'provisioning',
      {
        kind: 'panel.create',
        actor: 'panel',
        message: `سایت‌ساز درخواست را پذیرفت${adopted} و سایت در حال ساخت است`,
        ...job,
      },
      now,
    );
    return;
  }
  await activate(
    tx,
    service,
    {
      kind: 'panel.create',
      actor: 'panel',
      message: `حساب روی پنل ساخته شد${adopted}؛ سرویس فعال است`,
      ...job,
    },
    now,
  );
}

/**
 * Active at last. The term was counted from payment; the time setting up took is given back,
 * so a service that waited two days for staff still gets its whole term. A site account on a
 * server is announced, for its domain's zone.
 */
export async function activate(
  tx: Transaction,
  service: ServiceRow,
  event: Parameters<typeof moveService>[3],
  now: Date,
): Promise<ServiceRow> {
  const waited = service.startsAt ? Math.max(0, now.getTime() - service.startsAt.getTime()) : 0;
  const expiresAt = service.expiresAt ? new Date(service.expiresAt.getTime() + waited) : null;
  const active = await moveService(tx, service, 'active', event, now, { startsAt: now, expiresAt });
  await queueServiceNotice(tx, active, 'ready', now);
  // Its domain's zone, when we keep it, is pointed at the server (issue 38).
  const server = active.serverId ? await findServer(tx, active.serverId) : null;
  if (server) await announceHosting(tx, active, server, now);
  return active;
}

/** Staff must act: the service waits in the failed-setup queue, and people are told. */
async function handOver(
  tx: Transaction,
  service: ServiceRow,
  message: string,
  job: { jobId: string; attempt: number; calls?: PanelCallRecord[] },
  now: Date,
): Promise<void> {
  const moved = await moveService(
    tx,
    service,
    'needs-attention',
    { kind: 'provision.handover', actor: 'system', message, ...job },
    now,
  );
  await queueServiceNotice(tx, moved, 'taken-over', now);
  await queueStaffAlert(tx, moved, message, now);
}

/** What a panel-action job carries. */
export interface PanelActionData {
  serviceId: string;
  action: PanelAction;
  reason: string;
}

/** The statuses in which each action still makes sense when its job finally runs. */
const ACTION_STILL_WANTED: Record<PanelAction, readonly string[]> = {
  suspend: ['suspended'],
  unsuspend: ['active', 'expired'],
  terminate: ['terminated', 'cancelled'],
  'change-package': ['active', 'expired', 'suspended'],
};

const ACTION_DONE: Record<PanelAction, string> = {
  suspend: 'حساب روی پنل معلق شد',
  unsuspend: 'تعلیق حساب روی پنل برداشته شد',
  terminate: 'حساب و داده‌هایش از پنل حذف شد',
  'change-package': 'بستهٔ حساب روی پنل عوض شد',
};

/**
 * One run of the panel-action job. An action the service no longer wants (unsuspended again
 * before the suspension ran) is skipped, so actions queued out of order never undo each other.
 */
export async function runPanelAction(
  deps: ProvisioningDeps,
  data: PanelActionData,
  context: JobContext,
): Promise<void> {
  const [service] = await deps.db.select().from(services).where(eq(services.id, data.serviceId));
  if (!service?.serverId || !service.panelUsername) return;
  if (!ACTION_STILL_WANTED[data.action].includes(service.status)) return;
  const server = await findServer(deps.db, service.serverId);
  if (!server) return;
  const calls: PanelCallRecord[] = [];
  const driver = driverFor(server, deps, (record) => calls.push(record));
  const job = { jobId: context.id, attempt: context.retryCount + 1, calls };
  const username = service.panelUsername;
  try {
    if (data.action === 'suspend') await driver.suspendAccount(username, data.reason);
    else if (data.action === 'unsuspend') await driver.unsuspendAccount(username);
    else if (data.action === 'terminate') await driver.terminateAccount(username);
    // The package the service has when the job runs: of two changes queued, both set the last.
    else if (service.packageName) {
      const limits = service.productId ? await planLimitsOf(deps.db, service.productId) : {};
      await driver.changePackage(username, service.packageName, limits);
    }
  } catch (error) {
    const failure =
      error instanceof PanelError ? error : new PanelError('protocol', (error as Error).message);
    const final = !failure.retryable || context.lastAttempt;
    await deps.db.transaction(async (tx) => {
      const message = `${ACTION_DONE[data.action]} نشد (${failure.message})${final ? '؛ به کارشناس سپرده شد' : '؛ دوباره تلاش می‌شود'}`;
      await recordServiceEvent(
        tx,
        service.id,
        { kind: `panel.${data.action}`, actor: 'panel', message, ...job },
        new Date(),
      );
      if (final) await queueStaffAlert(tx, service, message, new Date());
    });
    if (!final) throw failure;
    return;
  }
  await deps.db.transaction((tx) =>
    recordServiceEvent(
      tx,
      service.id,
      { kind: `panel.${data.action}`, actor: 'panel', message: ACTION_DONE[data.action], ...job },
      new Date(),
    ),
  );
}
