import {
  LIVE_DATA_STALE_AFTER_MS,
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFRESH,
  LIVE_EVENT_REFUSED,
  LIVE_EVENT_START,
  LIVE_STATUS_CHECK_INTERVAL_MS,
  type LiveStartPayload,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  TOAST_ERROR,
} from '@vitrin/contracts';
import {
  applyNotice,
  initialLivePanelState,
  isVisitAction,
  type LivePanelState,
  type LivePanelView,
  nextViewChangeAt,
  readNotice,
  sameView,
  stateForNewDomain,
  viewAt,
  visitToastText,
} from './live-panel-state';
import { isBadTokenError, type LiveSocketAuth } from './live-socket-auth';

/**
 * A visit refetches the recent visits and the hourly chart at most this often: a busy site sends
 * many visits a second, and one call every two seconds keeps the feed current enough.
 */
export const ACTIVITY_REFETCH_MIN_INTERVAL_MS = 2000;

/** The part of a socket.io-client `Socket` the panel uses; tests pass a fake. */
export interface LiveSocket {
  readonly connected: boolean;
  /** False once the server refused the connection: Socket.IO then does not try again itself. */
  readonly active: boolean;
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
  emit(event: string, payload: LiveStartPayload): unknown;
  connect(): unknown;
}

export interface LiveClock {
  now(): number;
  setTimer(run: () => void, delayMs: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface LivePanelControllerDeps {
  socket: LiveSocket;
  auth: Pick<LiveSocketAuth, 'invalidate'>;
  clock: LiveClock;
  userId: string;
  /** The panel's own id (panel-client-id.ts), never counted as a visitor. */
  kwClientId: string;
  domainName: string;
  /** Spec §4's visit toast, with its text. */
  showVisitToast(text: string): void;
  /** The recent visits and the hourly chart are out of date: ask for them again. */
  refetchActivity(): void;
}

export interface LivePanelController {
  getView(): LivePanelView;
  subscribe(listener: () => void): () => void;
  /** Another domain chosen: its counts are asked for at once. */
  setDomain(domainName: string): void;
  /** Stops every timer and listener; the caller closes the socket. */
  destroy(): void;
}

/**
 * The live panel's socket side (spec §4, docs/live-protocol.md §9): sends `nodeMessage.start` on
 * every connect and domain change, applies `nodeMessage.notify`, checks the connection every
 * 10 s, asks for fresh data after 50 s without any notification, and ends blinks and the fan's
 * boost on time. Framework-free, with the clock and timers given, so its rules are tested with
 * fake timers (live-panel-controller.test.ts).
 */
export function createLivePanelController(deps: LivePanelControllerDeps): LivePanelController {
  const { socket, clock } = deps;
  let domainName = deps.domainName;
  let state: LivePanelState = { ...initialLivePanelState, connected: socket.connected };
  let view = viewAt(state, clock.now());
  const listeners = new Set<() => void>();

  let viewTimer: unknown = null;
  let staleTimer: unknown = null;
  let statusTimer: unknown = null;
  let activityTimer: unknown = null;
  let reconnectTimer: unknown = null;
  let lastActivityRefetchAt = Number.NEGATIVE_INFINITY;
  let reconnectDelayMs = SOCKET_RECONNECT_DELAY_MS;
  let destroyed = false;

  function clear(timer: unknown): null {
    if (timer !== null) clock.clearTimer(timer);
    return null;
  }

  function publish() {
    const now = clock.now();
    viewTimer = clear(viewTimer);
    const changeAt = nextViewChangeAt(state, now);
    if (changeAt !== null) viewTimer = clock.setTimer(publish, changeAt - now);
    const next = viewAt(state, now);
    if (sameView(view, next)) return;
    view = next;
    for (const listener of listeners) listener();
  }

  function commit(next: LivePanelState) {
    state = next;
    publish();
  }

  function setConnected(connected: boolean) {
    if (state.connected !== connected) commit({ ...state, connected });
  }

  function startPayload(): LiveStartPayload {
    return { userId: deps.userId, domainName, kwClientId: deps.kwClientId };
  }

  // Spec §4: the data is asked for again once the last interaction is over 50 s old. The clock
  // starts at the start request too, so an unanswered start is asked again as a refresh.
  function armStaleTimer() {
    staleTimer = clear(staleTimer);
    staleTimer = clock.setTimer(() => {
      staleTimer = null;
      if (!socket.connected) return;
      socket.emit(LIVE_EVENT_REFRESH, startPayload());
      armStaleTimer();
    }, LIVE_DATA_STALE_AFTER_MS);
  }

  function sendStart() {
    // Socket.IO would buffer an emit while disconnected and send it after the connect handler's
    // own start: the connect handler is the one that sends it then.
    if (!socket.connected) return;
    socket.emit(LIVE_EVENT_START, startPayload());
    armStaleTimer();
  }

  // Spec §4: the connection is reported every 10 s, read from the socket itself.
  function checkStatus() {
    statusTimer = clock.setTimer(checkStatus, LIVE_STATUS_CHECK_INTERVAL_MS);
    setConnected(socket.connected);
  }

  function refetchActivitySoon() {
    if (activityTimer !== null) return;
    const waitMs = lastActivityRefetchAt + ACTIVITY_REFETCH_MIN_INTERVAL_MS - clock.now();
    const run = () => {
      activityTimer = null;
      lastActivityRefetchAt = clock.now();
      deps.refetchActivity();
    };
    if (waitMs <= 0) run();
    else activityTimer = clock.setTimer(run, waitMs);
  }

  // A refusal by the server's middleware ends Socket.IO's own retries; the spec's unlimited
  // attempts go on here, with the same delays.
  function reconnectLater() {
    if (destroyed || reconnectTimer !== null) return;
    const delayMs = reconnectDelayMs;
    reconnectDelayMs = Math.min(reconnectDelayMs * 2, SOCKET_RECONNECT_DELAY_MAX_MS);
    reconnectTimer = clock.setTimer(() => {
      reconnectTimer = null;
      if (!socket.active) socket.connect();
    }, delayMs);
  }

  const handlers: Record<string, (payload: unknown) => void> = {
    connect() {
      reconnectDelayMs = SOCKET_RECONNECT_DELAY_MS;
      // Past the middleware: an earlier refusal of the handshake no longer holds.
      commit({ ...state, connected: true, refusal: null });
      sendStart();
    },
    disconnect() {
      setConnected(false);
      staleTimer = clear(staleTimer);
      // 'io server disconnect': the server closed this socket, and Socket.IO leaves it closed.
      // It does so when the sign-in behind the token has ended, so the next attempt refreshes
      // the session, which ends this page too if the sign-in is gone for good.
      if (!socket.active) {
        deps.auth.invalidate();
        reconnectLater();
      }
    },
    connect_error(error) {
      setConnected(false);
      const badToken = isBadTokenError(error);
      if (badToken) deps.auth.invalidate();
      if (socket.active) return;
      if (!badToken && error instanceof Error && error.message) {
        commit({ ...state, refusal: error.message });
      }
      reconnectLater();
    },
    [LIVE_EVENT_NOTIFY](payload) {
      const notice = readNotice(payload);
      if (!notice) return;
      commit(applyNotice(state, notice, clock.now()));
      armStaleTimer();
      if (!isVisitAction(notice.action)) return;
      deps.showVisitToast(visitToastText(notice.action));
      refetchActivitySoon();
    },
    [LIVE_EVENT_REFUSED](payload) {
      const message =
        typeof payload === 'object' && payload !== null
          ? (payload as { message?: unknown }).message
          : undefined;
      commit({ ...state, refusal: typeof message === 'string' && message ? message : TOAST_ERROR });
    },
  };

  for (const [event, handler] of Object.entries(handlers)) socket.on(event, handler);
  statusTimer = clock.setTimer(checkStatus, LIVE_STATUS_CHECK_INTERVAL_MS);
  if (socket.connected) sendStart();

  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setDomain(next) {
      if (next === domainName) return;
      domainName = next;
      commit(stateForNewDomain(state));
      sendStart();
    },
    destroy() {
      destroyed = true;
      for (const [event, handler] of Object.entries(handlers)) socket.off(event, handler);
      for (const timer of [viewTimer, staleTimer, statusTimer, activityTimer, reconnectTimer]) {
        clear(timer);
      }
      viewTimer = staleTimer = statusTimer = activityTimer = reconnectTimer = null;
      listeners.clear();
    },
  };
}
