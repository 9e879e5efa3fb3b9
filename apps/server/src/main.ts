import closeWithGrace from 'close-with-grace';
import { loadConfigOrExit } from './config';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfigOrExit();

// Tracing patches node:http and pg as they load, so it starts before the app is imported (the
// build keeps both dynamic imports as separate chunks). Off, the SDK is not even loaded.
const tracing = config.tracing ? (await import('./tracing')).startTracing(config.tracing) : null;
const { buildApp } = await import('./app');

const app = await buildApp(config);

// SIGTERM/SIGINT (a deploy, `systemctl restart`): first stop accepting connections, so the load
// balancer's next attempt is refused and goes to another node (safe even for a POST: nothing was
// sent). Then close the live sockets with a reconnect hint, let the requests in flight finish,
// and close the database and Redis. docs/deploy.md describes the rolling restart.
closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'shutting down');
  app.server.close();
  await app.close();
  // Last, so the spans of the requests that just finished are sent too.
  await tracing?.shutdown();
});

await app.listen({ port: config.port, host: config.host });
const storage = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
app.log.info(`Vitrin is serving ${config.publicUrl} (database: ${storage})`);
if (!config.webDistDir) app.log.warn('no web build found: serving the API only (npm run build)');
console.log(`\n  ویترین آماده است: ${config.publicUrl}\n`);
