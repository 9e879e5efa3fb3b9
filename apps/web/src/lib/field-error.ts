import type { ErrorCode } from '@vitrin/contracts';
import { ApiRequestError } from './api-error';

/**
 * The server's Persian text for one field of a failed call: its validation message for that
 * field, or the whole message when the error's code is about that field (a wrong code, a wrong
 * password), so it shows under the input as well as in the toast.
 */
export function fieldError(
  error: unknown,
  field: string,
  codesAboutField: readonly ErrorCode[] = [],
): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return (
    error.fields?.[field] ??
    (codesAboutField.some((code) => code === error.code) ? error.message : undefined)
  );
}
