import { ApiRequestError } from '../../../../lib/api-error';

// The staff reply form's pure parts: putting a canned reply into what is being written, and
// finding the server's word on the attachments.

export interface InsertedText {
  body: string;
  /** Where the cursor goes: just after the inserted text. */
  cursor: number;
}

/**
 * Puts `text` into `body` in place of the selection (or at the cursor). Added at the end of
 * something already written, it starts a new paragraph, so a greeting typed first stays its own
 * line. Without a known cursor it goes at the end.
 */
export function insertText(
  body: string,
  text: string,
  selection: { start: number; end: number } | null = null,
): InsertedText {
  const start = clamp(selection?.start ?? body.length, body.length);
  const end = Math.max(start, clamp(selection?.end ?? start, body.length));
  const before = body.slice(0, start);
  const after = body.slice(end);
  if (after.trim() !== '') {
    return { body: before + text + after, cursor: before.length + text.length };
  }
  const written = before.trimEnd();
  const inserted = written === '' ? text : `${written}\n\n${text}`;
  return { body: inserted, cursor: inserted.length };
}

function clamp(position: number, length: number): number {
  return Math.min(Math.max(0, position), length);
}

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
