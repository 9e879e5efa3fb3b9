import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  authenticate,
  LIVE_ACTION_REFRESHED,
  LIVE_EVENT_REFRESH,
  type TrackerVisit,
} from '@vitrin/contracts';
import { newClientId, openTrackers, Panel, type Tracker } from './live-clients';
import {
  machineDetails,
  type RunningServer,
  resultsFileOf,
  runBench,
  type ServerKind,
  startServer,
  stopAllChildren,
  writeReport,
} from './processes';

// The live visitor sockets (issue 7): how many tracker connections one node holds and what each
// costs in memory, the visit rate it sustains, and how long a visit takes to reach the panel,
// against a bare Socket.IO echo server measured in the same run (README.md, "Live sockets").
// The two servers run one after the other, never at once: with the clients they would share
// the machine's two cores.

// Each connection takes a file descriptor in this process and one in the server (`ulimit -n`),
// and an ephemeral port of 127.0.0.1's (32768–60999 by default on Linux).
const CONNECTIONS = readInteger('BENCH_LIVE_CONNECTIONS', 10_000, 1, 25_000);
const DURATION_S = readInteger('BENCH_DURATION_S', 10, 1, 600);
const REQUESTED_VISITS_PER_S = readInteger('BENCH_LIVE_VISITS_PER_S', 1000, 1, 100_000);
/** Handshakes in flight at once while the connections open. */
const OPEN_CONCURRENCY = 200;
/**
 * A tracker socket reports a visit at most this often: the server drops a socket's visits past
 * a burst of 10 and one a second, and a real visitor navigates far less often than that.
 */
const SOCKET_VISIT_SPACING_S = 2;
const OFFERED_VISITS_PER_S = Math.min(
  REQUESTED_VISITS_PER_S,
  Math.floor(CONNECTIONS / SOCKET_VISIT_SPACING_S),
);
const WARMUP_S = 2;
/** How often the probe reports a visit; its sockets take turns, each every 2 s at most. */
const PROBE_INTERVAL_MS = 50;
const PROBE_SOCKETS = (SOCKET_VISIT_SPACING_S * 1000) / PROBE_INTERVAL_MS;
/** Probe visits sent (and thrown away) before each latency phase, to warm the visit path up. */
const PROBE_WARMUP_MS = 1000;
/** A probe visit whose notification has not arrived by then is counted lost. */
const PROBE_TIMEOUT_MS = 10_000;
/** How long the load panel may take to receive every notification after the last visit. */
const DRAIN_TIMEOUT_MS = 30_000;
const LOAD_TICK_MS = 5;
const LOOP_DELAY_RESOLUTION_MS = 10;

/** Both service domains of the demo customer (apps/server/src/demo/seed-checkout.ts). */
const LOAD_DOMAIN = 'sara-gallery.ir';
const PROBE_DOMAIN = 'sara-blog.com';
/** The demo customer (apps/server/src/demo/seed.ts), who owns both domains. */
const DEMO_CUSTOMER = { username: '09121234567', password: 'vitrin-demo-1405' };

const resultsFile = resultsFileOf('live');

function readInteger(name: string, fallback: number, min: number, max: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  }
  return number;
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function ratio(target: number, baseline: number): number | null {
  return baseline === 0 ? null : round(target / baseline, 3);
}

/** The histogram holds each interval between its timer's runs: the delay is what exceeds it. */
function loopDelayMs(nanoseconds: number): number {
  return round(Math.max(0, nanoseconds / 1e6 - LOOP_DELAY_RESOLUTION_MS));
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return round(sorted[index] ?? 0);
}

interface LatencyFigures {
  samples: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
}

function latencyFigures(samples: number[], lost: number): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    lost,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: round(sorted.at(-1) ?? 0),
  };
}

function page(sequence: number): TrackerVisit {
  return {
    path: `/gallery/${sequence}`,
    title: 'گالری سارا | نقاشی‌های آبرنگ',
    referrer: sequence % 3 === 0 ? 'https://www.google.com/' : '',
    language: 'fa-IR',
    screen: '1920x1080',
  };
}

