import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
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
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not started yet');
      return browser;
    },
  };
}
