import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

// Debian's Chromium, with the flags this workplace needs (no background network at all), and
// any a test adds (the live test maps a made-up customer domain to this machine).
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
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
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}-first-screen.png`) });
}

/** Fails when anything is wider than the viewport: the page would scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
