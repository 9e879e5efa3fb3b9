import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, type Env, loadConfig } from './config';
import {
  type BuiltServer,
  buildServerBundle,
  runSignInJourney,
  type ServerBundle,
  type SignInJourney,
  startBuiltServer,
} from './test/built-server';
import {
  type FakeOtlpReceiver,
  type ReceivedSpan,
  spanTexts,
  startFakeOtlpReceiver,
} from './test/fake-otlp-receiver';
import { createTestDatabase } from './test/test-app';

// Optional OpenTelemetry tracing (issue 23), through the built server as `npm start` runs it: the
// SDK has to start before fastify and pg load, which only a process of its own shows. Spans go to
// a local OTLP/HTTP receiver in the default encoding (protobuf); tracing.real.test.ts covers the
// PostgreSQL query spans and the JSON encoding.

const SERVER_SPAN = 2;
/**
 * The SDK's packages, and the bundle's chunk of src/tracing.ts (`./chunks/tracing-….js`). Not
 * `@opentelemetry/api`: the job queue (pg-boss 12) imports that facade for spans of its own, and
 * without an SDK every call on it does nothing.
 */
const OPENTELEMETRY_MODULE = /^@opentelemetry\/(?!api$)|^@fastify\/otel$|\/chunks\/tracing-/;

let bundle: ServerBundle;
let receiver: FakeOtlpReceiver;
let journey: SignInJourney;
let spansBeforeShutdown: number;
let exitCode: number | null;
let tracedImports: string[];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  bundle = await buildServerBundle();
  receiver = await startFakeOtlpReceiver();
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  const server = await startBuiltServer(bundle, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Nothing is sent on a timer within the test: every span arrives through the shutdown flush.
    OTEL_BSP_SCHEDULE_DELAY: '600000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  try {
    journey = await runSignInJourney(server);
    tracedImports = server.importedSpecifiers();
    spansBeforeShutdown = receiver.spans.length;
  } finally {
    exitCode = await server.stop();
  }
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await dropDatabase?.();
  bundle?.remove();
});

function serverSpan(route: string, status: number): ReceivedSpan {
  const found = receiver.spans.filter(
    (span) =>
      span.kind === SERVER_SPAN &&
      span.attributes['http.route'] === route &&
      span.attributes['http.response.status_code'] === status,
  );
  expect(found, `${route} ${status}`).toHaveLength(1);
  return found[0] as ReceivedSpan;
}

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  test('spans reach the endpoint as OTLP/HTTP protobuf, flushed when the server shuts down', () => {
    expect(exitCode).toBe(0);
    expect(spansBeforeShutdown).toBe(0);
    expect(receiver.exports.length).toBeGreaterThan(0);
    for (const received of receiver.exports) {
      expect(received.path).toBe('/v1/traces');
      expect(received.contentType).toBe('application/x-protobuf');
    }
    expect(new Set(receiver.spans.map((span) => span.resource['service.name']))).toEqual(
      new Set(['vitrin']),
    );
  });

  test('each request is a server span named by its route, with the status it answered', () => {
    expect(journey.calls.map((call) => call.status)).toEqual([200, 200, 200, 422, 200, 200]);
    for (const call of journey.calls) {
      const span = serverSpan(call.path, call.status);
      expect(span.name).toBe(`POST ${call.path}`);
      expect(span.attributes['http.request.method']).toBe('POST');
      // Fastify's own span for the request sits under it, in the same trace.
      const fastifySpans = receiver.spans.filter(
        (child) => child.parentSpanId === span.spanId && child.scope === '@fastify/otel',
      );
      expect(fastifySpans.map((child) => child.name)).toEqual(['request']);
      expect(fastifySpans[0]?.traceId).toBe(span.traceId);
    }
  });

  test('no phone number, password, code or token from the sign-in is in any span', () => {
    const secrets = [
      journey.phone,
      journey.phone.slice(1),
      journey.password,
      journey.code,
      journey.accessToken,
      journey.refreshToken,
    ];
    expect(journey.code).toMatch(/^\d{4,8}$/);
    for (const span of receiver.spans) {
      const texts = [...spanTexts(span), ...Object.values(span.resource).map(String)];
      for (const secret of secrets) {
        expect(
          texts.filter((text) => text.includes(secret)),
          `${span.scope} ${span.name}`,
        ).toEqual([]);
      }
      expect(span.attributes['url.query']).toBeUndefined();
      expect(span.attributes['client.address']).toBeUndefined();
    }
    // The bytes as sent, too (the longer secrets: a short code could occur by chance in binary).
    for (const received of receiver.exports) {
      for (const secret of [journey.phone.slice(1), journey.password, journey.accessToken]) {
        expect(received.body.includes(secret)).toBe(false);
      }
    }
  });

  test('a query string is cut from the recorded path', () => {
    const profile = serverSpan('/api/jwt/get-user-info', 200);
    expect(profile.attributes['url.path']).toBe('/api/jwt/get-user-info');
    const fastifyRequest = receiver.spans.find(
      (span) => span.parentSpanId === profile.spanId && span.scope === '@fastify/otel',
    );
    expect(fastifyRequest?.attributes['url.path']).toBe('/api/jwt/get-user-info');
  });
});

