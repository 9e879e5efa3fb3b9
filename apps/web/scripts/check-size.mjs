// Prints the gzipped size of the JavaScript the home page loads and fails the build over budget
// (QUALITY.md): the entry, the home route's chunk, and every chunk the home page lazy-loads on its
// own. Chunks that load only on a person's action (the phone menu) are listed, not counted.
// Then checks that no customer ever downloads the staff console (issue 8): see the end.
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

// 146 since issue 22's first part: server rendering adds the hydration path (~0.5 KB), the toasts'
// stack moved to its own chunk loaded with the first toast (−7 KB), and the footer's year comes
// from Intl (−2 KB of Jalali conversion). Issue 22 aims at 110 KB.
const HOME_JS_BUDGET_KB = 146;
const HOME_PAGE_SOURCE = 'src/app/pages/home-page.tsx';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
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

await checkStaffConsoleIsApart();

/**
 * The staff console's code must load only on its own routes: its shell and kit
 * (src/features/console/) and every feature's staff screens (src/features/<domain>/staff/). No
 * module of it may be in any chunk a customer's pages load, whether through the entry's static imports or a lazy
 * route of the site. The manifest names chunks, not the modules in them, so the bundle is made
 * again in memory (same config, nothing written) to read each chunk's modules; it also checks
 * that this second bundle is the one in dist.
 */
async function checkStaffConsoleIsApart() {
  const featuresDir = join(webRoot, 'src', 'features') + sep;
  const consoleDir = join(featuresDir, 'console') + sep;
  const isAdminModule = (id) =>
    id.startsWith(consoleDir) ||
    (id.startsWith(featuresDir) && id.slice(featuresDir.length).split(sep)[1] === 'staff');
  const result = await build({
    root: webRoot,
    logLevel: 'silent',
    build: { write: false, reportCompressedSize: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((bundle) => bundle.output);
  const chunks = new Map(
    outputs.filter((output) => output.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
  );
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1 || entries[0].fileName !== entryFile) {
    fail(`the bundle made again does not match dist (entry ${entries[0]?.fileName}); build again`);
  }
  const isConsoleRoute = (file) => {
    const facade = chunks.get(file)?.facadeModuleId;
    return Boolean(facade && isAdminModule(facade));
  };

  // Everything the site can load without opening /admin: the entry, what it imports, and every
  // lazy chunk it can reach, except the console's own routes.
  const customerFiles = new Set();
  const visit = (file) => {
    const chunk = chunks.get(file);
    if (!chunk || customerFiles.has(file)) return;
    customerFiles.add(file);
    for (const next of chunk.imports) visit(next);
    for (const next of chunk.dynamicImports) if (!isConsoleRoute(next)) visit(next);
  };
  visit(entryFile);

  const leaks = [...customerFiles].flatMap((file) =>
    chunks
      .get(file)
      .moduleIds.filter(isAdminModule)
      .map((id) => `${id.slice(webRoot.length + 1)} in ${file}`),
  );
  if (leaks.length > 0) {
    fail(`staff console code loads for customers:\n  ${leaks.join('\n  ')}`);
  }

  // The Android app's runtime (src/native/, Capacitor's plugins) is for the native build only:
  // on the web nothing of it may load with the page (issue 9; the version label is in lib/).
  const nativeDir = join(webRoot, 'src', 'native') + sep;
  const isNativeOnly = (id) => id.startsWith(nativeDir) || id.includes('@capacitor');
  const startup = new Set();
  const visitStatic = (file) => {
    const chunk = chunks.get(file);
    if (!chunk || startup.has(file)) return;
    startup.add(file);
    for (const next of chunk.imports) visitStatic(next);
  };
  visitStatic(entryFile);
  const nativeLeaks = [...startup].flatMap((file) =>
    chunks
      .get(file)
      .moduleIds.filter(isNativeOnly)
      .map((id) => `${id.slice(webRoot.length + 1)} in ${file}`),
  );
  if (nativeLeaks.length > 0) {
    fail(`the Android runtime loads on the web:\n  ${nativeLeaks.join('\n  ')}`);
  }

  const consoleFiles = new Set();
  const visitConsole = (file) => {
    const chunk = chunks.get(file);
    if (!chunk || consoleFiles.has(file) || customerFiles.has(file)) return;
    consoleFiles.add(file);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visitConsole(next);
  };
  for (const file of chunks.keys()) if (isConsoleRoute(file)) visitConsole(file);
  if (consoleFiles.size === 0)
    fail('no chunk holds the staff console (src/features/console/, src/features/*/staff/)');

  const consoleRows = [...consoleFiles].map((file) => ({
    file,
    kb: gzipSync(chunks.get(file).code, { level: 9 }).length / 1024,
  }));
  const consoleWidth = Math.max(...consoleRows.map((row) => row.file.length), 'total'.length);
  console.log('Staff console, only on /admin (gzip; no customer page loads any of it):');
  for (const row of consoleRows) {
    console.log(`  ${row.file.padEnd(consoleWidth)}  ${row.kb.toFixed(2).padStart(7)} KB`);
  }
  const consoleKb = consoleRows.reduce((sum, row) => sum + row.kb, 0);
  console.log(`  ${'total'.padEnd(consoleWidth)}  ${consoleKb.toFixed(2).padStart(7)} KB\n`);
}

function fail(message) {
  console.error(`check-size: ${message}`);
  process.exit(1);
}
