// Bundles the server into dist/main.js, `npm run migrate`'s CLI into dist/migrate-cli.js, `npm run
// backup` and `npm run restore` into dist/backup-cli.js and dist/restore-cli.js, and the demo
// seed's CLI into dist/seed-cli.js (npm start runs it before the server; the server bundle
// carries no demo data: src/demo/bundle.test.ts).
// The workspace packages (@vitrin/*) ship TypeScript source, so they are bundled in; every npm
// dependency stays external and loads from node_modules as usual.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** esbuild's options for the server's bundles (src/demo/bundle.test.ts builds with them too). */
export function serverBuildOptions() {
  const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  const external = Object.keys(manifest.dependencies).filter(
    (name) => !name.startsWith('@vitrin/'),
  );
  return {
    absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
    entryPoints: [
      'src/main.ts',
      'src/demo/seed-cli.ts',
      'src/migrate-cli.ts',
      'src/backup/backup-cli.ts',
      'src/backup/restore-cli.ts',
    ],
    outdir: 'dist',
    entryNames: '[name]',
    bundle: true,
    // Dynamic imports stay lazy: main.js starts tracing (when set) before it imports the app's
    // chunk, whose imports load fastify and pg. Code the entries share goes into chunks too.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...external, 'pino-pretty'],
    logLevel: 'warning',
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await build(serverBuildOptions());
  console.log(
    'server built: apps/server/dist/main.js, dist/seed-cli.js, dist/migrate-cli.js, dist/backup-cli.js, dist/restore-cli.js',
  );
}