describe('without an OTLP endpoint', () => {
  let server: BuiltServer;
  afterAll(async () => {
    await server?.stop();
  });

  test('the server does not load the OpenTelemetry SDK at all', async () => {
    // The module hook does see the SDK when tracing is on…
    expect(tracedImports).toEqual(
      expect.arrayContaining(['@opentelemetry/sdk-node', '@fastify/otel']),
    );
    expect(tracedImports.some((specifier) => /\/chunks\/tracing-/.test(specifier))).toBe(true);
    // …and sees none of it when it is off, through start-up and a request.
    server = await startBuiltServer(bundle);
    const response = await fetch(`${server.url}/api/jwt/check-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '09120000000' }),
    });
    expect(response.status).toBe(200);
    const imports = server.importedSpecifiers();
    expect(imports).toContain('fastify');
    expect(imports.filter((specifier) => OPENTELEMETRY_MODULE.test(specifier))).toEqual([]);
  }, 120_000);
});

describe('the OTEL_* settings', () => {
  const tracingOf = (env: Env) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vitrin-config-')), ...env }).tracing;
  const problemsOf = (env: Env) => {
    try {
      tracingOf(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  test('tracing is off without an OTLP endpoint, or with OTEL_SDK_DISABLED', () => {
    expect(tracingOf({})).toBeNull();
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeNull();
    expect(
      tracingOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'true',
      }),
    ).toBeNull();
  });

  test('the general endpoint gets /v1/traces; protobuf and the name vitrin by default', () => {
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'vitrin',
    });
    expect(
      tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.ir/otlp/' })?.tracesUrl,
    ).toBe('https://otel.example.ir/otlp/v1/traces');
  });

  test('the traces endpoint and protocol are taken as given, over the general ones', () => {
    expect(
      tracingOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/api/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'vitrin-node-2',
      }),
    ).toEqual({
      tracesUrl: 'http://tempo:4318/api/traces',
      protocol: 'http/json',
      serviceName: 'vitrin-node-2',
    });
  });

  test('a bad endpoint or an unsupported protocol stops the start with the setting named', () => {
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_ENDPOINT: /),
    ]);
    expect(problemsOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://collector/v1/traces' })).toEqual(
      [expect.stringMatching(/^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: /)],
    );
    expect(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_PROTOCOL: http\/protobuf or http\/json/),
    ]);
  });

  test('the server refuses to start on a bad endpoint, saying which setting is wrong', async () => {
    await expect(
      startBuiltServer(bundle, { OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' }),
    ).rejects.toThrow(/server exited early:[\s\S]*OTEL_EXPORTER_OTLP_ENDPOINT: /);
  });
});
