import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// Issue 35: amounts were grouped with Latin commas beside Persian digits («۵,۱۲۰», «۱,۶۵۰,۰۰۰»)
// where code grouped them itself. Every number the product draws is grouped by formatAmount
// (amount.ts), with '٬' (U+066C) as spec §9 writes it; no source groups digits another way.

const root = path.resolve(import.meta.dirname, '../../..');
const folders = ['apps/server/src', 'apps/web/src', 'apps/tracker/src', 'packages'];
const skipped = /node_modules|\/dist\/|\.test\.tsx?$|-test-kit\.ts$/;

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !skipped.test(file));
}

test('numbers are grouped only by formatAmount', () => {
  const grouping = [
    /\.toLocaleString\(/,
    /Intl\.NumberFormat/,
    // A hand-made thousands grouping: a lookahead for runs of three digits.
    /\(\\d\{3\}\)\+/,
  ];
  const found = folders.flatMap(sources).flatMap((file) => {
    if (file === 'packages/fa/src/amount.ts') return [];
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    return lines.flatMap((line, index) =>
      grouping.some((pattern) => pattern.test(line))
        ? [`${file}:${index + 1}: ${line.trim()}`]
        : [],
    );
  });
  expect(found).toEqual([]);
});
