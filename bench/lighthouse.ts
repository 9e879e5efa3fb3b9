import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/server';
import { machineDetails, runBench, writeReport } from './processes';

// Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and 4× CPU
// slowdown) against the built app on the Debian Chromium, for the pages issue 22 names. Each
// page is measured RUNS times and the median run (by performance score) is kept. A baseline
// page (a few lines of Persian text, no script, from a bare Node server) is measured in the
// same run: the floor this machine and the simulation give, so LCP and FCP are also written as
// ratios to it.
//
//   npm run build && npx tsx bench/lighthouse.ts      (LIGHTHOUSE_RUNS=1 for a quick look)
//
// LIGHTHOUSE_ONLY=home,product measures only those pages (and then writes no report);
// LIGHTHOUSE_BLOCK='*.woff2,*/index-*.js' blocks those requests, to see what they cost;
// LIGHTHOUSE_SAVE_DIR=/tmp/lh keeps each page's full Lighthouse result there, to read its audits.

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR;
const BLOCK = process.env.LIGHTHOUSE_BLOCK?.split(',').filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CUSTOMER = { mobile: '09121234567', password: 'vitrin-demo-1405' };

const BASELINE_HTML = `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>پایه</title>
<meta name="description" content="صفحهٔ پایهٔ سنجش"></head><body><main><h1>ویترین</h1>
<p>سایت‌ساز و میزبانی وب، برای کسب‌وکارهای ایرانی.</p></main></body></html>`;

interface PageFigures {
  page: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  scriptTransferKb: number;
  totalTransferKb: number;
  /** The audits that scored under 1 in the categories other than performance. */
  failedAudits: string[];
}

function numeric(result: RunnerResult, audit: string): number {
  return result.lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function transferKb(result: RunnerResult, resourceType: string): number {
  const details = result.lhr.audits['resource-summary']?.details as
    | { items?: { resourceType: string; transferSize: number }[] }
    | undefined;
  const item = details?.items?.find((entry) => entry.resourceType === resourceType);
  return Math.round(((item?.transferSize ?? 0) / 1024) * 10) / 10;
}

function figuresOf(name: string, path: string, result: RunnerResult): PageFigures {
  const { categories } = result.lhr;
  const failedAudits: string[] = [];
  for (const id of CATEGORIES) {
    if (id === 'performance') continue;
    for (const ref of categories[id]?.auditRefs ?? []) {
      const audit = result.lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failedAudits.push(`${id}: ${ref.id}`);
      }
    }
  }
  return {
    page: name,
    path,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
    ) as PageFigures['scores'],
    lcpMs: Math.round(numeric(result, 'largest-contentful-paint')),
    fcpMs: Math.round(numeric(result, 'first-contentful-paint')),
    cls: Math.round(numeric(result, 'cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(numeric(result, 'total-blocking-time')),
    speedIndexMs: Math.round(numeric(result, 'speed-index')),
    scriptTransferKb: transferKb(result, 'script'),
    totalTransferKb: transferKb(result, 'total'),
    failedAudits,
  };
}

/**
 * With `emptyCache`, the browser's cookies (the session) are kept, and only its cache is emptied
 * before each run (`emptyCache`); otherwise Lighthouse clears the origin's storage, a first visit.
 */
async function measure(
  port: number,
  name: string,
  origin: string,
  path: string,
  emptyCache?: () => Promise<void>,
) {
  const runs: PageFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    await emptyCache?.();
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: emptyCache !== undefined,
      ...(BLOCK ? { blockedUrlPatterns: BLOCK } : {}),
    };
    // Lighthouse sometimes loses the trace (NO_NAVSTART): such a run is done again, twice at most.
    let result: RunnerResult | undefined;
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await lighthouse(`${origin}${path}`, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const failure = result.lhr.runtimeError;
      if (!failure) break;
      if (attempt === 3) throw new Error(`${path}: ${failure.code} ${failure.message}`);
      console.log(`${path}: ${failure.code}, measuring again`);
    }
    runs.push(figuresOf(name, path, result as RunnerResult));
    if (SAVE_DIR) {
      await mkdir(SAVE_DIR, { recursive: true });
      const file = `${SAVE_DIR}/${name.replaceAll(' ', '-')}-${run + 1}.json`;
      await writeFile(file, JSON.stringify((result as RunnerResult).lhr));
    }
  }
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return runs[Math.floor(runs.length / 2)] as PageFigures;
}

