import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text, JSON and XML answers, the defaults of @fastify/compress but for `octet-stream`: files
 * handed out as they are (uploads, packages) are often compressed already. Server-sent events
 * stay out: a compressor holds their lines back until it has enough to write.
 */
const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
/** @fastify/compress's own choice for on-the-fly brotli: 11 is many times slower for little more. */
const ON_THE_FLY_BROTLI_QUALITY = 4;

/**
 * For answers that no route sends (the not-found handler's app page: @fastify/compress hooks
 * routes only): the body compressed the way the client asks, with the headers that say so.
 */
export function compressBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
): string | Buffer {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const header = request.headers['accept-encoding'];
  if (!header || Buffer.byteLength(body) < COMPRESS_THRESHOLD_BYTES) return body;
  // `*` is "any encoding", `x-gzip` an old name of gzip (RFC 9110 §12.5.3).
  const encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  if (encoding === 'br') {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY },
    });
  }
  if (encoding === 'gzip') {
    reply.header('content-encoding', 'gzip');
    return gzipSync(body);
  }
  return body;
}

/**
 * Compresses answers on the fly: brotli when the client takes it, else gzip (issue 22). Routes
 * registered after this plugin get it; the built web app's files come precompressed instead
 * (plugins/web-app.ts), and answers that already carry a Content-Encoding are left alone.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      encodings: ENCODINGS,
      threshold: COMPRESS_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPE,
    });
  },
  { name: 'compression' },
);
