import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';

// `npm run migrate`: applies the committed migrations to the configured database and says
// which. Several nodes (or two operators) may run it at once: on PostgreSQL an advisory lock
// lets one migrate at a time, and the others find nothing left to do. In production on
// PostgreSQL the server does not migrate by itself (MIGRATE_ON_START): this is the step.
const config = loadConfigOrExit();
const handle = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  pool: config.databasePool,
});
try {
  const pending = await handle.pendingMigrations();
  await handle.migrate();
  const left = await handle.pendingMigrations();
  if (left.length > 0) throw new Error(`still pending after migrating: ${left.join(', ')}`);
  console.log(
    pending.length > 0
      ? `Migrated (${handle.kind}): ${pending.join(', ')}.`
      : `Nothing to migrate (${handle.kind}): the database is up to date.`,
  );
} finally {
  await handle.close();
}
