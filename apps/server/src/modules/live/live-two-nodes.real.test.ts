import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_RETURNING_VISITOR,
  LIVE_ACTION_STARTED,
  LIVE_EVENT_NOTIFY,
  type LiveNotification,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { DEFAULT_ACCESS_TOKEN_KEY_ID } from '../../lib/access-token-keys';
import { createSignedInUser, type SignedInUser } from '../../test/api-kit';
import { createTestDatabase, deleteKeys } from '../../test/test-app';
import { LIVE_MESSAGES } from './live-socket';
import {
  closeSockets,
  connectPanel,
  connectTracker,
  eventually,
  freshKwClientId,
  freshLiveDomain,
  giveDomain,
  nextNotify,
  refresh,
  sendVisit,
  start,
  staysQuiet,
} from './live-test-kit';
import type { VisitorCounts } from './visitor-counts';

// Issue 7: "In CI on real Redis: two server processes; a visit on one reaches a panel on the
// other; counts agree." Two real `main.ts` processes share one PostgreSQL and one Redis prefix,
// as two nodes behind a load balancer do. Run by the server-postgres project only.

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('the two-node live tests need REDIS_URL (CI sets it)');

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const READY_TIMEOUT_MS = 45_000;
const KILL_AFTER_MS = 5000;
/** The service writes visits behind every second (live.routes.ts); half a second to spare. */
const WRITE_BEHIND_MS = 1500;

