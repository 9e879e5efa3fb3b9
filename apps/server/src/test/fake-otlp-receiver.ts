import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local OTLP/HTTP trace receiver for tests: accepts POST /v1/traces in either encoding the
// standard allows (protobuf, JSON) and keeps every span, decoded, and every body as it came.

export type AttributeValue = string | number | boolean | AttributeValue[];

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** The instrumentation that made it (`@opentelemetry/instrumentation-pg`, …). */
  scope: string;
  attributes: Record<string, AttributeValue>;
  resource: Record<string, AttributeValue>;
  events: Array<{ name: string; attributes: Record<string, AttributeValue> }>;
}

export interface ReceivedExport {
  path: string;
  contentType: string;
  body: Buffer;
}

export interface FakeOtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  exports: ReceivedExport[];
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

export async function startFakeOtlpReceiver(): Promise<FakeOtlpReceiver> {
  const exports: ReceivedExport[] = [];
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = request.headers['content-type'] ?? '';
      exports.push({ path: request.url ?? '', contentType, body });
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (contentType.startsWith('application/x-protobuf')) {
        spans.push(...decodeProtobufExport(body));
        // An empty ExportTraceServiceResponse: all accepted.
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } else if (contentType.startsWith('application/json')) {
        spans.push(...decodeJsonExport(JSON.parse(body.toString('utf8'))));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(415).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every text a span carries: its name, and each attribute and event value, as strings. */
export function spanTexts(span: ReceivedSpan): string[] {
  const flat = (value: AttributeValue): string[] =>
    Array.isArray(value) ? value.flatMap(flat) : [String(value)];
  return [
    span.name,
    ...Object.values(span.attributes).flatMap(flat),
    ...span.events.flatMap((event) => [
      event.name,
      ...Object.values(event.attributes).flatMap(flat),
    ]),
  ];
}

// --- OTLP/JSON (opentelemetry-proto's JSON mapping) ---

interface JsonAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
}
type JsonKeyValue = { key: string; value: JsonAnyValue };

function jsonValue(value: JsonAnyValue): AttributeValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(jsonValue);
  return '';
}

function jsonAttributes(list: JsonKeyValue[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, jsonValue(value)]));
}

function decodeJsonExport(body: {
  resourceSpans?: Array<{
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: JsonKeyValue[];
        events?: Array<{ name: string; attributes?: JsonKeyValue[] }>;
      }>;
    }>;
  }>;
}): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = jsonAttributes(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        scope: scopeSpans.scope?.name ?? '',
        attributes: jsonAttributes(span.attributes),
        resource,
        events: (span.events ?? []).map((event) => ({
          name: event.name,
          attributes: jsonAttributes(event.attributes),
        })),
      })),
    );
  });
}

// --- OTLP/protobuf: the few messages of opentelemetry-proto's trace service a span needs ---

type WireValue = bigint | Buffer;

/** A protobuf message's fields by number, each with its values in order (wire format only). */
function readFields(buffer: Buffer): Map<number, WireValue[]> {
  const fields = new Map<number, WireValue[]>();
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[offset++];
      if (byte === undefined) throw new Error('protobuf: truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (offset < buffer.length) {
    const tag = Number(varint());
    const wireType = tag & 7;
    let value: WireValue;
    if (wireType === 0) value = varint();
    else {
      const sizes: Record<number, () => number> = {
        1: () => 8,
        2: () => Number(varint()),
        5: () => 4,
      };
      const size = sizes[wireType];
      if (!size) throw new Error(`protobuf: unexpected wire type ${wireType}`);
      const length = size();
      value = buffer.subarray(offset, offset + length);
      offset += length;
    }
    const number = tag >>> 3;
    fields.set(number, [...(fields.get(number) ?? []), value]);
  }
  return fields;
}

function messages(fields: Map<number, WireValue[]>, number: number): Buffer[] {
  return (fields.get(number) ?? []).filter((value): value is Buffer => Buffer.isBuffer(value));
}

function text(fields: Map<number, WireValue[]>, number: number): string {
  return messages(fields, number)[0]?.toString('utf8') ?? '';
}

/** AnyValue: 1 string, 2 bool, 3 int64, 4 double, 5 ArrayValue (1: repeated AnyValue). */
function protobufValue(buffer: Buffer): AttributeValue {
  const fields = readFields(buffer);
  if (fields.has(1)) return text(fields, 1);
  const number = fields.get(2)?.[0] ?? fields.get(3)?.[0];
  if (typeof number === 'bigint')
    return fields.has(2) ? number !== 0n : Number(BigInt.asIntN(64, number));
  const double = messages(fields, 4)[0];
  if (double) return double.readDoubleLE(0);
  const array = messages(fields, 5)[0];
  if (array) return messages(readFields(array), 1).map(protobufValue);
  return '';
}

/** Repeated KeyValue (1: key, 2: AnyValue) at field `number`. */
function protobufAttributes(
  fields: Map<number, WireValue[]>,
  number: number,
): Record<string, AttributeValue> {
  return Object.fromEntries(
    messages(fields, number).map((entry) => {
      const keyValue = readFields(entry);
      const value = messages(keyValue, 2)[0];
      return [text(keyValue, 1), value ? protobufValue(value) : ''];
    }),
  );
}

/**
 * ExportTraceServiceRequest (1: ResourceSpans) → ResourceSpans (1: Resource, 2: ScopeSpans) →
 * ScopeSpans (1: InstrumentationScope, 2: Span) → Span (1 trace id, 2 span id, 4 parent id,
 * 5 name, 6 kind, 9 attributes, 11 events: 2 name, 3 attributes).
 */
function decodeProtobufExport(body: Buffer): ReceivedSpan[] {
  return messages(readFields(body), 1).flatMap((resourceSpansBytes) => {
    const resourceSpans = readFields(resourceSpansBytes);
    const resourceBytes = messages(resourceSpans, 1)[0];
    const resource = resourceBytes ? protobufAttributes(readFields(resourceBytes), 1) : {};
    return messages(resourceSpans, 2).flatMap((scopeSpansBytes) => {
      const scopeSpans = readFields(scopeSpansBytes);
      const scopeBytes = messages(scopeSpans, 1)[0];
      const scope = scopeBytes ? text(readFields(scopeBytes), 1) : '';
      return messages(scopeSpans, 2).map((spanBytes) => {
        const span = readFields(spanBytes);
        return {
          traceId: messages(span, 1)[0]?.toString('hex') ?? '',
          spanId: messages(span, 2)[0]?.toString('hex') ?? '',
          parentSpanId: messages(span, 4)[0]?.toString('hex') ?? '',
          name: text(span, 5),
          kind: Number(span.get(6)?.[0] ?? 0),
          scope,
          attributes: protobufAttributes(span, 9),
          resource,
          events: messages(span, 11).map((eventBytes) => {
            const event = readFields(eventBytes);
            return { name: text(event, 2), attributes: protobufAttributes(event, 3) };
          }),
        };
      });
    });
  });
}
