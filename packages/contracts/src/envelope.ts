import { z } from 'zod';
import { errorCodes } from './errors';

/** Success envelope of API.md: `{ ok: true, data, message? }`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data, message: z.string().optional() });
}

export const errorEnvelope = z.object({
  ok: z.literal(false),
  error: z.object({
    code: z.enum(errorCodes as [string, ...string[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
    /** A 429's wait, the same whole seconds as its `Retry-After` header. */
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
});

export type ApiError = z.infer<typeof errorEnvelope>['error'];
export type ApiSuccess<T> = { ok: true; data: T; message?: string };
export type ApiFailure = z.infer<typeof errorEnvelope>;
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
