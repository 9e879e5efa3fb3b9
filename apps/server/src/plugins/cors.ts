import cors from '@fastify/cors';
import { CSRF_HEADER } from '@vitrin/contracts';
import fp from 'fastify-plugin';

/**
 * Calls from other origins (issue 9): only the Android app's WebView (CORS_ORIGINS), which
 * sends its token in the Authorization header and its refresh token in the body, never a
 * cookie; so credentials stay off and no other site can ride a customer's cookies. The web app
 * is same-origin and never needs this. `If-None-Match`/`ETag` let the app revalidate cached
 * catalog answers.
 */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['authorization', 'content-type', 'if-none-match', CSRF_HEADER],
      exposedHeaders: ['etag'],
      credentials: false,
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
