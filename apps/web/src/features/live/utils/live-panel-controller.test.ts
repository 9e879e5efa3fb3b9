import {
  BLINK_DURATION_MS,
  FAN_SPEED_BOOST_MS,
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_REFRESHED,
  LIVE_ACTION_RETURNING_VISITOR,
  LIVE_ACTION_STARTED,
  LIVE_DATA_STALE_AFTER_MS,
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFRESH,
  LIVE_EVENT_REFUSED,
  LIVE_EVENT_START,
  LIVE_STATUS_CHECK_INTERVAL_MS,
  LIVE_TOAST_NEW_VISITOR,
  LIVE_TOAST_REVISIT,
  type LiveStartPayload,
  type LiveUserCount,
  liveNotification,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from '@vitrin/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ACTIVITY_REFETCH_MIN_INTERVAL_MS,
  createLivePanelController,
  type LiveSocket,
} from './live-panel-controller';

const USER_ID = 'u-42';
const CLIENT_ID = 'panelPanelPanelPanel01';

/** A socket.io-client socket without a network: the test plays the server. */
function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: Array<{ event: string; payload: LiveStartPayload }> = [];
  const socket = {
    connected: false as boolean,
    active: true as boolean,
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string, payload: LiveStartPayload) {
      emitted.push({ event, payload });
    },
    connect: vi.fn(() => {
      socket.active = true;
    }),
  } satisfies LiveSocket;

  function fire(event: string, payload?: unknown) {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  }

  return {
    socket,
    emitted,
    /** Events the panel sent, by name. */
    sent: (event: string) => emitted.filter((entry) => entry.event === event),
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    serverAccepts() {
      socket.connected = true;
      socket.active = true;
      fire('connect');
    },
    connectionLost() {
      socket.connected = false;
      fire('disconnect', 'transport close');
    },
    /** The namespace middleware said no: Socket.IO destroys the socket and stops retrying. */
    middlewareRefuses(error: Error) {
      socket.connected = false;
      socket.active = false;
      fire('connect_error', error);
    },
    notify(action: string, userCount: LiveUserCount = counts(1), at = new Date().toISOString()) {
      fire(LIVE_EVENT_NOTIFY, { action, data: { userData: { connectDate: at }, userCount } });
    },
    fire,
  };
}

function counts(n: number): LiveUserCount {
  return {
    allVisitorsCount: 100 * n,
    allVisitorsTodayCount: 10 * n,
    newVisitorsTodayCount: n,
    onlineVisitorsCount: n + 1,
  };
}

function harness({ connected = true, domainName = 'sara-gallery.ir' } = {}) {
  const server = fakeSocket();
  server.socket.connected = connected;
  const deps = {
    socket: server.socket,
    auth: { invalidate: vi.fn() },
    clock: {
      now: () => Date.now(),
      setTimer: (run: () => void, delayMs: number) => setTimeout(run, delayMs),
      clearTimer: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    },
    userId: USER_ID,
    kwClientId: CLIENT_ID,
    domainName,
    showVisitToast: vi.fn(),
    refetchActivity: vi.fn(),
  };
  const controller = createLivePanelController(deps);
  return { server, deps, controller, view: () => controller.getView() };
}

function startPayload(domainName = 'sara-gallery.ir'): LiveStartPayload {
  return { userId: USER_ID, domainName, kwClientId: CLIENT_ID };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start (spec §7, docs/live-protocol.md §9)', () => {
  test('the panel sends nodeMessage.start with userId, domainName and kwClientId on connect', () => {
    const { server } = harness({ connected: false });
    expect(server.emitted).toEqual([]);
    server.serverAccepts();
    expect(server.emitted).toEqual([{ event: LIVE_EVENT_START, payload: startPayload() }]);
  });

  test('start is sent again on every reconnect', () => {
    const { server } = harness({ connected: false });
    server.serverAccepts();
    server.connectionLost();
    server.serverAccepts();
    server.connectionLost();
    server.serverAccepts();
    expect(server.sent(LIVE_EVENT_START)).toHaveLength(3);
  });

  test('an already connected socket gets start at once', () => {
    const { server } = harness({ connected: true });
    expect(server.sent(LIVE_EVENT_START)).toEqual([
      { event: LIVE_EVENT_START, payload: startPayload() },
    ]);
  });

  test('choosing another domain sends start for it and clears the last one’s counts', () => {
    const { server, controller, view } = harness();
    server.notify(LIVE_ACTION_STARTED, counts(3));
    expect(view().counts).toEqual(counts(3));

    controller.setDomain('example.ir');
    expect(server.sent(LIVE_EVENT_START).at(-1)?.payload).toEqual(startPayload('example.ir'));
    expect(view().counts).toBeNull();

    // The same domain again sends nothing.
    controller.setDomain('example.ir');
    expect(server.sent(LIVE_EVENT_START)).toHaveLength(2);
  });

  test('a domain chosen while disconnected is sent once, by the reconnect', () => {
    const { server, controller } = harness();
    server.connectionLost();
    controller.setDomain('example.ir');
    expect(server.sent(LIVE_EVENT_START)).toHaveLength(1);
    server.serverAccepts();
    expect(server.sent(LIVE_EVENT_START)).toHaveLength(2);
    expect(server.sent(LIVE_EVENT_START)[1]?.payload).toEqual(startPayload('example.ir'));
  });
});

