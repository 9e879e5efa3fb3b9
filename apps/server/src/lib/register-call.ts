import {
  type CallDefinition,
  type CallParsed,
  type CallResult,
  errorEnvelope,
  okEnvelope,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthUser, isAuthenticatedScope } from '../plugins/auth';

export interface CallOptions {
  /** Toast text for a person on success (API.md `message`). */
  successMessage?: string;
  /** A tighter per-address limit than the global one. */
  rateLimit?: { max: number; timeWindowMs: number };
}

/** What a handler gets besides its input; `user` is never null in a signed-in call. */
export interface CallContext<C extends CallDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  user: C['access'] extends 'public' ? null : AuthUser;
}

/**
 * Registers the POST route of a contract call: the request schema validates the body, the
 * response schema strips the answer, and the handler's result is wrapped in the envelope.
 * A call that needs a user must be registered inside `withUser`; anything else is refused here.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallParsed<C>, context: CallContext<C>) => Promise<CallResult<C>>,
  options: CallOptions = {},
): void {
  const signedInScope = isAuthenticatedScope(app);
  if ((call.access === 'public') === signedInScope) {
    throw new Error(
      `${call.path} is a ${call.access} call: register it ${call.access === 'public' ? 'outside' : 'inside'} withUser`,
    );
  }
  if (call.access === 'admin') {
    // The staff console issue adds the staff scope; until then no admin call can be served.
    throw new Error(`${call.path}: admin calls need the staff scope`);
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
      ...(signedInScope ? { security: [{ bearer: [] }] } : {}),
      body: call.request,
      response: {
        200: okEnvelope(call.response),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      // withUser's hook has set request.user for every signed-in call (checked above).
      const context = { request, reply, user: request.user } as unknown as CallContext<C>;
      const data = await handler(request.body as CallParsed<C>, context);
      return options.successMessage
        ? { ok: true as const, data, message: options.successMessage }
        : { ok: true as const, data };
    },
  });
}
