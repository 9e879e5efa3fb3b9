import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { type InProcessServer, startInProcessServer } from './in-process-server';
import { type RunningServer, startServer } from './server';

export interface Harness {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * One built server (fresh DATA_DIR) and one Chromium for a test file, started before its tests
 * and stopped after them. Read `server` and `browser` inside tests, not at module level.
 */
export function useServerAndBrowser(): Harness {
  return useStarted(() => startServer());
}

/**
 * The same with the server running in this process (its job workers on, as `npm start` runs
 * them), for tests that also reach its database or jobs.
 */
export function useInProcessServerAndBrowser(): {
  readonly server: InProcessServer;
  readonly browser: Browser;
} {
  return useStarted(() => startInProcessServer());
}

function useStarted<S extends { stop(): Promise<unknown> }>(start: () => Promise<S>) {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server(): S {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('Chromium is not started yet');
      return browser;
    },
  };
}
