import { Writable } from 'node:stream';
import { type DehydratedState, dehydrate, type Query } from '@tanstack/react-query';
import { type ReactElement, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createAppQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { DrawnPages } from './app/server-pages';
import { type ApiTransport, setApiTransport } from './lib/http';

// The server's entry to the web app (decision 0026): it renders a public page (home, store, a
// product and its themes, articles, an article, the download page) as a visitor signed out
// sees it once its answers have arrived, and hands over those answers for the browser to start
// from. Built by `vite build --ssr` into dist/.server/, which the server never serves.

/** Each pass renders, then fetches what the render asked for; a page needs two, rarely three. */
const MAX_PASSES = 4;

export interface ServerRender {
  /** The markup of #root. */
  html: string;
  /** The query answers the markup was rendered from (TanStack Query's dehydrated state). */
  state: DehydratedState;
  /** The source files of the lazy pages drawn (`src/…`), whose CSS and code the page links. */
  pages: string[];
}

/** Once, when the server loads this entry: how the page's calls reach the API in-process. */
export function setTransport(transport: ApiTransport): void {
  setApiTransport(transport);
}

function wantsData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The whole page, not a fallback: written only once every lazy page and Suspense boundary is
 * ready, so it is plain markup in order, with none of the inline scripts a streamed page needs
 * (the page's policy allows no inline script).
 */
function renderToText(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // No boundary is written apart from the page, whatever its size.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}

/**
 * The page at `url` (path and query) with the answers it needs. Null when one of its calls
 * failed: the browser then renders the page itself, as it does for every other page, and says
 * what went wrong.
 */
export async function render(
  url: string,
  /** Told why a page was not rendered (the server logs it). */
  onGiveUp: (reason: string) => void = () => {},
): Promise<ServerRender | null> {
  const client = createAppQueryClient();
  const pages = new Set<string>();
  const element = (
    <StrictMode>
      <DrawnPages value={pages}>
        <Providers client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </DrawnPages>
    </StrictMode>
  );
  try {
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const html = await renderToText(element);
      const waiting = client.getQueryCache().getAll().filter(wantsData);
      if (waiting.length === 0) {
        const failed = client
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.status === 'error');
        if (failed.length === 0) return { html, state: dehydrate(client), pages: [...pages] };
        onGiveUp(
          failed
            .map((query) => `${JSON.stringify(query.queryKey)}: ${String(query.state.error)}`)
            .join('; '),
        );
        return null;
      }
      await Promise.all(
        waiting.map((query) =>
          client.prefetchQuery({ ...query.options, queryKey: query.queryKey }),
        ),
      );
    }
    onGiveUp(`still asking for data after ${MAX_PASSES} renders`);
    return null;
  } finally {
    client.clear();
  }
}