describe('connection status (spec §4: reported every 10 s)', () => {
  test('the socket is read every 10 s, so a silent drop shows at the next check', () => {
    const { server, view } = harness();
    server.serverAccepts();
    expect(view().connected).toBe(true);

    // No event: only the periodic check can notice.
    server.socket.connected = false;
    vi.advanceTimersByTime(LIVE_STATUS_CHECK_INTERVAL_MS - 1);
    expect(view().connected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(view().connected).toBe(false);

    server.socket.connected = true;
    vi.advanceTimersByTime(LIVE_STATUS_CHECK_INTERVAL_MS - 1);
    expect(view().connected).toBe(false);
    vi.advanceTimersByTime(1);
    expect(view().connected).toBe(true);
  });

  test('connect and disconnect events show at once too', () => {
    const { server, view } = harness({ connected: false });
    expect(view().connected).toBe(false);
    server.serverAccepts();
    expect(view().connected).toBe(true);
    server.connectionLost();
    expect(view().connected).toBe(false);
  });
});

describe('answers to start and refresh (spec §4: update blink)', () => {
  test.each([LIVE_ACTION_STARTED, LIVE_ACTION_REFRESHED])(
    '%s replaces the counts and blinks for exactly 5 s, without a toast',
    (action) => {
      const { server, deps, view } = harness();
      server.notify(action, counts(2));
      expect(view().counts).toEqual(counts(2));
      expect(view().updateBlink).toBe(true);

      vi.advanceTimersByTime(BLINK_DURATION_MS - 1);
      expect(view().updateBlink).toBe(true);
      vi.advanceTimersByTime(1);
      expect(view().updateBlink).toBe(false);

      expect(view().interactionBlink).toBe(false);
      expect(view().fanSpeed).toBe(1);
      expect(deps.showVisitToast).not.toHaveBeenCalled();
      expect(deps.refetchActivity).not.toHaveBeenCalled();
    },
  );

  test('a second answer during a blink restarts its 5 s', () => {
    const { server, view } = harness();
    server.notify(LIVE_ACTION_STARTED);
    vi.advanceTimersByTime(3000);
    server.notify(LIVE_ACTION_REFRESHED);
    vi.advanceTimersByTime(BLINK_DURATION_MS - 1);
    expect(view().updateBlink).toBe(true);
    vi.advanceTimersByTime(1);
    expect(view().updateBlink).toBe(false);
    expect(view().updateBlinks).toBe(2);
  });
});

describe('visits (spec §4)', () => {
  test('new-user-connected shows the toast «کاربر جدید»', () => {
    const { server, deps } = harness();
    server.notify(LIVE_ACTION_NEW_VISITOR);
    expect(deps.showVisitToast).toHaveBeenCalledExactlyOnceWith(LIVE_TOAST_NEW_VISITOR);
    expect(LIVE_TOAST_NEW_VISITOR).toBe('کاربر جدید');
  });

  test('returning-user-connected and any unknown action show «بازدید دوباره»', () => {
    const { server, deps } = harness();
    server.notify(LIVE_ACTION_RETURNING_VISITOR);
    server.notify('some-future-action');
    expect(deps.showVisitToast.mock.calls).toEqual([[LIVE_TOAST_REVISIT], [LIVE_TOAST_REVISIT]]);
    expect(LIVE_TOAST_REVISIT).toBe('بازدید دوباره');
  });

  test('a visit updates the counts and blinks the visit indicator for exactly 5 s', () => {
    const { server, view } = harness();
    server.notify(LIVE_ACTION_STARTED, counts(1));
    vi.advanceTimersByTime(BLINK_DURATION_MS);
    server.notify(LIVE_ACTION_RETURNING_VISITOR, counts(4));
    expect(view().counts).toEqual(counts(4));
    expect(view().interactionBlink).toBe(true);
    expect(view().updateBlink).toBe(false);

    vi.advanceTimersByTime(BLINK_DURATION_MS - 1);
    expect(view().interactionBlink).toBe(true);
    vi.advanceTimersByTime(1);
    expect(view().interactionBlink).toBe(false);
  });

  test('a visit without readable counts keeps the last ones', () => {
    const { server, view } = harness();
    server.notify(LIVE_ACTION_STARTED, counts(5));
    server.fire(LIVE_EVENT_NOTIFY, { action: LIVE_ACTION_NEW_VISITOR, data: {} });
    expect(view().counts).toEqual(counts(5));
    expect(view().visits).toBe(1);
  });

  test('the fan turns at speed 2 until 5 minutes after the last visit, then at 1', () => {
    const { server, view } = harness();
    expect(view().fanSpeed).toBe(1);
    server.notify(LIVE_ACTION_NEW_VISITOR);
    expect(view().fanSpeed).toBe(2);

    vi.advanceTimersByTime(2 * 60_000);
    // A later visit restarts the five minutes.
    server.notify(LIVE_ACTION_RETURNING_VISITOR);
    vi.advanceTimersByTime(FAN_SPEED_BOOST_MS - 1);
    expect(view().fanSpeed).toBe(2);
    vi.advanceTimersByTime(1);
    expect(view().fanSpeed).toBe(1);
  });

  test('answers to start and refresh do not boost the fan', () => {
    const { server, view } = harness();
    server.notify(LIVE_ACTION_STARTED);
    server.notify(LIVE_ACTION_REFRESHED);
    expect(view().fanSpeed).toBe(1);
  });

  test('the recent visits are asked for at most once every 2 s, the last visit included', () => {
    const { server, deps } = harness();
    server.notify(LIVE_ACTION_NEW_VISITOR);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(500);
    server.notify(LIVE_ACTION_RETURNING_VISITOR);
    vi.advanceTimersByTime(500);
    server.notify(LIVE_ACTION_RETURNING_VISITOR);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(ACTIVITY_REFETCH_MIN_INTERVAL_MS - 1000 - 1);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(10 * ACTIVITY_REFETCH_MIN_INTERVAL_MS);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(2);

    // After a quiet while, a visit is fetched at once again.
    server.notify(LIVE_ACTION_NEW_VISITOR);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(3);
  });
});

describe('refresh after 50 s without interaction (spec §4)', () => {
  test('refreshLiveData is sent 50 s after the last notification, not before', () => {
    const { server } = harness();
    server.notify(LIVE_ACTION_STARTED);
    vi.advanceTimersByTime(LIVE_DATA_STALE_AFTER_MS - 1);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(server.sent(LIVE_EVENT_REFRESH)).toEqual([
      { event: LIVE_EVENT_REFRESH, payload: startPayload() },
    ]);
  });

  test('any notification restarts the 50 s', () => {
    const { server } = harness();
    server.notify(LIVE_ACTION_STARTED);
    vi.advanceTimersByTime(40_000);
    server.notify(LIVE_ACTION_RETURNING_VISITOR);
    vi.advanceTimersByTime(LIVE_DATA_STALE_AFTER_MS - 1);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(1);

    // Answered: the clock starts again from the answer.
    server.notify(LIVE_ACTION_REFRESHED);
    vi.advanceTimersByTime(LIVE_DATA_STALE_AFTER_MS - 1);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(2);
  });

  test('an unanswered start is asked again as a refresh after 50 s', () => {
    const { server } = harness();
    vi.advanceTimersByTime(LIVE_DATA_STALE_AFTER_MS);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(1);
  });

  test('nothing is sent while disconnected', () => {
    const { server } = harness();
    server.notify(LIVE_ACTION_STARTED);
    server.connectionLost();
    vi.advanceTimersByTime(5 * LIVE_DATA_STALE_AFTER_MS);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(0);
  });
});

describe('refusals and reconnecting', () => {
  test('nodeMessage.refused shows the server’s message until an answer comes', () => {
    const { server, view } = harness();
    server.fire(LIVE_EVENT_REFUSED, { message: 'این دامنه از سرویس‌های شما نیست' });
    expect(view().refusal).toBe('این دامنه از سرویس‌های شما نیست');
    server.notify(LIVE_ACTION_STARTED);
    expect(view().refusal).toBeNull();
  });

  test('a refused token makes the next attempt ask for a fresh one, 1 s later', () => {
    const { server, deps, view } = harness({ connected: false });
    server.middlewareRefuses(new Error('لطفا وارد حساب کاربری خود شوید'));
    expect(deps.auth.invalidate).toHaveBeenCalledTimes(1);
    // Not the page's business: a fresh token is on its way.
    expect(view().refusal).toBeNull();

    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS - 1);
    expect(server.socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(server.socket.connect).toHaveBeenCalledTimes(1);
  });

  test('repeated refusals are retried with growing delays up to 5 s', () => {
    const { server } = harness({ connected: false });
    const delays: number[] = [];
    let last = Date.now();
    server.socket.connect.mockImplementation(() => {
      delays.push(Date.now() - last);
      last = Date.now();
      server.middlewareRefuses(new Error('unauthorized'));
    });
    server.middlewareRefuses(new Error('unauthorized'));
    vi.advanceTimersByTime(30_000);
    expect(delays.slice(0, 5)).toEqual([
      SOCKET_RECONNECT_DELAY_MS,
      2 * SOCKET_RECONNECT_DELAY_MS,
      4 * SOCKET_RECONNECT_DELAY_MS,
      SOCKET_RECONNECT_DELAY_MAX_MS,
      SOCKET_RECONNECT_DELAY_MAX_MS,
    ]);
  });

  test('another refusal of the handshake is shown, and tried again', () => {
    const { server, deps, view } = harness({ connected: false });
    server.middlewareRefuses(new Error('سرور شلوغ است'));
    expect(deps.auth.invalidate).not.toHaveBeenCalled();
    expect(view().refusal).toBe('سرور شلوغ است');
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(server.socket.connect).toHaveBeenCalledTimes(1);
    server.serverAccepts();
    expect(view().refusal).toBeNull();
  });

  test('closed by the server, the socket comes back with a fresh token', () => {
    const { server, deps, view } = harness();
    server.fire(LIVE_EVENT_REFUSED, { message: 'لطفا وارد حساب کاربری خود شوید' });
    server.socket.connected = false;
    server.socket.active = false;
    server.fire('disconnect', 'io server disconnect');
    expect(view().connected).toBe(false);
    expect(deps.auth.invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(server.socket.connect).toHaveBeenCalledTimes(1);
  });

  test('a dropped connection is left to Socket.IO’s own reconnection', () => {
    const { server, deps } = harness();
    server.connectionLost();
    vi.advanceTimersByTime(60_000);
    expect(server.socket.connect).not.toHaveBeenCalled();
    expect(deps.auth.invalidate).not.toHaveBeenCalled();
  });

  test('a network error is left to Socket.IO’s own reconnection', () => {
    const { server } = harness({ connected: false });
    server.fire('connect_error', new Error('websocket error'));
    vi.advanceTimersByTime(60_000);
    expect(server.socket.connect).not.toHaveBeenCalled();
  });
});

describe('lifecycle', () => {
  test('subscribers hear changes, and only changes', () => {
    const { server, controller } = harness();
    const listener = vi.fn();
    controller.subscribe(listener);
    server.notify(LIVE_ACTION_STARTED, counts(1));
    expect(listener).toHaveBeenCalledTimes(1);
    // The blink's end is news; the 10 s checks finding the same connection are not.
    vi.advanceTimersByTime(3 * LIVE_STATUS_CHECK_INTERVAL_MS);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('destroy stops every timer and listener', () => {
    const { server, controller, deps } = harness();
    server.notify(LIVE_ACTION_NEW_VISITOR);
    controller.destroy();
    expect(vi.getTimerCount()).toBe(0);
    expect(server.listenerCount()).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(server.sent(LIVE_EVENT_REFRESH)).toHaveLength(0);
    expect(deps.refetchActivity).toHaveBeenCalledTimes(1);
  });

  test('the fake notifications are valid contract payloads', () => {
    const at = new Date().toISOString();
    expect(() =>
      liveNotification.parse({
        action: LIVE_ACTION_NEW_VISITOR,
        data: { userData: { connectDate: at }, userCount: counts(1) },
      }),
    ).not.toThrow();
  });
});
