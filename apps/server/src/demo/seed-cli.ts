import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { SecretBox } from '../lib/secret-box';
import { seedDemoData } from './seed';

// `npm run seed`: migrates and writes the demo data into the configured database; refuses
// production. `--if-configured` (npm start, npm run dev, the e2e server, before the server
// starts): seeds only when the settings ask for the demo data (SEED_DEMO_DATA, on by default on
// the embedded database outside production) and otherwise exits silently. The server itself
// carries no demo data (src/demo/bundle.test.ts).
const ifConfigured = process.argv.includes('--if-configured');

const config = loadConfigOrExit();
if (ifConfigured && !config.seedDemoData) process.exit(0);
if (!ifConfigured && config.env === 'production') {
  console.error('Refusing to seed demo accounts with known passwords into a production database.');
  process.exit(1);
}
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  const applied = await seedDemoData(handle.db, { secrets: new SecretBox(config.secretKeys) });
  if (applied.length > 0) {
    console.log(`Demo data written (${handle.kind}): ${applied.join(', ')}.`);
  } else if (!ifConfigured) {
    console.log(`Demo data already present (${handle.kind}); nothing written.`);
  }
} finally {
  await handle.close();
}
