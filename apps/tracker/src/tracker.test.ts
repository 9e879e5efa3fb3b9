import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createFakePage, MemoryStorage, NAMESPACE_ACK, SERVER_HANDSHAKE } from './fake-browser';
import { CLIENT_ID_KEY, OPT_OUT_KEY, startTracker } from './tracker';

const stops: (() => void)[] = [];
const start = (page: ReturnType<typeof createFakePage>) => {
  const stop = startTracker(page.env);
  stops.push(stop);
  return stop;
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const authOf = (packet: string | undefined) =>
  JSON.parse((packet ?? '').slice('40/tracker,'.length));

describe('handshake', () => {
  test('opens a WebSocket to the server the script was loaded from', () => {
    const page = createFakePage();
    start(page);
    expect(page.sockets).toHaveLength(1);
    expect(page.socket().url).toBe('wss://live.vitrin.test/socket.io/?EIO=4&transport=websocket');
    expect(page.socket().sent).toEqual([]);
  });

  test('uses ws:// when the script comes over http', () => {
    const page = createFakePage({ scriptSrc: 'http://localhost:3000/live/tracker.js' });
    start(page);
    expect(page.socket().url).toBe('ws://localhost:3000/socket.io/?EIO=4&transport=websocket');
  });

  test('connects to the /tracker namespace with domain and client id after the open packet', () => {
    const page = createFakePage();
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    const [connect] = page.socket().sent;
    expect(connect).toMatch(/^40\/tracker,\{/);
    const auth = authOf(connect);
    expect(auth).toEqual({ domainName: 'shop.example.ir', kwClientId: expect.any(String) });
    expect(auth.kwClientId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(page.storage.getItem(CLIENT_ID_KEY)).toBe(auth.kwClientId);
  });

  test('sends the visit only once the namespace is acknowledged', () => {
    const page = createFakePage();
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    expect(page.socket().events()).toEqual([]);
    page.socket().receive(NAMESPACE_ACK);
    expect(page.socket().events()).toEqual([
      [
        'nodeMessage.visit',
        {
          path: '/products',
          title: 'محصولات | فروشگاه نمونه',
          referrer: 'https://www.google.com/',
          language: 'fa-IR',
          screen: '1920x1080',
        },
      ],
    ]);
  });

  test('answers every ping with a pong', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.socket().receive('2');
    page.socket().receive('2');
    expect(page.socket().sent.filter((packet) => packet === '3')).toHaveLength(2);
  });

  test('ignores events and binary frames from the server', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    const sentBefore = page.socket().sent.length;
    page.socket().receive('42/tracker,["something",{}]');
    page.socket().onmessage?.({ data: new ArrayBuffer(4) });
    page.socket().receive('6');
    expect(page.socket().sent).toHaveLength(sentBefore);
    expect(page.socket().closed).toBe(false);
  });
});

describe('domain name', () => {
  test('is the page host without a leading www., lower-cased', () => {
    const page = createFakePage({ url: 'https://WWW.Example.IR/' });
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    expect(authOf(page.socket().sent[0]).domainName).toBe('example.ir');
  });

  test('keeps other subdomains', () => {
    const page = createFakePage({ url: 'https://blog.example.ir/' });
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    expect(authOf(page.socket().sent[0]).domainName).toBe('blog.example.ir');
  });

  test('comes from data-domain when the tag sets it', () => {
    const page = createFakePage({
      url: 'https://staging.other-host.com/',
      scriptAttributes: { 'data-domain': ' WWW.Example.ir ' },
    });
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    expect(authOf(page.socket().sent[0]).domainName).toBe('example.ir');
  });
});

describe('single-page navigation', () => {
  test('pushState to a new path reports a visit without an outside referrer', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.document.title = 'سبد خرید';
    page.window.history.pushState({}, '', '/cart?step=1');
    expect(page.socket().visitedPaths()).toEqual(['/products', '/cart']);
    expect(page.socket().events()[1]?.[1]).toMatchObject({ title: 'سبد خرید', referrer: '' });
  });

  test('replaceState with the same path sends no duplicate; with a new path it does', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.window.history.replaceState({}, '', '/products?sort=old');
    page.window.history.replaceState({}, '', '/products#reviews');
    expect(page.socket().visitedPaths()).toEqual(['/products']);
    page.window.history.replaceState({}, '', '/products/12');
    expect(page.socket().visitedPaths()).toEqual(['/products', '/products/12']);
  });

  test('popstate (back and forward) reports the page it lands on', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.window.history.pushState({}, '', '/cart');
    page.goBack('/products');
    expect(page.socket().visitedPaths()).toEqual(['/products', '/cart', '/products']);
  });

  test('a hash route counts as a path, an anchor does not', () => {
    const page = createFakePage({ url: 'https://example.ir/app' });
    start(page);
    page.socket().accept();
    page.setHash('#section-2');
    page.setHash('#/orders');
    page.setHash('#!/orders/5');
    expect(page.socket().visitedPaths()).toEqual(['/app', '/app#/orders', '/app#!/orders/5']);
  });

  test('while connecting, only the latest page waits to be sent', () => {
    const page = createFakePage();
    start(page);
    page.window.history.pushState({}, '', '/a');
    page.window.history.pushState({}, '', '/b');
    page.socket().accept();
    expect(page.socket().visitedPaths()).toEqual(['/b']);
  });

  test('history methods still call the original with its this and arguments', () => {
    const page = createFakePage();
    start(page);
    const state = { id: 1 };
    const result = page.window.history.pushState(state as never, '' as never, '/x' as never);
    expect(result).toBe('original-push-result');
    expect(page.historyCalls).toEqual([
      { name: 'pushState', self: page.window.history, args: [state, '', '/x'] },
    ]);
  });

  test('history methods work even when the tracker fails inside them', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    Object.defineProperty(page.location, 'pathname', {
      get: () => {
        throw new Error('tracker bug');
      },
    });
    let result: unknown;
    expect(() => {
      result = page.window.history.replaceState(null as never, '' as never);
    }).not.toThrow();
    expect(result).toBe('original-replace-result');
    expect(page.historyCalls.map((call) => call.name)).toEqual(['replaceState']);
  });

  test('an error thrown by the original history method still reaches the page', () => {
    const page = createFakePage();
    page.history.pushState = () => {
      throw new DOMException('bad url', 'SecurityError');
    };
    start(page);
    expect(() => page.window.history.pushState()).toThrow('bad url');
  });

  test('stop puts the original history methods back and removes its listeners', () => {
    const page = createFakePage();
    const stop = start(page);
    stop();
    expect(page.window.history.pushState).toBe(page.originalHistory.pushState);
    expect(page.window.history.replaceState).toBe(page.originalHistory.replaceState);
    expect(page.window.listenerCount() + page.document.listenerCount()).toBe(0);
  });
});

