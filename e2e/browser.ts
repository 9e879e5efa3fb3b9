import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * A page the server drew starts its app only once it has been painted, which can be after the
 * load event `goto` and `reload` wait for (START_AFTER_PAINT, apps/server/src/lib/server-render.ts).
 * Every page these browsers open waits, after those two, until the page has been hydrated (the
 * site's layout marks `<html data-app-started>`), so a test never clicks a button that nothing
 * answers yet; unless the test asked for less than the load event (`waitUntil: 'commit'` or
 * `'domcontentloaded'`), to look at the page before it is live.
 */
function waitForTheApp(page: Page): void {
  const started = async (waitUntil: string | undefined) => {
    if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return;
    await page.waitForFunction(
      () =>
        document.querySelector('script[data-entry]') === null ||
        document.documentElement.hasAttribute('data-app-started'),
    );
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await started(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await started(options?.waitUntil);
    return response;
  };
}

function waitingContext(context: BrowserContext): BrowserContext {
  context.on('page', waitForTheApp);
  return context;
}

// Debian's Chromium, with the flags this workplace needs (no background network at all), and
// any a test adds (the live test maps a made-up customer domain to this machine).
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    // With script off, no app starts: the page is what the server drew.
    return args[0]?.javaScriptEnabled === false ? context : waitingContext(context);
  };
  browser.newPage = async (...args) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own browser.newPage: closing the page closes its context.
    page.once('close', () => void context.close());
    return page;
  };
  return browser;
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export const screenshotDir = path.join(import.meta.dirname, 'screenshots');

/**
 * Saves PNGs under e2e/screenshots/ (git-ignored) for a person to look at: the whole page, and
 * the first screen as the person sees it on opening.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await screenshotOnce(page, path.join(screenshotDir, `${name}.png`), true);
  await screenshotOnce(page, path.join(screenshotDir, `${name}-first-screen.png`), false);
}

/**
 * One screenshot, asked for a second time if Chromium produced no frame in time: on a loaded
 * two-core machine a capture has been seen to wait past 30 s once in thousands (CI at stop 32).
 * A second timeout fails the test.
 */
async function screenshotOnce(page: Page, file: string, fullPage: boolean): Promise<void> {
  try {
    await page.screenshot({ path: file, fullPage, timeout: 30_000 });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    await page.screenshot({ path: file, fullPage, timeout: 60_000 });
  }
}

/** Fails when anything is wider than the viewport: the page would scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Calls the page made to `path`, with the input each sent. */
export function recordCalls(page: Page, path: string): Array<Record<string, unknown>> {
  const calls: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.postDataJSON() ?? {});
  });
  return calls;
}
