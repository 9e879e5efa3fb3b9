import { type ComponentType, createContext, lazy, use } from 'react';

/**
 * During a server render (decision 0026): the source files of the lazy pages it drew. The server
 * looks them up in the build's manifest and links their CSS and script from the page's head, so
 * the page it sends is styled before any script runs, and the browser fetches its code at once.
 */
export const DrawnPages = createContext<Set<string> | null>(null);

/**
 * A public page, loaded lazily like every route, that names its source file (as Vite's manifest
 * keys it: `src/...`) so the server can link what it needs. router.test.ts checks each name
 * against the import beside it.
 */
export function lazyPublicPage<P extends object>(
  source: `src/${string}.tsx`,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module level, as React.lazy is
  return function PublicPage(props: P) {
    use(DrawnPages)?.add(source);
    return <Lazy {...props} />;
  };
}
