import { createHash } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';
import {
  ONLINE_TTL_MS,
  tehranDayKey,
  type VisitorCountStore,
  type VisitorCounts,
} from './visitor-counts';

// A day's sets are read while that day lasts; two days past the last visit covers any day.
const DAY_SET_TTL_SECONDS = 2 * 86_400;
// Online keys are garbage-collected by Redis once no open or beat has touched them for this long;
// by then every entry in them has lapsed anyway.
const ONLINE_KEY_TTL_MS = 2 * ONLINE_TTL_MS;

interface Script {
  source: string;
  sha: string;
}

function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

// Scripts run atomically, so the SADD that answers new-vs-returning and the counts returned with
// it are one consistent step, whichever node runs them.
const COUNTS_LUA = `
local function counts(now)
  return {
    redis.call('SCARD', KEYS[1]),
    redis.call('SCARD', KEYS[2]),
    redis.call('SCARD', KEYS[3]),
    redis.call('ZCOUNT', KEYS[4], '(' .. now, '+inf'),
  }
end
`;

// Both answer {-1} when the domain's loaded mark is gone (a Redis restarted empty): the sets
// would be missing every earlier visitor, so nothing is read or recorded until they are loaded.

/** KEYS: all-time set, today's set, today's new set, online zset, loaded mark. ARGV: now (ms). */
const readCounts = script(`${COUNTS_LUA}
if redis.call('EXISTS', KEYS[5]) == 0 then return {-1} end
return counts(ARGV[1])`);

/** KEYS as readCounts. ARGV: now (ms), kwClientId, day-set TTL (s). Returns {isNew, ...counts}. */
const recordVisit = script(`${COUNTS_LUA}
if redis.call('EXISTS', KEYS[5]) == 0 then return {-1} end
local isNew = redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
if isNew == 1 then
  redis.call('SADD', KEYS[3], ARGV[2])
  redis.call('EXPIRE', KEYS[3], ARGV[3])
end
local result = counts(ARGV[1])
table.insert(result, 1, isNew)
return result`);

/**
 * KEYS: the node's hash (connectionId → domainName). ARGV: online-key prefix, now (ms), new
 * expiry (ms), key TTL (ms). Answers -1 when the hash is gone (no connection, or Redis lost it). The domains' zsets are named from the hash, so this script needs a
 * single Redis, not a cluster (as the rest of the app's Redis use does).
 */
const heartbeat = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  local connectionId, domainName = entries[i], entries[i + 1]
  local online = ARGV[1] .. domainName
  local expiresAt = redis.call('ZSCORE', online, connectionId)
  if expiresAt and tonumber(expiresAt) > tonumber(ARGV[2]) then
    redis.call('ZADD', online, ARGV[3], connectionId)
    redis.call('PEXPIRE', online, ARGV[4])
  else
    redis.call('HDEL', KEYS[1], connectionId)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return #entries / 2`);

async function run(
  redis: Redis,
  { source, sha }: Script,
  keys: string[],
  args: Array<string | number>,
): Promise<unknown> {
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args);
  } catch (error) {
    // First use on this Redis (or after SCRIPT FLUSH / a restart): send the source once.
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return redis.eval(source, keys.length, ...keys, ...args);
  }
}

const LOAD_SLICE = 5000;

async function execOrThrow(batch: ChainableCommander): Promise<void> {
  const replies = await batch.exec();
  // MULTI reports a failed command in its replies instead of rejecting.
  const failed = replies?.find(([error]) => error)?.[0];
  if (failed) throw failed;
}

function toCounts(reply: unknown): VisitorCounts {
  const [all, today, newToday, online] = reply as number[];
  return {
    allVisitorsCount: all ?? 0,
    allVisitorsTodayCount: today ?? 0,
    newVisitorsTodayCount: newToday ?? 0,
    onlineVisitorsCount: online ?? 0,
  };
}

