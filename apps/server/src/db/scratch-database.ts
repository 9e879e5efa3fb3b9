import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const SAFE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * A new PostgreSQL database named `name` on the server `adminUrl` points at, for a test file or
 * a benchmark run: empty, or a copy of the database `template` (which nobody may be connected
 * to); `drop()` removes it, connections and all.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<ScratchDatabase> {
  for (const safe of [name, template ?? 'none']) {
    if (!SAFE_NAME.test(safe)) throw new Error(`not a safe database name: ${safe}`);
  }
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
