import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

// A real PowerDNS Authoritative Server for the DNS driver's tests (issue 38): Debian's
// pdns-server with its SQLite backend, on free local ports, with a fresh database in a temporary
// folder, started by the test file and killed after. Never the machine's own service.

const PDNS_SERVER = '/usr/sbin/pdns_server';
/** Where Debian's pdns-backend-sqlite3 puts its schema (`dpkg -L pdns-backend-sqlite3`). */
const SQLITE_SCHEMAS = [
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
];
const INSTALL = 'apt-get install -y pdns-server pdns-backend-sqlite3';
const READY_TIMEOUT_MS = 15_000;

export interface PowerDnsServer {
  /** The webserver's base URL, for PowerDnsDriver's `apiUrl`. */
  apiUrl: string;
  apiKey: string;
  /** `127.0.0.1:<port>`, for `Resolver.setServers`. */
  dnsAddress: string;
  /** What the server printed so far. */
  output(): string;
  /** Kills the server and removes its folder; calling it again does nothing. */
  stop(): Promise<void>;
}

/** A port free for both TCP and UDP on 127.0.0.1 (a DNS server takes both). */
async function freeDnsPort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() =>
          typeof address === 'object' && address ? resolve(address.port) : reject(),
        );
      });
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
}

async function freeTcpPort(): Promise<number> {
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

function sqliteSchema(): string {
  const file = SQLITE_SCHEMAS.find((candidate) => existsSync(candidate));
  if (!file) {
    throw new Error(
      `PowerDNS's SQLite schema is missing (${SQLITE_SCHEMAS.join(', ')}): run \`${INSTALL}\``,
    );
  }
  return readFileSync(file, 'utf8');
}

/**
 * Starts pdns_server with the API on, answering DNS on 127.0.0.1. Fails, never skips, when
 * PowerDNS is not installed: the tests that need it are the ones that prove the driver works.
 */
export async function startPowerDns(): Promise<PowerDnsServer> {
  if (!existsSync(PDNS_SERVER)) {
    throw new Error(`${PDNS_SERVER} is missing: run \`${INSTALL}\` (Debian's packages)`);
  }
  const schema = sqliteSchema();
  // The two free ports can be taken by someone else before PowerDNS binds them: try again.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await launch(schema);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function launch(schema: string): Promise<PowerDnsServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrin-pdns-'));
  const databaseFile = path.join(dir, 'pdns.sqlite3');
  const database = new DatabaseSync(databaseFile);
  database.exec(schema);
  database.close();

  const [dnsPort, apiPort] = [await freeDnsPort(), await freeTcpPort()];
  const apiKey = randomBytes(16).toString('hex');
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const child: ChildProcess = spawn(
    PDNS_SERVER,
    [
      '--launch=gsqlite3',
      `--gsqlite3-database=${databaseFile}`,
      '--api=yes',
      `--api-key=${apiKey}`,
      '--webserver=yes',
      '--webserver-address=127.0.0.1',
      `--webserver-port=${apiPort}`,
      '--webserver-allow-from=127.0.0.0/8',
      '--local-address=127.0.0.1',
      `--local-port=${dnsPort}`,
      `--config-dir=${dir}`,
      `--socket-dir=${dir}`,
      '--guardian=no',
      '--daemon=no',
      '--disable-syslog',
      '--write-pid=no',
      // No query to the outside world for PowerDNS's own security status.
      '--security-poll-suffix=',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`pdns_server exited early:\n${log}`);
    }
    try {
      const answer = await fetch(`${apiUrl}/api/v1/servers/localhost`, {
        headers: { 'X-API-Key': apiKey },
      });
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`pdns_server's API did not answer in ${READY_TIMEOUT_MS} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { apiUrl, apiKey, dnsAddress: `127.0.0.1:${dnsPort}`, output: () => log, stop };
}
