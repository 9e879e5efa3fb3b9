import {
  ONLINE_TTL_MS,
  tehranDayKey,
  type VisitorCountStore,
  type VisitorCounts,
} from './visitor-counts';

interface DayVisitors {
  visitors: Set<string>;
  newVisitors: Set<string>;
}

interface DomainState {
  loaded: boolean;
  visitors: Set<string>;
  /** Today's and yesterday's sets only (as Redis keeps them); older days are dropped. */
  days: Map<string, DayVisitors>;
  /** connectionId → when it stops counting as online (ms) and the node holding it. */
  online: Map<string, { expiresAt: number; nodeId: string }>;
  /**
   * No connection lapses before this (ms): a count before it is `online.size`, with no walk.
   * Kept low, never high: a heartbeat or a close leaves it early, and the next count that
   * reaches it walks the connections once and moves it on.
   */
  earliestExpiry: number;
}

/** Counts in this process's memory: for a single node, when REDIS_URL is unset. */
export function createMemoryVisitorCounts(): VisitorCountStore {
  const domains = new Map<string, DomainState>();
  /** nodeId → its connections (connectionId → domainName), so a heartbeat finds them. */
  const nodes = new Map<string, Map<string, string>>();

  function domain(domainName: string): DomainState {
    let state = domains.get(domainName);
    if (!state) {
      state = {
        loaded: false,
        visitors: new Set(),
        days: new Map(),
        online: new Map(),
        earliestExpiry: Number.POSITIVE_INFINITY,
      };
      domains.set(domainName, state);
    }
    return state;
  }

  function countsOf(domainName: string, at: Date): VisitorCounts {
    const state = domains.get(domainName);
    const today = state?.days.get(tehranDayKey(at));
    return {
      allVisitorsCount: state?.visitors.size ?? 0,
      allVisitorsTodayCount: today?.visitors.size ?? 0,
      newVisitorsTodayCount: today?.newVisitors.size ?? 0,
      onlineVisitorsCount: state ? onlineAt(state, at.getTime()) : 0,
    };
  }

  function onlineAt(state: DomainState, now: number): number {
    if (now < state.earliestExpiry) return state.online.size;
    let online = 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (const connection of state.online.values()) {
      if (now < connection.expiresAt) online += 1;
      earliest = Math.min(earliest, connection.expiresAt);
    }
    state.earliestExpiry = earliest;
    return online;
  }

  function forgetConnection(domainName: string, connectionId: string): void {
    const connection = domains.get(domainName)?.online.get(connectionId);
    if (!connection) return;
    domains.get(domainName)?.online.delete(connectionId);
    nodes.get(connection.nodeId)?.delete(connectionId);
  }

  function dayOf(state: DomainState, at: Date): DayVisitors {
    const dayKey = tehranDayKey(at);
    const yesterdayKey = tehranDayKey(new Date(at.getTime() - 86_400_000));
    for (const key of state.days.keys()) {
      if (key < yesterdayKey) state.days.delete(key);
    }
    let day = state.days.get(dayKey);
    if (!day) {
      day = { visitors: new Set(), newVisitors: new Set() };
      state.days.set(dayKey, day);
    }
    return day;
  }

  return {
    async recordVisit({ domainName, kwClientId, at }) {
      const state = domain(domainName);
      if (!state.loaded) return null;
      const day = dayOf(state, at);
      const kind = state.visitors.has(kwClientId) ? 'returning' : 'new';
      state.visitors.add(kwClientId);
      day.visitors.add(kwClientId);
      if (kind === 'new') day.newVisitors.add(kwClientId);
      return { kind, counts: countsOf(domainName, at) };
    },

    async counts(domainName, at) {
      return domains.get(domainName)?.loaded ? countsOf(domainName, at) : null;
    },

    async loaded(domainName) {
      return domains.get(domainName)?.loaded ?? false;
    },

    async load(domainName, visitors, at) {
      const state = domain(domainName);
      const day = dayOf(state, at);
      const today = tehranDayKey(at);
      for (const visitor of visitors) {
        state.visitors.add(visitor.kwClientId);
        if (tehranDayKey(visitor.lastVisitAt) === today) day.visitors.add(visitor.kwClientId);
        if (tehranDayKey(visitor.firstSeenAt) === today) day.newVisitors.add(visitor.kwClientId);
      }
      state.loaded = true;
    },

    async connectionOpened({ domainName, connectionId, nodeId, at }) {
      const state = domain(domainName);
      forgetConnection(domainName, connectionId);
      const expiresAt = at.getTime() + ONLINE_TTL_MS;
      state.online.set(connectionId, { expiresAt, nodeId });
      state.earliestExpiry = Math.min(state.earliestExpiry, expiresAt);
      let connections = nodes.get(nodeId);
      if (!connections) {
        connections = new Map();
        nodes.set(nodeId, connections);
      }
      connections.set(connectionId, domainName);
    },

    async connectionClosed({ domainName, connectionId }) {
      forgetConnection(domainName, connectionId);
    },

    async heartbeat(nodeId, at) {
      for (const [connectionId, domainName] of nodes.get(nodeId) ?? []) {
        const connection = domains.get(domainName)?.online.get(connectionId);
        if (connection && at.getTime() < connection.expiresAt) {
          connection.expiresAt = at.getTime() + ONLINE_TTL_MS;
        } else {
          forgetConnection(domainName, connectionId);
          nodes.get(nodeId)?.delete(connectionId);
        }
      }
      if (nodes.get(nodeId)?.size === 0) nodes.delete(nodeId);
      return nodes.has(nodeId);
    },
  };
}
