import type { ApiError } from '@vitrin/contracts';

/** A call that did not succeed: the server's code and Persian message, or UNAVAILABLE. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiError['code'];
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;
  /** A 429's wait before asking again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = error.code;
    this.fields = error.fields;
    this.requestId = error.requestId;
    this.retryAfterSeconds = error.retryAfterSeconds;
  }
}

/**
 * What went wrong, in the server's words, for a page that shows it in place of its content: the
 * messages about each field when there are some (they say which filter is wrong), or the
 * message of the whole answer.
 */
export function describeApiError(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return error instanceof Error ? error.message : '';
  const fieldMessages = [...new Set(Object.values(error.fields ?? {}))];
  return fieldMessages.length > 0 ? fieldMessages.join('؛ ') : error.message;
}

/** A failure the request itself caused (a bad filter, an unknown name): asking again won't help. */
export function isRequestFault(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

/**
 * An answer that names no record: a 404, which is also what another person's record gives
 * (API.md), or a VALIDATION refusal of an id that is no id.
 */
export function isNotFoundError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && (error.status === 404 || error.code === 'VALIDATION');
}
