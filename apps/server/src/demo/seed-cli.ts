import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from './seed';

// `npm run seed`: migrates and writes the demo data into the configured database.
const config = loadConfig();
if (config.env === 'production') {
  console.error('Refusing to seed demo accounts with known passwords into a production database.');
  process.exit(1);
}
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  const applied = await seedDemoData(handle.db);
  console.log(
    applied.length > 0
      ? `Demo data written (${handle.kind}): ${applied.join(', ')}.`
      : `Demo data already present (${handle.kind}); nothing written.`,
  );
} finally {
  await handle.close();
}
