import { ApiRequestError, describeApiError } from '../../../../lib/api-error';

/**
 * What a form must still say of a failed call once every field it shows has its own message
 * under it: the whole message when the answer names no field, the messages of the fields the
 * form has no place for otherwise, or null when everything is already shown.
 */
export function otherErrorText(error: unknown, isShown: (field: string) => boolean): string | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiRequestError) || !error.fields) return describeApiError(error);
  const keys = Object.keys(error.fields);
  if (keys.length === 0) return error.message;
  const unshown = [
    ...new Set(keys.filter((key) => !isShown(key)).map((key) => error.fields?.[key] ?? '')),
  ];
  return unshown.length > 0 ? unshown.join('؛ ') : null;
}
