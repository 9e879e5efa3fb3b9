import { afterAll, beforeAll, expect, test } from 'vitest';
import {
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

// Tracing on PostgreSQL (issue 23): the queries a request makes are spans in its trace, recorded
// without the values bound to them. Only a server on PostgreSQL talks through pg (the embedded
// database does not), so this file runs in the PostgreSQL project alone. Spans come as OTLP/JSON
// here, the other encoding the server speaks (tracing.test.ts takes the default, protobuf).

const SERVER_SPAN = 2;
const PG_SCOPE = '@opentelemetry/instrumentation-pg';

let bundle: ServerBundle;
let receiver: FakeOtlpReceiver;
let journey: SignInJourney;
let exitCode: number | null;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  bundle = await buildServerBundle();
  receiver = await startFakeOtlpReceiver();
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  if (!database.url) throw new Error('tracing.real.test.ts needs PostgreSQL (TEST_DATABASE_URL)');
  const server = await startBuiltServer(bundle, {
    DATABASE_URL: database.url,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'vitrin-test-node',
  });
  try {
    journey = await runSignInJourney(server);
  } finally {
    exitCode = await server.stop();
  }
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await dropDatabase?.();
  bundle?.remove();
});

/** The spans under `root`, however deep. */
function descendants(root: ReceivedSpan): ReceivedSpan[] {
  const found: ReceivedSpan[] = [];
  let parents = [root.spanId];
  while (parents.length > 0) {
    const children = receiver.spans.filter((span) => parents.includes(span.parentSpanId));
    found.push(...children);
    parents = children.map((span) => span.spanId);
  }
  return found;
}

test('a request’s database queries are pg spans in its trace', () => {
  expect(exitCode).toBe(0);
  for (const received of receiver.exports) {
    expect(received.contentType).toBe('application/json');
  }
  expect(new Set(receiver.spans.map((span) => span.resource['service.name']))).toEqual(
    new Set(['vitrin-test-node']),
  );
  const signIn = receiver.spans.filter(
    (span) =>
      span.kind === SERVER_SPAN &&
      span.attributes['http.route'] === '/api/jwt/authenticate' &&
      span.attributes['http.response.status_code'] === 200,
  );
  expect(signIn).toHaveLength(1);
  const queries = descendants(signIn[0] as ReceivedSpan).filter(
    (span) => span.scope === PG_SCOPE && span.name.startsWith('pg.query'),
  );
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) {
    expect(query.traceId).toBe(signIn[0]?.traceId);
    expect(query.attributes['db.system.name']).toBe('postgresql');
    expect(query.attributes['db.query.text']).toEqual(expect.any(String));
  }
  // The account is looked up by its number: the statement says so with a placeholder.
  expect(
    queries.some((query) => /"mobile" = \$\d/.test(String(query.attributes['db.query.text']))),
  ).toBe(true);
});

test('no phone number, password, code or token reaches a span, statements included', () => {
  const secrets = [
    journey.phone.slice(1),
    journey.password,
    journey.code,
    journey.accessToken,
    journey.refreshToken,
  ];
  expect(receiver.spans.filter((span) => span.scope === PG_SCOPE).length).toBeGreaterThan(0);
  for (const span of receiver.spans) {
    for (const secret of secrets) {
      expect(
        spanTexts(span).filter((text) => text.includes(secret)),
        `${span.scope} ${span.name}`,
      ).toEqual([]);
    }
    // What enhancedDatabaseReporting would add: the values bound to a statement.
    expect(span.attributes['db.postgresql.values']).toBeUndefined();
  }
  for (const received of receiver.exports) {
    const body = received.body.toString('utf8');
    for (const secret of secrets) expect(body.includes(secret)).toBe(false);
  }
});

test('background queries outside a request make no spans of their own', () => {
  const roots = receiver.spans.filter((span) => span.parentSpanId === '');
  expect(roots.length).toBeGreaterThan(0);
  expect(roots.filter((span) => span.scope === PG_SCOPE)).toEqual([]);
});
