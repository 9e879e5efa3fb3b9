import {
  changeServicePlan,
  getPlanChangeOptions,
  getServiceAccess,
  getServiceDelivery,
  openControlPanel,
  requestServiceCancellation,
  resetPanelPassword,
  revealDeliveryDetails,
  revealPanelPassword,
} from '@vitrin/contracts';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { escapeHtml, vazirmatnFontFace } from '../../lib/page-html';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import {
  countSandboxServedBytes,
  findSandboxAccount,
  SANDBOX_PANEL_PATH,
  SANDBOX_SITES_PATH,
  sandboxUsageOf,
  spendSandboxLogin,
} from '../../providers/panel/sandbox-driver';
import {
  type SandboxSiteView,
  sandboxPanelExpiredPage,
  sandboxPanelPage,
  sandboxSitePage,
} from '../../providers/panel/sandbox-site';
import { parseBuilderCallback } from '../../providers/panel/site-builder-driver';
import type { SeenWebhookIds } from '../../providers/panel/webhook-signature';
import { themesView } from '../catalog';
import { moveService } from './lifecycle';
import * as manualDelivery from './manual-delivery';
import {
  BUILDER_CALLBACK_PATH,
  type ProvisioningDeps,
  panelCredentialSchemas,
} from './panel-servers';
import * as planChange from './plan-change';
import { activate } from './provisioning';
import * as provisioning from './provisioning.service';
import { builderWebhookIds, panelServers, services } from './schema';
import { queueServiceNotice, queueStaffAlert } from './service-notices';

/**
 * What provisioning answers over HTTP (issue 20): the customer's access calls, the sandbox
 * panel's sites and panel page (the default panel on `npm start`), and the site builder's
 * signed callback.
 */
export async function provisioningRoutes(app: FastifyInstance, deps: ProvisioningDeps) {
  await withUser(app, async (scope) => {
    registerCall(scope, getServiceAccess, ({ serviceId }, { user }) =>
      provisioning.getServiceAccess(deps, user.id, serviceId),
    );
    registerCall(
      scope,
      revealPanelPassword,
      (input, { user }) => provisioning.revealPanelPassword(deps, user.id, input),
      // A password guessed here would open the account: as tight as sign-in.
      { rateLimit: { max: 10, timeWindowMs: 15 * 60_000 } },
    );
    registerCall(
      scope,
      resetPanelPassword,
      (input, { user }) => provisioning.resetPanelPassword(deps, user.id, input),
      { successMessage: 'گذرواژهٔ تازه ساخته شد', rateLimit: { max: 5, timeWindowMs: 15 * 60_000 } },
    );
    registerCall(
      scope,
      requestServiceCancellation,
      (input, { user }) => provisioning.requestCancellation(deps, user.id, input),
      { successMessage: 'درخواست شما ثبت شد', rateLimit: { max: 20, timeWindowMs: 60_000 } },
    );
    registerCall(scope, getServiceDelivery, ({ serviceId }, { user }) =>
      manualDelivery.getServiceDelivery(deps, user.id, serviceId),
    );
    registerCall(
      scope,
      revealDeliveryDetails,
      (input, { user }) => manualDelivery.revealDeliveryDetails(deps, user.id, input),
      // A password guessed here would open what was delivered: as tight as sign-in.
      { rateLimit: { max: 10, timeWindowMs: 15 * 60_000 } },
    );
    registerCall(scope, getPlanChangeOptions, ({ serviceId }, { user }) =>
      planChange.getPlanChangeOptions(deps.db, user.id, serviceId),
    );
    registerCall(
      scope,
      changeServicePlan,
      (input, { user }) => planChange.changeServicePlan(deps.db, user.id, input),
      {
        successMessage: 'تغییر پلن ثبت شد',
        rateLimit: { max: 20, timeWindowMs: 60_000 },
      },
    );
    registerCall(
      scope,
      openControlPanel,
      ({ serviceId }, { user }) => provisioning.openControlPanel(deps, user.id, serviceId),
      { rateLimit: { max: 30, timeWindowMs: 60_000 } },
    );
  });
  await app.register(sandboxPages, { deps });
  await app.register(builderCallback, { deps });
}

/** Pages and the builder's webhook are not calls of the API: /api/docs leaves them out. */
const PAGE_NOT_IN_API_DOCS = { schema: { hide: true } };

async function sandboxSiteView(db: Database, username: string): Promise<SandboxSiteView | null> {
  const account = await findSandboxAccount(db, username);
  if (!account) return null;
  const [theme] = account.theme
    ? await db
        .select({ name: themesView.name, previewUrls: themesView.previewUrls })
        .from(themesView)
        .where(eq(themesView.slug, account.theme))
    : [];
  return {
    username: account.username,
    domain: account.domain,
    packageName: account.packageName,
    suspended: account.suspended,
    themeName: theme?.name ?? null,
    themeImage: theme?.previewUrls[0] ?? null,
  };
}

