import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES, type PageName } from '@vitrin/contracts';
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
  expect(pages.length).toBe(8);
  for (const [, named, imported] of pages) {
    expect(`${path.relative(webRoot, path.resolve(appDir, imported ?? ''))}.tsx`, named).toBe(
      named,
    );
  }
});

// The router takes every path from the route table the server builds its messages' links from
// (contracts' PAGES, issue 35), so a link in an SMS or e-mail cannot point where no page is.
test('every route path comes from the shared page table, and every page there is routed', () => {
  const appDir = import.meta.dirname;
  const router = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
  const paths = [...router.matchAll(/<Route\b[^>]*?\bpath=(\{`[^`]*`\}|\{[^}]*\}|"[^"]*")/g)].map(
    (match) => match[1] ?? '',
  );
  expect(paths.length).toBeGreaterThan(20);
  const routed = new Set<string>();
  const sections = new Set<string>();
  for (const written of paths) {
    if (written === '"*"') continue;
    const plain = /^\{PAGES\.(\w+)\}$/.exec(written);
    const section = /^\{`\$\{PAGES\.(\w+)\}\/\*`\}$/.exec(written);
    expect(plain ?? section, `a route path written as ${written}`).not.toBeNull();
    if (plain?.[1]) routed.add(plain[1]);
    if (section?.[1]) sections.add(section[1]);
  }
  for (const name of [...routed, ...sections]) expect(PAGES).toHaveProperty(name);
  // The customer panel's routes are a router of their own (account-routes.tsx), mounted at
  // `/account/*`: each path is a page of the table relative to it (`at('profile')`).
  const accountRouter = readFileSync(path.join(appDir, 'account-routes.tsx'), 'utf8');
  const accountPaths = [
    ...accountRouter.matchAll(/<Route\b[^>]*?\bpath=(\{`[^`]*`\}|\{[^}]*\}|"[^"]*")/g),
  ].map((match) => match[1] ?? '');
  expect(accountPaths.length).toBeGreaterThan(10);
  const accountRoutes: string[] = [];
  for (const written of accountPaths) {
    if (written === '"*"') continue;
    const plain = /^\{at\('(\w+)'\)\}$/.exec(written);
    const section = /^\{`\$\{at\('(\w+)'\)\}\/\*`\}$/.exec(written);
    expect(plain ?? section, `an account route path written as ${written}`).not.toBeNull();
    if (plain?.[1]) accountRoutes.push(`account/${plain[1]}`);
    if (section?.[1]) {
      sections.add(section[1]);
      accountRoutes.push(`account/${section[1]}`);
    }
  }
  // A page inside a console section is routed by the section's own router, from the table too.
  const featuresDir = path.resolve(appDir, '../features');
  const sectionRoutes = readdirSync(featuresDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
    .flatMap((entry) => [
      ...readFileSync(path.join(entry.parentPath, entry.name), 'utf8').matchAll(
        /subPagePath\(\s*'(\w+)',\s*'(\w+)'\s*\)/g,
      ),
    ])
    .map(([, section, page]) => `${section}/${page}`)
    .concat(accountRoutes);
  for (const [name, pattern] of Object.entries(PAGES)) {
    if (name === 'home' || name === 'account' || name === 'admin' || sections.has(name)) continue;
    // The innermost section the page lies under (`/account/domains/…` is the domains section's).
    const section = [...sections]
      .filter((section) => pattern.startsWith(`${PAGES[section as PageName]}/`))
      .sort((a, b) => PAGES[b as PageName].length - PAGES[a as PageName].length)[0];
    if (section) {
      expect(sectionRoutes, `${name} (${pattern}) has a route in its section`).toContain(
        `${section}/${name}`,
      );
    } else {
      expect(routed.has(name), `${name} (${pattern}) has a route`).toBe(true);
    }
  }
});
