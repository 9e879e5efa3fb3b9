import {
  getTaxSystemSettings,
  listTaxQueue,
  resendTaxDocument,
  saveTaxSystemSettings,
  taxMonthSummary,
  testTaxSystemConnection,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { TAX_SEND_JOB } from './queue';
import { runTaxSystem, type TaxRunReport } from './sending';
import { readTaxSettings, saveTaxSettings, settingsView, TaxSystemClients } from './settings';
import { listQueue, monthSummary, resendDocument, testConnection } from './staff.service';

/**
 * The tax system (issue 39): the job that sends documents and hears verdicts, run when a document
 * is issued and every period, and staff's calls under /api/admin/tax-system/.
 */
export const taxSystemRoutes = fp(registerTaxSystem, {
  name: 'tax-system',
  dependencies: ['auth', 'secrets', 'jobs'],
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The tax system's clients; `builtInFake()` is the stand-in `built-in` speaks to. */
    taxSystem: TaxSystemClients;
    /** One run of the sending job on this node, now (tests and the seed use it). */
    taxSystemRun(now?: Date): Promise<TaxRunReport>;
  }
}

async function registerTaxSystem(app: FastifyInstance) {
  const clients = new TaxSystemClients({
    db: app.db,
    secrets: app.secrets,
    timeoutMs: app.config.taxSystem.timeoutMs,
    url: app.config.taxSystem.url,
  });
  app.addHook('onClose', async () => clients.close());
  app.decorate('taxSystem', clients);
  const deps = { db: app.db, secrets: app.secrets, clients, log: app.log };
  app.decorate('taxSystemRun', (now = new Date()) => runTaxSystem(deps, now));

  // One run at a time in the cluster: `stately` keeps one running and one waiting, so a burst of
  // issued documents makes one run after the current one, which sends them all.
  app.jobs.define<Record<string, never>>({
    name: TAX_SEND_JOB,
    policy: 'stately',
    // 10 s, 20 s, 40 s …: a crash of the run itself (the organisation's refusals are recorded).
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: Math.ceil((4 * app.config.taxSystem.timeoutMs) / 1000) + 60,
    handler: async () => {
      const report = await runTaxSystem(deps, new Date());
      if (!report.off) app.log.info({ report }, 'tax system run');
      // Unreachable: the job is tried again with backoff (10 s, 20 s, 40 s …) besides the
      // period's run; what it wrote is taken up by the retry. A refusal of our key is not retried:
      // it waits for staff, and the period's run tries again.
      if (report.unreachable) throw new Error(`tax system unreachable: ${report.failure}`);
    },
  });
  const wake = async () => {
    await app.jobs.send(TAX_SEND_JOB, {}, { singletonKey: 'run' });
  };
  // Verdicts arrive by asking: each period a run asks about what was sent and sends what waits.
  app.jobs.periodic('tax-system.tick', app.config.jobsIntervalMs, wake);

  await withUser(app, async (scope) => {
    registerCall(scope, getTaxSystemSettings, async () =>
      settingsView(await readTaxSettings(app.db)),
    );
    registerCall(
      scope,
      saveTaxSystemSettings,
      async (input, { actor }) => {
        const saved = await saveTaxSettings(deps, actor, input);
        if (saved.enabled) await wake();
        return saved;
      },
      { successMessage: 'تنظیمات سامانهٔ مودیان ذخیره شد' },
    );
    registerCall(scope, testTaxSystemConnection, () => testConnection(deps), {
      rateLimit: { max: 10, timeWindowMs: 60_000 },
    });
    registerCall(scope, listTaxQueue, (input) => listQueue(app.db, input));
    registerCall(
      scope,
      resendTaxDocument,
      (input, { actor }) => resendDocument({ db: app.db, wake }, actor, input),
      { successMessage: 'سند برای ارسال دوباره در صف گذاشته شد' },
    );
    registerCall(scope, taxMonthSummary, (input) => monthSummary(app.db, input));
  });
}
