/** The bare Fastify routes every scenario is compared with (served by `server.ts --baseline`). */
export const BASELINE_ROUTES = {
  post: { method: 'POST', path: '/baseline/post' },
  get: { method: 'GET', path: '/baseline/get' },
} as const;

export type BaselineRoute = keyof typeof BASELINE_ROUTES;

export interface Scenario {
  /** Shown in the table and stored in the results file. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Sent as JSON to the target and, for a POST baseline, to the bare route too. */
  body?: unknown;
  /** The bare route this scenario's figures are divided by. */
  baseline: BaselineRoute;
  /** Connections for this scenario (both sides), when the default 50 would only queue. */
  connections?: number;
  /**
   * Send each request from a different client address (X-Forwarded-For; the target trusts its
   * proxy), for calls whose per-address limit would otherwise answer 429s.
   */
  varyClientAddress?: boolean;
  /**
   * The body of the n-th request, for a scenario that must ask something new each time (so
   * no cache can answer it). The probe and the baseline send `body`.
   */
  bodyFor?: (n: number) => unknown;
}

/**
 * What `run.ts` measures, in order. `/api/app/report-client-error` is left out on purpose: its
 * own limit of 20 reports a minute per address would turn a run into a count of 429s.
 */
export const scenarios: Scenario[] = [
  { name: 'healthz', method: 'GET', path: '/healthz', baseline: 'get' },
  { name: 'readyz (database ping)', method: 'GET', path: '/readyz', baseline: 'get' },
  {
    name: 'get-app-info',
    method: 'POST',
    path: '/api/app/get-app-info',
    body: {},
    baseline: 'post',
  },
  {
    // Dominated by one scrypt hash per request (see password-hash.ts); 8 connections keep the
    // queue short enough that latency means something.
    name: 'authenticate (password sign-in)',
    method: 'POST',
    path: '/api/jwt/authenticate',
    body: { username: '09121234567', password: 'vitrin-demo-1405' },
    baseline: 'post',
    connections: 8,
    varyClientAddress: true,
  },
  {
    // The home page's one call: served from the in-process catalog cache after the first.
    name: 'get-app-home-data (cached)',
    method: 'POST',
    path: '/api/app/get-app-home-data',
    body: {},
    baseline: 'post',
  },
  {
    name: 'get-products (cached: the store page)',
    method: 'POST',
    path: '/api/store/get-products',
    body: { page: 1, pageSize: 20, sort: 'popular' },
    baseline: 'post',
  },
  {
    // A different minimum price each request: no answer comes from the answer cache, as after
    // an invalidation or for a long tail of filter combinations. Since issue 24 a small
    // catalog's price ranges and pages are cut from its kept list (store.service.ts,
    // KEPT_LIST_MAX_PRODUCTS); a search is a query each time.
    name: 'get-products (uncached: a new filter each request)',
    method: 'POST',
    path: '/api/store/get-products',
    body: { minPrice: 0 },
    bodyFor: (n) => ({ minPrice: n }),
    baseline: 'post',
  },
  {
    name: 'get-product (cached: a product page)',
    method: 'POST',
    path: '/api/store/get-product',
    body: { slug: 'builder-business' },
    baseline: 'post',
  },
];
