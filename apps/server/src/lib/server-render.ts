import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

// Public pages rendered on the server with the web app itself (decision 0026). The web build
// writes its server entry to dist/.server/entry-server.js (never served); without it, as in a
// build made before this or a test's bare dist, every page is the app's empty shell as before.

/** A page the server drew: the markup of #root, its answers, and the lazy pages it drew. */
export interface RenderedPage {
  html: string;
  state: unknown;
  pages: string[];
}

/** What apps/web/src/entry-server.tsx exports. */
interface WebServerEntry {
  setTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  render(url: string, onGiveUp?: (reason: string) => void): Promise<RenderedPage | null>;
}

export interface ServerRenderer {
  /**
   * The page as a visitor signed out sees it, with the `<link>`s its lazy pages need; null when
   * it could not be rendered (the browser renders it then).
   */
  render(
    url: string,
    visitor: { ip: string; log: FastifyInstance['log'] },
  ): Promise<(RenderedPage & PageFiles) | null>;
}

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(webDistDir: string): Manifest {
  const file = path.join(webDistDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** A chunk and what it imports statically, as manifest keys. */
function closureOf(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closureOf(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** What a drawn page needs beyond what index.html already links, as paths from the site's root. */
export interface PageFiles {
  /** Its lazy chunks' CSS, linked from the head so the page is styled before any script runs. */
  styles: string[];
  /** Their code, fetched once the page has been painted (START_AFTER_PAINT). */
  scripts: string[];
}

export function pageFiles(manifest: Manifest, sources: readonly string[]): PageFiles {
  const keys = Object.keys(manifest);
  const entry = keys.filter((key) => manifest[key]?.isEntry);
  const linked = closureOf(manifest, entry);
  // Vite keys a chunk by its source, unless the chunk also carries modules shared with another:
  // then only its `src` or its name says which page it is.
  const chunkOf = (source: string) =>
    keys.find((key) => key === source || manifest[key]?.src === source) ??
    keys.find(
      (key) =>
        manifest[key]?.isDynamicEntry &&
        manifest[key]?.name === path.basename(source, path.extname(source)),
    );
  const needed = closureOf(
    manifest,
    sources.map(chunkOf).filter((key) => key !== undefined),
  );
  const styles = new Set<string>();
  const scripts: string[] = [];
  for (const key of needed) {
    if (linked.has(key)) continue;
    const chunk = manifest[key] as ManifestChunk;
    for (const file of chunk.css ?? []) styles.add(`/${file}`);
    scripts.push(`/${chunk.file}`);
  }
  return { styles: [...styles], scripts };
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
  const manifest = readManifest(webDistDir);
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
        const rendered = await renderingFor.run({ ip: visitor.ip }, () =>
          entry.render(url, (reason) =>
            visitor.log.info({ url, reason }, 'page not rendered on the server'),
          ),
        );
        return rendered && { ...rendered, ...pageFiles(manifest, rendered.pages ?? []) };
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

/**
 * Starts the app on a drawn page once that page has been painted (decision 0028): nothing of the
 * app's code is fetched before the first contentful paint, so that paint and the LCP wait for the
 * page's HTML, CSS and font alone. Then it adds the page's module preloads and the entry. A
 * person who presses a key or the screen first starts it at once; until the page is live
 * (`data-app-started`) a form is not sent the browser's way, which would reload the page.
 * Inline, allowed by its hash (START_AFTER_PAINT_SOURCE in the CSP): no request of its own.
 */
export const START_AFTER_PAINT = `(script => {
  const add = (tag, props) => document.head.append(Object.assign(document.createElement(tag), props));
  let start = () => {
    start = () => {};
    for (const href of script.dataset.preload.split(' ').filter(Boolean)) {
      add('link', { rel: 'modulepreload', crossOrigin: '', href });
    }
    add('script', { type: 'module', crossOrigin: '', src: script.dataset.entry });
  };
  const live = () => document.documentElement.hasAttribute('data-app-started');
  document.addEventListener('submit', (event) => live() || event.preventDefault(), true);
  for (const type of ['pointerdown', 'keydown']) {
    document.addEventListener(type, () => start(), { capture: true, once: true, passive: true });
  }
  if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(() => start()));
  }
})(document.currentScript)`;
export const START_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(START_AFTER_PAINT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>/;

/** The app page with the rendered markup in #root, its answers beside it, its links in the head. */
export function withRenderedApp(
  indexHtml: string,
  rendered: { html: string; state: unknown } & PageFiles,
): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  return indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(
      '</head>',
      () =>
        `${rendered.styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join('')}</head>`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div><script type="application/json" id="vitrin-state">${scriptSafeJson(rendered.state)}</script>`,
    )
    .replace(
      '</body>',
      () =>
        `<script data-entry="${entry}" data-preload="${rendered.scripts.join(' ')}">${START_AFTER_PAINT}</script></body>`,
    );
}