interface ServerNode {
  name: string;
  origin: string;
  /** Everything the process printed (its logs go to stdout, crashes to stderr). */
  output(): string;
  /** SIGTERM, SIGKILL after KILL_AFTER_MS; answers the exit code (null when killed). */
  stop(): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function stopProcess(child: ChildProcess): Promise<number | null> {
  const exited = exitOf(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  try {
    return await exited;
  } finally {
    clearTimeout(killer);
  }
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let redis: Redis;
let app: FastifyInstance;
let a: ServerNode;
let b: ServerNode;
let owner: SignedInUser;
let stranger: SignedInUser;
const redisKeyPrefix = `vitrin-test-${randomBytes(6).toString('hex')}:`;
const jwtSecret = randomBytes(36).toString('base64url');
const running = new Set<ServerNode>();

/** Starts `main.ts` under tsx on `port` and waits until `/readyz` answers 200. */
async function startNode(name: string, port: number): Promise<ServerNode> {
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // Only what the node needs: nothing of the test runner's environment leaks into its settings.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      JOBS_INTERVAL_MS: '0',
      SEED_DEMO_DATA: 'false',
      LIVE_CONNECTS_PER_MINUTE: '100000',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const node: ServerNode = {
    name,
    origin,
    output: () => output,
    stop: async () => {
      running.delete(node);
      return stopProcess(child);
    },
  };
  running.add(node);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(node);
      throw new Error(`node ${name} exited before it was ready:\n${output}`);
    }
    try {
      const ready = await fetch(`${origin}/readyz`);
      if (ready.status === 200) return node;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await node.stop();
      throw new Error(`node ${name} not ready in ${READY_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('the two-node live tests need real PostgreSQL');
  dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-live-nodes-'));
  redis = new Redis(redisUrl);
  // A migrates the fresh database at its start; whatever starts after it finds that done.
  a = await startNode('A', await freePort());
  const signIn = async () => {
    // Never listens: it signs people in on the nodes' database with the nodes' secret.
    app = await buildApp(
      testConfig({
        databaseUrl: database.url,
        redisUrl,
        redisKeyPrefix,
        accessTokenKeys: {
          current: { id: DEFAULT_ACCESS_TOKEN_KEY_ID, secret: jwtSecret },
          verifyOnly: [],
        },
      }),
    );
    await app.ready();
    owner = await createSignedInUser(app, { firstName: 'سارا', lastName: 'محمدی' });
    stranger = await createSignedInUser(app, { firstName: 'رضا', lastName: 'کریمی' });
  };
  [b] = await Promise.all([startNode('B', await freePort()), signIn()]);
}, 60_000);

afterAll(async () => {
  closeSockets();
  await Promise.all([...running].map((node) => node.stop()));
  await app?.close();
  if (redis) {
    await deleteKeys(redis, redisKeyPrefix);
    await redis.quit();
  }
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

let outputAtStart = new Map<ServerNode, number>();

beforeEach(({ onTestFailed }) => {
  outputAtStart = new Map([...running].map((node) => [node, node.output().length]));
  onTestFailed(() => {
    for (const node of [a, b]) {
      const since = node.output().slice(outputAtStart.get(node) ?? 0);
      if (since) process.stderr.write(`\n── node ${node.name} printed ──\n${since}\n`);
    }
  });
});

afterEach(closeSockets);

/** A fresh domain of `person`'s, registered before any tracker of it connects to any node. */
async function domainOf(person: SignedInUser): Promise<string> {
  const domainName = freshLiveDomain();
  await giveDomain(app, person.id, domainName);
  return domainName;
}

/** The owner's panel on `node`, started on `domainName`. */
async function watch(node: ServerNode, domainName: string): Promise<Socket> {
  const panel = await connectPanel(node.origin, owner.token);
  const started = await start(panel, { userId: owner.id, domainName });
  if (!('notify' in started)) throw new Error(`start refused: ${started.refused.message}`);
  expect(started.notify.action).toBe(LIVE_ACTION_STARTED);
  return panel;
}

/** The counts `nodeMessage.refreshLiveData` answers on the panel's node. */
async function countsOf(panel: Socket, domainName: string): Promise<VisitorCounts> {
  const answer = await refresh(panel, { userId: owner.id, domainName });
  if (!('notify' in answer)) throw new Error(`refresh refused: ${answer.refused.message}`);
  return answer.notify.data.userCount;
}

/** The next `count` notifications the panel receives, or a timeout error. */
function notifications(
  panel: Socket,
  count: number,
  timeoutMs = 5000,
): Promise<LiveNotification[]> {
  return new Promise((resolve, reject) => {
    const heard: LiveNotification[] = [];
    const timer = setTimeout(() => {
      panel.off(LIVE_EVENT_NOTIFY, onNotify);
      reject(new Error(`${heard.length} of ${count} notifications within ${timeoutMs} ms`));
    }, timeoutMs);
    const onNotify = (notify: LiveNotification) => {
      heard.push(notify);
      if (heard.length < count) return;
      clearTimeout(timer);
      panel.off(LIVE_EVENT_NOTIFY, onNotify);
      resolve(heard);
    };
    panel.on(LIVE_EVENT_NOTIFY, onNotify);
  });
}

function counts(all: number, today: number, newToday: number, online: number): VisitorCounts {
  return {
    allVisitorsCount: all,
    allVisitorsTodayCount: today,
    newVisitorsTodayCount: newToday,
    onlineVisitorsCount: online,
  };
}

describe('two server processes on one PostgreSQL and one Redis', () => {
  test('a visit on one node reaches a panel on the other', async () => {
    const domainName = await domainOf(owner);
    const panelOnB = await watch(b, domainName);
    const kwClientId = freshKwClientId();
    const trackerOnA = await connectTracker(a.origin, { domainName, kwClientId });
    sendVisit(trackerOnA);
    expect(await nextNotify(panelOnB)).toEqual({
      action: LIVE_ACTION_NEW_VISITOR,
      data: { userData: { connectDate: expect.any(String) }, userCount: counts(1, 1, 1, 1) },
    });

    // The same visitor, now through node B, reaches a panel on node A as returning.
    const panelOnA = await watch(a, domainName);
    const trackerOnB = await connectTracker(b.origin, { domainName, kwClientId });
    sendVisit(trackerOnB);
    expect(await nextNotify(panelOnA)).toEqual({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userData: { connectDate: expect.any(String) }, userCount: counts(1, 1, 1, 2) },
    });
  });

  test('counts agree on both nodes, online counts trackers held on either', async () => {
    const domainName = await domainOf(owner);
    const panelOnA = await watch(a, domainName);
    const panelOnB = await watch(b, domainName);
    const [first, second, third] = [freshKwClientId(), freshKwClientId(), freshKwClientId()];
    // Two trackers on A and three on B; the first two visitors have a tab on each node.
    const onA = await Promise.all(
      [first, second].map((kwClientId) => connectTracker(a.origin, { domainName, kwClientId })),
    );
    const onB = await Promise.all(
      [first, second, third].map((kwClientId) =>
        connectTracker(b.origin, { domainName, kwClientId }),
      ),
    );

    // All five visit at once: each visitor is new exactly once, whichever node answers first.
    const heardOnA = notifications(panelOnA, 5);
    const heardOnB = notifications(panelOnB, 5);
    for (const tracker of [...onA, ...onB]) sendVisit(tracker);
    for (const heard of await Promise.all([heardOnA, heardOnB])) {
      const actions = heard.map((notify) => notify.action).sort();
      expect(actions).toEqual([
        LIVE_ACTION_NEW_VISITOR,
        LIVE_ACTION_NEW_VISITOR,
        LIVE_ACTION_NEW_VISITOR,
        LIVE_ACTION_RETURNING_VISITOR,
        LIVE_ACTION_RETURNING_VISITOR,
      ]);
    }
    const afterVisits = await Promise.all([
      countsOf(panelOnA, domainName),
      countsOf(panelOnB, domainName),
    ]);
    expect(afterVisits).toEqual([counts(3, 3, 3, 5), counts(3, 3, 3, 5)]);

    // A newcomer through A is heard on B; back through B, it is returning on A.
    const fourth = freshKwClientId();
    const latecomer = await connectTracker(a.origin, { domainName, kwClientId: fourth });
    const heardNew = Promise.all([nextNotify(panelOnA), nextNotify(panelOnB)]);
    sendVisit(latecomer);
    const [, newOnB] = await heardNew;
    expect(newOnB).toMatchObject({
      action: LIVE_ACTION_NEW_VISITOR,
      data: { userCount: counts(4, 4, 4, 6) },
    });
    const again = await connectTracker(b.origin, { domainName, kwClientId: fourth });
    const heardReturning = Promise.all([nextNotify(panelOnA), nextNotify(panelOnB)]);
    sendVisit(again);
    const [returningOnA] = await heardReturning;
    expect(returningOnA).toMatchObject({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userCount: counts(4, 4, 4, 7) },
    });

    const onlineOnBoth = () =>
      Promise.all([countsOf(panelOnA, domainName), countsOf(panelOnB, domainName)]).then((both) =>
        both.map((count) => count.onlineVisitorsCount),
      );
    // Closing on either node lowers the one count both nodes read.
    latecomer.close();
    again.close();
    onA[0]?.close();
    onB[2]?.close();
    expect(await eventually(onlineOnBoth, ([x, y]) => x === 3 && y === 3)).toEqual([3, 3]);
    for (const tracker of [...onA, ...onB]) tracker.close();
    expect(await eventually(onlineOnBoth, ([x, y]) => x === 0 && y === 0)).toEqual([0, 0]);
    expect(await countsOf(panelOnB, domainName)).toEqual(counts(4, 4, 4, 0));
  });

  test('a node restarted on an emptied Redis loads the visitors back from PostgreSQL', async () => {
    const domainName = await domainOf(owner);
    const panelOnB = await watch(b, domainName);
    const visitedOnA = freshKwClientId();
    const visitedOnB = freshKwClientId();
    const alsoOnA = freshKwClientId();
    const heard = notifications(panelOnB, 3);
    for (const [node, kwClientId] of [
      [a, visitedOnA],
      [b, visitedOnB],
      [a, alsoOnA],
    ] as const) {
      sendVisit(await connectTracker(node.origin, { domainName, kwClientId }));
    }
    expect((await heard).map((notify) => notify.action)).toEqual([
      LIVE_ACTION_NEW_VISITOR,
      LIVE_ACTION_NEW_VISITOR,
      LIVE_ACTION_NEW_VISITOR,
    ]);
    expect(await countsOf(panelOnB, domainName)).toEqual(counts(3, 3, 3, 3));
    closeSockets();
    // B writes its visit behind within a second; A's are written at its graceful close too.
    await new Promise((resolve) => setTimeout(resolve, WRITE_BEHIND_MS));

    // B has just used the domain when Redis loses everything: B's next visit must still know
    // the visitor (the sets are loaded back from PostgreSQL first), never count them new again.
    const panelBeforeFlush = await watch(b, domainName);
    await deleteKeys(redis, redisKeyPrefix);
    sendVisit(await connectTracker(b.origin, { domainName, kwClientId: visitedOnA }));
    expect(await nextNotify(panelBeforeFlush)).toMatchObject({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userCount: counts(3, 3, 3, 1) },
    });
    closeSockets();
    await new Promise((resolve) => setTimeout(resolve, WRITE_BEHIND_MS));

    const port = Number(new URL(a.origin).port);
    expect(await a.stop()).toBe(0);
    // As a Redis restarted without persistence would: this run's keys, and only those, go.
    await deleteKeys(redis, redisKeyPrefix);
    a = await startNode('A', port);

    const panelOnA = await watch(a, domainName);
    expect(await countsOf(panelOnA, domainName)).toEqual(counts(3, 3, 3, 0));
    const tracker = await connectTracker(a.origin, { domainName, kwClientId: visitedOnB });
    sendVisit(tracker);
    expect(await nextNotify(panelOnA)).toMatchObject({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userCount: counts(3, 3, 3, 1) },
    });
    const trackerOnB = await connectTracker(b.origin, { domainName, kwClientId: visitedOnA });
    sendVisit(trackerOnB);
    expect(await nextNotify(panelOnA)).toMatchObject({
      action: LIVE_ACTION_RETURNING_VISITOR,
      data: { userCount: counts(3, 3, 3, 2) },
    });
    const newcomer = await connectTracker(b.origin, { domainName });
    sendVisit(newcomer);
    expect(await nextNotify(panelOnA)).toMatchObject({
      action: LIVE_ACTION_NEW_VISITOR,
      data: { userCount: counts(4, 4, 4, 3) },
    });
    const panelOnNewB = await watch(b, domainName);
    expect(await countsOf(panelOnNewB, domainName)).toEqual(counts(4, 4, 4, 3));
  }, 60_000);

  test('a panel on another node for a domain not its person’s is refused and hears nothing', async () => {
    const domainName = await domainOf(owner);
    const ownersPanel = await watch(b, domainName);
    const strangersPanel = await connectPanel(b.origin, stranger.token);
    expect(await start(strangersPanel, { userId: stranger.id, domainName })).toEqual({
      refused: { message: LIVE_MESSAGES.notYourDomain },
    });
    // Naming the owner does not help either: the token's person is the one asking.
    expect(await start(strangersPanel, { userId: owner.id, domainName })).toEqual({
      refused: { message: LIVE_MESSAGES.notYourDomain },
    });
    const tracker = await connectTracker(a.origin, { domainName });
    const quiet = staysQuiet(strangersPanel, 1000);
    sendVisit(tracker);
    // The visit did cross to B: the owner's panel there hears it.
    expect((await nextNotify(ownersPanel)).action).toBe(LIVE_ACTION_NEW_VISITOR);
    expect(await quiet).toBe(true);
  });
});
