// Draws the Android app's launcher icons and splash screens (issue 9) from the site's own mark,
// with Chromium (playwright-core, the browser tests' driver), so the PNGs Android needs come
// from one SVG in the repo rather than from a design tool. Run after changing the mark:
//   node apps/android/scripts/make-resources.mjs
// It writes into android/app/src/main/res; the PNGs are committed like the rest of the project.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const res = path.join(root, 'android/app/src/main/res');
const require = createRequire(import.meta.url);
const fontFile = path.join(
  path.dirname(require.resolve('vazirmatn/package.json')),
  'fonts/webfonts/Vazirmatn-Bold.woff2',
);

const BRAND = '#0f766e';
const LIGHT = '#f0fdfa';

/** The site's mark (apps/web/src/app/layout/wordmark.tsx) without its tile: a bag with a tick. */
const MARK = `
  <path d="M12 22h40l-4 28a4 4 0 0 1-4 3.5H20a4 4 0 0 1-4-3.5z" fill="${LIGHT}" />
  <path d="M22 22v-3a10 10 0 0 1 20 0v3" fill="none" stroke="${LIGHT}" stroke-width="4" stroke-linecap="round" />
  <path d="M24 32l8 12 8-12" fill="none" stroke="${BRAND}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round" />`;

const DENSITIES = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };

/** A legacy launcher icon (48dp): the mark on a teal tile, square-ish or round. */
const launcher = (round) => `
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
    ${round ? `<circle cx="32" cy="32" r="32" fill="${BRAND}" />` : `<rect width="64" height="64" rx="14" fill="${BRAND}" />`}
    <g transform="translate(9.6 9.6) scale(0.7)">${MARK}</g>
  </svg>`;

/** An adaptive icon's foreground (108dp, the mark inside the 66dp safe circle), on nothing. */
const foreground = `
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 108 108" width="100%" height="100%">
    <g transform="translate(30 29) scale(0.75)">${MARK}</g>
  </svg>`;

/** A splash screen: the mark and the name on the brand colour. */
const splash = (width, height) => {
  const size = Math.round(Math.min(width, height) * 0.28);
  return `
  <div style="width:${width}px;height:${height}px;background:${BRAND};display:flex;flex-direction:column;align-items:center;justify-content:center;gap:${Math.round(size * 0.18)}px">
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${MARK}</svg>
    <div dir="rtl" style="font-family:Vazirmatn;font-weight:700;color:${LIGHT};font-size:${Math.round(size * 0.42)}px;line-height:1">ویترین</div>
  </div>`;
};

const font = readFileSync(fontFile).toString('base64');
const page_ = (body, width, height) => `<!doctype html><html><head><style>
  @font-face { font-family: Vazirmatn; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 700; }
  html, body { margin: 0; width: ${width}px; height: ${height}px; background: transparent; overflow: hidden; }
</style></head><body>${body}</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  async function draw(file, body, width, height) {
    await page.setViewportSize({ width, height });
    await page.setContent(page_(body, width, height));
    await page.evaluate(() => document.fonts.ready);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await page.screenshot({ omitBackground: true, type: 'png' }));
  }
  for (const [density, scale] of Object.entries(DENSITIES)) {
    const dir = path.join(res, `mipmap-${density}`);
    const icon = Math.round(48 * scale);
    await draw(path.join(dir, 'ic_launcher.png'), launcher(false), icon, icon);
    await draw(path.join(dir, 'ic_launcher_round.png'), launcher(true), icon, icon);
    const adaptive = Math.round(108 * scale);
    await draw(path.join(dir, 'ic_launcher_foreground.png'), foreground, adaptive, adaptive);
    // Capacitor's splash sizes: portrait 320×480 at mdpi, landscape the same turned.
    const [w, h] = [Math.round(320 * scale), Math.round(480 * scale)];
    await draw(path.join(res, `drawable-port-${density}`, 'splash.png'), splash(w, h), w, h);
    await draw(path.join(res, `drawable-land-${density}`, 'splash.png'), splash(h, w), h, w);
  }
  await draw(path.join(res, 'drawable', 'splash.png'), splash(480, 320), 480, 320);
  writeFileSync(
    path.join(res, 'values', 'ic_launcher_background.xml'),
    `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${BRAND}</color>\n</resources>\n`,
  );
  console.log(`icons and splash screens written to ${path.relative(process.cwd(), res)}`);
} finally {
  await browser.close();
}
