import type { ApiError } from '@vitrin/contracts';

/** A call that did not succeed: the server's code and Persian message, or UNAVAILABLE. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiError['code'];
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = error.code;
    this.fields = error.fields;
    this.requestId = error.requestId;
  }
}
