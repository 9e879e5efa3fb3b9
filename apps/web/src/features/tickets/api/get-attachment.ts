import { queryOptions, useQuery } from '@tanstack/react-query';
import { TICKET_ATTACHMENT_PATH } from '@vitrin/contracts';
import { useEffect, useState } from 'react';
import { appSession } from '../../../lib/app-session';
import {
  answerError,
  ERROR_SHOWN_IN_PAGE,
  rawRequestInit,
  unreachableError,
} from '../../../lib/http';
import { ticketsQueryKey } from './get-user-tickets';
import type { TicketAttachment } from './upload-attachment';

/**
 * A ticket attachment's bytes (TICKET_ATTACHMENT_PATH: a POST with `{attachmentId}` answered with
 * the raw file, only to the ticket's owner). Bearer token and CSRF header as callAsUser sends
 * them; a failure is the server's envelope, thrown as ApiRequestError without a toast (the
 * attachment shows it in place).
 */
export function fetchAttachment(attachmentId: string, signal?: AbortSignal): Promise<Blob> {
  return appSession.withAccessToken(async (accessToken) => {
    const { url, headers, credentials } = rawRequestInit(TICKET_ATTACHMENT_PATH, accessToken);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ attachmentId }),
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

export function attachmentQueryOptions(userId: string, attachment: TicketAttachment) {
  return queryOptions({
    queryKey: [...ticketsQueryKey(userId), 'attachment', attachment.id] as const,
    queryFn: async ({ signal }) => {
      const blob = await fetchAttachment(attachment.id, signal);
      // An object URL opens as its Blob's type, and a PDF needs its own to open in the browser's
      // viewer. The type the server found in the bytes is one of TICKET_ATTACHMENT_TYPES, never
      // anything a browser would run as a page.
      return blob.type === attachment.contentType
        ? blob
        : new Blob([blob], { type: attachment.contentType });
    },
    // A stored file never changes.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** An object URL for a Blob while the component lives: revoked on unmount or a new Blob. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * One attachment as an address the page can show or offer: fetched when `enabled` (a thumbnail
 * scrolled into view, a PDF asked for), kept for the session, and its object URL revoked with
 * the component.
 */
export function useAttachmentUrl(
  userId: string,
  attachment: TicketAttachment,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const file = useQuery({ ...attachmentQueryOptions(userId, attachment), enabled });
  const url = useObjectUrl(file.data);
  const failed = file.isError && !file.isFetching;
  return {
    url,
    failed,
    loading: enabled && !url && !failed,
    retry: () => void file.refetch(),
  };
}
