import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The named columns of a table, for a module's view (decision 0036): a view shows what other
 * modules read of it and no more, so each statement that joins it renders and plans only those.
 */
export function viewColumns<T extends Table, const K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], NoInfer<K>> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<
    T['_']['columns'],
    K
  >;
}
