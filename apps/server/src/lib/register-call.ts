import { createHash } from 'node:crypto';
import {
  type CallDefinition,
  type CallParsed,
  type CallResult,
  errorEnvelope,
  okEnvelope,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthUser, isAuthenticatedScope, requirePermission } from '../plugins/auth';
import type { Actor } from './actor';
import type { PublicCache } from './public-cache';

export interface CallOptions {
  /** Toast text for a person on success (API.md `message`). */
  successMessage?: string;
  /** A tighter per-address limit than the global one. */
  rateLimit?: { max: number; timeWindowMs: number };
  /**
   * A public answer that depends only on the input: kept in this cache, served with an ETag
   * and a short Cache-Control, and answered 304 to a matching If-None-Match.
   */
  cache?: PublicCache;
}

/** What a cached public answer may be reused for by browsers and proxies (decision 0010). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

interface CachedAnswer {
  body: Buffer;
  etag: string;
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 If-None-Match: a list of entity tags (weak ones compare weakly), or `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** What a handler gets besides its input; `user` is never null in a signed-in call. */
export interface CallContext<C extends CallDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  user: C['access'] extends 'public' ? null : AuthUser;
  /** The signed-in person and the client address, as services take them (null in a public call). */
  actor: C['access'] extends 'public' ? null : Actor;
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
  const access = call.access;
  if ((access === 'public') === signedInScope) {
    throw new Error(
      `${call.path} is ${access === 'public' ? 'public: register it outside' : 'signed-in: register it inside'} withUser`,
    );
  }
  const cache = options.cache;
  if (cache && access !== 'public') {
    throw new Error(`${call.path}: only public answers may be cached`);
  }
  const okSchema = okEnvelope(call.response);
  const config: RouteShorthandOptions['config'] = options.rateLimit
    ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } }
    : {};
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: call.path,
    config,
    ...(typeof access === 'object'
      ? {
          // Before the body is validated: a caller without the permission learns nothing of
          // the call's fields (withUser's hook has set request.user: staff calls sign in).
          preValidation: async (request: FastifyRequest) => {
            await requirePermission(app, request.user, access.permission);
          },
        }
      : {}),
    schema: {
      summary: call.summary,
      tags: [call.tag],
      ...(signedInScope ? { security: [{ bearer: [] }] } : {}),
      body: call.request,
      response: {
        200: okSchema,
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      // withUser's hook has set request.user for every signed-in call (checked above).
      const user = request.user;
      const actor = user ? { id: user.id, ipAddress: request.ip } : null;
      const context = { request, reply, user, actor } as unknown as CallContext<C>;
      if (cache) {
        // The parsed body lists its fields in the schema's order, defaults filled in, so
        // equal questions give equal keys.
        const key = `${call.path} ${JSON.stringify(request.body)}`;
        const answer = await cache.get<CachedAnswer>(
          key,
          async () => {
            const data = await handler(request.body as CallParsed<C>, context);
            const body = Buffer.from(JSON.stringify(okSchema.parse({ ok: true, data })));
            return { body, etag: etagOf(body) };
          },
          (answer) => answer.body.length,
        );
        // The body is the envelope already serialised and checked against the schema once.
        const raw = reply as FastifyReply;
        raw.header('etag', answer.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
        if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) {
          return raw.code(304).send();
        }
        return raw.type('application/json; charset=utf-8').send(answer.body);
      }
      const data = await handler(request.body as CallParsed<C>, context);
      return options.successMessage
        ? { ok: true as const, data, message: options.successMessage }
        : { ok: true as const, data };
    },
  });
}

/** A file a call answers with instead of the envelope (a CSV, a PDF, a spreadsheet). */
export interface FileAnswer {
  contentType: string;
  /** ASCII: what the browser saves it as. */
  fileName: string;
  body: Buffer | string;
}

/**
 * Registers a signed-in call whose answer is a file: the same body schema and the same
 * permission check as `registerCall`, errors still in the envelope, the file not cached.
 */
export function registerFileCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallParsed<C>, context: CallContext<C>) => Promise<FileAnswer>,
): void {
  if (call.access === 'public' || !isAuthenticatedScope(app)) {
    throw new Error(`${call.path}: a file call is signed-in, registered inside withUser`);
  }
  const access = call.access;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: call.path,
    ...(typeof access === 'object'
      ? {
          preValidation: async (request: FastifyRequest) => {
            await requirePermission(app, request.user, access.permission);
          },
        }
      : {}),
    schema: {
      summary: call.summary,
      tags: [call.tag],
      security: [{ bearer: [] }],
      body: call.request,
    },
    handler: async (request, reply) => {
      const user = request.user;
      const actor = user ? { id: user.id, ipAddress: request.ip } : null;
      const context = { request, reply, user, actor } as unknown as CallContext<C>;
      const file = await handler(request.body as CallParsed<C>, context);
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  });
}
