import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Runs a Node script of the build to its end without blocking the test process. */
export function runToExit(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return runCommand(process.execPath, args, env);
}

/** Runs a command to its end without blocking the test process; answers its code and output. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

export interface RunningServer {
  url: string;
  /** The server's DATA_DIR: the SMS outbox is in outbox/sms.jsonl. */
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the built server (npm run build) on a free port with a temporary DATA_DIR, seeded with
 * the demo data first as npm start does (unless `env` turns the seed off).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const serverEnv = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    // As the in-process server does: a web build elsewhere (E2E_WEB_DIST_DIR) is the one served.
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    ...env,
  };
  let log = '';
  // As npm start does: the seed's own bundle writes the demo data first (when these settings ask
  // for it), since the server's bundle carries none.
  const seeded = await runToExit(
    [path.join(root, 'apps/server/dist/seed-cli.js'), '--if-configured'],
    serverEnv,
  );
  log += seeded.output;
  if (seeded.code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`demo seed failed (exit ${seeded.code}):\n${log}`);
  }
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
