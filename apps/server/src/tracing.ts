// OpenTelemetry tracing (issue 23), loaded by main.ts only when an OTLP endpoint is set: without
// one, nothing of the SDK is imported. It must start before fastify, node:http and pg are loaded,
// since the http and pg instrumentations patch those modules as they load.
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Context } from '@opentelemetry/api';
import { OTLPTraceExporter as OTLPJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OTLPProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import * as tracing from '@opentelemetry/sdk-trace';
import type { TracingSettings } from './config';

/** Probes a load balancer or Prometheus calls every few seconds: spans for them are noise. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Attributes no exported span keeps. A query string can carry a sign-in code, a reset token or a
 * phone number a staff member searched for; the client's address is personal data.
 */
const DROPPED_ATTRIBUTES = [
  'url.query',
  'client.address',
  'network.peer.address',
  'network.peer.port',
];
/** Attributes holding a URL that may end in a query string: kept without it. */
const URL_ATTRIBUTES = ['url.path', 'url.full', 'http.target', 'http.url'];

/** Removes what DROPPED_ATTRIBUTES and URL_ATTRIBUTES name from a finished span's attributes. */
export function redactSpanAttributes(attributes: Record<string, unknown>): void {
  for (const name of DROPPED_ATTRIBUTES) delete attributes[name];
  for (const name of URL_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value === 'string' && value.includes('?')) {
      attributes[name] = value.slice(0, value.indexOf('?'));
    }
  }
}

/**
 * Hands each finished span, redacted, to the exporting processor. The instrumentations set URL
 * attributes as a span starts and others until it ends, so the redaction runs at its end.
 */
class RedactingSpanProcessor implements tracing.SpanProcessor {
  constructor(private readonly next: tracing.SpanProcessor) {}

  onStart(span: tracing.Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: tracing.ReadableSpan): void {
    redactSpanAttributes(span.attributes as Record<string, unknown>);
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

export interface Tracing {
  /** Exports the spans still queued and stops: call it last when the server shuts down. */
  shutdown(): Promise<void>;
}

/** Starts tracing HTTP requests, Fastify routes and PostgreSQL queries to an OTLP/HTTP endpoint. */
export function startTracing(settings: TracingSettings): Tracing {
  const exporterOptions = { url: settings.tracesUrl };
  const exporter =
    settings.protocol === 'http/json'
      ? new OTLPJsonTraceExporter(exporterOptions)
      : new OTLPProtobufTraceExporter(exporterOptions);
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    // OTEL_BSP_* tune the batches, as the standard says.
    spanProcessors: [new RedactingSpanProcessor(new tracing.BatchSpanProcessor({ exporter }))],
    // Traces only: the SDK would otherwise start OTLP metrics and logs exporters of its own
    // (metrics are /metrics' job).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        // The server's own calls out (gateways, SMS, panels, S3) go through fetch, which this
        // instrumentation does not see; off, no library's request can put its URL in a span.
        disableOutgoingRequestInstrumentation: true,
        // No request or response headers in spans (cookies, tokens): the default, said aloud.
        headersToSpanAttributes: {},
      }),
      new PgInstrumentation({
        // Statements are recorded with their $n placeholders, never the values bound to them
        // (phone numbers, code hashes, tokens).
        enhancedDatabaseReporting: false,
        // The job queue polls PostgreSQL every few seconds: only queries inside a traced request
        // (or another span) are recorded.
        requireParentSpan: true,
      }),
      // Fastify's own instrumentation: each Fastify instance registers it as it is created
      // (through the fastify.initialization diagnostics channel), so routes get their template
      // in http.route. One span per request and one for its handler; not one per hook.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: ({ url }) => UNTRACED_PATHS.has(url),
      }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
