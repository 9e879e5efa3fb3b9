import type { CallPath, PathInput } from '@vitrin/contracts';
import { appSession } from './app-session';
import { answerError, rawRequestInit, unreachableError } from './http';

/**
 * A signed-in call answered with a file's bytes instead of the JSON envelope (a PDF, a CSV, a
 * ticket's attachment): POST with the session's token and the CSRF header as callAsUser sends
 * them, a 401 refreshing once. A failure is still the server's envelope, thrown as
 * ApiRequestError with its Persian message (no toast: the caller shows it where it belongs).
 */
export function fetchFileAsUser<P extends CallPath>(
  path: P,
  input: PathInput<P>,
  signal?: AbortSignal,
): Promise<Blob>;
/** A file route that is no call of the contracts (a ticket's attachment). */
export function fetchFileAsUser(
  path: `/api/${string}`,
  input: unknown,
  signal?: AbortSignal,
): Promise<Blob>;
export function fetchFileAsUser(
  path: `/api/${string}`,
  input: unknown,
  signal?: AbortSignal,
): Promise<Blob> {
  return appSession.withAccessToken(async (accessToken) => {
    const { url, headers, credentials } = rawRequestInit(path, accessToken);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        credentials,
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unreachableError();
    }
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        // Not our envelope: answerError says the server could not be reached.
        if (signal?.aborted) throw error;
      }
      throw answerError(response.status, body);
    }
    try {
      return await response.blob();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unreachableError();
    }
  });
}

/** Saves a file the page fetched under the given name, as a download would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click's task is over.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
