import {
  type CallDefinition,
  type CallParsed,
  type CallResult,
  errorEnvelope,
  okEnvelope,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface CallOptions {
  /** Toast text for a person on success (API.md `message`). */
  successMessage?: string;
  /** A tighter per-address limit than the global one. */
  rateLimit?: { max: number; timeWindowMs: number };
}

/**
 * Registers the POST route of a contract call: the request schema validates the body, the
 * response schema strips the answer, and the handler's result is wrapped in the envelope.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallParsed<C>, request: FastifyRequest) => Promise<CallResult<C>>,
  options: CallOptions = {},
): void {
  if (call.access !== 'public') {
    // A signed-in call must be registered inside the authenticated scope, never guarded by URL.
    throw new Error(`${call.path} needs ${call.access} access; register it in an auth scope`);
  }
  const config: RouteShorthandOptions['config'] = options.rateLimit
    ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } }
    : {};
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: call.path,
    config,
    schema: {
      summary: call.summary,
      tags: [call.tag],
      body: call.request,
      response: {
        200: okEnvelope(call.response),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request) => {
      const data = await handler(request.body as CallParsed<C>, request);
      return options.successMessage
        ? { ok: true as const, data, message: options.successMessage }
        : { ok: true as const, data };
    },
  });
}
