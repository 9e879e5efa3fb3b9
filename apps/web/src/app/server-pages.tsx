import { type ComponentType, createContext, lazy, use } from 'react';

/**
 * During a server render (decision 0026): the source files of the lazy pages it drew. The server
 * looks them up in the build's manifest and links their CSS from the page's head, so the page it
 * sends is styled before any script runs, and hands their code to the script that starts the app
 * after the first paint (decision 0028).
 */
export const DrawnPages = createContext<Set<string> | null>(null);

/** Each page component lazyPage made, by the source file it loads. */
const pageSources = new WeakMap<object, string>();

/** The source file (`src/...`) of a page lazyPage made, from a route element's type. */
export function sourceOfPage(type: unknown): string | undefined {
  return typeof type === 'function' ? pageSources.get(type) : undefined;
}

/**
 * A page, loaded lazily like every route, that names its source file (as Vite's manifest keys
 * it: `src/...`) so the server can link what it needs: the CSS and code of a page it draws, the
 * code of a page the browser draws (preloaded with the app's own). router.test.ts checks each
 * name against the import beside it.
 */
export function lazyPage<P extends object>(
  source: `src/${string}.tsx`,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module level, as React.lazy is
  function Page(props: P) {
    use(DrawnPages)?.add(source);
    return <Lazy {...props} />;
  }
  pageSources.set(Page, source);
  return Page;
}
