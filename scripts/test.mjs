// `npm test`: lint and types, the unit and API suites (again on PostgreSQL and Redis when
// TEST_DATABASE_URL is set), then the browser suite. Ends with one plain summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
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
steps.push({ ok: run('lint and types (npm run check)', 'npm', ['run', 'check']) });
// Chromium for the browser tests, pdftotext for the invoice PDF tests.
const tools = run('Chromium and poppler-utils', 'node', ['scripts/ensure-test-tools.mjs']);
steps.push({ ok: tools });
const unit = vitest('unit and API tests', 'unit');
steps.push(unit);
let browser = { ok: false, output: '' };
if (tools) {
  if (run('build (npm run build)', 'npm', ['run', 'build'])) {
    browser = vitest('browser tests', 'browser', ['--config', 'e2e/vitest.config.ts']);
  }
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
