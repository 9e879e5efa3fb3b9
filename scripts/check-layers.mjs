// `npm run check`'s import rules (decision 0036): runs dependency-cruiser over the server and the
// web app with .dependency-cruiser.cjs, prints each broken rule, and a summary of the module graph
// (its edges, its cycles, the files that reach themselves). `--graph` also prints every edge
// between server modules, for a closing note or a review; `--verbose` prints each circle's path.
// Fails when any rule is broken.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Run by this process's Node (the project's, decision 0037), not whichever `node` is on PATH.
const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const targets = ['apps/server/src', 'apps/web/src'];

const run = spawnSync(
  process.execPath,
  [bin, ...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (run.status === null || !run.stdout.startsWith('{')) {
  process.stderr.write(run.stderr || 'dependency-cruiser gave no answer\n');
  process.exit(2);
}
const result = JSON.parse(run.stdout);

/** The part a file belongs to: a server module, or a web feature or top folder. */
function partOf(file) {
  const server = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  if (server) return `server:${server[1]}`;
  const web = /^apps\/web\/src\/(features\/[^/]+|[^/]+)\//.exec(file);
  return web ? `web:${web[1]}` : null;
}

const edges = new Map();
const inCircle = new Set();
const isTest = (file) => /\.test\.tsx?$/.test(file);
for (const module of result.modules) {
  // Tests may compose modules from above (a test of services may open a ticket); nothing imports
  // a test, so a test closes no circle. The graph below is the product's.
  if (isTest(module.source)) continue;
  for (const dependency of module.dependencies) {
    if (dependency.circular) inCircle.add(module.source);
    const from = partOf(module.source);
    const to = partOf(dependency.resolved);
    if (!from || !to || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

/** Strongly connected parts of more than one member (Tarjan): the cycles between parts. */
function cycles() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const violations = result.summary.violations;
const verbose = process.argv.includes('--verbose');
for (const violation of violations) {
  const cycle = verbose && violation.cycle ? violation.cycle.map((step) => step.name ?? step) : [];
  const via = cycle.length > 0 ? `\n    by ${cycle.join(' → ')}` : '';
  console.log(`✗ ${violation.rule.name}: ${violation.from} → ${violation.to}${via}`);
}

const countEdges = (side) =>
  [...edges].filter(([from]) => from.startsWith(side)).reduce((sum, [, to]) => sum + to.size, 0);
const knots = cycles();
console.log(
  `layers: ${violations.length} broken rule(s) in ${result.summary.totalCruised} files; ` +
    `server: ${countEdges('server:')} edges between modules, web: ${countEdges('web:')} between parts; ` +
    `${knots.length} cycle(s) between parts; ${inCircle.size} file(s) in a circle`,
);
for (const knot of knots) console.log(`  cycle: ${knot.join(', ')}`);

if (process.argv.includes('--graph')) {
  for (const [from, to] of [...edges].sort()) {
    console.log(`  ${from} → ${[...to].sort().join(', ')}`);
  }
}

process.exit(violations.length === 0 && knots.length === 0 ? 0 : 1);
