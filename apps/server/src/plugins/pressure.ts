import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { sendError } from './errors';

/**
 * Load shedding (issue 23): past the event loop delay or memory set in PRESSURE_*, a request is
 * answered 503 UNAVAILABLE in the API envelope with Retry-After, before any work is done for it,
 * so a node that is falling behind sheds work instead of falling over, and the balancer and the
 * clients try again later or elsewhere. `/healthz` still answers: the process is alive, and a
 * balancer should not kill it for being busy; `/readyz` says 503 like the rest.
 */
export default fp(
  async (app) => {
    const limits = app.config.pressure;
    if (!limits.maxEventLoopDelayMs && !limits.maxHeapUsedBytes && !limits.maxRssBytes) return;
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxHeapUsedBytes: limits.maxHeapUsedBytes,
      maxRssBytes: limits.maxRssBytes,
      sampleInterval: limits.sampleIntervalMs,
      pressureHandler: (request, reply, type, value) => {
        if (request.url === '/healthz') return;
        request.log.warn({ pressure: type, value }, 'under pressure: answered 503');
        // Answered here; Fastify stops the request once its reply is sent.
        sendError(reply, 'UNAVAILABLE', undefined, { retryAfterSeconds: limits.retryAfterSeconds });
      },
    });
  },
  { name: 'pressure', dependencies: ['config', 'errors'] },
);