/** The sandbox panel's public pages: each account's site and its SSO-opened panel page. */
async function sandboxPages(app: FastifyInstance, { deps }: { deps: ProvisioningDeps }) {
  const fontFace = vazirmatnFontFace(app.config.webDistDir);
  const html = (body: string) => body;

  app.get<{ Params: { username: string } }>(
    `${SANDBOX_SITES_PATH}/:username/`,
    PAGE_NOT_IN_API_DOCS,
    async (request, reply) => {
      const site = await sandboxSiteView(deps.db, request.params.username);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!site) {
        return reply
          .code(404)
          .send(
            html(
              `<!doctype html><html lang="fa" dir="rtl"><meta charset="utf-8"><title>پیدا نشد</title><p>سایتی با نام ${escapeHtml(request.params.username)} روی این سرور نیست.</p></html>`,
            ),
          );
      }
      const page = sandboxSitePage(fontFace, site);
      if (site.suspended) return reply.code(503).header('retry-after', '3600').send(page);
      // The bandwidth bar moves as people visit.
      await countSandboxServedBytes(deps.db, site.username, Buffer.byteLength(page));
      return reply.send(page);
    },
  );

  app.get<{ Params: { username: string }; Querystring: { token?: string } }>(
    `${SANDBOX_PANEL_PATH}/:username`,
    PAGE_NOT_IN_API_DOCS,
    async (request, reply) => {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const account = token
        ? await spendSandboxLogin(deps.db, request.params.username, token)
        : null;
      const site = account ? await sandboxSiteView(deps.db, account.username) : null;
      if (!account || !site) return reply.code(403).send(sandboxPanelExpiredPage(fontFace));
      const siteUrl = `${deps.publicUrl}${SANDBOX_SITES_PATH}/${account.username}/`;
      return reply.send(sandboxPanelPage(fontFace, site, sandboxUsageOf(account), siteUrl));
    },
  );
}

/** Accepted callback ids in the database, so a replay to any node is refused. */
function seenInDatabase(db: Database): SeenWebhookIds {
  return {
    async hasSeen(id) {
      const [row] = await db
        .select({ id: builderWebhookIds.id })
        .from(builderWebhookIds)
        .where(and(eq(builderWebhookIds.id, id), gt(builderWebhookIds.until, new Date())));
      return row !== undefined;
    },
    async remember(id, until) {
      await db.delete(builderWebhookIds).where(lte(builderWebhookIds.until, new Date()));
      const rows = await db
        .insert(builderWebhookIds)
        .values({ id, until })
        .onConflictDoNothing()
        .returning({ id: builderWebhookIds.id });
      return rows.length > 0;
    },
  };
}

/**
 * The site builder tells us a site is built (or could not be): verified against the secret of
 * the server that holds that account, over the raw body, before anything is believed.
 */
async function builderCallback(app: FastifyInstance, { deps }: { deps: ProvisioningDeps }) {
  // This scope reads JSON as text: the signature is over the bytes as sent.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const seen = seenInDatabase(deps.db);
  app.post(BUILDER_CALLBACK_PATH, PAGE_NOT_IN_API_DOCS, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    let username: unknown;
    try {
      username = (JSON.parse(body) as { username?: unknown }).username;
    } catch {
      return reply.code(400).send({
        ok: false,
        error: { code: 'MALFORMED_BODY', message: 'بدنهٔ درخواست JSON معتبر نیست' },
      });
    }
    const [row] =
      typeof username === 'string'
        ? await deps.db
            .select({ service: services, server: panelServers })
            .from(services)
            .innerJoin(panelServers, eq(panelServers.id, services.serverId))
            .where(and(eq(services.panelUsername, username), eq(panelServers.kind, 'site-builder')))
        : [];
    if (!row) {
      return reply
        .code(404)
        .send({ ok: false, error: { code: 'NOT_FOUND', message: 'این سایت پیدا نشد' } });
    }
    const { secret } = panelCredentialSchemas['site-builder'].parse(
      JSON.parse(deps.secrets.open(row.server.credentials)),
    );
    const parsed = await parseBuilderCallback({
      secrets: [secret],
      headers: request.headers,
      body,
      seen,
    });
    if (!parsed.ok) {
      const status = parsed.reason === 'invalid-payload' ? 400 : 401;
      request.log.warn({ reason: parsed.reason }, 'site builder callback refused');
      return reply.code(status).send({
        ok: false,
        error: {
          code: status === 400 ? 'VALIDATION' : 'UNAUTHENTICATED',
          message: 'فراخوانی سایت‌ساز پذیرفته نشد',
        },
      });
    }
    await deps.db.transaction(async (tx) => {
      const [service] = await tx
        .select()
        .from(services)
        .where(eq(services.id, row.service.id))
        .for('update');
      // A repeat, or a callback for a service staff already finished: nothing more to do.
      if (!service || !['pending', 'provisioning', 'failed'].includes(service.status)) return;
      const now = new Date();
      if (parsed.callback.event === 'site.ready') {
        await activate(
          tx,
          service,
          {
            kind: 'panel.ready',
            actor: 'panel',
            message: 'سایت‌ساز خبر داد که سایت ساخته شد؛ سرویس فعال است',
          },
          now,
        );
        return;
      }
      const message = `سایت‌ساز نتوانست سایت را بسازد (${parsed.callback.reason ?? 'بی‌دلیل'})؛ به کارشناس سپرده شد`;
      const moved = await moveService(
        tx,
        service,
        'needs-attention',
        { kind: 'panel.failed', actor: 'panel', message },
        now,
      );
      await queueServiceNotice(tx, moved, 'taken-over', now);
      await queueStaffAlert(tx, moved, message, now);
    });
    return reply.code(204).send();
  });
}
