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
];
