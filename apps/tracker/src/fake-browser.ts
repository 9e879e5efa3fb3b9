// Test fakes: a page (location, history, events, storage) and a WebSocket whose server side the
// test drives packet by packet. Timers are the global ones, so vitest's fake timers control them.
import type { TrackerEnv, TrackerSocket, TrackerStorage } from './tracker';

export const SERVER_HANDSHAKE =
  '0{"sid":"eio-1","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}';
export const NAMESPACE_ACK = '40/tracker,{"sid":"sio-1"}';

export class FakeSocket implements TrackerSocket {
  onmessage: TrackerSocket['onmessage'] = null;
  onclose: TrackerSocket['onclose'] = null;
  readonly sent: string[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  /** A packet from the server. */
  receive(packet: string): void {
    this.onmessage?.({ data: packet });
  }

  /** Engine.IO open, then the namespace acknowledged: the tracker is connected. */
  accept(): void {
    this.receive(SERVER_HANDSHAKE);
    this.receive(NAMESPACE_ACK);
  }

  /** The connection ends without the tracker asking (a restart, a network drop). */
  drop(): void {
    this.onclose?.({ code: 1006 });
  }

  /** Socket.IO EVENT packets sent to the /tracker namespace, parsed. */
  events(): [string, Record<string, unknown>][] {
    return this.sent
      .filter((packet) => packet.startsWith('42/tracker,'))
      .map((packet) => JSON.parse(packet.slice('42/tracker,'.length)));
  }

  visitedPaths(): unknown[] {
    return this.events().map(([, visit]) => visit.path);
  }
}

class FakeEventTarget {
  private readonly listeners = new Map<string, Set<() => void>>();

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  dispatch(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

export class MemoryStorage implements TrackerStorage {
  readonly items = new Map<string, string>();

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

export interface FakePageOptions {
  scriptSrc?: string;
  scriptAttributes?: Record<string, string>;
  url?: string;
  storage?: TrackerStorage | (() => TrackerStorage);
  webSocket?: TrackerEnv['WebSocket'];
  doNotTrack?: string;
  windowDoNotTrack?: string;
}

/** A page with the tracker's script tag; `url` is the page's address. */
export function createFakePage(options: FakePageOptions = {}) {
  const page = new URL(options.url ?? 'https://www.shop.example.ir/products?sort=new');
  const location = { hostname: page.hostname, pathname: page.pathname, hash: page.hash };
  const moveTo = (url: string) => {
    const next = new URL(url, `https://${location.hostname}${location.pathname}${location.hash}`);
    location.pathname = next.pathname;
    location.hash = next.hash;
  };
  const historyCalls: { name: string; self: unknown; args: unknown[] }[] = [];
  const history = {
    pushState(this: unknown, ...args: unknown[]) {
      historyCalls.push({ name: 'pushState', self: this, args });
      if (typeof args[2] === 'string') moveTo(args[2]);
      return 'original-push-result';
    },
    replaceState(this: unknown, ...args: unknown[]) {
      historyCalls.push({ name: 'replaceState', self: this, args });
      if (typeof args[2] === 'string') moveTo(args[2]);
      return 'original-replace-result';
    },
  };
  const originalHistory = { ...history };
  const attributes: Record<string, string> = options.scriptAttributes ?? {};
  const script = {
    src: options.scriptSrc ?? 'https://live.vitrin.test/live/tracker.js',
    getAttribute: (name: string) => attributes[name] ?? null,
  };
  const window = Object.assign(new FakeEventTarget(), {
    location,
    history,
    doNotTrack: options.windowDoNotTrack ?? null,
  });
  const document = Object.assign(new FakeEventTarget(), {
    currentScript: script,
    visibilityState: 'visible',
    title: 'محصولات | فروشگاه نمونه',
    referrer: 'https://www.google.com/',
  });
  const storage = new MemoryStorage();
  const sockets: FakeSocket[] = [];
  const storageOption = options.storage;
  const env: TrackerEnv = {
    window,
    document,
    WebSocket:
      'webSocket' in options
        ? options.webSocket
        : class extends FakeSocket {
            constructor(url: string) {
              super(url);
              sockets.push(this);
            }
          },
    storage: typeof storageOption === 'function' ? storageOption : () => storageOption ?? storage,
    crypto: globalThis.crypto,
    navigator: { language: 'fa-IR', doNotTrack: options.doNotTrack ?? null },
    screen: { width: 1920, height: 1080 },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };

  return {
    env,
    window,
    document,
    location,
    history,
    originalHistory,
    historyCalls,
    storage,
    sockets,
    /** The newest socket the tracker opened. */
    socket(): FakeSocket {
      const last = sockets.at(-1);
      if (!last) throw new Error('the tracker opened no WebSocket');
      return last;
    },
    /** A back/forward navigation: the browser moves first, then fires popstate. */
    goBack(url: string): void {
      moveTo(url);
      window.dispatch('popstate');
    },
    setHash(hash: string): void {
      location.hash = hash;
      window.dispatch('hashchange');
    },
    setVisibility(state: 'visible' | 'hidden'): void {
      document.visibilityState = state;
      document.dispatch('visibilitychange');
    },
  };
}
