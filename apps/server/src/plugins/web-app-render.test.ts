import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { SERVER_ENTRY } from '../lib/server-render';
import { articles } from '../schema';
import { setupTestApp } from '../test/test-app';

// The server renders public pages with the web build's server entry (decision 0026). This
// entry stands in for the real one (apps/web/src/entry-server.tsx, which the browser suite runs):
// it asks the store for its products through the transport the server hands it, as the app's
// own calls do, and answers what it was asked.
const ENTRY = `
let transport;
export function setTransport(next) { transport = next; }
export async function render(url, onGiveUp) {
  if (url.startsWith('/articles/')) { onGiveUp('an article the entry cannot draw'); return null; }
  if (url === '/download') throw new TypeError('window is not defined');
  const answer = await transport('/api/store/get-products', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ pageSize: 100 }),
  });
  const products = (await answer.json()).data.items.map((item) => item.slug);
  const seenAs = await (await transport('/api/test/who', { method: 'GET', headers: {} })).json();
  return {
    html: '<main><h1>' + url + '</h1><p>' + products.join(' ') + '</p></main>',
    state: { url, products, seenAs, note: '</script><script>alert(1)</script>' },
    pages: url === '/' ? ['src/app/pages/home-page.tsx'] : [],
  };
}
`;

// The entry links index.css itself; the home page's chunk brings its own CSS and a shared chunk.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    css: ['assets/index-a1.css'],
    imports: ['_mantine-b2.js'],
  },
  '_mantine-b2.js': { file: 'assets/mantine-b2.js' },
  'src/app/pages/home-page.tsx': {
    file: 'assets/home-page-c3.js',
    src: 'src/app/pages/home-page.tsx',
    isDynamicEntry: true,
    css: ['assets/home-page-c3.css'],
    imports: ['_mantine-b2.js', '_card-d4.js'],
  },
  '_card-d4.js': { file: 'assets/card-d4.js', css: ['assets/card-d4.css'] },
};

const webDistDir = mkdtempSync(path.join(tmpdir(), 'vitrin-web-render-'));
beforeAll(() => {
  mkdirSync(path.join(webDistDir, '.server'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><title>ویترین</title><meta name="description" content="ویترین" /></head><body><div id="root"></div><script type="module" src="/assets/index-a1.js"></script></body></html>',
  );
  writeFileSync(path.join(webDistDir, SERVER_ENTRY), ENTRY);
  mkdirSync(path.join(webDistDir, '.vite'));
  writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});

const t = setupTestApp(
  { webDistDir, seedDemoData: true },
  {
    extend: async (scope) => {
      scope.get('/api/test/who', async (request) => ({ ip: request.ip }));
    },
  },
);

function page(url: string, remoteAddress = '203.0.113.9') {
  return t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress });
}

function stateOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/json" id="vitrin-state">(.*?)<\/script>/s.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('public pages are rendered on the server', () => {
  test('the store comes with its markup in #root and the answers it was drawn from', async () => {
    const response = await page('/store?group=shared-hosting');
    expect(response.statusCode).toBe(200);
    const state = stateOf(response.body);
    expect(state).toMatchObject({ url: '/store?group=shared-hosting' });
    const products = state?.products as string[];
    expect(products).toContain('builder-starter');
    expect(response.body).toContain(
      `<div id="root"><main><h1>/store?group=shared-hosting</h1><p>${products.join(' ')}</p></main></div>`,
    );
    // The page's own meta is still written around it.
    expect(response.body).toContain('<link rel="canonical"');
  });

  test("the drawn page's own CSS is linked from the head, not what the entry links", async () => {
    const response = await page('/');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    for (const file of ['home-page-c3.css', 'card-d4.css']) {
      expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/${file}">`);
    }
    expect(head).not.toContain('index-a1.css');
  });

  test('its code is asked for only by the inline script that starts the app after the first paint', async () => {
    const response = await page('/');
    // No script element or module preload fetches code while the page is being painted.
    expect(response.body).not.toContain('<script type="module"');
    expect(response.body).not.toMatch(/<link[^>]+modulepreload/);
    const start =
      /<script data-entry="([^"]+)" data-preload="([^"]*)">([^<]+)<\/script><\/body>/.exec(
        response.body,
      );
    expect(start?.[1]).toBe('/assets/index-a1.js');
    expect(start?.[2]?.split(' ')).toEqual(['/assets/home-page-c3.js', '/assets/card-d4.js']);
    // The policy allows that one inline script by its hash, and no other.
    const hash = createHash('sha256')
      .update(start?.[3] ?? '')
      .digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(
      String(response.headers['content-security-policy']),
    );
    expect(scriptSrc?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  test('a page drawn in the browser keeps its plain module script', async () => {
    const response = await page('/cart');
    expect(response.body).toContain('<script type="module" src="/assets/index-a1.js"></script>');
    expect(response.body).not.toContain('data-entry');
  });

  test("the page's calls run in-process as the visitor, so they count against the visitor's limits", async () => {
    const response = await page('/', '198.51.100.4');
    expect(stateOf(response.body)?.seenAs).toEqual({ ip: '198.51.100.4' });
  });

  test('no text in the answers can end the state script early', async () => {
    const response = await page('/');
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(stateOf(response.body)?.note).toBe('</script><script>alert(1)</script>');
  });

  test('a page the entry gives up on is the empty app, for the browser to draw', async () => {
    const [article] = await t.app.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(eq(articles.status, 'published'))
      .limit(1);
    const response = await page(`/articles/${article?.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(stateOf(response.body)).toBeNull();
  });

  test('a page whose drawing throws is the empty app, not a server error', async () => {
    const response = await page('/download');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  test('signed-in and unknown pages are never rendered on the server', async () => {
    for (const url of ['/cart', '/account', '/admin', '/no-such-page']) {
      const response = await page(url);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(stateOf(response.body), url).toBeNull();
    }
  });

  test('the server entry itself is never sent', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/${SERVER_ENTRY}`,
      headers: { accept: 'text/javascript' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('setTransport');
  });
});
