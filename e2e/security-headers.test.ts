import { getAppHomeData } from '@vitrin/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from './browser';
import { type RunningServer, startServer } from './server';

// The built web app served by the built server, as one proxy in front would reach it
// (TRUST_PROXY=1): every kind of answer carries the security headers.

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [(name ?? '').toLowerCase(), sources]),
  );
}

function expectSecurityHeaders({ what, headers }: Answer) {
  const policy = headers.get('content-security-policy');
  expect(policy, `${what}: Content-Security-Policy`).toBeTruthy();
  const csp = directives(policy ?? '');
  const scriptSrc = csp.get('script-src');
  expect(scriptSrc, `${what}: script-src`).toBeDefined();
  for (const name of ['script-src', 'script-src-elem', 'script-src-attr']) {
    expect(csp.get(name) ?? [], `${what}: ${name}`).not.toContain("'unsafe-inline'");
    expect(csp.get(name) ?? [], `${what}: ${name}`).not.toContain("'unsafe-eval'");
  }
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toMatch(/^(SAMEORIGIN|DENY)$/);
  expect(headers.get('referrer-policy'), what).toBeTruthy();
  expect(headers.get('x-powered-by'), what).toBeNull();
}

interface Answer {
  what: string;
  expectedStatus: number;
  status: number;
  headers: Headers;
}

/** What the app answers, one of each kind, with the status each must have. */
async function everyKindOfAnswer(headers: Record<string, string> = {}): Promise<Answer[]> {
  const ask = async (
    what: string,
    expectedStatus: number,
    path: string,
    init: RequestInit = {},
  ) => {
    const response = await fetch(server.url + path, {
      redirect: 'manual',
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
    });
    const body = await response.text();
    return { what, expectedStatus, status: response.status, headers: response.headers, body };
  };
  const home = await ask('home page', 200, '/', { headers: PAGE });
  // The home page is drawn on the server: its app starts from an inline script (data-entry).
  const script = home.body.match(/<script[^>]+(?:src|data-entry)="(\/assets\/[^"]+\.js)"/)?.[1];
  const stylesheet = home.body.match(/<link[^>]+href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!script || !stylesheet)
    throw new Error(`no hashed assets in the built index.html:\n${home.body}`);
  return [
    home,
    await ask('hashed script', 200, script),
    await ask('hashed stylesheet', 200, stylesheet),
    await ask('API call', 200, getAppHomeData.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
    await ask('sandbox payment page', 404, '/pay/sandbox/S-nobody', { headers: PAGE }),
    await ask('API docs', 200, '/api/docs', { headers: PAGE }),
    await ask('missing article page', 404, '/articles/no-such', { headers: PAGE }),
    await ask('missing asset', 404, '/assets/no-such.js'),
  ];
}

describe('security headers on the built app', () => {
  test('every kind of answer carries the CSP, nosniff, frame and referrer headers', async () => {
    for (const answer of await everyKindOfAnswer()) {
      expect(answer.status, answer.what).toBe(answer.expectedStatus);
      expectSecurityHeaders(answer);
    }
  });

  test('no HSTS over plain HTTP in development', async () => {
    for (const { what, headers } of await everyKindOfAnswer()) {
      expect(headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  test('HSTS when the trusted proxy says the request came over HTTPS', async () => {
    for (const answer of await everyKindOfAnswer({ 'x-forwarded-proto': 'https' })) {
      expect(answer.status, answer.what).toBe(answer.expectedStatus);
      expectSecurityHeaders(answer);
      const hsts = answer.headers.get('strict-transport-security') ?? '';
      expect(hsts, answer.what).toMatch(/^max-age=\d+; includeSubDomains/);
      expect(Number(hsts.match(/max-age=(\d+)/)?.[1]), answer.what).toBeGreaterThanOrEqual(
        15_552_000,
      );
    }
  });
});

describe('the policy in Chromium', () => {
  async function openWatched(path: string) {
    const context = await browser.newContext({ locale: 'fa-IR' });
    const page = await context.newPage();
    const consoleReports: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) consoleReports.push(message.text());
    });
    // Devtools runs this before the page's own script, whatever its CSP says.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
    const response = await page.goto(server.url + path);
    await page.waitForLoadState('networkidle');
    const violations = () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    return { page, response, consoleReports, violations, close: () => context.close() };
  }

  test('the home page loads with nothing refused by the policy', async () => {
    const { page, response, consoleReports, violations, close } = await openWatched('/');
    try {
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      // The app ran: its header and navigation are on the page, and the inline script that
      // starts it on a page the server drew (allowed by its hash) did start it.
      await page.getByRole('navigation').first().getByRole('link', { name: 'فروشگاه' }).waitFor();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'));
      expect(await violations()).toEqual([]);
      expect(consoleReports).toEqual([]);

      // The watch works: a script written into the page is refused and reported both ways.
      await page.evaluate(() => {
        const inline = document.createElement('script');
        inline.textContent = 'document.body.dataset.inlineRan = "yes"';
        document.body.append(inline);
      });
      await expect.poll(violations).toEqual(['script-src-elem blocked inline']);
      await expect.poll(() => consoleReports.length).toBe(1);
      expect(await page.evaluate(() => document.body.dataset.inlineRan)).toBeUndefined();
    } finally {
      await close();
    }
  });
});
