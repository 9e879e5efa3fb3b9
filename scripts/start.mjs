// `npm start`: builds whatever is missing or older than its sources, writes the demo data when
// the settings ask for it, then starts the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-runtime.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = [at('packages/fa/src'), at('packages/contracts/src')];
if (
  needsBuild(at('apps/web/dist/index.html'), [
    at('apps/web/src'),
    at('apps/web/index.html'),
    ...shared,
  ])
) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@vitrin/web']);
}
const serverSources = [at('apps/server/src'), at('apps/server/build.mjs'), ...shared];
if (
  needsBuild(at('apps/server/dist/main.js'), serverSources) ||
  needsBuild(at('apps/server/dist/seed-cli.js'), serverSources)
) {
  console.log('Building the server…');
  run(['run', 'build', '-w', '@vitrin/server']);
}

// The demo data (README's promise: the whole product on first start) is written by the seed's
// own bundle, never by the server, whose bundle carries none. It seeds only when the settings
// ask for it (SEED_DEMO_DATA, on by default on the embedded database outside production).
const seed = spawnSync(process.execPath, [at('apps/server/dist/seed-cli.js'), '--if-configured'], {
  cwd: root,
  stdio: 'inherit',
});
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawnSync(process.execPath, [at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
