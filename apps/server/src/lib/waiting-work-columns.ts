import type { WaitingWorkKind } from '@vitrin/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// What waits for staff because automation gave up (issue 38) is one queue over several modules:
// each owner's view says what of its own waits (decision 0036), with these columns in this
// order, so that the dashboard can put the views in one UNION ALL.

/** The select of a module's view of its waiting work. */
export function waitingWorkColumns<
  Id extends PgColumn,
  UserId extends PgColumn,
  Subject extends PgColumn,
>(
  kind: SQL<WaitingWorkKind>,
  row: { id: Id; userId: UserId; subject: Subject },
  /** When automation gave it to a person, decoded as the owner's timestamp column is. */
  since: SQL<Date>,
  /** Why, in Persian. */
  lastError: SQL<string | null>,
) {
  return {
    kind: kind.as('kind'),
    id: row.id,
    userId: row.userId,
    subject: row.subject,
    since: since.as('since'),
    lastError: lastError.as('last_error'),
  };
}
