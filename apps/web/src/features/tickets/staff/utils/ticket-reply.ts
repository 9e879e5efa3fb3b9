// The staff reply form's pure part: putting a canned reply into what is being written.

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
