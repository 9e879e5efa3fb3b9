import {
  type ApiError,
  type CallPath,
  CSRF_COOKIE,
  CSRF_HEADER,
  type PathInput,
  type PathResult,
  TOAST_RETRY,
} from '@vitrin/contracts';
import { ApiRequestError } from './api-error';
import { API_BASE } from './config';
import { showErrorToast, showRetryToast } from './toast';

export { ApiRequestError };

export interface CallOptions {
  signal?: AbortSignal;
  accessToken?: string;
  /** Throw without showing a toast; the caller tells the person itself, or nobody needs to know. */
  silent?: boolean;
}

function callUrl(path: string): string {
  return API_BASE + path.replace(/^\/api(?=\/)/, '');
}

function isRelative(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** How a call reaches the API: the browser's fetch, or the server's own when it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server renders public pages with this app (apps/web/src/entry-server.tsx): their calls go
 * to its own routes in-process instead of over the network.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function readCookie(name: string): string | undefined {
  // (No cookies on the server, where public pages are rendered.)
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === name) {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    }
  }
  return undefined;
}

function unavailable(status: number): ApiRequestError {
  return new ApiRequestError(status, { code: 'UNAVAILABLE', message: TOAST_RETRY });
}

/**
 * Makes one API call (spec §7, API.md): POST with a JSON body, CSRF header on same-origin
 * requests, envelope unwrapped. Failures throw ApiRequestError and, unless silent, show the
 * server's Persian message (or the retry toast when the server could not be reached). A 401 is
 * only thrown: what it means is the session layer's decision, not the transport's (STYLE.md).
 */
export async function callApi<P extends CallPath>(
  path: P,
  input: PathInput<P>,
  options: CallOptions = {},
): Promise<PathResult<P>> {
  try {
    return (await send(path, input, options)) as PathResult<P>;
  } catch (error) {
    if (!options.silent) showApiErrorToast(error);
    throw error;
  }
}

/**
 * Query meta key: the page shows this query's failure itself (in place of the content), so no
 * toast repeats it.
 */
export const ERROR_SHOWN_IN_PAGE = 'errorShownInPage';

/** Tells the person about a failed call: the server's Persian message, or the retry toast. */
export function showApiErrorToast(error: unknown): void {
  if (!(error instanceof ApiRequestError)) return;
  if (error.code === 'UNAVAILABLE') showRetryToast();
  else showErrorToast(error.message);
}

/** Only a call that never reached a working server is worth repeating by itself. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === 'UNAVAILABLE' || error.status >= 500);
}

// Public catalog answers carry an ETag. The last answer to each question is kept, so asking it
// again sends If-None-Match and a 304 answers without the body.
const MAX_REMEMBERED_ANSWERS = 200;
const rememberedAnswers = new Map<string, { etag: string; data: unknown }>();

function remember(key: string, etag: string, data: unknown): void {
  rememberedAnswers.delete(key);
  rememberedAnswers.set(key, { etag, data });
  if (rememberedAnswers.size > MAX_REMEMBERED_ANSWERS) {
    const oldest = rememberedAnswers.keys().next().value;
    if (oldest !== undefined) rememberedAnswers.delete(oldest);
  }
}

async function send(path: CallPath, input: unknown, options: CallOptions): Promise<unknown> {
  const url = callUrl(path);
  const payload = JSON.stringify(input ?? {});
  // Only answers that are the same for everyone are remembered: never a signed-in call's.
  const answerKey = options.accessToken ? null : `${path} ${payload}`;
  const remembered = answerKey ? rememberedAnswers.get(answerKey) : undefined;
  const relative = isRelative(url);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (relative) {
    const csrfToken = readCookie(CSRF_COOKIE);
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  }
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  if (remembered) headers['if-none-match'] = remembered.etag;

  let response: Response;
  try {
    response = await transport(url, {
      method: 'POST',
      headers,
      body: payload,
      credentials: relative ? 'same-origin' : 'omit',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request is not a failure to tell anyone about.
    if (options.signal?.aborted) throw error;
    throw unavailable(0);
  }

  if (response.status === 304 && remembered) return remembered.data;

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw unavailable(response.status);
  }

  // The server's response schema already shaped `data` (it strips, API.md); checking it again
  // here would ship every schema and zod to the browser.
  if (response.ok && isSuccess(body)) {
    const etag = response.headers.get('etag');
    if (answerKey && etag) remember(answerKey, etag, body.data);
    return body.data;
  }
  if (isFailure(body)) throw new ApiRequestError(response.status, body.error);
  // A proxy or load balancer answered instead of our server.
  throw unavailable(response.status);
}

// Read leniently rather than with the contract's code enum: a code this build does not know yet
// still carries a Persian message the person should see.
function isFailure(body: unknown): body is { ok: false; error: ApiError } {
  if (typeof body !== 'object' || body === null || !('ok' in body) || body.ok !== false) {
    return false;
  }
  const error = 'error' in body ? body.error : undefined;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

function isSuccess(body: unknown): body is { ok: true; data: unknown } {
  return typeof body === 'object' && body !== null && 'ok' in body && body.ok === true;
}

/** What a request made outside callApi needs to reach the API as callApi would. */
export interface RawRequestInit {
  url: string;
  /** The CSRF header (same-origin only) and the bearer token; the caller adds a content type. */
  headers: Record<string, string>;
  credentials: RequestCredentials;
}

/**
 * The address, headers and cookie mode callApi would use, for the few requests it cannot make:
 * an upload that reports its progress (XMLHttpRequest, which fetch cannot replace) or a file
 * answered as its raw bytes.
 */
export function rawRequestInit(path: `/api/${string}`, accessToken?: string): RawRequestInit {
  const url = callUrl(path);
  const relative = isRelative(url);
  const headers: Record<string, string> = {};
  if (relative) {
    const csrfToken = readCookie(CSRF_COOKIE);
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  }
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return { url, headers, credentials: relative ? 'same-origin' : 'omit' };
}

/**
 * The failure an answer read outside callApi stands for: the server's envelope error with its
 * Persian message, or UNAVAILABLE when something else (a proxy) answered.
 */
export function answerError(status: number, body: unknown): ApiRequestError {
  return isFailure(body) ? new ApiRequestError(status, body.error) : unavailable(status);
}

/** The `data` of an enveloped answer read outside callApi; a failure throws as callApi does. */
export function readEnvelope(status: number, body: unknown): unknown {
  if (status >= 200 && status < 300 && isSuccess(body)) return body.data;
  throw answerError(status, body);
}

/** The failure of a request made outside callApi that never reached a working server. */
export function unreachableError(): ApiRequestError {
  return unavailable(0);
}
