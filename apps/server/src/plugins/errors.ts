import {
  type ApiFailure,
  defaultErrorMessages,
  type ErrorCode,
  errorStatus,
} from '@vitrin/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

// Fastify's own request errors, by code: what each means for the person who sent it.
const fastifyRequestErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const statusFallback: Record<number, ErrorCode> = {
  400: 'MALFORMED_BODY',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** Sends the failure envelope of API.md; the only place a code becomes an HTTP status. */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string = defaultErrorMessages[code],
  extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
): FastifyReply {
  const body: ApiFailure = { ok: false, error: { code, message } };
  if (extra.fields && Object.keys(extra.fields).length > 0) body.error.fields = extra.fields;
  if (errorStatus[code] >= 500) body.error.requestId = String(reply.request.id);
  if (extra.retryAfterSeconds !== undefined) {
    const seconds = Math.max(1, Math.ceil(extra.retryAfterSeconds));
    reply.header('retry-after', String(seconds));
    // In the body too: a browser page reads the envelope, and a countdown needs the number.
    body.error.retryAfterSeconds = seconds;
  }
  return reply.status(errorStatus[code]).type('application/json; charset=utf-8').send(body);
}

function validationFields(issues: ZodFastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) fields[path ? `${path}.${key}` : String(key)] = issue.message ?? '';
      continue;
    }
    const name = path || '_body';
    fields[name] ??= issue.message ?? defaultErrorMessages.VALIDATION;
  }
  return fields;
}

function isInvalidDateIssue(issue: ZodFastifySchemaValidationError): boolean {
  const params = issue.params as { params?: { code?: unknown } };
  return params.params?.code === 'INVALID_DATE';
}

function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (errorStatus[error.code] >= 500) request.log.error({ err: error }, 'service error');
    return sendError(reply, error.code, error.message, {
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error.validation);
    const onlyDates = error.validation.every(isInvalidDateIssue);
    return onlyDates
      ? sendError(reply, 'INVALID_DATE', defaultErrorMessages.INVALID_DATE, { fields })
      : sendError(reply, 'VALIDATION', defaultErrorMessages.VALIDATION, { fields });
  }
  const mapped = error.code ? fastifyRequestErrors[error.code] : undefined;
  if (mapped) return sendError(reply, mapped);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // JSON.parse failures, proto poisoning and other malformed requests arrive here.
    return sendError(reply, statusFallback[status] ?? 'MALFORMED_BODY');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, status === 503 ? 'UNAVAILABLE' : 'INTERNAL');
}

/** The error handler of API.md: every failure, ours or Fastify's, in the Persian envelope. */
export default fp(
  async (app) => {
    app.setErrorHandler(handleError);
  },
  { name: 'errors' },
);
