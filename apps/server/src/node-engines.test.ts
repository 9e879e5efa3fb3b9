import { spawnSync } from 'node:child_process';
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

describe('Node.js versions the project supports (README: 24, and 22.22+)', () => {
  test('every installed production dependency runs on each supported line', () => {
    expect(SUPPORTED_NODE_LINES).toEqual(['22.22.0', '24.0.0']);
    const { problems, checked } = engineProblems(repoRoot);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  test('a dependency of a dependency that wants Node 24 is reported with where it is', () => {
    const root = fakeProject({
      '': { engines: { node: '>=22.22' }, workspaces: ['apps/server'] },
      'apps/server': { name: 'server', dependencies: { framework: '^1.0.0' } },
      'node_modules/framework': {
        name: 'framework',
        version: '1.2.0',
        engines: { node: '>=20' },
        dependencies: { parser: '^2.0.0' },
      },
      'node_modules/parser': { name: 'parser', version: '2.0.2', engines: { node: '>=24' } },
    });
    expect(engineProblems(root).problems).toEqual([
      'parser@2.0.2 (node_modules/parser) wants Node.js ">=24": not 22.22.0',
    ]);
  });

  test('a nested copy is the one Node loads, and dev dependencies are not production', () => {
    const root = fakeProject({
      '': { engines: { node: '>=22.22' }, workspaces: ['apps/server'] },
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
      'node_modules/parser': { name: 'parser', version: '2.0.2', engines: { node: '>=24' } },
      'node_modules/builder': { name: 'builder', version: '1.0.0', engines: { node: '>=24' } },
    });
    expect(engineProblems(root)).toEqual({ problems: [], checked: 2 });
  });

  test('a root engines range that leaves out a supported line is a problem too', () => {
    const root = fakeProject({
      '': { engines: { node: '>=24' }, workspaces: [] },
    });
    expect(engineProblems(root).problems).toEqual([
      'package.json engines.node ">=24" does not accept Node.js 22.22.0',
    ]);
  });

  test('a required dependency that is not installed is reported', () => {
    const root = fakeProject({
      '': { engines: { node: '>=22.22' }, workspaces: ['apps/server'] },
      'apps/server': { name: 'server', dependencies: { framework: '^1.0.0' } },
    });
    expect(engineProblems(root).problems).toEqual(['framework (for server) is not installed']);
  });
});

describe('the runtime every npm script gets (decision 0037)', () => {
  /** What `node --version` prints in a script npm runs from `cwd`, with the machine's PATH. */
  const nodeInScript = (args: string[]) => {
    const run = spawnSync('npm', ['exec', ...args, '-c', 'node --version'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout.trim();
  };

  test('is Node.js 24, the project’s own, whatever Node the machine has', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(nodeInScript([])).toMatch(/^v24\./);
    expect(nodeInScript(['-w', '@vitrin/server'])).toMatch(/^v24\./);
    expect(nodeInScript(['-w', '@vitrin/bench'])).toMatch(/^v24\./);
  });
});
