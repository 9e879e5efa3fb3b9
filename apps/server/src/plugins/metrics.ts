import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_QUEUE_SCHEMA } from '../lib/job-queue';
import { sendError } from './errors';

/** The series other parts of the server move (more join as their parts are measured). */
export interface Metrics {
  registry: Registry;
  /** Each time rate limits fell back from Redis to the node's memory. */
  rateLimitFallbacks: Counter;
  /** Messages handed to the SMS and e-mail providers, by channel, kind and outcome. */
  messages: Counter<'channel' | 'kind' | 'outcome'>;
  /** Page views the trackers reported to this node, by visitor kind (new, returning). */
  liveVisits: Counter<'kind'>;
}

/**
 * Counts each call of `method` on `target` by its outcome, in place: the object stays what it
 * was (tests read a sender's own fields).
 */
export function countOutcomes<T extends object, K extends keyof T & string>(
  target: T,
  method: K,
  count: (outcome: 'sent' | 'failed') => void,
): void {
  const original = target[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  const counted = async (...args: unknown[]) => {
    try {
      const result = await original.apply(target, args);
      count('sent');
      return result;
    } catch (error) {
      count('failed');
      throw error;
    }
  };
  (target as Record<string, unknown>)[method] = counted;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Addresses a scrape may come from without METRICS_TOKEN: this machine and private networks. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal']);

function fromPrivateNetwork(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return PRIVATE_RANGES.has(ipaddr.process(address).range());
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus's text format (issue 23): request durations by call and status,
 * the database pool, the job queue, the rate limiter's fallbacks and the process itself. With
 * METRICS_TOKEN set a scrape shows it as a bearer token; without it only this machine and
 * private networks may scrape. Each app has a registry of its own (tests build many).
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    registry.setDefaultLabels({ app: 'vitrin' });
    collectDefaultMetrics({ register: registry });

    const requestDuration = new Histogram({
      name: 'vitrin_http_request_duration_seconds',
      help: 'Time to answer a request, by call (route pattern), method and status',
      labelNames: ['call', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // Pages and unknown paths are one series each, whatever their address.
      const call =
        request.routeOptions.url ?? (request.url.startsWith('/api/') ? 'unknown call' : 'page');
      requestDuration.observe(
        { call, method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    new Gauge({
      name: 'vitrin_db_pool_connections',
      help: 'PostgreSQL pool: connections open and idle, and calls waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = app.hasDecorator('database') ? app.database.poolStats() : null;
        if (!stats) return;
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'in use' }, stats.total - stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });

    /**
     * Rows one query answers, asked at most once a second however many series read them (a
     * scrape reads several). A query that fails (a table not there yet) answers no rows.
     */
    const scraped = <Row>(text: string) => {
      let last: { at: number; rows: Promise<Row[]> } | null = null;
      return (): Promise<Row[]> => {
        if (last && Date.now() - last.at < 1000) return last.rows;
        const rows = app.hasDecorator('database')
          ? app.database
              .executeSql(text)
              .then((answer) => answer.rows as Row[])
              .catch(() => [])
          : Promise.resolve([]);
        last = { at: Date.now(), rows };
        return rows;
      };
    };
    /** A gauge whose values are rows of a query: a label from each row, and its value. */
    const tableGauge = <Row>(
      name: string,
      help: string,
      labelNames: string[],
      rows: () => Promise<Row[]>,
      value: (row: Row) => number,
    ) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          for (const row of await rows()) {
            const labels = Object.fromEntries(
              labelNames.map((label) => [label, String((row as Record<string, unknown>)[label])]),
            );
            this.set(labels, value(row));
          }
        },
      });

    interface JobRow {
      queue: string;
      waiting: number;
      oldest_seconds: number;
      failed: number;
    }
    const jobRows = scraped<JobRow>(
      `select name as queue,
         count(*) filter (where state in ('created', 'retry'))::int as waiting,
         coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0)::float as oldest_seconds,
         count(*) filter (where state = 'failed')::int as failed
       from ${JOB_QUEUE_SCHEMA}.job group by name`,
    );
    tableGauge(
      'vitrin_jobs_waiting',
      'Jobs queued and not yet started, by queue',
      ['queue'],
      jobRows,
      (row) => row.waiting,
    );
    tableGauge(
      'vitrin_jobs_oldest_waiting_seconds',
      'Age of the oldest job still waiting, by queue',
      ['queue'],
      jobRows,
      (row) => row.oldest_seconds,
    );
    tableGauge(
      'vitrin_jobs_failed',
      'Jobs that failed for good and are kept, by queue',
      ['queue'],
      jobRows,
      (row) => row.failed,
    );

    // Payments started in the last day by gateway and where they stand (pending, paid, failed…),
    // and services by status: a rise in failed payments or provisioning shows here.
    tableGauge(
      'vitrin_payments_last_day',
      'Payments started in the last 24 hours, by gateway and status',
      ['gateway', 'status'],
      scraped<{ gateway: string; status: string; n: number }>(
        "select gateway, status, count(*)::int as n from payments where created_at > now() - interval '1 day' group by gateway, status",
      ),
      (row) => row.n,
    );
    tableGauge(
      'vitrin_services',
      'Customer services by status (a failed provisioning stays in its status until staff act)',
      ['status'],
      scraped<{ status: string; n: number }>(
        'select status, count(*)::int as n from services group by status',
      ),
      (row) => row.n,
    );
    // What provisioning did in the last day, cluster-wide (each step leaves a service event):
    // accounts made (panel.ready), tries to repeat (provision.failed), services handed to staff
    // (provision.handover), suspensions and the like (panel.*).
    tableGauge(
      'vitrin_provisioning_events_last_day',
      'Provisioning steps and panel actions of the last 24 hours, by event kind',
      ['kind'],
      scraped<{ kind: string; n: number }>(
        "select kind, count(*)::int as n from service_events where created_at > now() - interval '1 day' and (kind like 'provision.%' or kind like 'panel.%') group by kind",
      ),
      (row) => row.n,
    );
    new Gauge({
      name: 'vitrin_live_sockets',
      help: "Live sockets (visitors' trackers and panels) open on this node",
      registers: [registry],
      collect() {
        if (app.hasDecorator('live')) this.set(app.live.io.engine.clientsCount);
      },
    });

    const metrics: Metrics = {
      registry,
      rateLimitFallbacks: new Counter({
        name: 'vitrin_rate_limit_fallbacks_total',
        help: "Times rate limits fell back from Redis to the node's memory",
        registers: [registry],
      }),
      liveVisits: new Counter({
        name: 'vitrin_live_visits_total',
        help: 'Page views the trackers on customers sites reported to this node, by visitor kind',
        labelNames: ['kind'],
        registers: [registry],
      }),
      messages: new Counter({
        name: 'vitrin_messages_total',
        help: 'Messages handed to the SMS and e-mail providers, by channel, kind and outcome',
        labelNames: ['channel', 'kind', 'outcome'],
        registers: [registry],
      }),
    };
    app.decorate('metrics', metrics);

    const token = app.config.metricsToken;
    const mayScrape = (request: FastifyRequest) => {
      if (!token) return fromPrivateNetwork(request.ip);
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      return given !== undefined && sameSecret(given, token);
    };
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayScrape(request)) return sendError(reply, 'FORBIDDEN');
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['config', 'errors'] },
);
