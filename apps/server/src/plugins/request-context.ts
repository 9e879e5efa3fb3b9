import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@vitrin/contracts';
import fp from 'fastify-plugin';

const acceptableRequestId = /^[A-Za-z0-9_-]{8,64}$/;

/** A proxy's request id is kept when it looks sane, so one id follows a request end to end. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && acceptableRequestId.test(incoming)
    ? incoming
    : randomUUID();
}

/** A page's path as logged: its shape, not what a long or odd address holds. */
const MAX_LOGGED_PATH = 200;

/**
 * Answers every request with its id, the one its log lines carry, and logs one line for it once
 * answered: the call (the route's pattern, so no id or query string from the address), status,
 * duration and who made it (the user's id, never their number).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      const call =
        request.routeOptions.url ?? (request.url.split('?')[0] ?? '').slice(0, MAX_LOGGED_PATH);
      request.log.info(
        {
          call,
          method: request.method,
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          userId: request.user?.id,
        },
        'request',
      );
    });
  },
  { name: 'request-context' },
);
