import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database named `name` on the server `adminUrl` points at, for a test
 * file or a benchmark run; `drop()` removes it, connections and all.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a safe database name: ${name}`);
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
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
