import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The rules of the house that an import cannot show (docs/architecture.md, decisions 0018 and
// 0036), read from the source itself: a module writes only its own tables, and its index.ts
// exports none of them (others read through its functions and views). The import rules (the
// layers, no circle, modules reached through their index, Fastify at the edge) are
// dependency-cruiser's, in `npm run check` (.dependency-cruiser.cjs); the last test here proves
// that check bites.

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(src, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(src, path.join(entry.parentPath, entry.name)));
}

const isTestCode = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('-test-kit.ts') || file.endsWith('.suite.ts');

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(`${file}/`)?.[1] ?? null;

const runtimeFiles = [
  'app.ts',
  'main.ts',
  'config.ts',
  'paths.ts',
  ...['db', 'lib', 'modules', 'plugins', 'providers'].flatMap(sourceFiles),
].filter((file) => !isTestCode(file));

describe('module boundaries', () => {
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

/** The names of the tables a module's schema.ts declares. */
function tablesOf(module: string): Set<string> {
  try {
    const text = readFileSync(path.join(src, 'modules', module, 'schema.ts'), 'utf8');
    return new Set(
      [...text.matchAll(/export const (\w+) = pgTable/g)].map((match) => match[1] ?? ''),
    );
  } catch {
    return new Set();
  }
}

test('no index.ts exports a table: other modules read through its functions and views', () => {
  const found = readdirSync(path.join(src, 'modules')).flatMap((module) => {
    const index = readFileSync(path.join(src, 'modules', module, 'index.ts'), 'utf8');
    const exported = [...index.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g)].flatMap((match) =>
      (match[1] ?? '').split(',').map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .at(-1) ?? '',
      ),
    );
    const tables = tablesOf(module);
    return exported.filter((name) => tables.has(name)).map((name) => `${module}: ${name}`);
  });
  expect(found).toEqual([]);
});

test('the layer check bites: a lower module importing a higher one, and a circle, are refused', () => {
  // A tree of two modules shaped like ours, cruised with our own rules.
  const root = mkdtempSync(path.join(tmpdir(), 'vitrin-layers-'));
  const modules = path.join(root, 'apps/server/src/modules');
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(modules, file)), { recursive: true });
    writeFileSync(path.join(modules, file), text);
  };
  write('accounts/index.ts', "export { total } from './people';\n");
  write(
    'accounts/people.ts',
    "import { orderCount } from '../orders';\nexport const total = orderCount + 1;\n",
  );
  write('orders/index.ts', "export { orderCount } from './count';\n");
  write(
    'orders/count.ts',
    "import { total } from '../accounts';\nexport const orderCount = total;\n",
  );
  try {
    const repository = path.resolve(src, '../../..');
    const run = spawnSync(
      path.join(repository, 'node_modules/.bin/depcruise'),
      [
        'apps/server/src',
        '--config',
        path.join(repository, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    const rules = (
      JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } }
    ).summary.violations.map((violation) => violation.rule.name);
    expect(rules).toContain('server-layer-accounts');
    expect(rules).toContain('no-circular');
    expect(rules).not.toContain('server-layer-orders');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
