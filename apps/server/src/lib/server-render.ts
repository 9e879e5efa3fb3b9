import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

// Public pages rendered on the server with the web app itself (decision 0026). The web build
// writes its server entry to dist/.server/entry-server.js (never served); without it, as in a
// build made before this or a test's bare dist, every page is the app's empty shell as before.

/** What apps/web/src/entry-server.tsx exports. */
interface WebServerEntry {
  setTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  render(
    url: string,
    onGiveUp?: (reason: string) => void,
  ): Promise<{ html: string; state: unknown } | null>;
}

export interface ServerRenderer {
  /**
   * The markup of #root and the answers it was rendered from, as a visitor signed out sees the
   * page; null when the page could not be rendered (the browser renders it then).
   */
  render(
    url: string,
    visitor: { ip: string; log: FastifyInstance['log'] },
  ): Promise<{ html: string; state: unknown } | null>;
}

export const SERVER_ENTRY = path.join('.server', 'entry-server.js');

/** Whose page is being rendered: its calls count against that visitor's own limits. */
const renderingFor = new AsyncLocalStorage<{ ip: string }>();

function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return headers;
}

/** Loads the web build's server entry, if it has one; its calls reach the API in-process. */
export async function loadServerRenderer(
  app: FastifyInstance,
  webDistDir: string,
): Promise<ServerRenderer | null> {
  const file = path.join(webDistDir, SERVER_ENTRY);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as WebServerEntry;
  entry.setTransport(async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'POST',
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: renderingFor.getStore()?.ip ?? '127.0.0.1',
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: headersOf(answer.headers),
    });
  });
  return {
    render: async (url, visitor) => {
      try {
        return await renderingFor.run({ ip: visitor.ip }, () =>
          entry.render(url, (reason) =>
            visitor.log.info({ url, reason }, 'page not rendered on the server'),
          ),
        );
      } catch (err) {
        // A page that cannot be drawn here is still a page: the browser draws it.
        visitor.log.error({ err, url }, 'server rendering failed');
        return null;
      }
    },
  };
}

/** JSON safe inside a `<script>` element: no `</script>` or comment opener can end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The app page with the rendered markup in #root and its answers beside it. */
export function withRenderedApp(
  indexHtml: string,
  rendered: { html: string; state: unknown },
): string {
  return indexHtml.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${rendered.html}</div><script type="application/json" id="vitrin-state">${scriptSafeJson(rendered.state)}</script>`,
  );
}
