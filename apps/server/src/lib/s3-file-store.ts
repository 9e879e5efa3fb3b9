import { createHash } from 'node:crypto';
import aws4 from 'aws4';
import { FileNotFoundError, type FileStore, isSafeFileKey, UnsafeFileKeyError } from './file-store';

/** Where an S3-compatible store is and how to sign for it (`FILE_STORE=s3`, README settings). */
export interface S3Settings {
  /** The store's address without the bucket, e.g. `https://s3.ir-thr-at1.arvanstorage.ir`. */
  endpoint: string;
  bucket: string;
  /** Part of every signature; MinIO and most Iranian clouds take `us-east-1`. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO, ArvanCloud, Liara) rather than `bucket.endpoint/key`. */
  pathStyle: boolean;
}

/** The part of `fetch` the store uses; tests may route it (a bucket host name that no DNS knows). */
export type S3Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface S3FileStoreOptions {
  /** The whole exchange, answer bytes included, must finish within this. */
  timeoutMs?: number;
  fetch?: S3Fetch;
}

/** An S3 request that did not do what was asked; `status` is null when no answer came. */
export class S3RequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'S3RequestError';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Enough of an error answer to find its code and message; S3's are a few hundred bytes. */
const ERROR_BODY_LIMIT = 4096;

type Method = 'PUT' | 'GET' | 'DELETE';

function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const EMPTY_BODY_SHA256 = sha256Hex(Buffer.alloc(0));

/**
 * Objects in one bucket of an S3-compatible store (AWS, MinIO, ArvanCloud, Liara), so several
 * nodes without a shared disk share the uploads. Requests are signed with SigV4 (aws4), the
 * body's SHA-256 included, so the store refuses bytes changed on the way.
 */
export class S3FileStore implements FileStore {
  private readonly origin: URL;
  private readonly timeoutMs: number;
  private readonly fetch: S3Fetch;

  constructor(
    private readonly settings: S3Settings,
    options: S3FileStoreOptions = {},
  ) {
    this.origin = new URL(settings.endpoint);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    // A copy: the signed hash must stay the hash of what is sent, whatever the caller does.
    const body = Buffer.from(bytes);
    const response = await this.send('PUT', key, body);
    if (!response.ok) throw await this.failure('PUT', key, response);
    await this.drain('PUT', key, response);
  }

