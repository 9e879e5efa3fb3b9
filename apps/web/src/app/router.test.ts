import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// A public page names its source file for the server (server-pages.tsx): the server links that
// file's CSS from the page it draws, so a wrong name leaves the page unstyled until its script.
test('every public page names the file it imports', () => {
  const appDir = import.meta.dirname;
  const webRoot = path.resolve(appDir, '../..');
  const router = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
  const pages = [
    ...router.matchAll(/lazyPublicPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g),
  ];
  expect(pages.length).toBe(7);
  for (const [, named, imported] of pages) {
    expect(`${path.relative(webRoot, path.resolve(appDir, imported ?? ''))}.tsx`, named).toBe(
      named,
    );
  }
});