/**
 * Counts every node shares through Redis. Keys (after the app's `redisKeyPrefix`):
 * `live:visitors:<domain>` (all-time set of kwClientIds, no expiry),
 * `live:visitors:<YYYY-MM-DD>:<domain>` and `live:new-visitors:<YYYY-MM-DD>:<domain>` (Tehran
 * day's sets, expiring), `live:online:<domain>` (zset of connectionId scored by expiry in ms) and
 * `live:node:<nodeId>` (hash connectionId → domain, for heartbeats), and `live:loaded:<domain>`
 * (set once `load` has filled the domain's sets from PostgreSQL; gone with the rest if Redis
 * restarts empty).
 */
export function createRedisVisitorCounts(redis: Redis, redisKeyPrefix: string): VisitorCountStore {
  const prefix = `${redisKeyPrefix}live:`;
  const onlineKey = (domainName: string) => `${prefix}online:${domainName}`;
  const loadedKey = (domainName: string) => `${prefix}loaded:${domainName}`;
  const countKeys = (domainName: string, at: Date): [string, string, string, string, string] => {
    const day = tehranDayKey(at);
    return [
      `${prefix}visitors:${domainName}`,
      `${prefix}visitors:${day}:${domainName}`,
      `${prefix}new-visitors:${day}:${domainName}`,
      onlineKey(domainName),
      loadedKey(domainName),
    ];
  };

  return {
    async recordVisit({ domainName, kwClientId, at }) {
      const reply = (await run(redis, recordVisit, countKeys(domainName, at), [
        at.getTime(),
        kwClientId,
        DAY_SET_TTL_SECONDS,
      ])) as number[];
      if (reply[0] === -1) return null;
      return { kind: reply[0] === 1 ? 'new' : 'returning', counts: toCounts(reply.slice(1)) };
    },

    async counts(domainName, at) {
      const reply = (await run(redis, readCounts, countKeys(domainName, at), [
        at.getTime(),
      ])) as number[];
      return reply[0] === -1 ? null : toCounts(reply);
    },

    async loaded(domainName) {
      return (await redis.exists(loadedKey(domainName))) === 1;
    },

    async load(domainName, visitors, at) {
      const [allKey, todayKey, newTodayKey] = countKeys(domainName, at);
      const today = tehranDayKey(at);
      // Large domains go in slices, so no single command blocks Redis for long.
      for (let start = 0; start < visitors.length; start += LOAD_SLICE) {
        const slice = visitors.slice(start, start + LOAD_SLICE);
        const seenToday = slice.filter((visitor) => tehranDayKey(visitor.lastVisitAt) === today);
        const newToday = slice.filter((visitor) => tehranDayKey(visitor.firstSeenAt) === today);
        const batch = redis.multi().sadd(allKey, ...slice.map((visitor) => visitor.kwClientId));
        if (seenToday.length > 0) {
          batch
            .sadd(todayKey, ...seenToday.map((visitor) => visitor.kwClientId))
            .expire(todayKey, DAY_SET_TTL_SECONDS);
        }
        if (newToday.length > 0) {
          batch
            .sadd(newTodayKey, ...newToday.map((visitor) => visitor.kwClientId))
            .expire(newTodayKey, DAY_SET_TTL_SECONDS);
        }
        await execOrThrow(batch);
      }
      await redis.set(loadedKey(domainName), '1');
    },

    async connectionOpened({ domainName, connectionId, nodeId, at }) {
      const online = onlineKey(domainName);
      const node = `${prefix}node:${nodeId}`;
      await execOrThrow(
        redis
          .multi()
          .zremrangebyscore(online, '-inf', at.getTime())
          .zadd(online, at.getTime() + ONLINE_TTL_MS, connectionId)
          .pexpire(online, ONLINE_KEY_TTL_MS)
          .hset(node, connectionId, domainName)
          .pexpire(node, ONLINE_KEY_TTL_MS),
      );
    },

    async connectionClosed({ domainName, connectionId }) {
      // The node's hash keeps the id until its next beat, which finds it gone and drops it.
      await redis.zrem(onlineKey(domainName), connectionId);
    },

    async heartbeat(nodeId, at) {
      const reply = await run(
        redis,
        heartbeat,
        [`${prefix}node:${nodeId}`],
        [`${prefix}online:`, at.getTime(), at.getTime() + ONLINE_TTL_MS, ONLINE_KEY_TTL_MS],
      );
      return reply !== -1;
    },
  };
}
