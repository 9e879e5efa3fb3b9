import { type PgColumn, pgTable, uuid } from 'drizzle-orm/pg-core';

// A foreign key to a table of a module in a layer above (decision 0036). The database keeps the
// constraint, but the lower module's code must not import the upper module, not even its
// schema.ts (that import is what closed the circles between orders, services and tickets). So
// the lower schema names the upper table by its SQL name and its `id` column, nothing more: this
// table object is never exported, never queried, and drizzle-kit writes the same constraint from
// it as from the real table (a test compares them, src/db/key-above.test.ts).

const known = new Map<string, PgColumn>();

/** The `id` column of table `name`, for `.references(() => idOfTableAbove('services'))`. */
export function idOfTableAbove(name: string): PgColumn {
  let column = known.get(name);
  if (!column) {
    column = pgTable(name, { id: uuid('id').primaryKey() }).id;
    known.set(name, column);
  }
  return column;
}
