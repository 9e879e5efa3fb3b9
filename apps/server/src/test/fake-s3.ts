import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import aws4 from 'aws4';
import type { S3Fetch, S3Settings } from '../lib/s3-file-store';

export const FAKE_S3_ACCESS_KEY_ID = 'VITRINFAKEACCESSKEY';
export const FAKE_S3_SECRET_ACCESS_KEY = 'fake-s3-secret-that-only-the-tests-know';
export const FAKE_S3_REGION = 'ir-thr-at1';
/** Bucket host names for virtual-hosted requests: `<bucket>.s3.localhost`. */
const VIRTUAL_HOST_SUFFIX = '.s3.localhost';
/** S3 refuses a request signed more than 15 minutes away from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

/** One request as the fake received it: the raw path shows how the key was encoded. */
export interface FakeS3Request {
  method: string;
  host: string;
  path: string;
  status: number;
}

/** What the next request meets instead of a normal answer. */
export type FakeS3Fault = 'error-500' | 'hang' | 'cut-off';

export interface FakeS3 {
  /** Settings (with the fake's credentials) for a new empty bucket on this server. */
  newBucket(options?: { pathStyle?: boolean }): S3Settings;
  /** The objects of `bucket`, by key. */
  objects(bucket: string): Map<string, Buffer>;
  readonly requests: FakeS3Request[];
  failNext(fault: FakeS3Fault): void;
  /** Sends every request to this server, keeping the URL's host as `Host` (bucket host names). */
  readonly fetch: S3Fetch;
  close(): Promise<void>;
}

/**
 * A local S3 for tests: objects in memory, path-style and virtual-hosted requests, listing
 * (ListObjectsV2, `listPageSize` keys a page; S3's is 1000), S3's XML errors, and every
 * request's SigV4 signature checked by signing it again with the secret.
 */
export async function startFakeS3({ listPageSize = 1000 } = {}): Promise<FakeS3> {
  const buckets = new Map<string, Map<string, Buffer>>();
  const requests: FakeS3Request[] = [];
  const faults: FakeS3Fault[] = [];
  let bucketCounter = 0;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number) => {
        requests.push({
          method: request.method ?? '',
          host: request.headers.host ?? '',
          path: request.url ?? '',
          status,
        });
      };
      const fault = faults.shift();
      if (fault === 'hang') return answer(0);
      if (fault === 'error-500') {
        answer(500);
        return sendError(response, 500, 'InternalError', 'We encountered an internal error.');
      }
      const status = handle(request, Buffer.concat(chunks), response, buckets, fault, listPageSize);
      answer(status);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    newBucket({ pathStyle = true } = {}) {
      bucketCounter += 1;
      const bucket = `vitrin-test-${bucketCounter}`;
      buckets.set(bucket, new Map());
      return {
        endpoint: pathStyle ? `http://127.0.0.1:${port}` : `http://s3.localhost:${port}`,
        bucket,
        region: FAKE_S3_REGION,
        accessKeyId: FAKE_S3_ACCESS_KEY_ID,
        secretAccessKey: FAKE_S3_SECRET_ACCESS_KEY,
        pathStyle,
      };
    },
    objects(bucket) {
      const objects = buckets.get(bucket);
      if (!objects) throw new Error(`no bucket ${bucket}`);
      return objects;
    },
    requests,
    failNext(fault) {
      faults.push(fault);
    },
    fetch: (url, init) => loopbackFetch(port, url, init),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** Answers one request (the whole body read); returns the status sent. */
function handle(
  request: IncomingMessage,
  body: Buffer,
  response: ServerResponse,
  buckets: Map<string, Map<string, Buffer>>,
  fault: FakeS3Fault | undefined,
  listPageSize: number,
): number {
  const refusal = checkSignature(request, body);
  if (refusal) return sendError(response, refusal.status, refusal.code, refusal.message);

  const host = request.headers.host ?? '';
  const hostname = host.replace(/:\d+$/, '');
  const segments = (request.url ?? '/').split('?')[0]?.split('/').slice(1) ?? [];
  const bucketName = hostname.endsWith(VIRTUAL_HOST_SUFFIX)
    ? hostname.slice(0, -VIRTUAL_HOST_SUFFIX.length)
    : decodeURIComponent(segments.shift() ?? '');
  const key = segments.map((segment) => decodeURIComponent(segment)).join('/');
  const objects = buckets.get(bucketName);
  if (!objects)
    return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
  if (!key && request.method === 'GET') {
    const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
    if (query.get('list-type') === '2') return sendList(response, objects, query, listPageSize);
  }
  if (!key) return sendError(response, 400, 'InvalidRequest', 'A key is required');

  switch (request.method) {
    case 'PUT':
      objects.set(key, body);
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      response.end();
      return 200;
    case 'GET': {
      const bytes = objects.get(key);
      if (!bytes) return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': bytes.length,
      });
      if (fault === 'cut-off') {
        // Half the bytes, then the connection drops: what a failing proxy or node does.
        response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () =>
          response.socket?.destroy(),
        );
        return 200;
      }
      response.end(bytes);
      return 200;
    }
    case 'DELETE':
      // S3 answers 204 whether or not the key was there.
      objects.delete(key);
      response.writeHead(204);
      response.end();
      return 204;
    default:
      return sendError(response, 405, 'MethodNotAllowed', 'The method is not allowed');
  }
}

