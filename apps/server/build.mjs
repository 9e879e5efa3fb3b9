// Bundles the server into dist/main.js. The workspace packages (@vitrin/*) ship TypeScript
// source, so they are bundled in; every npm dependency stays external and loads from
// node_modules as usual.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@vitrin/'));

await build({
  entryPoints: ['src/main.ts', 'src/db/seed-cli.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
