import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The web app's house rules (docs/architecture.md, decision 0018), read from the source: one
// folder per domain, staff screens in its staff/ folder, the console's shell and kit shared by
// those screens only, and the app's settings read in one place.

const src = path.dirname(fileURLToPath(import.meta.url));

const files = readdirSync(src, { recursive: true, withFileTypes: true })
  .filter(
    (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
  )
  .map((entry) => path.relative(src, path.join(entry.parentPath, entry.name)));

/** Every relative import of a file, as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  return [...text.matchAll(/(?:from\s+|import\(\s*)'(\.[^']+)'/g)].flatMap(([, specifier]) =>
    specifier ? [path.relative(src, path.resolve(src, path.dirname(file), specifier))] : [],
  );
}

const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1] ?? null;
const isStaffCode = (file: string) => file.includes('/staff/') || featureOf(file) === 'console';

function crossings(rule: (file: string, imported: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((imported) => rule(file, imported))
      .map((imported) => `${file} → ${imported}`),
  );
}

describe('web feature boundaries', () => {
  test('the staff console is split by domain: no features/admin', () => {
    expect(existsSync(path.join(src, 'features/admin'))).toBe(false);
  });

  test('a feature imports another only as a staff screen using the console kit', () => {
    const found = crossings((file, imported) => {
      const from = featureOf(file);
      const to = featureOf(`${imported}/`);
      if (!from || !to || from === to) return false;
      return !(to === 'console' && isStaffCode(file));
    });
    expect(found).toEqual([]);
  });

  test('customer screens import no staff code (the router in app/ loads the staff sections)', () => {
    const found = crossings(
      (file, imported) =>
        featureOf(file) !== null && !isStaffCode(file) && isStaffCode(`${imported}/`),
    );
    expect(found).toEqual([]);
  });

  test('the settings are read once, in lib/config.ts', () => {
    const readers = files.filter((file) =>
      readFileSync(path.join(src, file), 'utf8').includes('import.meta.env'),
    );
    expect(readers).toEqual(['lib/config.ts']);
  });
});
