import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedDemoData } from '../apps/server/src/demo/seed';
import { freePort } from './server';

export interface InProcessServer {
  url: string;
  /** The server itself: a test reaches its service layer through `app.db` (e.g. a staff reply). */
  app: FastifyInstance;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The server built from source inside the test process, on the embedded database in a fresh
 * DATA_DIR, with the demo seed and the built web app (npm run build). Where a browser test must
 * act as staff before the staff console exists, it calls the service layer on `app` directly.
 */
export async function startInProcessServer(
  options: { env?: Record<string, string> } = {},
): Promise<InProcessServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-e2e-in-process-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: url,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Jobs run when the test asks (app.ticketsJob.runOnce()), never behind its back.
    JOBS_INTERVAL_MS: '0',
    // A build of the web app elsewhere than apps/web/dist (`vite build --outDir …`), so that
    // several people can build and test at once.
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    // Settings a test needs on top (store links, CORS origins, …).
    ...options.env,
  });
  const app = await buildApp(config, { seed: seedDemoData });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    app,
    dataDir,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
