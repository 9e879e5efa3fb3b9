import type { PgBoss } from 'pg-boss';
import type { Logger } from './logger';

// pg-boss 11 rewrote the queue's tables, and pg-boss 12 migrates only from 11's schema (version
// 25) on: a database made by pg-boss 10 (schema 24, every installation before issue 37) must be
// moved by hand. The old schema is set aside under another name before pg-boss installs its own,
// then every job still waiting or running in it is queued again on the new tables with its id,
// data, key and time, and the old schema is dropped. Decision 0037.

/** The first schema version pg-boss 12 can migrate from. */
const FIRST_MIGRATABLE_VERSION = 25;

/** One lock for every node that starts on the same database at the same moment. */
const SET_ASIDE_LOCK_KEY = 7_318_220_537;

/** Runs one SQL text (several statements when it has no parameters). */
interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Where a pg-boss 10 schema goes while its jobs are moved. */
export function setAsideSchema(schema: string): string {
  return `${schema}_v10`;
}

/**
 * Renames a pg-boss 10 schema out of pg-boss 12's way; does nothing on a new database, on one
 * pg-boss 11 or later made, or when another node did it first (it holds the same lock).
 */
export async function setAsideOldSchema(db: SqlRunner, schema: string): Promise<void> {
  await db.executeSql(`
    begin;
    select pg_advisory_xact_lock(${SET_ASIDE_LOCK_KEY});
    do $$
    begin
      if to_regclass('${schema}.version') is not null then
        if (select version from ${schema}.version) < ${FIRST_MIGRATABLE_VERSION} then
          alter schema ${schema} rename to ${setAsideSchema(schema)};
        end if;
      end if;
    end $$;
    commit;
  `);
}

interface OldJob {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  state: 'created' | 'retry' | 'active';
  singleton_key: string | null;
  start_after: Date | string;
}

/**
 * Queues again on the current tables every job of a set-aside pg-boss 10 schema that had not
 * finished, then drops that schema. A job that was running when its node stopped runs again
 * from the start; a waiting one keeps its time. `skip` names queues whose jobs need no moving
 * (the periodic ones: the next period queues them anyway). Jobs of a queue this version no
 * longer has stay where they are, with the schema, and are reported; nothing is dropped then.
 * Answers how many jobs moved.
 */
export async function takeOverOldJobs(
  db: SqlRunner,
  boss: PgBoss,
  schema: string,
  queues: ReadonlySet<string>,
  skip: ReadonlySet<string>,
  log: Logger,
): Promise<number> {
  const old = setAsideSchema(schema);
  const { rows: found } = await db.executeSql('select to_regclass($1) is not null as "exists"', [
    `${old}.job`,
  ]);
  if ((found[0] as { exists: boolean } | undefined)?.exists !== true) return 0;
  let rows: OldJob[];
  try {
    const result = await db.executeSql(
      `select id, name, priority, data, state, singleton_key, start_after from ${old}.job
       where state in ('created', 'retry', 'active') order by created_on`,
    );
    rows = result.rows as OldJob[];
  } catch (error) {
    // Another node moved them and dropped the schema between the look and the read.
    if ((error as { code?: string }).code === '42P01') return 0;
    throw error;
  }
  const byQueue = new Map<string, OldJob[]>();
  for (const row of rows) {
    const jobs = byQueue.get(row.name) ?? [];
    jobs.push(row);
    byQueue.set(row.name, jobs);
  }
  let moved = 0;
  const homeless: string[] = [];
  for (const [name, jobs] of byQueue) {
    if (skip.has(name)) continue;
    if (!queues.has(name)) {
      homeless.push(`${name} (${jobs.length})`);
      continue;
    }
    // Same ids: a second node (or a second start after a crash) inserting them again adds none.
    await boss.insert(
      name,
      jobs.map((job) => ({
        id: job.id,
        data: job.data ?? {},
        priority: job.priority,
        ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
        ...(job.state === 'active' ? {} : { startAfter: new Date(job.start_after) }),
      })),
    );
    moved += jobs.length;
  }
  if (homeless.length > 0) {
    log.error(
      { schema: old, queues: homeless },
      'pg-boss 10 jobs of queues this version does not have are kept in the set-aside schema',
    );
    return moved;
  }
  await db.executeSql(`drop schema if exists ${old} cascade`);
  log.info({ moved, schema: old }, 'pg-boss 10 jobs moved to the current queue tables');
  return moved;
}
