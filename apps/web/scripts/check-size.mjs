// Prints the gzipped size of the JavaScript the home page loads and fails the build over budget
// (QUALITY.md): the entry, the home route's chunk, and every chunk the home page lazy-loads on its
// own. Chunks that load only on a person's action (the phone menu) are listed, not counted.
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HOME_JS_BUDGET_KB = 150;
const HOME_PAGE_SOURCE = 'src/app/pages/home-page.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const entryFile = /<script[^>]*type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
if (!entryFile) fail('dist/index.html has no module script');
const entryKey = Object.keys(manifest).find((key) => manifest[key].file === entryFile);
if (!entryKey) fail(`${entryFile} is not in the manifest`);

// Vite keys a chunk by its source unless the chunk also carries modules shared with another
// chunk; then the key is '_<file>' and only the chunk's name tells which route it is.
const homeName = basename(HOME_PAGE_SOURCE, extname(HOME_PAGE_SOURCE));
const homeKey =
  Object.keys(manifest).find((key) => manifest[key].src === HOME_PAGE_SOURCE) ??
  manifest[entryKey].dynamicImports?.find(
    (key) => manifest[key]?.isDynamicEntry && manifest[key].name === homeName,
  );
if (!homeKey) fail(`no chunk in the manifest is the home page (${HOME_PAGE_SOURCE})`);

// The entry and what it imports statically, the home route's lazy chunk, and what the home page
// itself imports lazily: all of it loads when a person opens the home page.
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}
const counted = staticClosure([entryKey, homeKey, ...(manifest[homeKey].dynamicImports ?? [])]);
const onAction = [...staticClosure(manifest[entryKey].dynamicImports ?? [])].filter(
  (key) => !counted.has(key) && manifest[key].name !== homeName && !isRoutePage(key),
);

// Other pages' chunks are not the home page's concern.
function isRoutePage(key) {
  return /\/pages\//.test(manifest[key].src ?? '') || /-page$/.test(manifest[key].name ?? '');
}

const sizeOf = (key) => {
  const file = manifest[key].file;
  return { file, kb: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024 };
};
const rows = [...counted].map(sizeOf);
const laterRows = onAction.map(sizeOf);
const totalKb = rows.reduce((sum, row) => sum + row.kb, 0);

const width = Math.max(...[...rows, ...laterRows].map((row) => row.file.length), 'budget'.length);
const line = (label, kb) => `  ${label.padEnd(width)}  ${kb.toFixed(2).padStart(7)} KB`;
console.log('\nJavaScript the home page loads (gzip):');
for (const row of rows) console.log(line(row.file, row.kb));
console.log(line('total', totalKb));
console.log(line('budget', HOME_JS_BUDGET_KB));
if (laterRows.length > 0) {
  console.log("\nLoaded only on a person's action (not counted):");
  for (const row of laterRows) console.log(line(row.file, row.kb));
}
console.log('');

if (totalKb > HOME_JS_BUDGET_KB) {
  fail(
    `home page JavaScript is ${totalKb.toFixed(2)} KB gzipped, over the ${HOME_JS_BUDGET_KB} KB budget`,
  );
}

function fail(message) {
  console.error(`check-size: ${message}`);
  process.exit(1);
}
