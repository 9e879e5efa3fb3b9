// The Node.js line every npm script runs on (decision 0037). `npm install` brings Node.js 24 as
// the platform's `node-<os>-<cpu>` package (root optionalDependencies) and npm puts its bin
// folder first on each script's PATH, so scripts run on it whatever Node the machine has. On a
// platform the registry has no such package for (macOS on Apple silicon, for one), the
// machine's Node runs them: it must be a supported line, and this says so before anything else
// fails in a stranger way.
export const PROJECT_NODE_MAJOR = 24;

/** Exits with a plain message when this process's Node.js is not one the project supports. */
export function requireSupportedNode() {
  // engines.node: ^22.22.0 || ^24.0.0 (read without semver, a dev dependency only).
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major === PROJECT_NODE_MAJOR || (major === 22 && minor >= 22)) return;
  console.error(
    `Vitrin runs on Node.js ${PROJECT_NODE_MAJOR} (22.22 or later works too); this is ${process.version}.\n` +
      'Run `npm install` first: it brings Node.js 24 for Linux (x64, arm64), macOS on Intel and\n' +
      'Windows (x64). Elsewhere install Node.js 24 (`nvm install`, which reads .nvmrc).',
  );
  process.exit(1);
}
