import type { FastifyInstance } from 'fastify';
import { PANEL_ACTION_JOB, PROVISION_JOB } from './lifecycle';
import type { ProvisioningDeps } from './panel-servers';
import { type PanelActionData, provisionService, runPanelAction } from './provisioning';
import { NOTICE_JOB, type NoticeData, type NoticeDeps, sendServiceNotice } from './service-notices';

/** What provisioning needs from the app. */
export function provisioningDepsOf(app: FastifyInstance): ProvisioningDeps {
  return {
    db: app.db,
    secrets: app.secrets,
    log: app.log,
    publicUrl: app.config.publicUrl,
    panelTimeoutMs: app.config.panelTimeoutMs,
  };
}

/**
 * The services module's queued work (issue 20): provisioning, panel actions and notices. Each
 * is retried with backoff (decision 0019); the handlers are safe to run twice.
 */
export function defineServiceJobs(app: FastifyInstance): ProvisioningDeps {
  const deps: ProvisioningDeps & NoticeDeps = {
    ...provisioningDepsOf(app),
    sms: app.sms,
    mail: app.mail,
    staffAlertEmails: app.config.staffAlertEmails,
  };
  // A job still running after this is taken for dead (its node was killed mid-call) and run
  // again: a create makes at most three panel calls (create, and a look-up to adopt).
  const stuckAfterSeconds = Math.ceil((3 * app.config.panelTimeoutMs) / 1000) + 15;
  app.jobs.define<{ serviceId: string }>({
    name: PROVISION_JOB,
    // One waiting job per service: a second request while one waits is dropped.
    policy: 'stately',
    // 10 s, 20 s, 40 s … ten retries, about 2.8 hours, before staff are asked: a panel down for
    // an afternoon heals by itself. Staff see a failed service in the queue from its first miss.
    retryLimit: 10,
    retryDelaySeconds: 10,
    // A node killed mid-call: the job is taken up again after this, and the create adopts.
    expireInSeconds: stuckAfterSeconds,
    concurrency: 8,
    // A customer who just paid is watching: the settlement's commit wakes a worker at once
    // (JOB_WAKE_CHANNEL); the poll only picks up retries and a notice missed while reconnecting.
    pollingIntervalSeconds: 2,
    handler: ({ serviceId }, context) => provisionService(deps, serviceId, context),
  });
  app.jobs.define<PanelActionData>({
    name: PANEL_ACTION_JOB,
    retryLimit: 6,
    retryDelaySeconds: 10,
    expireInSeconds: stuckAfterSeconds,
    concurrency: 4,
    handler: (data, context) => runPanelAction(deps, data, context),
  });
  app.jobs.define<NoticeData>({
    name: NOTICE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    concurrency: 4,
    handler: (data, context) => sendServiceNotice(deps, data, context),
  });
  return deps;
}
