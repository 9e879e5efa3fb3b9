import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The rules of the house (docs/architecture.md, decision 0018), read from the source itself:
// a module writes only its own tables, reaches another module only through that module's
// index.ts, and its services know nothing of HTTP; db/, lib/, plugins/ and providers/ sit below
// every module, and nothing the server runs imports the demo data.

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(src, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(src, path.join(entry.parentPath, entry.name)));
}

const isTestCode = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('-test-kit.ts') || file.endsWith('.suite.ts');

/** Every module specifier a file imports or re-exports, statically or dynamically. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  const found = text.matchAll(
    /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm,
  );
  return [...found].flatMap((match) => match[1] ?? match[2] ?? match[3] ?? []);
}

/** Where a relative import lands, as a path under src/ (no extension); null for a package. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path.relative(src, path.resolve(src, path.dirname(file), specifier));
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(`${file}/`)?.[1] ?? null;

const runtimeFiles = [
  'app.ts',
  'main.ts',
  'config.ts',
  'paths.ts',
  ...['db', 'lib', 'modules', 'plugins', 'providers'].flatMap(sourceFiles),
].filter((file) => !isTestCode(file));

/**
 * Files at the HTTP edge of a module: routes and what they parse requests with (`.http.ts`),
 * jobs and plugins registered on the app, the socket gateway.
 */
const isEdge = (file: string) => /\.(routes|http|jobs|plugin)\.ts$|-socket\.ts$/.test(file);

function violations(rule: (file: string, imported: string, specifier: string) => boolean) {
  return runtimeFiles.flatMap((file) =>
    importsOf(file)
      .filter((specifier) => rule(file, target(file, specifier) ?? '', specifier))
      .map((specifier) => `${file} → ${specifier}`),
  );
}

describe('module boundaries', () => {
  test('a module reaches another only through its index.ts (a schema may name another schema for its foreign keys)', () => {
    const found = violations((file, imported) => {
      const from = moduleOf(file);
      const to = moduleOf(imported);
      if (!from || !to || from === to) return false;
      if (imported === `modules/${to}`) return false;
      return !(file.endsWith('/schema.ts') && imported === `modules/${to}/schema`);
    });
    expect(found).toEqual([]);
  });

  test('code outside the modules reaches a module only through its index.ts', () => {
    const found = violations((file, imported) => {
      const to = moduleOf(imported);
      if (moduleOf(file) || !to) return false;
      return imported !== `modules/${to}`;
    });
    expect(found).toEqual([]);
  });

  test('db/, lib/, plugins/ and providers/ sit below the modules: they import none', () => {
    const found = violations(
      (file, imported) =>
        /^(db|lib|plugins|providers)\//.test(file) && /^(modules|demo)\b/.test(imported),
    );
    expect(found).toEqual([]);
  });

  test('the list of every table (schema.ts) is for migrations and tests: the server imports tables from their owners', () => {
    expect(violations((_file, imported) => imported === 'schema')).toEqual([]);
  });

  test('nothing the server runs imports the demo data', () => {
    expect(violations((_file, imported) => /^demo\b/.test(imported))).toEqual([]);
  });

  test('services know nothing of HTTP: only routes, jobs and the socket gateway import Fastify', () => {
    const found = violations(
      (file, _imported, specifier) =>
        moduleOf(file) !== null &&
        !isEdge(file) &&
        /^(fastify|fastify-plugin|@fastify\/)/.test(specifier),
    );
    expect(found).toEqual([]);
  });

  test('a module writes only the tables its own schema.ts declares', () => {
    const found: string[] = [];
    for (const file of runtimeFiles) {
      const owner = moduleOf(file);
      if (!owner) continue;
      const schema = path.join(src, 'modules', owner, 'schema.ts');
      const own = new Set(
        (() => {
          try {
            return [...readFileSync(schema, 'utf8').matchAll(/export const (\w+) = pgTable/g)].map(
              (match) => match[1],
            );
          } catch {
            return [];
          }
        })(),
      );
      const text = readFileSync(path.join(src, file), 'utf8');
      for (const [, verb, table = ''] of text.matchAll(
        /\.(insert|update|delete)\(\s*(\w+)\s*\)/g,
      )) {
        if (isTable(table) && !own.has(table)) found.push(`${file}: ${verb}(${table})`);
      }
    }
    expect(found).toEqual([]);
  });
});

const allTables = new Set(
  readdirSync(path.join(src, 'modules')).flatMap((module) => {
    try {
      const text = readFileSync(path.join(src, 'modules', module, 'schema.ts'), 'utf8');
      return [...text.matchAll(/export const (\w+) = pgTable/g)].map((match) => match[1]);
    } catch {
      return [];
    }
  }),
);
function isTable(name: string): boolean {
  return allTables.has(name) || name === 'seedRuns';
}
