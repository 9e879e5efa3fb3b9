import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { engineProblems, SUPPORTED_NODE_LINES } from '../../../scripts/check-engines.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A project folder with the given package.json files (keyed by folder, '' for the root). */
function fakeProject(manifests: Record<string, object>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'vitrin-engines-'));
  for (const [dir, manifest] of Object.entries(manifests)) {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify(manifest));
  }
  return root;
}

describe('Node.js versions the project supports (README: 20.19+, 22.12+, 24)', () => {
  test('every installed production dependency runs on each supported line', () => {
    expect(SUPPORTED_NODE_LINES).toEqual(['20.19.0', '22.12.0', '24.0.0']);
    const { problems, checked } = engineProblems(repoRoot);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  test('a dependency of a dependency that wants Node 22 is reported with where it is', () => {
    const root = fakeProject({
      '': { engines: { node: '>=20.19' }, workspaces: ['apps/server'] },
      'apps/server': { name: 'server', dependencies: { framework: '^1.0.0' } },
      'node_modules/framework': {
        name: 'framework',
        version: '1.2.0',
        engines: { node: '>=20' },
        dependencies: { parser: '^2.0.0' },
      },
      'node_modules/parser': { name: 'parser', version: '2.0.2', engines: { node: '>=22' } },
    });
    expect(engineProblems(root).problems).toEqual([
      'parser@2.0.2 (node_modules/parser) wants Node.js ">=22": not 20.19.0',
    ]);
  });

  test('a nested copy is the one Node loads, and dev dependencies are not production', () => {
    const root = fakeProject({
      '': { engines: { node: '>=20.19' }, workspaces: ['apps/server'] },
      'apps/server': {
        name: 'server',
        dependencies: { framework: '^1.0.0' },
        devDependencies: { builder: '^1.0.0' },
      },
      'node_modules/framework': {
        name: 'framework',
        version: '1.0.0',
        dependencies: { parser: '^1.0.0' },
        peerDependencies: { extra: '*' },
        peerDependenciesMeta: { extra: { optional: true } },
      },
      'node_modules/framework/node_modules/parser': { name: 'parser', version: '1.1.1' },
      'node_modules/parser': { name: 'parser', version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/builder': { name: 'builder', version: '1.0.0', engines: { node: '>=22' } },
    });
    expect(engineProblems(root)).toEqual({ problems: [], checked: 2 });
  });

  test('a root engines range that leaves out a supported line is a problem too', () => {
    const root = fakeProject({
      '': { engines: { node: '>=22' }, workspaces: [] },
    });
    expect(engineProblems(root).problems).toEqual([
      'package.json engines.node ">=22" does not accept Node.js 20.19.0',
    ]);
  });

  test('a required dependency that is not installed is reported', () => {
    const root = fakeProject({
      '': { engines: { node: '>=20.19' }, workspaces: ['apps/server'] },
      'apps/server': { name: 'server', dependencies: { framework: '^1.0.0' } },
    });
    expect(engineProblems(root).problems).toEqual(['framework (for server) is not installed']);
  });
});
