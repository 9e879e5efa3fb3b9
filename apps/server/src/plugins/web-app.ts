import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { renderPageHtml } from '../lib/page-html';
import { loadServerRenderer, withRenderedApp } from '../lib/server-render';
import { compressBody } from './compression';
import { sendError } from './errors';

const MAX_PAGE_PATH = 300;
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Serves the built web app; any other GET for a page answers index.html so the app's router
 * can show it. Unknown API paths answer the envelope: 405 when the path exists for POST.
 */
export default fp(
  async (app) => {
    const webDir = app.config.webDistDir;
    let indexHtml: string | null = null;
    if (webDir) {
      indexHtml = await readFile(path.join(webDir, 'index.html'), 'utf8');
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs):
        // sent as they are to a client that takes them, with Vary: Accept-Encoding. The copies
        // get no routes of their own.
        preCompressed: true,
        // …and the web app's server entry (dist/.server/) is for this server alone.
        globIgnore: ['**/*.br', '**/*.gz', '.server/**'],
        setHeaders: (reply, filePath) => {
          // Vite fingerprints everything under assets/; the rest may change between releases.
          reply.header(
            'cache-control',
            filePath.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    const renderer = webDir ? await loadServerRenderer(app, webDir) : null;
    // Pages are counted by the per-address limit like calls: a page of a product or article
    // reads the catalog. (Fastify leaves the not-found handler out of route limits.)
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      const pathname = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
      if (isApiPath(pathname)) {
        if (request.method !== 'POST' && app.hasRoute({ method: 'POST', url: pathname })) {
          reply.header('allow', 'POST');
          return sendError(reply, 'METHOD_NOT_ALLOWED');
        }
        return sendError(reply, 'NOT_FOUND');
      }
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/assets/') &&
        (request.headers.accept ?? '*/*').match(/text\/html|\*\/\*/) !== null;
      if (indexHtml && wantsPage) {
        // A product or article that does not exist still gets the app (it shows its own
        // not-found page) but with status 404, so search engines drop the address.
        const meta = await app.pageMeta.resolve(pathname);
        let html =
          meta && pathname.length <= MAX_PAGE_PATH
            ? renderPageHtml(indexHtml, meta, { publicUrl: app.config.publicUrl, pathname })
            : indexHtml;
        // A public page (one a module describes) comes rendered, its content in the first paint.
        if (renderer && meta && pathname.length <= MAX_PAGE_PATH) {
          const rendered = await renderer.render(request.url, request);
          if (rendered) html = withRenderedApp(html, rendered);
        }
        return reply
          .code(meta === null ? 404 : 200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(compressBody(request, reply, html));
      }
      return sendError(reply, 'NOT_FOUND');
    });
  },
  { name: 'web-app', dependencies: ['config', 'compression', 'page-meta', 'rate-limit'] },
);