function serveBaseline(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(BASELINE_HTML);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function printTable(floor: PageFigures, figures: PageFigures[]) {
  const rows = figures.map((entry) => ({
    ...entry,
    lcpToBaseline: Math.round((entry.lcpMs / floor.lcpMs) * 100) / 100,
    fcpToBaseline: Math.round((entry.fcpMs / floor.fcpMs) * 100) / 100,
  }));
  console.table(
    [floor, ...rows].map((entry) => ({
      page: entry.page,
      perf: entry.scores.performance,
      a11y: entry.scores.accessibility,
      bp: entry.scores['best-practices'],
      seo: entry.scores.seo,
      'LCP ms': entry.lcpMs,
      'FCP ms': entry.fcpMs,
      CLS: entry.cls,
      'TBT ms': entry.tbtMs,
      'JS KB': entry.scriptTransferKb,
    })),
  );
  for (const entry of rows) {
    if (entry.failedAudits.length > 0) console.log(entry.page, entry.failedAudits.join(', '));
  }
  return rows;
}

async function main(): Promise<number> {
  const machine = machineDetails();
  const app = await startServer();
  const baseline = await serveBaseline();
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    // The demo's first product and article, as a visitor finds them; then the demo customer
    // signs in in the same browser, so the panel's page opens signed in.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${app.url}/store`);
    const productPath = await page
      .locator('a[href^="/store/"]:not([href$="/themes"])')
      .first()
      .getAttribute('href');
    await page.goto(`${app.url}/articles`);
    const articlePath = await page.locator('a[href^="/articles/"]').first().getAttribute('href');
    if (!productPath || !articlePath) throw new Error('no demo product or article found');

    const pages: [string, string][] = [
      ['home', '/'],
      ['store', '/store'],
      ['product', productPath],
      ['article', articlePath],
      ['cart', '/cart'],
    ];
    const figures: PageFigures[] = [];
    const baselinePort = (baseline.address() as AddressInfo).port;
    const floor = await measure(chrome.port, 'baseline', `http://127.0.0.1:${baselinePort}`, '/');
    for (const [name, path] of pages) {
      if (ONLY && !ONLY.includes(name)) continue;
      figures.push(await measure(chrome.port, name, app.url, path));
      console.log(`${name}: performance ${figures.at(-1)?.scores.performance}`);
    }

    if (ONLY && !ONLY.includes('panel')) {
      printTable(floor, figures);
      return 0;
    }
    await page.goto(`${app.url}/sign-in?next=%2Faccount`);
    await page.getByLabel('شماره موبایل').fill(CUSTOMER.mobile);
    await page.getByRole('button', { name: 'ادامه' }).click();
    await page.getByLabel('رمز عبور').fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL(`${app.url}/account`);
    const cdp = await context.newCDPSession(page);
    const emptyCache = async () => {
      await cdp.send('Network.clearBrowserCache');
    };
    figures.push(await measure(chrome.port, 'panel dashboard', app.url, '/account', emptyCache));
    await page.close();
    await browser.close();

    const rows = printTable(floor, figures);
    // A look at some pages only is not a record.
    if (ONLY) return 0;
    writeReport(
      'lighthouse',
      machine,
      { preset: 'mobile (Lighthouse default)', runsPerPage: RUNS, lighthouse: '13.5.0' },
      { baseline: floor, pages: rows },
    );
    return 0;
  } finally {
    chrome.kill();
    baseline.close();
    await app.stop();
  }
}

await runBench(main);
