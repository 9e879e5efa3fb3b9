import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The bench's server processes and run details, shared by run.ts, checkout.ts and live.ts.

const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

export const benchDir = path.dirname(fileURLToPath(import.meta.url));

export type ServerKind = 'baseline' | 'target';

export interface RunningServer {
  kind: ServerKind;
  origin: string;
  pid: number;
}

const children = new Set<ChildProcess>();

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM, then SIGKILL if the child is still there after the grace period. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (isRunning(child)) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

// Last resort when this process ends without stopping them (an 'exit' handler cannot wait).
process.on('exit', () => {
  for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await stopAllChildren();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Starts `server.ts` in its own process, so the load generator never shares its event loop. */
export async function startServer(
  kind: ServerKind,
  extraArgs: readonly string[] = [],
): Promise<RunningServer> {
  const args = ['--import', import.meta.resolve('tsx'), path.join(benchDir, 'server.ts')];
  // BENCH_CPU_PROF_DIR=dir writes the target's V8 CPU profile there when it stops (for
  // speedscope or Chrome's DevTools, or `npx tsx bench/profile-top.ts <file>`).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  if (kind === 'target' && profileDir) args.unshift('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  if (kind === 'baseline') args.push('--baseline');
  args.push(...extraArgs);
  const child = spawn(process.execPath, args, {
    cwd: benchDir,
    // stdin stays open as the child's lifeline; stderr shows its crash, if any.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${kind} server did not start in ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${kind} server exited before listening (${signal ?? code})`));
      });
    });
    const { port } = JSON.parse(firstLine) as { port: number };
    return { kind, origin: `http://127.0.0.1:${port}`, pid: child.pid ?? 0 };
  } catch (error) {
    await stopChild(child);
    throw error;
  } finally {
    lines.close();
  }
}

export function commitDescription(): string | null {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=40'], {
      cwd: benchDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function machineDetails() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    platform: os.platform(),
    arch: os.arch(),
    osRelease: os.release(),
    // Taken at the start: other work on the machine skews both servers, so a figure near or
    // above the CPU count means the run is worth repeating.
    loadAverage1mAtStart: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** Runs on real PostgreSQL keep their own file beside the embedded database's. */
export function resultsFileOf(name: string): string {
  return path.join(
    benchDir,
    'results',
    process.env.BENCH_DATABASE_URL ? `${name}-postgres.json` : `${name}.json`,
  );
}

/**
 * Writes a bench's report with what every report carries (database, date, commit, the machine
 * as it was at the start) before its own settings and figures.
 */
export function writeReport(
  name: string,
  machine: ReturnType<typeof machineDetails>,
  settings: Record<string, unknown>,
  figures: Record<string, unknown>,
): void {
  const file = resultsFileOf(name);
  mkdirSync(path.dirname(file), { recursive: true });
  const report = {
    name,
    database: process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite (embedded)',
    date: new Date().toISOString(),
    commit: commitDescription(),
    machine,
    settings,
    ...figures,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
}

/** A bench's entry: its exit code, and every server it started stopped, whatever happened. */
export async function runBench(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stopAllChildren();
  }
}

/**
 * One contract call to a bench server, as a client behind the target's trusted proxy at
 * `clientAddress` (the per-address limits are for people, not for a bench): its `data`, and the
 * milliseconds to the whole answer. Anything but 2xx throws with the server's answer.
 */
export async function callServer<T>(
  origin: string,
  path: string,
  body: unknown,
  options: { clientAddress: string; token?: string | undefined },
): Promise<{ data: T; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.clientAddress,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { data: (JSON.parse(text) as { data: T }).data, ms };
}
