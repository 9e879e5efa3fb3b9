import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { exitWithError } from './backup-error';
import { restoreBackup } from './restore';

// `npm run restore -- <backup folder> [--wipe]`: restores a backup of `npm run backup` into the
// configured PostgreSQL database and file store (disk or S3), then checks row counts, money
// checksums and files against its manifest. Refuses a target that holds data unless --wipe is
// given. Stop every server node first. Exits 1 with the reason on any failure or difference.

const USAGE = 'npm run restore -- <backup folder> [--wipe]';

try {
  const { values, positionals } = parseArgs({
    options: { wipe: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [given, ...extra] = positionals;
  if (!given || extra.length > 0) {
    console.error(`پوشهٔ پشتیبان را بدهید (usage: ${USAGE})`);
    process.exit(2);
  }
  // From the repository root, where `npm run restore` runs this (as in backup-cli.ts).
  const folder = path.resolve(given);
  const config = loadConfigOrExit();
  const { manifest, previousUploads, notes } = await restoreBackup(
    {
      ...config,
      libpqTls: { DB_SSL: process.env.DB_SSL, DB_SSL_CA_FILE: process.env.DB_SSL_CA_FILE },
    },
    folder,
    { wipe: values.wipe },
  );
  const { database, files } = manifest;
  console.log(`✓ بازگردانی انجام و بررسی شد (restored and verified): ${folder}`);
  console.log(
    `  backup of ${manifest.createdAt}, version ${manifest.appVersion}: ${Object.keys(database.rowCounts).length} tables with the same row counts, ${Object.keys(database.moneyChecksums).length} money tables with the same checksums, ${files.list.length} files with the same SHA-256`,
  );
  if (previousUploads) {
    console.log(
      `  آپلودهای پیشین کنار گذاشته شد (previous uploads kept aside): ${previousUploads}`,
    );
  }
  for (const note of notes) console.log(`  ⚠ ${note}`);
} catch (error) {
  exitWithError(error);
}
