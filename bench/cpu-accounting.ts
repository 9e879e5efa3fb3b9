import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// Where a run's CPU went, read from Linux's /proc: the bench server, PostgreSQL's processes,
// Redis, this load generator, and the whole machine (so what else ran is seen too). Used by
// checkout.ts to say what one flow costs and whether the machine, not the code, is the limit.

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface CpuSample {
  /** CPU ms used so far by each group's live processes (user + system). */
  groups: Record<CpuGroup, number>;
  /** The machine's busy and total CPU ms since boot, summed over its cores. */
  machineBusyMs: number;
  machineTotalMs: number;
  atMs: number;
}

export type CpuGroup = 'server' | 'postgres' | 'redis' | 'loadGenerator';

/** user + system ticks of one process, or null when it is gone or unreadable. */
function processTicks(pid: string): { name: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces: the fields that follow start after ')'.
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // After the name: state is field 3 of stat(5), utime 14 and stime 15, so index 11 and 12.
    return { name, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Whether this machine has a /proc to read (Linux); elsewhere the bench says nothing of CPU. */
export function canAccountCpu(): boolean {
  return processTicks(String(process.pid)) !== null;
}

/**
 * Whether a PostgreSQL process works for `database`: its backends (title "postgres: <cluster>:
 * <user> <database> <address> <state>") and the server's own shared processes (checkpointer,
 * WAL writer…) do; backends of other databases (another run's tests) count as the machine's.
 */
function worksFor(pid: string, database: string): boolean {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const isBackend = /\(\d+\)|\[local\]/.test(title);
    return !isBackend || title.includes(` ${database} `);
  } catch {
    return false;
  }
}

/** One reading; `serverPid` is the bench server's process, `database` the one it runs on. */
export function sampleCpu(serverPid: number, database: string): CpuSample {
  const groups: Record<CpuGroup, number> = { server: 0, postgres: 0, redis: 0, loadGenerator: 0 };
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const reading = processTicks(pid);
    if (!reading) continue;
    if (Number(pid) === serverPid) groups.server += ms(reading.ticks);
    else if (Number(pid) === process.pid) groups.loadGenerator += ms(reading.ticks);
    else if (reading.name === 'postgres' && worksFor(pid, database))
      groups.postgres += ms(reading.ticks);
    else if (reading.name === 'redis-server') groups.redis += ms(reading.ticks);
  }
  // /proc/stat's first line: user nice system idle iowait irq softirq steal, in ticks.
  const [, ...times] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/);
  const ticks = times.slice(0, 8).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return {
    groups,
    machineBusyMs: ms(total - idle),
    machineTotalMs: ms(total),
    atMs: performance.now(),
  };
}

export interface CpuPerFlow {
  /** CPU ms per flow by group, and `otherOnMachine` for what no group accounts for. */
  msPerFlow: Record<CpuGroup | 'otherOnMachine', number>;
  /** Cores busy on average over the run, by the machine's own count. */
  machineCoresBusy: number;
  coresOnMachine: number;
}

/** What happened between two readings, per flow. */
export function cpuPerFlow(before: CpuSample, after: CpuSample, flows: number): CpuPerFlow {
  const round = (value: number) => Math.round(value * 100) / 100;
  const perFlow = (ms: number) => round(flows > 0 ? ms / flows : 0);
  const groupMs = (group: CpuGroup) => after.groups[group] - before.groups[group];
  const accounted = (['server', 'postgres', 'redis', 'loadGenerator'] as const).reduce(
    (sum, group) => sum + groupMs(group),
    0,
  );
  const busy = after.machineBusyMs - before.machineBusyMs;
  const wallMs = after.atMs - before.atMs;
  const coresOnMachine = Math.round((after.machineTotalMs - before.machineTotalMs) / wallMs);
  return {
    msPerFlow: {
      server: perFlow(groupMs('server')),
      postgres: perFlow(groupMs('postgres')),
      redis: perFlow(groupMs('redis')),
      loadGenerator: perFlow(groupMs('loadGenerator')),
      otherOnMachine: perFlow(Math.max(0, busy - accounted)),
    },
    machineCoresBusy: round(busy / wallMs),
    coresOnMachine,
  };
}