describe('refusal', () => {
  test('a connect error (44) stops tracking for this page load', () => {
    const page = createFakePage();
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    page.socket().receive('44/tracker,{"message":"دامنه ثبت نشده است"}');
    expect(page.socket().closed).toBe(true);
    vi.advanceTimersByTime(10 * 60_000);
    page.window.history.pushState({}, '', '/cart');
    expect(page.sockets).toHaveLength(1);
    expect(page.socket().events()).toEqual([]);
    expect(page.window.history.pushState).toBe(page.originalHistory.pushState);
  });

  test('a disconnect from the server (41) stops tracking too', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.socket().receive('41/tracker,');
    vi.advanceTimersByTime(10 * 60_000);
    expect(page.sockets).toHaveLength(1);
  });
});

describe('reconnecting', () => {
  const delaysUntilNextSocket = (page: ReturnType<typeof createFakePage>) => {
    const count = page.sockets.length;
    let waited = 0;
    while (page.sockets.length === count && waited < 60_000) {
      vi.advanceTimersByTime(100);
      waited += 100;
    }
    return waited;
  };

  test('an unexpected close reconnects after 1 s, 2 s, 4 s, then every 5 s', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const page = createFakePage();
    start(page);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      page.socket().drop();
      delays.push(delaysUntilNextSocket(page));
    }
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  test('the delay is randomized but never above 5 s', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const page = createFakePage();
    start(page);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      page.socket().drop();
      delays.push(delaysUntilNextSocket(page));
    }
    expect(delays).toEqual([1500, 3000, 5000, 5000]);
  });

  test('gives up after 10 attempts in one page load', () => {
    const page = createFakePage();
    start(page);
    for (let i = 0; i < 20; i++) {
      page.socket().drop();
      vi.advanceTimersByTime(10_000);
    }
    expect(page.sockets).toHaveLength(11);
    expect(page.window.history.pushState).toBe(page.originalHistory.pushState);
  });

  test('a successful reconnect starts the delays from 1 s again but not the budget', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const page = createFakePage();
    start(page);
    page.socket().drop();
    expect(delaysUntilNextSocket(page)).toBe(1000);
    page.socket().drop();
    expect(delaysUntilNextSocket(page)).toBe(2000);
    page.socket().accept();
    page.socket().drop();
    expect(delaysUntilNextSocket(page)).toBe(1000);
    expect(page.sockets).toHaveLength(4);
  });

  test('does not reconnect while the page is hidden, and resumes when it is shown', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.setVisibility('hidden');
    page.socket().drop();
    vi.advanceTimersByTime(60_000);
    expect(page.sockets).toHaveLength(1);
    page.setVisibility('visible');
    expect(page.sockets).toHaveLength(2);
  });

  test('a visit already sent is not repeated after a reconnect; one made meanwhile is', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.socket().drop();
    vi.advanceTimersByTime(5000);
    page.socket().accept();
    expect(page.socket().events()).toEqual([]);
    page.socket().drop();
    page.window.history.pushState({}, '', '/cart');
    vi.advanceTimersByTime(5000);
    page.socket().accept();
    expect(page.socket().visitedPaths()).toEqual(['/cart']);
  });

  test('a server that stops pinging is treated as gone', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    vi.advanceTimersByTime(40_000);
    page.socket().receive('2');
    vi.advanceTimersByTime(44_000);
    expect(page.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(page.sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(page.sockets).toHaveLength(2);
  });

  test('an Engine.IO close packet from the server reconnects', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.socket().receive('1');
    vi.advanceTimersByTime(5000);
    expect(page.sockets).toHaveLength(2);
  });
});