async function signIn(origin: string): Promise<{ id: string; jwtToken: string }> {
  const response = await fetch(`${origin}${authenticate.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: { id: string; jwtToken: string } }).data;
}

interface ServerMemory {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  engineConnections: number;
}

async function serverMemory(server: RunningServer): Promise<ServerMemory> {
  const response = await fetch(`${server.origin}/bench/memory`);
  const { memory, engineConnections } = (await response.json()) as {
    memory: NodeJS.MemoryUsage;
    engineConnections: number;
  };
  return {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external,
    engineConnections,
  };
}

interface EventLoopDelay {
  p99: number;
  max: number;
}

/**
 * The server process's CPU time so far (user + system) in milliseconds, and how late its event
 * loop ran (beyond a 10 ms timer) since the previous call.
 */
async function serverCpu(
  server: RunningServer,
): Promise<{ cpuMs: number; eventLoopDelayMs: EventLoopDelay }> {
  const response = await fetch(`${server.origin}/bench/cpu`);
  const { cpu, eventLoopDelayMs } = (await response.json()) as {
    cpu: NodeJS.CpuUsage;
    eventLoopDelayMs: EventLoopDelay;
  };
  return { cpuMs: (cpu.user + cpu.system) / 1000, eventLoopDelayMs };
}

/**
 * Probe visits on their own domain, sent every PROBE_INTERVAL_MS on a fixed schedule whatever
 * the answers (a server that stalls delays every visit sent meanwhile, as it would real
 * visitors'), each timed from its send to its notification's arrival on the probe panel. That
 * panel watches the probe's domain only, and the server answers one domain's visits in the order
 * it reads them, so the n-th notification there answers the n-th probe visit. Resolves once every
 * visit is answered or PROBE_TIMEOUT_MS after the last one was sent.
 */
async function probeLatencies(
  trackers: Tracker[],
  panel: Panel,
  durationMs: number,
  counter: { next: number },
): Promise<{ samples: number[]; lost: number; extra: number }> {
  const firstArrival = panel.visitArrivals.length;
  const sentAt: number[] = [];
  const startedAt = performance.now();
  for (let due = startedAt; due < startedAt + durationMs; due += PROBE_INTERVAL_MS) {
    await sleep(Math.max(0, due - performance.now()));
    const tracker = trackers[counter.next % trackers.length];
    counter.next += 1;
    tracker?.visit({ ...page(counter.next), path: `/probe/${counter.next}` });
    sentAt.push(performance.now());
  }
  const deadline = performance.now() + PROBE_TIMEOUT_MS;
  while (panel.visitArrivals.length - firstArrival < sentAt.length) {
    if (performance.now() > deadline) break;
    await sleep(10);
  }
  const arrivals = panel.visitArrivals.slice(firstArrival);
  const samples = sentAt.slice(0, arrivals.length).map((at, index) => (arrivals[index] ?? at) - at);
  return {
    samples,
    lost: Math.max(0, sentAt.length - arrivals.length),
    extra: Math.max(0, arrivals.length - sentAt.length),
  };
}

/** Background visits at a fixed rate, the load's sockets taking turns, whatever the answers. */
function startVisits(trackers: Tracker[], perSecond: number) {
  let sent = 0;
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * perSecond);
    for (; sent < due; sent += 1) trackers[sent % trackers.length]?.visit(page(sent));
  }, LOAD_TICK_MS);
  return {
    sent: () => sent,
    stop: () => clearInterval(timer),
  };
}

interface SideFigures {
  connections: {
    attempted: number;
    held: number;
    failed: number;
    lostDuringRun: number;
    openSeconds: number;
    opensPerSecond: number;
    /** Engine.IO clients the server reports open once the load's sockets are (+ probe, panels). */
    serverEngineConnections: number;
  };
  memory: {
    before: ServerMemory;
    afterOpen: ServerMemory;
    afterVisits: ServerMemory;
    perConnection: { rssBytes: number; heapUsedBytes: number };
  };
  visits: {
    offeredPerSecond: number;
    sentPerSecond: number;
    panelNotifiesPerSecond: number;
    sentTotal: number;
    notifiedTotal: number;
    /** From the last visit sent to the last notification received. */
    drainMs: number;
    /** Server CPU time over the measured window, as a share of one core. */
    serverCpuShare: number;
    serverCpuMsPerVisit: number;
    /** How late the server's event loop ran in the window: what every message waited behind. */
    serverEventLoopDelayMs: EventLoopDelay;
    /** The load generator's own event-loop delay in the window: high means it fell behind. */
    clientEventLoopDelayMs: EventLoopDelay;
  };
  latencyIdleMs: LatencyFigures;
  latencyUnderLoadMs: LatencyFigures;
  /** `nodeMessage.refreshLiveData` after the run (the target only; the baseline counts nothing). */
  onlineCount: { loadDomain: number; probeDomain: number } | null;
  problems: string[];
}

async function measure(kind: ServerKind): Promise<SideFigures> {
  const problems: string[] = [];
  const lost: string[] = [];
  const onLost = (reason: string) => lost.push(reason);
  const server = await startServer(kind, ['--live']);
  try {
    const identity =
      kind === 'target' ? await signIn(server.origin) : { id: 'baseline', jwtToken: 'none' };
    const loadPanel = await Panel.open(server.origin, identity, LOAD_DOMAIN);
    const probePanel = await Panel.open(server.origin, identity, PROBE_DOMAIN);
    const probe = await openTrackers(
      server.origin,
      PROBE_DOMAIN,
      PROBE_SOCKETS,
      PROBE_SOCKETS,
      onLost,
    );
    if (probe.failures > 0) throw new Error(`probe sockets refused: ${probe.firstFailure}`);

    console.log(`  opening ${CONNECTIONS} tracker connections…`);
    const before = await serverMemory(server);
    const openStarted = performance.now();
    const load = await openTrackers(
      server.origin,
      LOAD_DOMAIN,
      CONNECTIONS,
      OPEN_CONCURRENCY,
      onLost,
    );
    const openSeconds = (performance.now() - openStarted) / 1000;
    if (load.failures > 0) {
      problems.push(`${load.failures} connections failed, the first: ${load.firstFailure}`);
    }
    const afterOpen = await serverMemory(server);
    const held = load.trackers.length;

    console.log('  latency at idle (probe only)…');
    const counter = { next: 0 };
    const warmIdle = await probeLatencies(probe.trackers, probePanel, PROBE_WARMUP_MS, counter);
    const idle = await probeLatencies(probe.trackers, probePanel, DURATION_S * 1000, counter);

    console.log(`  ${OFFERED_VISITS_PER_S} visits/s: ${WARMUP_S} s warm-up, ${DURATION_S} s…`);
    const visits = startVisits(load.trackers, OFFERED_VISITS_PER_S);
    const warmLoaded = await probeLatencies(probe.trackers, probePanel, WARMUP_S * 1000, counter);
    const delay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
    delay.enable();
    const cpuAtStart = await serverCpu(server);
    const sentAtStart = visits.sent();
    const windowStart = performance.now();
    const probing = probeLatencies(probe.trackers, probePanel, DURATION_S * 1000, counter);
    await sleep(DURATION_S * 1000);
    const windowEnd = performance.now();
    const sentAtEnd = visits.sent();
    const cpuAtEnd = await serverCpu(server);
    delay.disable();
    visits.stop();
    const stoppedAt = performance.now();
    const sentTotal = visits.sent();
    const loaded = await probing;

    const drainEnd = stoppedAt + DRAIN_TIMEOUT_MS;
    while (loadPanel.visitArrivals.length < sentTotal && performance.now() < drainEnd) {
      await sleep(20);
    }
    const arrivals = loadPanel.visitArrivals;
    const windowSeconds = (windowEnd - windowStart) / 1000;
    const notifiedInWindow = arrivals.filter((at) => at >= windowStart && at < windowEnd).length;
    const lastArrival = arrivals.at(-1) ?? stoppedAt;
    if (arrivals.length < sentTotal) {
      problems.push(
        `${sentTotal - arrivals.length} of ${sentTotal} visits never reached the panel ` +
          `(${DRAIN_TIMEOUT_MS / 1000} s after the last)`,
      );
    }
    const probePhases = [warmIdle, idle, warmLoaded, loaded];
    const probesLost = probePhases.reduce((sum, phase) => sum + phase.lost, 0);
    const probesExtra = probePhases.reduce((sum, phase) => sum + phase.extra, 0);
    if (probesLost > 0) problems.push(`${probesLost} probe visits never reached the panel`);
    if (probesExtra > 0) {
      problems.push(`${probesExtra} notifications on the probe panel answered no probe visit`);
    }
    const afterVisits = await serverMemory(server);

    let onlineCount: SideFigures['onlineCount'] = null;
    if (kind === 'target') {
      const ask = async (panel: Panel, domainName: string) => {
        const answer = await panel.ask(LIVE_EVENT_REFRESH, {
          userId: identity.id,
          domainName,
          kwClientId: newClientId(),
        });
        if (answer.action !== LIVE_ACTION_REFRESHED) {
          throw new Error(`refresh answered ${answer.action}`);
        }
        return answer.data.userCount.onlineVisitorsCount;
      };
      onlineCount = {
        loadDomain: await ask(loadPanel, LOAD_DOMAIN),
        probeDomain: await ask(probePanel, PROBE_DOMAIN),
      };
      const stillOpen = held - lost.length;
      if (onlineCount.loadDomain !== stillOpen || onlineCount.probeDomain !== PROBE_SOCKETS) {
        problems.push(
          `online counts ${onlineCount.loadDomain} and ${onlineCount.probeDomain}, ` +
            `expected ${stillOpen} and ${PROBE_SOCKETS}`,
        );
      }
    }
    if (lost.length > 0) {
      problems.push(`${lost.length} connections lost during the run, the first: ${lost[0]}`);
    }
    for (const panel of [loadPanel, probePanel]) {
      if (panel.lost) problems.push(panel.lost);
    }

    for (const tracker of [...load.trackers, ...probe.trackers]) tracker.close();
    loadPanel.close();
    probePanel.close();

    const cpuMs = cpuAtEnd.cpuMs - cpuAtStart.cpuMs;
    return {
      connections: {
        attempted: CONNECTIONS,
        held,
        failed: load.failures,
        lostDuringRun: lost.length,
        openSeconds: round(openSeconds, 2),
        opensPerSecond: round(held / openSeconds),
        serverEngineConnections: afterOpen.engineConnections,
      },
      memory: {
        before,
        afterOpen,
        afterVisits,
        perConnection: {
          rssBytes: Math.round((afterOpen.rssBytes - before.rssBytes) / Math.max(held, 1)),
          heapUsedBytes: Math.round(
            (afterOpen.heapUsedBytes - before.heapUsedBytes) / Math.max(held, 1),
          ),
        },
      },
      visits: {
        offeredPerSecond: OFFERED_VISITS_PER_S,
        sentPerSecond: round((sentAtEnd - sentAtStart) / windowSeconds),
        panelNotifiesPerSecond: round(notifiedInWindow / windowSeconds),
        sentTotal,
        notifiedTotal: arrivals.length,
        drainMs: round(Math.max(0, lastArrival - stoppedAt)),
        serverCpuShare: round(cpuMs / (windowEnd - windowStart), 3),
        serverCpuMsPerVisit: round(cpuMs / Math.max(notifiedInWindow, 1), 3),
        serverEventLoopDelayMs: cpuAtEnd.eventLoopDelayMs,
        clientEventLoopDelayMs: {
          p99: loopDelayMs(delay.percentile(99)),
          max: loopDelayMs(delay.max),
        },
      },
      latencyIdleMs: latencyFigures(idle.samples, idle.lost),
      latencyUnderLoadMs: latencyFigures(loaded.samples, loaded.lost),
      onlineCount,
      problems,
    };
  } finally {
    await stopAllChildren();
  }
}

function summary(figures: SideFigures) {
  return {
    held: figures.connections.held,
    'open s': figures.connections.openSeconds,
    'opens/s': figures.connections.opensPerSecond,
    'RSS/conn KiB': round(figures.memory.perConnection.rssBytes / 1024),
    'heap/conn KiB': round(figures.memory.perConnection.heapUsedBytes / 1024),
    'sent/s': figures.visits.sentPerSecond,
    'notifies/s': figures.visits.panelNotifiesPerSecond,
    'CPU ms/visit': figures.visits.serverCpuMsPerVisit,
    'loop delay max': figures.visits.serverEventLoopDelayMs.max,
    'idle p50': figures.latencyIdleMs.p50,
    'idle p99': figures.latencyIdleMs.p99,
    'load p50': figures.latencyUnderLoadMs.p50,
    'load p99': figures.latencyUnderLoadMs.p99,
    'load max': figures.latencyUnderLoadMs.max,
  };
}

async function main(): Promise<number> {
  const machine = machineDetails();
  const socketIoVersion = (
    createRequire(import.meta.url)('socket.io/package.json') as { version: string }
  ).version;
  console.log(
    `Vitrin live sockets benchmark: ${CONNECTIONS} trackers, ${OFFERED_VISITS_PER_S} visits/s, ` +
      `${DURATION_S} s per phase, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}` +
      `${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}, socket.io ${socketIoVersion}`,
  );
  if (OFFERED_VISITS_PER_S < REQUESTED_VISITS_PER_S) {
    console.log(
      `  (${REQUESTED_VISITS_PER_S} visits/s asked for, but ${CONNECTIONS} sockets at one visit ` +
        `each ${SOCKET_VISIT_SPACING_S} s offer at most ${OFFERED_VISITS_PER_S})`,
    );
  }
  console.log('- baseline (bare Socket.IO echo)');
  const baseline = await measure('baseline');
  console.log('- target (the Vitrin server)');
  const target = await measure('target');

  const ratios = {
    opensPerSecond: ratio(target.connections.opensPerSecond, baseline.connections.opensPerSecond),
    rssPerConnection: ratio(
      target.memory.perConnection.rssBytes,
      baseline.memory.perConnection.rssBytes,
    ),
    heapUsedPerConnection: ratio(
      target.memory.perConnection.heapUsedBytes,
      baseline.memory.perConnection.heapUsedBytes,
    ),
    panelNotifiesPerSecond: ratio(
      target.visits.panelNotifiesPerSecond,
      baseline.visits.panelNotifiesPerSecond,
    ),
    serverCpuMsPerVisit: ratio(
      target.visits.serverCpuMsPerVisit,
      baseline.visits.serverCpuMsPerVisit,
    ),
    idleP99Latency: ratio(target.latencyIdleMs.p99, baseline.latencyIdleMs.p99),
    underLoadP99Latency: ratio(target.latencyUnderLoadMs.p99, baseline.latencyUnderLoadMs.p99),
  };
  console.table({ baseline: summary(baseline), target: summary(target) });
  console.log('ratios (target over baseline):', ratios);
  if (target.onlineCount) {
    console.log(
      `online after the run: ${target.onlineCount.loadDomain} on ${LOAD_DOMAIN} ` +
        `(${target.connections.held - target.connections.lostDuringRun} held), ` +
        `${target.onlineCount.probeDomain} on ${PROBE_DOMAIN} (${PROBE_SOCKETS} probe sockets)`,
    );
  }

  const problems = [
    ...baseline.problems.map((problem) => `baseline: ${problem}`),
    ...target.problems.map((problem) => `target: ${problem}`),
  ];
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`Not written to ${resultsFile}: the run had problems.`);
    return 1;
  }
  writeReport(
    'live',
    machine,
    {
      connections: CONNECTIONS,
      openConcurrency: OPEN_CONCURRENCY,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      requestedVisitsPerSecond: REQUESTED_VISITS_PER_S,
      offeredVisitsPerSecond: OFFERED_VISITS_PER_S,
      socketVisitSpacingSeconds: SOCKET_VISIT_SPACING_S,
      probeIntervalMs: PROBE_INTERVAL_MS,
      probeSockets: PROBE_SOCKETS,
      loadDomain: LOAD_DOMAIN,
      probeDomain: PROBE_DOMAIN,
      redis: Boolean(process.env.BENCH_REDIS_URL),
      socketIoVersion,
    },
    { baseline, target, ratios },
  );
  return 0;
}

await runBench(main);
