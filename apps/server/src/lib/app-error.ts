import { defaultErrorMessages, type ErrorCode } from '@vitrin/contracts';

/**
 * The one error type services throw. It carries a code from the contracts and a Persian
 * message for a person; the error handler turns it into the HTTP status and envelope.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string = defaultErrorMessages[code],
    options: { fields?: Record<string, string>; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The answer of `promise`, or null when it failed with NOT_FOUND (any other error stays). */
export async function nullIfNotFound<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
