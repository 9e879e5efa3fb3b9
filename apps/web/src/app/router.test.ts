import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// A page names its source file for the server (server-pages.tsx): the server links that file's
// CSS from the page it draws and preloads its code on a page the browser draws, so a wrong name
// leaves a page unstyled until its script, or its code asked for late.
test('every page names the file it imports', () => {
  const appDir = import.meta.dirname;
  const webRoot = path.resolve(appDir, '../..');
  const router = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
  const pages = [...router.matchAll(/lazyPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g)];
  // Every lazy page of the router, none loaded by a bare React.lazy.
  expect(pages.length).toBe(router.match(/import\('/g)?.length);
  expect(pages.length).toBeGreaterThanOrEqual(37);
  for (const [, named, imported] of pages) {
    expect(`${path.relative(webRoot, path.resolve(appDir, imported ?? ''))}.tsx`, named).toBe(
      named,
    );
  }
});
