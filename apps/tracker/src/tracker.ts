// The script customers embed on their website (issue 7). It speaks the Socket.IO v4 wire protocol
// over a plain WebSocket because the Socket.IO client does not fit the 4 KB budget. The protocol
// is written down in docs/live-protocol.md; keep the two in step.
//
// It must never break the host page: every callback is wrapped, nothing is logged, nothing is
// thrown, and everything it touches comes in through `env` so tests can drive it with fakes.

/** Function types derived from a method are checked bivariantly, so the DOM's handlers fit. */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

export interface TrackerSocket {
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  send(data: string): void;
  close(): void;
}

export interface TrackerEventTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface TrackerHistory {
  pushState(...args: never[]): unknown;
  replaceState(...args: never[]): unknown;
}

/** An SVG `<script>` can be `currentScript` too; it has no string `src`. */
export interface TrackerScript {
  src?: unknown;
  getAttribute(name: string): string | null;
}

export interface TrackerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface TrackerEnv {
  window: TrackerEventTarget & {
    location: { hostname: string; pathname: string; hash: string };
    history: TrackerHistory;
    doNotTrack?: string | null;
  };
  document: TrackerEventTarget & {
    currentScript: TrackerScript | null;
    visibilityState: string;
    title: string;
    referrer: string;
  };
  WebSocket: (new (url: string) => TrackerSocket) | undefined;
  /** Reading `localStorage` itself throws when the browser blocks storage. */
  storage: () => TrackerStorage | null;
  crypto: { getRandomValues(bytes: Uint8Array): unknown } | undefined;
  navigator: { language?: string; doNotTrack?: string | null };
  screen: { width: number; height: number } | undefined;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export const CLIENT_ID_KEY = 'kwClientId';
export const OPT_OUT_KEY = 'vitrin-live-opt-out';
export const NAMESPACE = '/tracker';
export const VISIT_EVENT = 'nodeMessage.visit';
export const RECONNECT_FIRST_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 5000;
export const RECONNECT_MAX_ATTEMPTS = 10;
/** How long to wait for the handshake, and the fallback when the server names no ping timing. */
export const CONNECT_TIMEOUT_MS = 20_000;
const TEXT_LIMIT = 500;
const TITLE_LIMIT = 200;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ID_LENGTH = 22;
/** Ids an earlier tracker may have stored (a UUID, say) are kept so visitors stay returning. */
const STORED_ID_PATTERN = /^[\w-]{22,64}$/;

const safely =
  <A extends unknown[]>(callback: (...args: A) => void) =>
  (...args: A): void => {
    try {
      callback(...args);
    } catch {
      // The host page must never see our errors.
    }
  };

/** `www.Example.ir` and `example.ir` are one site to the panel. */
export const normalizeDomain = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');

/** Starts tracking this page load; returns `stop` (used by tests and when the server refuses). */
export function startTracker(env: TrackerEnv): () => void {
  const { window: win, document: doc } = env;
  const script = doc.currentScript;
  const cleanups: (() => void)[] = [];
  let socket: TrackerSocket | undefined;
  let watchdog: unknown;
  let reconnectTimer: unknown;
  let stopped = false;
  let connected = false;
  let waitingForVisible = false;
  /** Reconnects spent this page load; a budget, so a flapping server cannot cause a storm. */
  let attempts = 0;
  /** Failures since the last successful connect; sets the backoff delay. */
  let failures = 0;
  let heartbeatMs = CONNECT_TIMEOUT_MS;
  let lastPath: string | undefined;
  let pendingVisit: string | undefined;
  let referrer = doc.referrer;

  const storageGet = (key: string): string | null => {
    try {
      return env.storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  const optedOut = (): boolean =>
    storageGet(OPT_OUT_KEY) === '1' ||
    script?.getAttribute('data-opt-out') != null ||
    env.navigator.doNotTrack === '1' ||
    win.doNotTrack === '1';

  const closeSocket = (): void => {
    env.clearTimeout(watchdog);
    connected = false;
    if (!socket) return;
    socket.onmessage = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
    socket = undefined;
  };

  const stop = (): void => {
    stopped = true;
    env.clearTimeout(reconnectTimer);
    closeSocket();
    for (const cleanup of cleanups.splice(0)) safely(cleanup)();
  };

  const send = (packet: string): void => socket?.send(packet);

  const flush = (): void => {
    if (connected && pendingVisit) {
      send(`42${NAMESPACE},${pendingVisit}`);
      pendingVisit = undefined;
    }
  };

  /** Hash routes (`#/…`, `#!/…`) are part of the path; an anchor (`#section`) is not. */
  const currentPath = (): string => {
    const { pathname, hash } = win.location;
    return (pathname + (/^#!?\//.test(hash) ? hash : '')).slice(0, TEXT_LIMIT);
  };

  const noteNavigation = (): void => {
    if (stopped) return;
    const path = currentPath();
    if (path === lastPath) return;
    if (optedOut()) {
      stop();
      return;
    }
    lastPath = path;
    const screen = env.screen;
    pendingVisit = JSON.stringify([
      VISIT_EVENT,
      {
        path,
        title: String(doc.title || '').slice(0, TITLE_LIMIT),
        referrer: String(referrer || '').slice(0, TEXT_LIMIT),
        language: env.navigator.language || '',
        screen: screen ? `${screen.width}x${screen.height}` : '',
      },
    ]);
    // Only the landing page has an outside referrer; later visits come from the previous path.
    referrer = '';
    flush();
  };

  /** Closes the socket if the server goes quiet, as the Socket.IO client does. */
  const watch = (ms: number): void => {
    env.clearTimeout(watchdog);
    watchdog = env.setTimeout(safely(lost), ms);
  };

  const connect = (): void => {
    if (stopped || socket) return;
    if (attempts && doc.visibilityState === 'hidden') {
      waitingForVisible = true;
      return;
    }
    try {
      socket = new (env.WebSocket as new (url: string) => TrackerSocket)(url);
    } catch {
      // A constructor that throws (a blocked URL, a broken polyfill) will throw again.
      stop();
      return;
    }
    socket.onmessage = safely((event: { data: unknown }) => receive(event.data));
    socket.onclose = safely(lost);
    watch(CONNECT_TIMEOUT_MS);
  };

  function lost(): void {
    closeSocket();
    if (stopped) return;
    if (attempts >= RECONNECT_MAX_ATTEMPTS) {
      stop();
      return;
    }
    // Randomized by ±50% like Socket.IO's backoff, so a restarted server is not hit all at once.
    const delay = Math.min(
      RECONNECT_MAX_DELAY_MS,
      RECONNECT_FIRST_DELAY_MS * 2 ** failures * (0.5 + Math.random()),
    );
    attempts++;
    failures++;
    reconnectTimer = env.setTimeout(safely(connect), delay);
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    const type = data[0];
    if (type === '0') {
      const { pingInterval, pingTimeout } = JSON.parse(data.slice(1));
      heartbeatMs = pingInterval + pingTimeout || CONNECT_TIMEOUT_MS;
      watch(heartbeatMs);
      send(`40${NAMESPACE},${JSON.stringify({ domainName, kwClientId })}`);
    } else if (type === '2') {
      watch(heartbeatMs);
      send(`3${data.slice(1)}`);
    } else if (type === '1') {
      lost();
    } else if (data.startsWith(`40${NAMESPACE},`)) {
      connected = true;
      failures = 0;
      flush();
    } else if (data.startsWith(`44${NAMESPACE},`) || data.startsWith(`41${NAMESPACE}`)) {
      // Refused or sent away on purpose: retrying would only repeat it (no retry storm).
      stop();
    }
  }

  const listen = (target: TrackerEventTarget, type: string, listener: () => void): void => {
    const wrapped = safely(listener);
    target.addEventListener(type, wrapped);
    cleanups.push(() => target.removeEventListener(type, wrapped));
  };

  const patchHistory = (name: keyof TrackerHistory): void => {
    const history = win.history;
    const original = history[name] as (...args: unknown[]) => unknown;
    if (typeof original !== 'function') return;
    const wrapper = function (this: unknown, ...args: unknown[]): unknown {
      try {
        return original.apply(this, args);
      } finally {
        safely(noteNavigation)();
      }
    };
    history[name] = wrapper;
    // Someone may have wrapped ours since; putting the original back would drop their wrapper.
    cleanups.push(() => {
      if (history[name] === wrapper) history[name] = original;
    });
  };

  const server = /^http(s?):\/\/([^/?#]+)/i.exec(typeof script?.src === 'string' ? script.src : '');
  const url = server ? `ws${server[1]}://${server[2]}/socket.io/?EIO=4&transport=websocket` : '';
  const domainName = normalizeDomain(script?.getAttribute('data-domain') || win.location.hostname);
  if (!server || !env.WebSocket || optedOut()) {
    stopped = true;
    return stop;
  }
  const kwClientId = readClientId(env);

  try {
    patchHistory('pushState');
    patchHistory('replaceState');
    listen(win, 'popstate', noteNavigation);
    listen(win, 'hashchange', noteNavigation);
    listen(doc, 'visibilitychange', () => {
      if (waitingForVisible && doc.visibilityState !== 'hidden') {
        waitingForVisible = false;
        connect();
      }
    });
    noteNavigation();
    connect();
  } catch {
    stop();
  }
  return safely(stop);
}

/** The visitor's id from storage; without storage, a fresh id that lasts this page load only. */
function readClientId(env: TrackerEnv): string {
  let stored: string | null = null;
  try {
    stored = env.storage()?.getItem(CLIENT_ID_KEY) ?? null;
  } catch {
    // Blocked storage: the visitor counts as new on each page load.
  }
  if (stored && STORED_ID_PATTERN.test(stored)) return stored;
  const bytes = new Uint8Array(ID_LENGTH);
  try {
    env.crypto?.getRandomValues(bytes);
  } catch {
    // Without crypto the bytes stay zero and are filled below.
  }
  if (bytes.every((byte) => byte === 0)) {
    for (let i = 0; i < ID_LENGTH; i++) bytes[i] = Math.random() * 256;
  }
  // 64 letters, so `& 63` keeps every byte's six low bits uniform.
  const id = Array.from(bytes, (byte) => ID_ALPHABET.charAt(byte & 63)).join('');
  try {
    env.storage()?.setItem(CLIENT_ID_KEY, id);
  } catch {
    // Full or blocked storage: keep the id in memory.
  }
  return id;
}
