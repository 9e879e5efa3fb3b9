// `npm test`: lint and types, the unit and API suites (again on PostgreSQL and Redis when
// TEST_DATABASE_URL is set), then the browser suite. Ends with one plain summary line.
//
// Lint and types run beside the build (each is mostly one process on one core, and the machine
// has two); the build's output is printed after theirs. Each step prints how long it took.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-runtime.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  console.log(`◀ ${label}: ${result.status === 0 ? 'passed' : 'failed'} in ${seconds(started)}`);
  return result.status === 0;
}

/** As `run`, without blocking this process meanwhile (a command runs beside it). */
function runBeside(label, command, args) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', () => resolve(false));
    child.once('close', (code) => {
      console.log(`◀ ${label}: ${code === 0 ? 'passed' : 'failed'} in ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

/**
 * Starts a command with its output going to a file, not to the screen where another step is
 * writing; `print()` waits for it, writes the output out and answers whether it passed.
 */
function runHeld(label, command, args, name) {
  const started = performance.now();
  const log = path.join(reports, `${name}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const done = new Promise((resolve) => {
    child.once('error', (error) => resolve({ ok: false, took: seconds(started), error }));
    child.once('close', (code) => resolve({ ok: code === 0, took: seconds(started) }));
  });
  return {
    async print() {
      const { ok, took, error } = await done;
      console.log(`\n▶ ${label} (ran beside the step before)`);
      process.stdout.write(readFileSync(log));
      if (error) console.log(error.message);
      console.log(`◀ ${label}: ${ok ? 'passed' : 'failed'} in ${took}`);
      return ok;
    },
  };
}

function vitest(label, name, extraArgs = []) {
  const output = path.join(reports, `${name}.json`);
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  return { ok, output };
}

function counts(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + report.numPendingTests,
    };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const steps = [];
// Chromium for the browser tests, pdftotext for the invoice PDF tests.
const tools = run('Chromium and poppler-utils', 'node', ['scripts/ensure-test-tools.mjs']);
steps.push({ ok: tools });
const build = runHeld('build (npm run build)', 'npm', ['run', 'build'], 'build');
steps.push({ ok: await runBeside('lint and types (npm run check)', 'npm', ['run', 'check']) });
const built = await build.print();
const unit = vitest('unit and API tests', 'unit');
steps.push(unit);
let browser = { ok: false, output: '' };
if (tools && built) {
  browser = vitest('browser tests', 'browser', ['--config', 'e2e/vitest.config.ts']);
}
steps.push(browser);

const totals = [unit.output, browser.output]
  .filter(Boolean)
  .map(counts)
  .reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }), {
    passed: 0,
    failed: 0,
  });
const failedSteps = steps.filter((step) => !step.ok).length;
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed + (failedSteps && !totals.failed ? failedSteps : 0)} failed`,
);
process.exit(failedSteps === 0 ? 0 : 1);
