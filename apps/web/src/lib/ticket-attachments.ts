import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PathResult, TICKET_ATTACHMENT_PATH, TICKET_UPLOAD_PATH } from '@vitrin/contracts';
import { useEffect, useState } from 'react';
import { fetchFileAsUser } from './file-download';
import { ERROR_SHOWN_IN_PAGE } from './http';
import { type UploadOptions, uploadFile } from './upload-file';

// Ticket attachments as both sides handle them: the customer's panel and the staff console
// upload the same way and read the same files (the server decides who may read which).

/** A stored file, as the upload answers it and as a message lists it. */
export type TicketAttachment =
  PathResult<'/api/user/tickets/get-ticket-replies'>['items'][number]['attachments'][number];

/** Uploads one file for a ticket message (TICKET_UPLOAD_PATH), with its progress. */
export function uploadTicketAttachment(file: File, options: UploadOptions = {}) {
  return uploadFile<TicketAttachment>(TICKET_UPLOAD_PATH, file, options);
}

/**
 * A ticket attachment's bytes (TICKET_ATTACHMENT_PATH: a POST with `{attachmentId}` answered with
 * the raw file, to the ticket's owner for what the owner may see, and to staff). A failure is the
 * server's envelope, thrown without a toast: the attachment shows it in place.
 */
export function fetchTicketAttachment(attachmentId: string, signal?: AbortSignal): Promise<Blob> {
  return fetchFileAsUser(TICKET_ATTACHMENT_PATH, { attachmentId }, signal);
}

/** Files one signed-in person has fetched, whichever side of the site they were read on. */
export function ticketAttachmentQueryOptions(userId: string, attachment: TicketAttachment) {
  return queryOptions({
    queryKey: ['ticket-attachments', userId, attachment.id] as const,
    queryFn: async ({ signal }) => {
      const blob = await fetchTicketAttachment(attachment.id, signal);
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
export function useTicketAttachmentUrl(
  userId: string,
  attachment: TicketAttachment,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const file = useQuery({ ...ticketAttachmentQueryOptions(userId, attachment), enabled });
  const url = useObjectUrl(file.data);
  const failed = file.isError && !file.isFetching;
  return {
    url,
    failed,
    loading: enabled && !url && !failed,
    retry: () => void file.refetch(),
  };
}
