import type pg from 'pg';
import { quoteIdentifier, SYSTEM_SCHEMAS_SQL } from './database-facts';

type Queryable = Pick<pg.Client, 'query'>;

/** Objects an extension brought are dropped with the extension, never one by one. */
const NOT_FROM_EXTENSION = (classTable: string, objectId: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${classTable}'::regclass and d.objid = ${objectId} and d.deptype = 'e')`;

/**
 * What the database holds besides an empty `public` schema, a few names at most; empty means
 * a restore has nothing to overwrite. Every user schema counts, as does anything in `public`.
 */
export async function listDatabaseContents(client: Queryable, limit = 10): Promise<string[]> {
  const found = await client.query<{ what: string }>(
    `select what from (
       select format('schema %I', n.nspname) as what from pg_namespace n
        where ${SYSTEM_SCHEMAS_SQL} and n.nspname <> 'public'
       union all
       select format('relation %I.%I', n.nspname, c.relname) from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where ${SYSTEM_SCHEMAS_SQL} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       union all
       select format('extension %I', e.extname) from pg_extension e
         join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'
       union all
       select format('routine %s', p.oid::regprocedure) from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
       union all
       select format('type %I', t.typname) from pg_type t
         join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd', 'r')
     ) contents order by what limit ${Number(limit)}`,
  );
  return found.rows.map((row) => row.what);
}

/**
 * Drops everything listDatabaseContents finds, in one transaction: every user schema but
 * `public`, and `public`'s extensions, relations, routines and types. `public` itself stays, with
 * its owner and grants, because pg_dump never creates it (PostgreSQL makes it with the database).
 */
export async function wipeDatabase(client: Queryable): Promise<void> {
  await client.query('begin');
  try {
    const schemas = await client.query<{ name: string }>(
      `select n.nspname as name from pg_namespace n
        where ${SYSTEM_SCHEMAS_SQL} and n.nspname <> 'public'
          and ${NOT_FROM_EXTENSION('pg_namespace', 'n.oid')}`,
    );
    for (const { name } of schemas.rows) {
      await client.query(`drop schema if exists ${quoteIdentifier(name)} cascade`);
    }
    const extensions = await client.query<{ name: string }>(
      `select e.extname as name from pg_extension e
         join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
    );
    for (const { name } of extensions.rows) {
      await client.query(`drop extension if exists ${quoteIdentifier(name)} cascade`);
    }
    // Tables first: their owned sequences, views on them and row types go with them.
    const relations = await client.query<{ statement: string }>(
      `select format('drop %s if exists public.%I cascade',
                case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                  when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
                c.relname) as statement
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}
        order by case when c.relkind in ('r', 'p') then 0 else 1 end, c.relname`,
    );
    for (const { statement } of relations.rows) await client.query(statement);
    const routines = await client.query<{ statement: string }>(
      `select format('drop routine if exists %s cascade', p.oid::regprocedure) as statement
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}`,
    );
    for (const { statement } of routines.rows) await client.query(statement);
    const types = await client.query<{ statement: string }>(
      `select format('drop %s if exists public.%I cascade',
                case t.typtype when 'd' then 'domain' else 'type' end, t.typname) as statement
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd', 'r')
          and ${NOT_FROM_EXTENSION('pg_type', 't.oid')}`,
    );
    for (const { statement } of types.rows) await client.query(statement);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
