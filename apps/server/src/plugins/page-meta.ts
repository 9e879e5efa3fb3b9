import fp from 'fastify-plugin';

/** What a page tells search engines and link previews (title, description, Open Graph). */
export interface PageMeta {
  title: string;
  description: string;
  /** A path on this site or an absolute URL. */
  image?: string;
  type?: 'website' | 'article' | 'product';
}

/**
 * Answers a page's meta from the path's captured groups ('' for an optional group that did not
 * match); null when the thing the page shows does not exist.
 */
export type PageMetaResolver = (params: string[]) => Promise<PageMeta | null>;

declare module 'fastify' {
  interface FastifyInstance {
    pageMeta: {
      /** A module describes its pages: `pattern` is matched against the whole path. */
      add(pattern: RegExp, resolve: PageMetaResolver): void;
      /**
       * The meta of a page path: `undefined` when no module describes the path, null when a
       * module does but the thing is not there (the page answers 404).
       */
      resolve(pathname: string): Promise<PageMeta | null | undefined>;
    };
  }
}

export default fp(
  async (app) => {
    const routes: Array<{ pattern: RegExp; resolve: PageMetaResolver }> = [];
    app.decorate('pageMeta', {
      add: (pattern, resolve) => {
        routes.push({ pattern, resolve });
      },
      resolve: async (pathname) => {
        for (const route of routes) {
          const match = route.pattern.exec(pathname);
          if (match) {
            // An optional group that did not take part is '' rather than undefined.
            return route.resolve(match.slice(1).map((part) => decodeURIComponent(part ?? '')));
          }
        }
        return undefined;
      },
    });
  },
  { name: 'page-meta' },
);
