// How much a password sign-in costs: scrypt hashes per second at our cost parameters and the
// neighbouring ones, one at a time and four at once (libuv's default thread pool), on this
// machine. Writes results/password-hash.json. Run: npx tsx bench/password-hash.ts
import { randomBytes, scrypt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHOSEN_N = 2 ** 15; // apps/server/src/modules/accounts/password.ts
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 5) * 1000;

function hashOnce(n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    scrypt(
      'correct horse battery 1405',
      randomBytes(16),
      KEY_LENGTH,
      { N: n, r: R, p: P, maxmem: 256 * n * R },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

async function measure(n: number, concurrency: number) {
  const start = performance.now();
  let done = 0;
  const latencies: number[] = [];
  async function worker() {
    while (performance.now() - start < DURATION_MS) {
      const t0 = performance.now();
      await hashOnce(n);
      latencies.push(performance.now() - t0);
      done += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    hashesPerSecond: Math.round((done / seconds) * 10) / 10,
    medianMs: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    memoryMiB: (128 * n * R) / 2 ** 20,
  };
}

const rows = [];
for (const log2 of [14, 15, 16, 17]) {
  const n = 2 ** log2;
  const serial = await measure(n, 1);
  const parallel = await measure(n, 4);
  rows.push({ N: `2^${log2}`, r: R, p: P, chosen: n === CHOSEN_N, serial, parallel4: parallel });
  console.log(
    `N=2^${log2}${n === CHOSEN_N ? ' (ours)' : '       '}  ${serial.memoryMiB} MiB  one at a time: ${serial.hashesPerSecond}/s (${serial.medianMs} ms)  four at once: ${parallel.hashesPerSecond}/s (${parallel.medianMs} ms)`,
  );
}

const chosen = rows.find((row) => row.chosen);
const result = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  durationSecondsPerMeasure: DURATION_MS / 1000,
  rows,
  // The ceiling for password sign-ins per second on this machine: every one costs one hash.
  signInCeilingPerSecond: chosen?.parallel4.hashesPerSecond,
};
writeFileSync(
  path.join(import.meta.dirname, 'results', 'password-hash.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(
  `\nPassword sign-ins this machine can verify per second (N=2^15, 4 threads): ${result.signInCeilingPerSecond}`,
);
