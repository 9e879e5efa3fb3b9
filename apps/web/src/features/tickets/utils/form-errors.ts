import { ApiRequestError } from '../../../lib/api-error';

/**
 * The server's message about a list field or any of its items (`attachmentIds`,
 * `attachmentIds.2`), for the one place in the form that shows the list.
 */
export function listFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.fields) return undefined;
  for (const [name, message] of Object.entries(error.fields)) {
    if (name === field || name.startsWith(`${field}.`)) return message;
  }
  return undefined;
}
