import { ANDROID_VERSION, WEB_VERSION } from '@vitrin/contracts';
import type { Transaction } from '../db/client';
import { clientErrorReports } from '../schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// The build before this one: its chunks were gone from the server after the last deploy.
const PREVIOUS_WEB_VERSION = '1.2.70';

const userAgents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  androidApp:
    'Mozilla/5.0 (Linux; Android 13; Redmi Note 12; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36 VitrinApp/1.4.700',
} as const;

interface DemoError {
  message: string;
  stack: string | null;
  platform: 'web' | 'android';
  release: string;
  /** When each report arrived, ago; pages and browsers are taken in turn. */
  agoMs: readonly number[];
  pages: readonly string[];
  userAgents: readonly string[];
}

const origin = 'https://vitrin.ir';

// What a hosting storefront's customers hit in a fortnight: a missing chunk after a deploy, a
// bug in the cart summary, the usual ResizeObserver noise, Safari's bare "Load failed" on a bad
// connection, an order page reading a stale cache, and the Android app's bridge on an old build.
const demoErrors: DemoError[] = [
  {
    message: `TypeError: Failed to fetch dynamically imported module: ${origin}/assets/product-page-D4kQ9xZa.js`,
    stack: `TypeError: Failed to fetch dynamically imported module: ${origin}/assets/product-page-D4kQ9xZa.js`,
    platform: 'web',
    release: PREVIOUS_WEB_VERSION,
    agoMs: [
      6 * DAY_MS + 3 * HOUR_MS,
      6 * DAY_MS + 2 * HOUR_MS,
      6 * DAY_MS + 2 * HOUR_MS - 40 * 60_000,
      6 * DAY_MS + HOUR_MS,
      6 * DAY_MS,
      5 * DAY_MS + 20 * HOUR_MS,
      5 * DAY_MS + 9 * HOUR_MS,
    ],
    pages: ['/store/host-pro', '/store/wordpress-host?cycle=12', '/store/vps-start', '/'],
    userAgents: [userAgents.chromeWindows, userAgents.chromeAndroid, userAgents.firefoxLinux],
  },
  {
    message: "TypeError: Cannot read properties of undefined (reading 'price')",
    stack: [
      "TypeError: Cannot read properties of undefined (reading 'price')",
      `    at CartSummary (${origin}/assets/cart-page-B7xq9LkT.js:1:48211)`,
      `    at renderWithHooks (${origin}/assets/index-Ab12Cd34.js:1:99812)`,
      `    at updateFunctionComponent (${origin}/assets/index-Ab12Cd34.js:1:121450)`,
    ].join('\n'),
    platform: 'web',
    release: WEB_VERSION,
    agoMs: [2 * DAY_MS + 5 * HOUR_MS, DAY_MS + 7 * HOUR_MS, 9 * HOUR_MS, 3 * HOUR_MS, 40 * 60_000],
    pages: ['/cart', '/cart?discount=VITRIN10'],
    userAgents: [userAgents.chromeAndroid, userAgents.chromeWindows, userAgents.safariIphone],
  },
  {
    message: 'ResizeObserver loop completed with undelivered notifications.',
    stack: null,
    platform: 'web',
    release: WEB_VERSION,
    agoMs: Array.from({ length: 12 }, (_, i) => (i * 13 + 2) * HOUR_MS),
    pages: ['/account', '/account/live', '/admin', '/account/services'],
    userAgents: [userAgents.chromeWindows, userAgents.firefoxLinux],
  },
  {
    message: 'TypeError: Load failed',
    stack: null,
    platform: 'web',
    release: WEB_VERSION,
    agoMs: [4 * DAY_MS + 6 * HOUR_MS, 3 * DAY_MS + 2 * HOUR_MS, 20 * HOUR_MS],
    pages: ['/store', '/sign-in', '/account/orders'],
    userAgents: [userAgents.safariIphone],
  },
  {
    message: 'Error: order 1042 is not in the cached list',
    stack: [
      'Error: order 1042 is not in the cached list',
      `    at selectOrder (${origin}/assets/order-page-Kd83nPq2.js:1:2210)`,
      `    at OrderPage (${origin}/assets/order-page-Kd83nPq2.js:1:5120)`,
    ].join('\n'),
    platform: 'web',
    release: WEB_VERSION,
    agoMs: [26 * HOUR_MS, 5 * HOUR_MS],
    pages: ['/account/orders/1042', '/account/orders/1187'],
    userAgents: [userAgents.chromeAndroid],
  },
  {
    message: "TypeError: Cannot read properties of undefined (reading 'getVersion')",
    stack: [
      "TypeError: Cannot read properties of undefined (reading 'getVersion')",
      `    at readNativeVersion (${origin}/assets/app-version-Pq7Lm2Xe.js:1:318)`,
    ].join('\n'),
    platform: 'android',
    release: ANDROID_VERSION,
    agoMs: [9 * DAY_MS, 8 * DAY_MS + 4 * HOUR_MS],
    pages: ['/download', '/'],
    userAgents: [userAgents.androidApp],
  },
];

/** Demo client error reports: six errors, 1 to 12 reports each, over the last nine days. */
export async function seedClientErrors(tx: Transaction, now: Date = new Date()): Promise<void> {
  const rows = demoErrors.flatMap((error, errorIndex) =>
    error.agoMs.map((agoMs, i) => {
      const at = new Date(now.getTime() - agoMs);
      // The order page's message names the order the person opened.
      const page = error.pages[i % error.pages.length] ?? '/';
      const orderNumber = /\/account\/orders\/(\d+)/.exec(page)?.[1];
      const message = orderNumber ? error.message.replaceAll('1042', orderNumber) : error.message;
      const stack =
        error.stack && orderNumber ? error.stack.replaceAll('1042', orderNumber) : error.stack;
      return {
        message,
        stack,
        pageUrl: `${origin}${page}`,
        release: error.release,
        platform: error.platform,
        userAgent: error.userAgents[i % error.userAgents.length] ?? null,
        requestId: `demo-${errorIndex + 1}-${i + 1}`,
        // The browser's clock runs a few seconds behind the server's.
        occurredAt: new Date(at.getTime() - 2_000),
        receivedAt: at,
      };
    }),
  );
  await tx.insert(clientErrorReports).values(rows);
}
