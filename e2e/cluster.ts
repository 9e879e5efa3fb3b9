import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import {
  type ClientHttp2Session,
  type ClientHttp2Stream,
  connect as connectHttp2,
  constants as http2Constants,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '@vitrin/server/src/db/scratch-database';
import { Redis } from 'ioredis';
import { freePort, runCommand, runToExit } from './server';

// The production layout on this machine (issue 23): PostgreSQL and Redis (already running), the
// built server as several Node processes, and Debian's nginx in front with deploy/nginx/vitrin.conf
// itself, its ports, paths and certificate swapped for local ones. The 3-node test drives it;
// `npm run cluster` starts one to look at.

const root = path.resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 60_000;

export interface ClusterNode {
  readonly index: number;
  readonly port: number;
  /** `127.0.0.1:<port>`, as nginx names the upstream in `$upstream_addr`. */
  readonly address: string;
  readonly logFile: string;
  /** The running process, or null while it is down. */
  process: ChildProcess | null;
}

export interface ClusterAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Cluster {
  /** https://127.0.0.1:<port>, nginx with a self-signed certificate. */
  readonly origin: string;
  /** The certificate nginx shows (PEM): the clients' one trusted authority. */
  readonly certificate: string;
  /** One request through nginx (HTTP/2, TLS checked against `certificate`); never throws on a status. */
  request(
    pathname: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<ClusterAnswer>;
  /** Requests sent again because nginx refused their stream while reloading (see requestOver). */
  resentRefusedStreams(): number;
  readonly nodes: ClusterNode[];
  readonly databaseUrl: string;
  readonly redisKeyPrefix: string;
  readonly dir: string;
  /** Starts node `index` (after a kill or a stop) and waits until it is ready. */
  startNode(index: number): Promise<void>;
  /** SIGKILL: the process dies with whatever it was doing. */
  killNode(index: number): Promise<void>;
  /** SIGTERM, as systemd stops a unit, and waits for the exit; answers its exit code. */
  stopNode(index: number): Promise<number | null>;
  /**
   * deploy/rolling-restart.sh on this cluster: each node out of nginx, stopped (SIGTERM, as
   * systemd does), started, back in. Answers the stopped nodes' exit codes, in order.
   */
  rollingRestart(): Promise<Array<number | null>>;
  /** Every node's process log (JSON lines), for a failure's message. */
  logs(): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL the cluster may create a database on (TEST_DATABASE_URL). */
  databaseAdminUrl: string;
  redisUrl: string;
  nodes?: number;
  /** Extra settings for every node (limits for a load test). */
  env?: Record<string, string>;
  /** Runs after the migration and the demo seed, before the nodes start (test data). */
  prepare?: (databaseUrl: string) => Promise<void>;
}

/**
 * deploy/nginx/vitrin.conf with this machine's ports, paths and certificate. Each replaced line
 * must be found: the test exercises the file operators install, and fails if the two drift.
 */
export function localNginxConfig(options: {
  httpPort: number;
  httpsPort: number;
  nodePorts: number[];
  certificate: string;
  key: string;
}): string {
  let text = readFileSync(path.join(root, 'deploy/nginx/vitrin.conf'), 'utf8');
  const replace = (pattern: RegExp, replacement: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx/vitrin.conf has no ${pattern}`);
    text = text.replace(pattern, replacement);
  };
  const upstreams = options.nodePorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  replace(/( {4}server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=5s;\n)+/, `${upstreams}\n`);
  replace(/ {4}listen \[::\]:80;\n/g, '');
  replace(/ {4}listen \[::\]:443 ssl http2;\n/g, '');
  replace(/listen 80;/, `listen 127.0.0.1:${options.httpPort};`);
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`);
  replace(/ssl_certificate +\S+;/, `ssl_certificate ${options.certificate};`);
  replace(/ssl_certificate_key +\S+;/, `ssl_certificate_key ${options.key};`);
  replace(/root \/opt\/vitrin\/apps\/web\/dist;/, `root ${path.join(root, 'apps/web/dist')};`);
  // Which node answered (or failed) each request: the test's way to tell the failures in flight
  // on a killed node from any other. Never in the operator's file: it names internal addresses.
  replace(
    /( {4}location \/ \{\n {8}proxy_pass http:\/\/vitrin_nodes;\n)/,
    '$1        add_header X-Vitrin-Upstream $upstream_addr always;\n',
  );
  return text;
}

function nginxMainConfig(dir: string, siteConfig: string): string {
  const runAsRoot = process.getuid?.() === 0;
  return [
    // As root, nginx's workers would switch to `nobody`, who cannot write the temporary paths.
    runAsRoot ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/nginx-error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${dir}/nginx-access.log;`,
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    siteConfig,
    '}',
    '',
  ].join('\n');
}

/**
 * Requests over HTTP/2, as browsers talk to this nginx. When nginx reloads, its old worker sends
 * GOAWAY and refuses the streams it will not process (REFUSED_STREAM, or a stream started after
 * the GOAWAY): by the protocol those were never processed, and like a browser they are sent again
 * on a new connection. Anything else that fails is the caller's to count.
 */
function requestOver(origin: string, ca: string, onResent: () => void) {
  let session: ClientHttp2Session | null = null;
  const sessions = new Set<ClientHttp2Session>();
  const current = (): ClientHttp2Session => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connectHttp2(origin, { ca });
    sessions.add(opened);
    const forget = () => {
      if (session === opened) session = null;
    };
    opened.on('goaway', forget);
    opened.on('close', () => {
      forget();
      sessions.delete(opened);
    });
    opened.on('error', forget);
    session = opened;
    return opened;
  };
  const once = (
    pathname: string,
    init: Parameters<Cluster['request']>[1] = {},
    resent = 0,
  ): Promise<ClusterAnswer> =>
    new Promise((resolve, reject) => {
      const retry = () => {
        onResent();
        once(pathname, init, resent + 1).then(resolve, reject);
      };
      let stream: ClientHttp2Stream;
      try {
        stream = current().request({
          ':method': init.method ?? 'GET',
          ':path': pathname,
          ...init.headers,
        });
      } catch (error) {
        // The session got its GOAWAY between `current()` and here: nothing was sent.
        if ((error as NodeJS.ErrnoException).code === 'ERR_HTTP2_GOAWAY_SESSION' && resent < 3) {
          session = null;
          return retry();
        }
        return reject(error);
      }
      let status = 0;
      let headers: ClusterAnswer['headers'] = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => {
        status = Number(received[':status'] ?? 0);
        headers = received as ClusterAnswer['headers'];
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({ status, headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      stream.on('error', (error) => {
        const refused = stream.rstCode === http2Constants.NGHTTP2_REFUSED_STREAM && status === 0;
        if (refused && resent < 3) retry();
        else reject(error);
      });
      stream.end(init.body);
    });
  return {
    request: ((pathname, init) => once(pathname, init)) as Cluster['request'],
    close: () => {
      for (const opened of sessions) opened.destroy();
    },
  };
}

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  stillWorth: () => string | null = () => null,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const reason = stillWorth();
    if (reason) throw new Error(`${what}: ${reason}`);
    try {
      if (await check()) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Leaves nothing of this cluster in a shared Redis. */
async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run installs it)`);
  }
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: npm run build`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrin-cluster-'));
  const cleanups: Array<() => Promise<void> | void> = [
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  let database: ScratchDatabase | null = null;
  let nginx: ChildProcess | null = null;
  const nodes: ClusterNode[] = [];
  try {
    database = await createScratchDatabase(
      options.databaseAdminUrl,
      `vitrin_cluster_${process.pid}_${randomBytes(3).toString('hex')}`,
    );
    const scratch = database;
    cleanups.unshift(() => scratch.drop());
    const redisKeyPrefix = `vitrin-cluster-${randomBytes(6).toString('hex')}:`;
    cleanups.unshift(() => deleteRedisKeys(options.redisUrl, redisKeyPrefix));
    const httpsPort = await freePort();
    const httpPort = await freePort();
    const origin = `https://127.0.0.1:${httpsPort}`;
    const common: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      PUBLIC_URL: origin,
      // One data directory for all nodes, as a shared mount would be (uploads, outboxes).
      DATA_DIR: path.join(dir, 'data'),
      JWT_SECRET: randomBytes(48).toString('base64'),
      SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    // The deploy's own steps: migrate once (vitrin-migrate.service), then the demo shop.
    const migrated = await runToExit([path.join(root, 'apps/server/dist/migrate-cli.js')], common);
    if (migrated.code !== 0) throw new Error(`npm run migrate failed:\n${migrated.output}`);
    // The seed refuses a production database (its accounts have known passwords): this one is a
    // demo's, so the seed runs as development.
    const seeded = await runToExit([path.join(root, 'apps/server/dist/seed-cli.js')], {
      ...common,
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'true',
    });
    if (seeded.code !== 0) throw new Error(`demo seed failed:\n${seeded.output}`);
    await options.prepare?.(database.url);

    for (let index = 0; index < (options.nodes ?? 3); index += 1) {
      const port = await freePort();
      nodes.push({
        index,
        port,
        address: `127.0.0.1:${port}`,
        logFile: path.join(dir, `node-${index + 1}.log`),
        process: null,
      });
    }
    const startNode = async (index: number) => {
      const node = nodes[index];
      if (!node) throw new Error(`no node ${index}`);
      if (node.process) throw new Error(`node ${index + 1} is running`);
      const log = openSync(node.logFile, 'a');
      const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
        cwd: root,
        env: { ...common, PORT: String(node.port) },
        stdio: ['ignore', log, log],
      });
      node.process = child;
      child.once('exit', () => {
        if (node.process === child) node.process = null;
      });
      await waitUntil(
        `node ${index + 1} ready`,
        async () => (await fetch(`http://${node.address}/readyz`)).ok,
        () => (node.process === child ? null : `exited:\n${readFileSync(node.logFile, 'utf8')}`),
      );
    };
    cleanups.unshift(async () => {
      await Promise.all(
        nodes.map(async (node) => {
          const child = node.process;
          if (!child) return;
          child.kill('SIGKILL');
          await exitOf(child);
        }),
      );
    });
    await Promise.all(nodes.map((node) => startNode(node.index)));

    const certificate = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        certificate,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const nginxConfig = path.join(dir, 'nginx.conf');
    writeFileSync(
      nginxConfig,
      nginxMainConfig(
        dir,
        localNginxConfig({
          httpPort,
          httpsPort,
          nodePorts: nodes.map((node) => node.port),
          certificate,
          key,
        }),
      ),
    );
    execFileSync(NGINX, ['-t', '-q', '-c', nginxConfig, '-p', dir], { stdio: 'pipe' });
    nginx = spawn(NGINX, ['-c', nginxConfig, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    const proxy = nginx;
    cleanups.unshift(async () => {
      proxy.kill('SIGQUIT');
      await exitOf(proxy);
    });
    const pem = readFileSync(certificate, 'utf8');
    let resent = 0;
    const client = requestOver(origin, pem, () => {
      resent += 1;
    });
    cleanups.unshift(() => client.close());
    const request = client.request;
    await waitUntil('nginx', async () => (await request('/healthz')).status === 200);

    return {
      origin,
      certificate: pem,
      request,
      resentRefusedStreams: () => resent,
      nodes,
      databaseUrl: database.url,
      redisKeyPrefix,
      dir,
      startNode,
      async killNode(index) {
        const child = nodes[index]?.process;
        if (!child) throw new Error(`node ${index + 1} is not running`);
        child.kill('SIGKILL');
        await exitOf(child);
      },
      async stopNode(index) {
        const child = nodes[index]?.process;
        if (!child) throw new Error(`node ${index + 1} is not running`);
        child.kill('SIGTERM');
        return exitOf(child);
      },
      async rollingRestart() {
        // The script restarts a node with a command; here that command asks this process, whose
        // children the nodes are, to stop and start one.
        const exitCodes: Array<number | null> = [];
        const control = createServer((incoming, answer) => {
          const index = nodes.findIndex((node) => incoming.url === `/restart/${node.port}`);
          const child = nodes[index]?.process;
          if (index < 0 || !child) {
            answer.writeHead(404).end();
            return;
          }
          child.kill('SIGTERM');
          exitOf(child)
            .then((code) => {
              exitCodes.push(code);
              return startNode(index);
            })
            .then(
              () => answer.writeHead(200).end(),
              (error) => answer.writeHead(500).end(String(error)),
            );
        });
        await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
        const { port } = control.address() as AddressInfo;
        try {
          const restarted = await runCommand(
            'bash',
            [path.join(root, 'deploy/rolling-restart.sh')],
            {
              PATH: process.env.PATH ?? '',
              VITRIN_NGINX_CONF: nginxConfig,
              VITRIN_NGINX_RELOAD: `${NGINX} -c ${nginxConfig} -p ${dir} -s reload`,
              VITRIN_RESTART_NODE: `curl -fsS -X POST http://127.0.0.1:${port}/restart/{port}`,
              VITRIN_DRAIN_SECONDS: '2',
            },
          );
          if (restarted.code !== 0)
            throw new Error(`rolling-restart.sh failed:\n${restarted.output}`);
        } finally {
          control.close();
        }
        return exitCodes;
      },
      logs: () =>
        [
          ...nodes.map((node) => [`node ${node.index + 1}`, node.logFile] as const),
          ['nginx', path.join(dir, 'nginx-error.log')] as const,
        ]
          .map(
            ([name, file]) => `── ${name}\n${existsSync(file) ? readFileSync(file, 'utf8') : ''}`,
          )
          .join('\n'),
      async stop() {
        for (const cleanup of cleanups.splice(0)) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.splice(0))
      await Promise.resolve(cleanup()).catch(() => undefined);
    throw error;
  }
}
