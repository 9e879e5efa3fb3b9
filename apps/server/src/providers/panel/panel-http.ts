import {
  clipBody,
  DEFAULT_PANEL_TIMEOUT_MS,
  type DriverOptions,
  PanelError,
  type PanelOperation,
  redact,
} from './panel-driver';

export interface PanelRequest {
  operation: PanelOperation;
  method: 'GET' | 'POST';
  /** Path and query after the driver's base URL. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Values to keep out of the call record: tokens, passwords, keys. */
  secrets: ReadonlyArray<string | null | undefined>;
}

/**
 * One HTTP exchange with a panel: a timeout, a refused connection and a 5xx become a retryable
 * PanelError, 401/403 an `auth` one; any other answer goes to `read`, which returns what the
 * driver needs or throws a PanelError saying what the panel refused. Every exchange is recorded
 * (redacted) through `options.onCall` with its outcome.
 */
export async function panelFetch<T>(
  options: DriverOptions,
  request: PanelRequest,
  read: (status: number, text: string) => T,
): Promise<T> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_PANEL_TIMEOUT_MS;
  const record = (status: number | null, responseBody: string | null, error: string | null) =>
    options.onCall?.({
      operation: request.operation,
      method: request.method,
      url: redact(request.path, request.secrets),
      requestBody: request.body === undefined ? null : redact(request.body, request.secrets),
      status,
      responseBody: responseBody === null ? null : clipBody(redact(responseBody, request.secrets)),
      durationMs: Math.round(performance.now() - started),
      error,
    });

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const failure = timedOut
      ? new PanelError('timeout', `no answer within ${timeoutMs} ms`, { cause: error })
      : new PanelError('unreachable', `could not reach the panel: ${(error as Error).message}`, {
          cause: error,
        });
    record(null, null, failure.message);
    throw failure;
  }

  if (response.status === 401 || response.status === 403) {
    const failure = new PanelError(
      'auth',
      `the panel refused our credentials (HTTP ${response.status})`,
    );
    record(response.status, text, failure.message);
    throw failure;
  }
  if (response.status >= 500) {
    const failure = new PanelError('server-error', `the panel answered HTTP ${response.status}`);
    record(response.status, text, failure.message);
    throw failure;
  }
  try {
    const result = read(response.status, text);
    record(response.status, text, null);
    return result;
  } catch (error) {
    const failure =
      error instanceof PanelError
        ? error
        : new PanelError('protocol', `unreadable answer: ${(error as Error).message}`, {
            cause: error,
          });
    record(response.status, text, failure.message);
    throw failure;
  }
}