  async read(key: string): Promise<Buffer> {
    const response = await this.send('GET', key);
    if (!response.ok) {
      const error = await this.failure('GET', key, response);
      if (isMissingKey(error)) throw new FileNotFoundError(key);
      throw error;
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.broken('GET', key, error, response.status);
    }
    // A cut connection must never pass for a whole file (the length is of the encoded bytes).
    const length = response.headers.get('content-length');
    if (length !== null && !response.headers.has('content-encoding')) {
      if (Number(length) !== bytes.length) {
        throw new S3RequestError(
          `S3 GET ${key}: answer cut off (${bytes.length} of ${length} bytes)`,
          response.status,
          null,
        );
      }
    }
    return bytes;
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok) {
      const error = await this.failure('DELETE', key, response);
      if (isMissingKey(error)) return;
      throw error;
    }
    await this.drain('DELETE', key, response);
  }

  /**
   * Every key in the bucket, in S3's order (by key), asked a page at a time (ListObjectsV2).
   * For backups (src/backup): the server itself never lists.
   */
  async list(): Promise<string[]> {
    const keys: string[] = [];
    let continuation: string | null = null;
    do {
      const url = this.addressOf('');
      url.search = new URLSearchParams({
        'list-type': '2',
        ...(continuation === null ? {} : { 'continuation-token': continuation }),
      }).toString();
      const label = 'list';
      const response = await this.sendTo('GET', url, label);
      if (!response.ok) throw await this.failure('GET', label, response);
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw this.broken('GET', label, error, response.status);
      }
      for (const match of text.matchAll(/<Key>([^<]*)<\/Key>/g)) {
        keys.push(unescapeXml(match[1] ?? ''));
      }
      continuation = null;
      if (/<IsTruncated>true<\/IsTruncated>/.test(text)) {
        const next = /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(text)?.[1];
        // A page that says more follow but not where: stopping would pass for the whole list.
        if (!next) {
          throw new S3RequestError(
            'S3 GET list: truncated page without a continuation token',
            response.status,
            null,
          );
        }
        continuation = unescapeXml(next);
      }
    } while (continuation !== null);
    return keys;
  }

  /** The object's address: `endpoint/bucket/key` or `bucket.endpoint/key`, each segment encoded. */
  private urlOf(key: string): URL {
    if (!isSafeFileKey(key)) throw new UnsafeFileKeyError(key);
    return this.addressOf(key.split('/').map(encodeURIComponent).join('/'));
  }

  /** `endpoint/bucket/<path>` or `bucket.endpoint/<path>`; the empty path is the bucket itself. */
  private addressOf(encodedPath: string): URL {
    const base = this.origin.pathname.replace(/\/+$/, '');
    const bucket = encodeURIComponent(this.settings.bucket);
    const url = new URL(this.origin.href);
    if (this.settings.pathStyle) {
      url.pathname = encodedPath === '' ? `${base}/${bucket}` : `${base}/${bucket}/${encodedPath}`;
    } else {
      url.hostname = `${this.settings.bucket}.${this.origin.hostname}`;
      url.pathname = `${base}/${encodedPath}`;
    }
    return url;
  }

  /** Signs and sends one request about `key`'s object. */
  private send(method: Method, key: string, body?: Buffer): Promise<Response> {
    return this.sendTo(method, this.urlOf(key), key, body);
  }

  /** Signs and sends one request to `url`; no answer at all (network, timeout) is an S3RequestError. */
  private async sendTo(method: Method, url: URL, key: string, body?: Buffer): Promise<Response> {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': body ? sha256Hex(body) : EMPTY_BODY_SHA256,
    };
    if (body) {
      headers['content-type'] = 'application/octet-stream';
      headers['content-length'] = String(body.length);
    }
    const signed = aws4.sign(
      {
        service: 's3',
        region: this.settings.region,
        method,
        host: url.host,
        path: `${url.pathname}${url.search}`,
        headers,
      },
      { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
    );
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers ?? {})) {
      // fetch sets Host from the URL itself: the same `url.host` that was signed.
      if (name.toLowerCase() !== 'host' && value !== undefined) sent[name] = String(value);
    }
    try {
      return await this.fetch(url.href, {
        method,
        headers: sent,
        // A copy in a plain ArrayBuffer: a body every fetch typing (Node's and the DOM's) accepts.
        body: body === undefined ? undefined : new Uint8Array(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw this.broken(method, key, error, null);
    }
  }

  /** Reads the (small) success answer so the connection is free for the next request. */
  private async drain(method: Method, key: string, response: Response): Promise<void> {
    try {
      await response.arrayBuffer();
    } catch (error) {
      throw this.broken(method, key, error, response.status);
    }
  }

  /** The error for a non-2xx answer, with the store's own code (`NoSuchKey`, `AccessDenied`). */
  private async failure(method: Method, key: string, response: Response): Promise<S3RequestError> {
    let text = '';
    try {
      text = (await response.text()).slice(0, ERROR_BODY_LIMIT);
    } catch {
      // The status alone still says what went wrong.
    }
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? null;
    const detail = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    return new S3RequestError(
      `S3 ${method} ${key}: HTTP ${response.status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`,
      response.status,
      code,
    );
  }

  /** The error for an exchange that broke: before an answer (`status` null) or while reading it. */
  private broken(
    method: Method,
    key: string,
    cause: unknown,
    status: number | null,
  ): S3RequestError {
    let reason = status === null ? `${this.origin.host} unreachable` : 'answer cut off';
    if (cause instanceof Error && cause.name === 'TimeoutError') {
      reason = `not done within ${this.timeoutMs} ms`;
    }
    return new S3RequestError(`S3 ${method} ${key}: ${reason}`, status, null, { cause });
  }
}

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

/** Text of an XML element as S3 writes it: the five entities, nothing else. */
function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
}

/** A 404 about the key; a missing bucket is a setting to fix, not a missing file. */
function isMissingKey(error: S3RequestError): boolean {
  return error.status === 404 && error.code !== 'NoSuchBucket';
}
