// Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every text file
// of the built web app, so the server sends them as they are (@fastify/static's preCompressed)
// instead of compressing the same bytes again for every phone that asks (issue 22).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: woff2, png, jpg, webp and the like are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.css',
  '.html',
  '.js',
  '.json',
  '.map',
  '.mjs',
  '.svg',
  '.txt',
  '.webmanifest',
  '.xml',
]);

/** Below this a compressed copy saves less than a network packet, so none is written. */
export const MIN_PRECOMPRESS_BYTES = 1024;

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
      // Vite's manifest (.vite/) is for the build's own checks; nothing serves it.
      .filter(
        (file) =>
          !path
            .relative(dir, file)
            .split(path.sep)
            .some((part) => part.startsWith('.')),
      )
  );
}

/**
 * Compresses every text file of at least `minBytes` under `dir`, writing a copy only when it is
 * smaller than the file. Answers what it wrote, relative to `dir`, with the sizes.
 */
export async function precompressDir(dir, { minBytes = MIN_PRECOMPRESS_BYTES } = {}) {
  const candidates = (await filesUnder(dir)).filter((file) =>
    COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()),
  );
  const written = [];
  await Promise.all(
    candidates.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < minBytes) return;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: 9 }),
      ]);
      const entry = { file: path.relative(dir, file), raw: raw.length, br: null, gzip: null };
      if (br.length < raw.length) {
        await writeFile(`${file}.br`, br);
        entry.br = br.length;
      }
      if (gz.length < raw.length) {
        await writeFile(`${file}.gz`, gz);
        entry.gzip = gz.length;
      }
      written.push(entry);
    }),
  );
  return written.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Vite plugin: precompresses the build's output once it is on disk (not for builds held in
 * memory, such as check-size's second bundle).
 */
export function precompressPlugin() {
  return {
    name: 'vitrin-precompress',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompressDir(options.dir);
    },
  };
}
