// A node that runs one periodic job and never finishes it: started as a process of its own by
// job-queue-crash.real.test.ts and killed with SIGKILL mid-run. Prints `running <job id>` when
// the run starts. DATABASE_URL names the database.
import { openDatabase } from '../db/client';
import { JobQueue } from '../lib/job-queue';
import type { Logger } from '../lib/logger';

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
const queue = new JobQueue({ executor: database, log: quiet, work: true });
queue.periodic('crash.periodic', Number(process.env.PERIOD_MS ?? 3000), async () => {
  process.stdout.write('running\n');
  await new Promise(() => {});
});
await queue.start();
