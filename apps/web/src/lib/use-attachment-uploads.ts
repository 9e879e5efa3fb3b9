import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { ApiRequestError, describeApiError } from './api-error';
import {
  type AttachmentUpload,
  attachedIds,
  canRetry,
  isUploading,
  planUploads,
  roomLeft,
  type UploadsAction,
  uploadsReducer,
} from './attachment-uploads';
import { isRetryable } from './http';
import { uploadTicketAttachment } from './ticket-attachments';

const UPLOAD_FAILED_MESSAGE = 'بارگذاری این فایل انجام نشد';

/**
 * The attachments of one message being written. Picked files are checked, then each uploads at
 * once with its own progress; a row can be cancelled, removed or (after a network failure) sent
 * again. Uploads still running when the form goes away are cancelled.
 */
export function useAttachmentUploads() {
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  // The same reducer run eagerly, so a second pick or click before the next render sees the
  // first (the limit of five counts files picked a moment ago).
  const current = useRef<readonly AttachmentUpload[]>([]);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const nextKey = useRef(0);

  const apply = useCallback((action: UploadsAction) => {
    current.current = uploadsReducer(current.current, action);
    dispatch(action);
  }, []);

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadTicketAttachment(file, {
        signal: controller.signal,
        onProgress: (loaded, total) =>
          apply({ type: 'progressed', key, progress: total > 0 ? loaded / total : 0 }),
      })
        .then((attachment) => apply({ type: 'uploaded', key, attachment }))
        .catch((error: unknown) => {
          // Cancelled by the person (the row is gone) or by leaving the form: nothing to say.
          if (controller.signal.aborted) return;
          const known = error instanceof ApiRequestError;
          apply({
            type: 'failed',
            key,
            problem: (known && describeApiError(error)) || UPLOAD_FAILED_MESSAGE,
            retryable: !known || isRetryable(error),
          });
        });
    },
    [apply],
  );

  const add = useCallback(
    (picked: readonly File[]) => {
      const rows = planUploads(
        current.current,
        picked.map((file) => {
          nextKey.current += 1;
          return { key: `upload-${nextKey.current}`, file };
        }),
      );
      if (rows.length === 0) return;
      apply({ type: 'added', uploads: rows });
      for (const [index, row] of rows.entries()) {
        const file = picked[index];
        if (!file || row.phase !== 'uploading') continue;
        files.current.set(row.key, file);
        start(row.key);
      }
    },
    [apply, start],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      controllers.current.delete(key);
      files.current.delete(key);
      apply({ type: 'removed', key });
    },
    [apply],
  );

  const retry = useCallback(
    (key: string) => {
      if (!canRetry(current.current, key)) return;
      apply({ type: 'retried', key });
      start(key);
    },
    [apply, start],
  );

  /** After the message is sent: the rows go; the stored files now belong to the message. */
  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    files.current.clear();
    apply({ type: 'cleared' });
  }, [apply]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return useMemo(
    () => ({
      uploads,
      add,
      remove,
      retry,
      clear,
      attachmentIds: attachedIds(uploads),
      uploading: isUploading(uploads),
      roomLeft: roomLeft(uploads),
    }),
    [uploads, add, remove, retry, clear],
  );
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
