// Fails when an installed production dependency says in its `engines.node` that it does not run
// on a Node.js line the project supports: the first version of each line in SUPPORTED_NODE_LINES
// must satisfy it, and the root package.json's `engines.node` must accept them too. Production
// dependencies are every workspace's `dependencies`, `optionalDependencies` and required
// `peerDependencies`, followed through node_modules the way Node resolves them.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * The first supported version of each Node.js line (README, «Running it»; decision 0037): 24 is
 * the one the project runs and tests on, 22 from the first release react-router 8 accepts.
 */
export const SUPPORTED_NODE_LINES = ['22.22.0', '24.0.0'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The folder of `name` as Node finds it from `fromDir`, or null when it is not installed. */
function resolvePackageDir(name, fromDir, root) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

function runtimeDependencies(manifest) {
  const optionalPeers = manifest.peerDependenciesMeta ?? {};
  const required = Object.keys(manifest.peerDependencies ?? {}).filter(
    (name) => !optionalPeers[name]?.optional,
  );
  return {
    required: [...Object.keys(manifest.dependencies ?? {}), ...required],
    optional: Object.keys(manifest.optionalDependencies ?? {}),
  };
}

/** Every installed production package under `root`: its name, version, folder and engines. */
export function productionPackages(root) {
  const rootManifest = readJson(path.join(root, 'package.json'));
  const found = new Map();
  const missing = [];
  const queue = (rootManifest.workspaces ?? []).map((workspace) => path.join(root, workspace));
  while (queue.length > 0) {
    const dir = queue.shift();
    const manifest = readJson(path.join(dir, 'package.json'));
    const { required, optional } = runtimeDependencies(manifest);
    for (const name of [...required, ...optional]) {
      const packageDir = resolvePackageDir(name, dir, root);
      if (!packageDir) {
        if (required.includes(name)) missing.push(`${name} (for ${manifest.name})`);
        continue;
      }
      if (found.has(packageDir)) continue;
      const dependency = readJson(path.join(packageDir, 'package.json'));
      found.set(packageDir, {
        name: dependency.name,
        version: dependency.version,
        dir: packageDir,
        node: dependency.engines?.node,
      });
      queue.push(packageDir);
    }
  }
  return { packages: [...found.values()], missing };
}

/** What stops a supported Node.js line from running the production dependencies under `root`. */
export function engineProblems(root, lines = SUPPORTED_NODE_LINES) {
  const problems = [];
  const declared = readJson(path.join(root, 'package.json')).engines?.node;
  for (const line of lines) {
    if (!declared || !semver.satisfies(line, declared)) {
      problems.push(`package.json engines.node "${declared}" does not accept Node.js ${line}`);
    }
  }
  const { packages, missing } = productionPackages(root);
  for (const name of missing) problems.push(`${name} is not installed`);
  for (const pkg of packages) {
    if (!pkg.node) continue;
    const refused = lines.filter(
      (line) => !semver.satisfies(line, pkg.node, { includePrerelease: true }),
    );
    if (refused.length > 0) {
      const where = path.relative(root, pkg.dir);
      problems.push(
        `${pkg.name}@${pkg.version} (${where}) wants Node.js "${pkg.node}": not ${refused.join(', ')}`,
      );
    }
  }
  return { problems, checked: packages.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, checked } = engineProblems(root);
  if (problems.length > 0) {
    console.error(`check-engines: ${problems.length} problem(s) in ${checked} packages:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `check-engines: ${checked} production packages run on Node.js ${SUPPORTED_NODE_LINES.join(', ')}`,
  );
}
