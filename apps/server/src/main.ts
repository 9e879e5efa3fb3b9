import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfigOrExit();

const app = await buildApp(config);

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database and Redis.
closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
const storage = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
app.log.info(`Vitrin is serving ${config.publicUrl} (database: ${storage})`);
if (!config.webDistDir) app.log.warn('no web build found: serving the API only (npm run build)');
console.log(`\n  ویترین آماده است: ${config.publicUrl}\n`);
