// CI: `npm audit --omit=dev --audit-level=high`, failing on a high or critical advisory in a
// production dependency. npm exits 1 both for such an advisory and when the registry's advisory
// service does not answer (a registry that only serves reads answers audits 405, as ours does
// for CI); the second is printed as "NOT audited" and does not fail the run, or nothing could
// land while the service is out of reach.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAILING = ['critical', 'high'];
const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];

console.log('\n▶ npm audit --omit=dev --audit-level=high');
const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
});

let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? (result.stderr.trim() || `exit ${result.status}`);
  console.log(`npm audit: NOT audited, the advisory service did not answer (${reason})`);
  process.exit(0);
}

console.log(
  `npm audit: production dependencies: ${SEVERITIES.map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`,
);
const failing = Object.values(report.vulnerabilities ?? {}).filter((v) =>
  FAILING.includes(v.severity),
);
for (const vulnerability of failing) {
  const advisories = vulnerability.via
    .filter((via) => typeof via === 'object')
    .map((via) => `${via.title} (${via.url})`);
  const through = vulnerability.via.filter((via) => typeof via === 'string');
  console.log(
    `  ${vulnerability.severity}: ${vulnerability.name} ${vulnerability.range}` +
      (advisories.length > 0 ? `: ${advisories.join('; ')}` : `, through ${through.join(', ')}`),
  );
}
process.exit(failing.length > 0 ? 1 : 0);
