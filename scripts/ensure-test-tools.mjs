// The tests use two Debian tools: Chromium for the browser tests (a test tool's own browser
// download is not possible here) and poppler-utils (pdftotext, pdftoppm) to read back the
// invoice PDFs the server draws; and, with the real servers (TEST_DATABASE_URL), nginx for the
// 3-node test (e2e/cluster.test.ts) and postgresql-client (pg_dump, pg_restore) for the backup
// drill (apps/server/src/backup/backup.real.test.ts). Installs what is missing when we are
// allowed to; otherwise says how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const missing = [];
if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
if (!onPath('pdftotext') || !onPath('pdftoppm')) missing.push('poppler-utils');
if (process.env.TEST_DATABASE_URL && !existsSync('/usr/sbin/nginx')) missing.push('nginx');
if (process.env.TEST_DATABASE_URL && (!onPath('pg_dump') || !onPath('pg_restore'))) {
  missing.push('postgresql-client');
}

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.error(
      `Missing ${missing.join(' and ')}. Install (Debian: sudo apt-get install -y ${missing.join(' ')})${missing.includes('chromium') ? ' or set CHROMIUM_PATH' : ''}.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}
