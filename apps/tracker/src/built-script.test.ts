// Runs the built dist/tracker.js as a browser would, in a fresh global scope (node:vm), to check
// what only the bundle can show: it leaks no globals and survives a page without the APIs it uses.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { beforeAll, expect, test } from 'vitest';
import { createFakePage, type FakeSocket } from './fake-browser';

const trackerDir = new URL('..', import.meta.url);
let builtScript: string;

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: trackerDir, stdio: 'pipe' });
  builtScript = readFileSync(new URL('dist/tracker.js', trackerDir), 'utf8');
});

/** A global scope shaped like a browser window; `window` is the global object itself. */
function browserContext(withWebSocket: boolean) {
  const page = createFakePage();
  const sandbox: Record<string, unknown> = {
    document: page.document,
    location: page.location,
    history: page.window.history,
    navigator: page.env.navigator,
    screen: page.env.screen,
    crypto: globalThis.crypto,
    localStorage: page.storage,
    addEventListener: page.window.addEventListener.bind(page.window),
    removeEventListener: page.window.removeEventListener.bind(page.window),
    setTimeout,
    clearTimeout,
  };
  if (withWebSocket) sandbox.WebSocket = page.env.WebSocket;
  sandbox.window = sandbox;
  return { page, context: vm.createContext(sandbox) };
}

const globalNames = (context: vm.Context): string =>
  vm.runInContext('Object.getOwnPropertyNames(globalThis).sort().join()', context);

test('the built script creates no globals', () => {
  const { page, context } = browserContext(true);
  const before = globalNames(context);
  vm.runInContext(builtScript, context);
  expect(globalNames(context)).toBe(before);
  const socket = page.socket() as FakeSocket;
  socket.accept();
  expect(socket.visitedPaths()).toEqual(['/products']);
  expect(globalNames(context)).toBe(before);
});

test('the built script survives a browser without WebSocket', () => {
  const { page, context } = browserContext(false);
  const before = globalNames(context);
  expect(() => vm.runInContext(builtScript, context)).not.toThrow();
  expect(globalNames(context)).toBe(before);
  expect(page.sockets).toEqual([]);
});

test('the built script survives a scope without window or document', () => {
  const context = vm.createContext({});
  const before = globalNames(context);
  expect(() => vm.runInContext(builtScript, context)).not.toThrow();
  expect(globalNames(context)).toBe(before);
});

test('the served file names no source map and stays small', () => {
  expect(builtScript).not.toContain('sourceMappingURL');
  expect(builtScript.length).toBeLessThan(8192);
});