describe('opt-out', () => {
  test.each([
    ['the site set the localStorage flag', { storage: optedOutStorage() }],
    ['the script tag has data-opt-out', { scriptAttributes: { 'data-opt-out': '' } }],
    ['navigator.doNotTrack is 1', { doNotTrack: '1' }],
    ['window.doNotTrack is 1', { windowDoNotTrack: '1' }],
  ])('sends nothing when %s', (_, options) => {
    const page = createFakePage(options);
    start(page);
    expect(page.sockets).toEqual([]);
    expect(page.window.history.pushState).toBe(page.originalHistory.pushState);
  });

  test('setting the flag later stops tracking at the next navigation', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.storage.setItem(OPT_OUT_KEY, '1');
    page.window.history.pushState({}, '', '/cart');
    expect(page.socket().visitedPaths()).toEqual(['/products']);
    expect(page.socket().closed).toBe(true);
  });
});

describe('visitor id', () => {
  test('is reused across page loads with the same storage', () => {
    const storage = new MemoryStorage();
    const first = createFakePage({ storage });
    start(first);
    first.socket().receive(SERVER_HANDSHAKE);
    const second = createFakePage({ storage });
    start(second);
    second.socket().receive(SERVER_HANDSHAKE);
    expect(authOf(second.socket().sent[0]).kwClientId).toBe(
      authOf(first.socket().sent[0]).kwClientId,
    );
  });

  test('keeps an id an earlier tracker stored', () => {
    const storage = new MemoryStorage();
    storage.setItem(CLIENT_ID_KEY, '3f2b8c1e-9d4a-4e7b-8c2f-1a6d5e9b0c7f');
    const page = createFakePage({ storage });
    start(page);
    page.socket().receive(SERVER_HANDSHAKE);
    expect(authOf(page.socket().sent[0]).kwClientId).toBe('3f2b8c1e-9d4a-4e7b-8c2f-1a6d5e9b0c7f');
  });

  test('when storage is blocked, tracking works with a new id each page load', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const ids = [0, 1].map(() => {
      const page = createFakePage({ storage: blocked });
      start(page);
      page.socket().accept();
      expect(page.socket().visitedPaths()).toEqual(['/products']);
      return authOf(page.socket().sent[0]).kwClientId;
    });
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });
});

describe('never breaks the page', () => {
  test('a WebSocket constructor that throws is swallowed and not retried', () => {
    let calls = 0;
    const page = createFakePage({
      webSocket: class {
        constructor() {
          calls++;
          throw new DOMException('blocked', 'SecurityError');
        }
      } as never,
    });
    expect(() => start(page)).not.toThrow();
    vi.advanceTimersByTime(60_000);
    expect(calls).toBe(1);
  });

  test('a socket whose send throws does not throw into the page', () => {
    const page = createFakePage();
    start(page);
    page.socket().accept();
    page.socket().send = () => {
      throw new Error('InvalidStateError');
    };
    expect(() => page.window.history.pushState({}, '', '/cart')).not.toThrow();
    expect(() => page.socket().receive('2')).not.toThrow();
  });

  test('a malformed open packet is swallowed', () => {
    const page = createFakePage();
    start(page);
    expect(() => page.socket().receive('0{not json')).not.toThrow();
  });

  test('does nothing without a script src or a WebSocket', () => {
    const inline = createFakePage({ scriptSrc: '' });
    start(inline);
    expect(inline.sockets).toEqual([]);
    const old = createFakePage({ webSocket: undefined });
    expect(() => start(old)).not.toThrow();
    expect(old.window.history.pushState).toBe(old.originalHistory.pushState);
  });
});

function optedOutStorage() {
  const storage = new MemoryStorage();
  storage.setItem(OPT_OUT_KEY, '1');
  return storage;
}
