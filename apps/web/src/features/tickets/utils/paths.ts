import { TICKETS_PATH } from '../../../lib/panel-paths';

// The panel's addresses live in lib/panel-paths.ts; only the ticket's own page is named here.

/** One ticket's conversation. */
export function ticketPath(ticketId: string): string {
  return `${TICKETS_PATH}/${encodeURIComponent(ticketId)}`;
}