/**
 * One page of ListObjectsV2: keys in order, after the continuation token's key (the fake's token
 * is the last key sent, base64, so it has the `+`, `/` and `=` a real one can have).
 */
function sendList(
  response: ServerResponse,
  objects: Map<string, Buffer>,
  query: URLSearchParams,
  pageSize: number,
): number {
  const token = query.get('continuation-token');
  const after = token === null ? null : Buffer.from(token, 'base64').toString('utf8');
  const keys = [...objects.keys()].sort().filter((key) => after === null || key > after);
  const page = keys.slice(0, pageSize);
  const truncated = keys.length > page.length;
  const escapeXml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult>' +
    `<KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
    (truncated
      ? `<NextContinuationToken>${escapeXml(Buffer.from(page.at(-1) ?? '').toString('base64'))}</NextContinuationToken>`
      : '') +
    page
      .map(
        (key) =>
          `<Contents><Key>${escapeXml(key)}</Key><Size>${objects.get(key)?.length ?? 0}</Size></Contents>`,
      )
      .join('') +
    '</ListBucketResult>';
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(body);
  return 200;
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** What S3 checks before anything else: who signed, that the signature fits, the body's hash. */
function checkSignature(request: IncomingMessage, body: Buffer): Refusal | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const [, accessKeyId, , , signedHeaderList = '', signature = ''] = match;
  if (accessKeyId !== FAKE_S3_ACCESS_KEY_ID) {
    return { status: 403, code: 'InvalidAccessKeyId', message: 'The access key does not exist' };
  }
  const signedHeaders = signedHeaderList.split(';');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) return signatureMismatch();
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!signedHeaders.includes(required)) return signatureMismatch();
  }
  const date = parseAmzDate(headers['x-amz-date'] ?? '');
  if (date === null || Math.abs(Date.now() - date) > MAX_CLOCK_SKEW_MS) {
    return { status: 403, code: 'RequestTimeTooSkewed', message: 'The difference is too large' };
  }
  // Signed again from what arrived, with the secret only the store and the client know.
  const expected = aws4.sign(
    {
      service: 's3',
      region: FAKE_S3_REGION,
      method: request.method,
      path: request.url,
      headers,
    },
    { accessKeyId: FAKE_S3_ACCESS_KEY_ID, secretAccessKey: FAKE_S3_SECRET_ACCESS_KEY },
  );
  const expectedSignature = /Signature=([0-9a-f]{64})$/.exec(
    String(expected.headers?.Authorization ?? ''),
  )?.[1];
  if (
    !expectedSignature ||
    !timingSafeEqual(Buffer.from(expectedSignature), Buffer.from(signature))
  ) {
    return signatureMismatch();
  }
  if (createHash('sha256').update(body).digest('hex') !== headers['x-amz-content-sha256']) {
    return {
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }
  return null;
}

function signatureMismatch(): Refusal {
  return {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided.',
  };
}

/** `20250101T120000Z` as milliseconds, or null. */
function parseAmzDate(text: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
}

function sendError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
): number {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(body);
  return status;
}

/** Like fetch, but connects to the fake whatever the URL's host, and sends that host as `Host`. */
function loopbackFetch(port: number, url: string, init: RequestInit): Promise<Response> {
  const target = new URL(url);
  const headers = { ...(init.headers as Record<string, string>), host: target.host };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: init.method,
        path: `${target.pathname}${target.search}`,
        headers,
        signal: init.signal ?? undefined,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 500;
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') answerHeaders.set(name, value);
          }
          resolve(
            new Response(status === 204 ? null : Buffer.concat(chunks), {
              status,
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body as Buffer | undefined);
  });
}
