import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config';
import { createBackup } from './backup';
import { exitWithError } from './backup-error';

// `npm run backup [-- --to <folder>]`: one backup of the configured PostgreSQL database and the
// uploads (DATA_DIR/uploads or the S3 bucket) into a new folder under <folder> (default
// DATA_DIR/backups). Runs beside
// a live server; exits 1 with the reason when anything fails, leaving no backup folder behind.

try {
  const { values } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: false });
  const config = loadConfigOrExit();
  // `npm run backup` runs this from the repository root: a relative folder is taken from there
  // (npm's INIT_CWD does not survive the workspace hop, so it cannot say where it was typed).
  const destination = path.resolve(values.to ?? path.join(config.dataDir ?? '.data', 'backups'));
  const { folder, manifest } = await createBackup(
    {
      ...config,
      libpqTls: { DB_SSL: process.env.DB_SSL, DB_SSL_CA_FILE: process.env.DB_SSL_CA_FILE },
    },
    destination,
  );
  const { database, files } = manifest;
  const rows = Object.values(database.rowCounts).reduce((sum, count) => sum + count, 0);
  console.log(`✓ پشتیبان ساخته شد (backup written): ${folder}`);
  console.log(
    `  database: ${(database.bytes / 1024 / 1024).toFixed(1)} MB, ${Object.keys(database.rowCounts).length} tables, ${rows} rows, latest migration ${database.latestMigration?.tag ?? 'none'}, PostgreSQL ${database.serverVersion}`,
  );
  const bytes = files.list.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `  files: ${files.list.length} (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${files.store === 's3' ? `S3 bucket ${files.bucket}` : 'DATA_DIR/uploads'}`,
  );
} catch (error) {
  exitWithError(error);
}
