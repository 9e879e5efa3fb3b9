import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../build.mjs';
import { serverRoot } from '../paths';

// The production server as `npm start` runs it, for tests that need a process of its own
// (tracing has to start before the app is imported). CI runs the unit suite before
// `npm run build`, so each test file builds its own copy with build.mjs's options. It lives under
// the package's node_modules/.cache so the bundle finds its dependencies as dist/ does.

export interface ServerBundle {
  mainFile: string;
  remove(): void;
}

/** Builds dist/main.js (and its chunks) as `npm run build` does, into a folder of its own. */
export async function buildServerBundle(): Promise<ServerBundle> {
  const cache = path.join(serverRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'vitrin-server-build-'));
  await build({ ...serverBuildOptions(), outdir });
  return {
    mainFile: path.join(outdir, 'main.js'),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

async function freePort(): Promise<number> {
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

export interface BuiltServer {
  url: string;
  /** Its DATA_DIR: the console SMS sender writes to outbox/sms.jsonl there. */
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Every module specifier the server's ES modules imported so far, in order. */
  importedSpecifiers(): string[];
  /** SIGTERM, as a deploy sends, and the exit code; the data directory is removed after. */
  stop(): Promise<number | null>;
}

/**
 * Starts the bundle on a free port with a temporary DATA_DIR (embedded PGlite unless `env` sets
 * DATABASE_URL). A module hook records each specifier an ES module imports, so a test can tell
 * what the server loaded.
 */
export async function startBuiltServer(
  bundle: ServerBundle,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-built-'));
  const importLog = path.join(dataDir, 'imports.log');
  const recordImports = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  appendFileSync(${JSON.stringify(importLog)}, specifier + '\\n');
  return next(specifier, context);
}`;
  const registerHook = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(recordImports)}`)});`;
  const child = spawn(
    process.execPath,
    [`--import=data:text/javascript,${encodeURIComponent(registerHook)}`, bundle.mainFile],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        JOBS_INTERVAL_MS: '0',
        LOG_LEVEL: 'warn',
        // API only: a web build in apps/web/dist may be rewritten while the test runs.
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server not ready in 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    importedSpecifiers: () => readFileSync(importLog, 'utf8').trim().split('\n'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface SignInJourney {
  /** The customer's number as she typed it (09…). */
  phone: string;
  password: string;
  /** The one-time code the SMS carried. */
  code: string;
  accessToken: string;
  refreshToken: string;
  /** Each call's path and HTTP status, in order. */
  calls: Array<{ path: string; status: number }>;
}

/**
 * A new customer against `server`: signs up, confirms her number with the SMS code, signs in
 * with her password (once mistyped), and reads her profile with the query string a careless
 * client might add. Every step touches the database.
 */
export async function runSignInJourney(server: BuiltServer): Promise<SignInJourney> {
  const phone = '09127654321';
  const password = 'zard-anar-pesteh-1405';
  const calls: SignInJourney['calls'] = [];
  const call = async (callPath: string, input: unknown, token?: string) => {
    const response = await fetch(server.url + callPath, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(input),
    });
    calls.push({ path: callPath.split('?')[0] ?? callPath, status: response.status });
    return (await response.json()) as { ok: boolean; data: Record<string, string> };
  };
  await call('/api/jwt/register', { mobileNumber: phone, password });
  await call('/api/jwt/send-temp-code', { username: phone });
  const outbox = path.join(server.dataDir, 'outbox', 'sms.jsonl');
  const sms = readFileSync(outbox, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string | null })
    .findLast((entry) => entry.to === `+98${phone.slice(1)}` && entry.code !== null);
  if (!sms?.code) throw new Error('no sign-in code in the SMS outbox');
  const verified = await call('/api/jwt/verify-temporary-code', { input: phone, code: sms.code });
  if (!verified.ok) throw new Error(`verify-temporary-code: ${JSON.stringify(verified)}`);
  await call('/api/jwt/authenticate', { username: phone, password: `${password}-typo` });
  const signedIn = await call('/api/jwt/authenticate', { username: phone, password });
  if (!signedIn.ok) throw new Error(`authenticate: ${JSON.stringify(signedIn)}`);
  const accessToken = signedIn.data.jwtToken ?? '';
  await call(`/api/jwt/get-user-info?mobile=${phone}&code=${sms.code}`, {}, accessToken);
  return {
    phone,
    password,
    code: sms.code,
    accessToken,
    refreshToken: signedIn.data.refreshToken ?? '',
    calls,
  };
}
