import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import * as schema from '../schema';

// A lower module names a table above it by its SQL name for a foreign key (db/key-above.ts). The
// name must be a real table's, and the column its primary key, or the migrations would drift.

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => is(value, PgTable),
);
const byName = new Map(tables.map((table) => [getTableName(table), table]));

test('every foreign key named by its table (idOfTableAbove) points at a real table’s id', () => {
  const named: string[] = [];
  for (const table of tables) {
    for (const key of getTableConfig(table).foreignKeys) {
      const reference = key.reference();
      if (tables.includes(reference.foreignTable)) continue;
      const target = getTableName(reference.foreignTable);
      named.push(`${getTableName(table)} → ${target}`);
      const real = byName.get(target);
      expect(real, `${target} is not a table`).toBeDefined();
      const primary = getTableConfig(real as PgTable).columns.filter((column) => column.primary);
      expect(primary.map((column) => column.name)).toEqual(
        reference.foreignColumns.map((column) => column.name),
      );
    }
  }
  expect(named.length).toBeGreaterThan(0);
});
