import { appSession } from './app-session';
import { rawRequestInit, readEnvelope, unreachableError } from './http';

export interface UploadOptions {
  /** Cancels the upload; the promise then rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  /** Bytes sent so far out of the whole request's, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * Uploads one file to a multipart call (one part named `file`: a ticket attachment, a catalog
 * image) and answers what the server stored, typed by the caller from the call's contract. Made
 * with XMLHttpRequest, the one browser API that reports upload progress, but otherwise as
 * callAsUser would: bearer token (refreshed once after a 401, then sent again), CSRF header,
 * envelope read, ApiRequestError with the server's Persian message (415 for a type its bytes are
 * not, 413 for a file too large). Shows no toast: the form shows the message beside the file.
 */
export function uploadFile<T>(path: `/api/${string}`, file: File, options: UploadOptions = {}) {
  return appSession.withAccessToken((accessToken) => send<T>(path, file, accessToken, options));
}

function send<T>(
  path: `/api/${string}`,
  file: File,
  accessToken: string,
  { signal, onProgress }: UploadOptions,
) {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // withCredentials stays false, which is callApi's cookie mode: a same-origin request carries
    // the cookies anyway, and none go to another origin.
    const { url, headers } = rawRequestInit(path, accessToken);
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', abort);

    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    // No content type: the browser writes multipart/form-data with its boundary.
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'text';

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      settle();
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      try {
        resolve(readEnvelope(request.status, body) as T);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => {
      settle();
      reject(unreachableError());
    };
    request.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('بارگذاری لغو شد', 'AbortError'));
    };

    signal?.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
