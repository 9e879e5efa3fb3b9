// The audit row's before and after as a list of fields: the row keeps only what changed
// (changedFields on the server), a creation has no before and a deletion no after.

export interface AuditDiffRow {
  /** The field's name as stored (a JSON key), or null when the whole value is not an object. */
  field: string | null;
  before: unknown;
  after: unknown;
  /** The field is on that side at all: a created record has no before. */
  hasBefore: boolean;
  hasAfter: boolean;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One row a field, in the order the fields first appear (before's, then after's new ones). */
export function auditDiffRows(before: unknown, after: unknown): AuditDiffRow[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    return [{ field: null, before, after, hasBefore, hasAfter, changed: !same(before, after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => {
    const inBefore = Object.hasOwn(was, field);
    const inAfter = Object.hasOwn(now, field);
    return {
      field,
      before: was[field],
      after: now[field],
      hasBefore: inBefore,
      hasAfter: inAfter,
      changed: inBefore !== inAfter || !same(was[field], now[field]),
    };
  });
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Whether a stored value is an instant (the log keeps dates as ISO text). */
export function isIsoInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

/** A value that is neither text nor an instant, as compact JSON (arrays, objects, true). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
