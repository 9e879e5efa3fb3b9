import cookie from '@fastify/cookie';
import { usePersianValidationMessages } from '@vitrin/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { compileProxyTrust } from './lib/client-address';
import { authRoutes, isSessionOpen, readStaffStanding, usersRoutes } from './modules/accounts';
import { appRoutes } from './modules/app';
import { appDistributionRoutes } from './modules/app-distribution';
import { auditRoutes } from './modules/audit';
import { billingRoutes } from './modules/billing';
import { staffCatalogRoutes, storeRoutes } from './modules/catalog';
import { contentRoutes, staffArticlesRoutes } from './modules/content';
import { accountRoutes, staffCustomersRoutes } from './modules/customers';
import { dashboardRoutes } from './modules/dashboard';
import { domainRoutes } from './modules/domains';
import { filesRoutes } from './modules/files';
import { liveRoutes } from './modules/live';
import {
  checkoutRoutes,
  manualPaymentsRoutes,
  panelOrdersRoutes,
  paymentsPlugin,
  staffOrdersRoutes,
} from './modules/orders';
import { redDots } from './modules/red-dots';
import { seoRoutes } from './modules/seo';
import { panelRoutes, staffServicesRoutes } from './modules/services';
import { taxSystemRoutes } from './modules/tax-system';
import { staffTicketsRoutes, ticketsRoutes } from './modules/tickets';
import apiDocs from './plugins/api-docs';
import auth from './plugins/auth';
import catalogCache from './plugins/catalog-cache';
import compression from './plugins/compression';
import cors from './plugins/cors';
import csrf from './plugins/csrf';
import database, { type DatabasePluginOptions } from './plugins/database';
import errors from './plugins/errors';
import fileStore from './plugins/file-store';
import health from './plugins/health';
import jobs from './plugins/jobs';
import mail from './plugins/mail';
import metrics from './plugins/metrics';
import pageMeta from './plugins/page-meta';
import pressure from './plugins/pressure';
import rateLimit from './plugins/rate-limit';
import redis from './plugins/redis';
import requestContext, { generateRequestId } from './plugins/request-context';
import secrets from './plugins/secrets';
import securityHeaders from './plugins/security-headers';
import sms from './plugins/sms';
import textGuard, { refuseMalformedAddress } from './plugins/text-guard';
import webApp from './plugins/web-app';
// Every module's reactions to the others' events, wired before anything can emit one.
import './reactions';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The demo seed, run after the migrations when `config.seedDemoData` is on. The server does not
   * import the demo data (src/demo/): whoever wants it passes it (tests, e2e and bench servers;
   * `npm start` runs the seed CLI, dist/seed-cli.js, before the server instead).
   */
  seed?: DatabasePluginOptions['seed'];
}

/**
 * Fields no log line may show: credentials, one-time codes, tokens, card and national ids, and
 * phone numbers, at the top of a logged object or one level down (pino's paths).
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'otp',
    'token',
    'jwtToken',
    'accessToken',
    'refreshToken',
    'cardNumber',
    'nationalId',
    'mobile',
    'mobileNumber',
    'username',
  ].flatMap((field) => [field, `*.${field}`]),
];

function loggerOptions(config: AppConfig, options: BuildOptions): FastifyServerOptions['logger'] {
  const pretty = config.env === 'development' && process.stdout.isTTY && !options.logStream;
  return {
    level: config.logLevel,
    ...(options.logStream ? { stream: options.logStream } : {}),
    // Secrets and personal data never reach a log line, whatever logs an object holding them.
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
}

/**
 * Builds the whole server from validated settings without listening, so `main.ts` starts it
 * and tests drive it with `inject()`.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  usePersianValidationMessages();
  const app = Fastify({
    logger: loggerOptions(config, options),
    genReqId: generateRequestId,
    // One line per request instead of Fastify's two, written when it is answered (request-context).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: compileProxyTrust(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: refuseMalformedAddress,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    forceCloseConnections: 'idle',
    // A node that is stopping still answers a request that reached it (the database closes only
    // after the last connection), with `Connection: close`. A 503 there would fail it: a load
    // balancer cannot send a POST again once it has sent it.
    return503OnClosing: false,
    // The embedded database's first start creates a cluster on disk: ~15 s on a small machine.
    pluginTimeout: 120_000,
  });
  // Every call takes JSON (API.md); a text body is a wrong content type, not a string input.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (scope) => {
        scope.decorate('config', config);
      },
      { name: 'config' },
    ),
  );
  await app.register(errors);
  await app.register(metrics);
  // Before any other work for a request: a node past its limits answers 503 at once.
  await app.register(pressure);
  await app.register(textGuard);
  await app.register(requestContext);
  await app.register(securityHeaders);
  // Before any route: @fastify/compress hooks each route as it is added.
  await app.register(compression);
  await app.register(cors);
  await app.register(cookie);
  await app.register(csrf);
  await app.register(redis);
  await app.register(database, { seed: options.seed });
  await app.register(jobs);
  await app.register(rateLimit);
  await app.register(apiDocs);
  await app.register(health);
  await app.register(auth, {
    accounts: {
      isSessionOpen: (sessionId) => isSessionOpen(app.db, sessionId),
      readStanding: (userId) => readStaffStanding(app.db, userId),
    },
  });
  await app.register(sms);
  await app.register(mail);
  await app.register(secrets);
  await app.register(fileStore);
  await app.register(redDots);
  await app.register(catalogCache);
  await app.register(pageMeta);
  await app.register(paymentsPlugin);
  await app.register(appRoutes);
  await app.register(appDistributionRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(accountRoutes);
  await app.register(contentRoutes);
  await app.register(storeRoutes);
  await app.register(domainRoutes);
  await app.register(checkoutRoutes);
  await app.register(panelRoutes);
  await app.register(panelOrdersRoutes);
  await app.register(dashboardRoutes);
  await app.register(filesRoutes);
  await app.register(ticketsRoutes);
  await app.register(liveRoutes);
  await app.register(auditRoutes);
  await app.register(staffCustomersRoutes);
  await app.register(staffServicesRoutes);
  await app.register(staffOrdersRoutes);
  await app.register(manualPaymentsRoutes);
  await app.register(billingRoutes);
  await app.register(taxSystemRoutes);
  await app.register(staffTicketsRoutes);
  await app.register(staffCatalogRoutes);
  await app.register(staffArticlesRoutes);
  await app.register(seoRoutes);
  await app.register(webApp);
  return app;
}
