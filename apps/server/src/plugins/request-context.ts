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

/** Answers every request with its id, the one its log lines carry. */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-context' },
);
