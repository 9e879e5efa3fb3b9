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

    const jobsGauge = (name: string, help: string, read: (row: JobRow) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const row of await jobCounts()) this.set({ queue: row.name }, read(row));
        },
      });
    interface JobRow {
      name: string;
      waiting: number;
      oldest_seconds: number;
      failed: number;
    }
    let cached: { at: number; rows: Promise<JobRow[]> } | null = null;
    // One query a scrape for the three series below.
    const jobCounts = (): Promise<JobRow[]> => {
      if (cached && Date.now() - cached.at < 1000) return cached.rows;
      const rows = app.hasDecorator('database')
        ? app.database
            .executeSql(
              `select name,
                 count(*) filter (where state in ('created', 'retry'))::int as waiting,
                 coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0)::float as oldest_seconds,
                 count(*) filter (where state = 'failed')::int as failed
               from ${JOB_QUEUE_SCHEMA}.job group by name`,
            )
            .then((answer) => answer.rows as JobRow[])
            .catch(() => [])
        : Promise.resolve([]);
      cached = { at: Date.now(), rows };
      return rows;
    };
    jobsGauge(
      'vitrin_jobs_waiting',
      'Jobs queued and not yet started, by queue',
      (row) => row.waiting,
    );
    jobsGauge(
      'vitrin_jobs_oldest_waiting_seconds',
      'Age of the oldest job still waiting, by queue',
      (row) => row.oldest_seconds,
    );
    jobsGauge(
      'vitrin_jobs_failed',
      'Jobs that failed for good and are kept, by queue',
      (row) => row.failed,
    );

    const metrics: Metrics = {
      registry,
      rateLimitFallbacks: new Counter({
        name: 'vitrin_rate_limit_fallbacks_total',
        help: "Times rate limits fell back from Redis to the node's memory",
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
