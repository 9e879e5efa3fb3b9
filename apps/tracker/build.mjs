// Bundles src/main.ts into dist/tracker.js, the script customers embed (issue 7), and fails the
// build when it grows past the 4 KB gzipped budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const GZIP_BUDGET_BYTES = 4096;
const outfile = new URL('./dist/tracker.js', import.meta.url);

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: outfile.pathname,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2018',
  minify: true,
  // A separate map for us; the served file carries no sourceMappingURL comment.
  sourcemap: 'external',
  legalComments: 'none',
  logLevel: 'warning',
});

const gzipped = gzipSync(readFileSync(outfile), { level: 9 }).length;
console.log(
  `tracker built: apps/tracker/dist/tracker.js, ${gzipped} bytes gzipped (budget ${GZIP_BUDGET_BYTES})`,
);
if (gzipped > GZIP_BUDGET_BYTES) {
  console.error(`tracker is over budget by ${gzipped - GZIP_BUDGET_BYTES} bytes`);
  process.exit(1);
}
