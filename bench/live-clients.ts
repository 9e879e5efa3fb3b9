import { randomBytes } from 'node:crypto';
import {
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_RETURNING_VISITOR,
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFUSED,
  LIVE_EVENT_START,
  LIVE_EVENT_VISIT,
  LIVE_PANEL_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_TRACKER_NAMESPACE,
  type LiveAction,
  type LiveNotification,
  type TrackerVisit,
} from '@vitrin/contracts';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

// The live bench's two kinds of client (live.ts). Trackers speak the raw Engine.IO/Socket.IO
// frames of docs/live-protocol.md §4 over `ws`, as apps/tracker does in a browser, so that ten
// thousand of them fit in one process; the panel is the Socket.IO client our web app uses.

/** A desktop Chrome's user agent: `isbot` passes it, as it does a real visitor's. */
const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Safari/537.36';
/** Open packet and CONNECT acknowledgement, as the tracker's own watchdog allows (§6). */
const TRACKER_CONNECT_TIMEOUT_MS = 20_000;
const PANEL_TIMEOUT_MS = 20_000;

/** Socket.IO packets to and from `/tracker`, inside Engine.IO message frames (`4…`). */
const TRACKER_FRAMES = {
  /** Sent with the auth object; the server answers the same prefix with the socket's sid. */
  connect: `40${LIVE_TRACKER_NAMESPACE},`,
  refused: `44${LIVE_TRACKER_NAMESPACE},`,
  sentAway: `41${LIVE_TRACKER_NAMESPACE},`,
  event: `42${LIVE_TRACKER_NAMESPACE},`,
} as const;

/** A new visitor's id, as the tracker makes it: 22 characters of base64url (132 random bits). */
export function newClientId(): string {
  return randomBytes(17).toString('base64url').slice(0, 22);
}

function websocketUrl(serverOrigin: string): string {
  return `${serverOrigin.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}?EIO=4&transport=websocket`;
}

export interface Tracker {
  /** Sends one `nodeMessage.visit` (no answer comes back to a tracker). */
  visit(page: TrackerVisit): void;
  close(): void;
}

/**
 * One visitor's tracker socket, resolved once the server acknowledges the `/tracker` CONNECT.
 * Rejects on a refusal (`44`), a close or an error before that, or the timeout. `onLost` is
 * called if the connection ends afterwards without `close()` having been asked for.
 */
export function openTracker(
  serverOrigin: string,
  domainName: string,
  onLost: (reason: string) => void,
): Promise<Tracker> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(websocketUrl(serverOrigin), {
      headers: { Origin: `https://${domainName}`, 'User-Agent': BROWSER_USER_AGENT },
      // The server declines compression (Engine.IO's default); not offering it saves the
      // client's zlib buffers, and the server side is the same either way.
      perMessageDeflate: false,
    });
    let connected = false;
    let closing = false;
    const timer = setTimeout(
      () => fail(`no CONNECT acknowledgement in ${TRACKER_CONNECT_TIMEOUT_MS} ms`),
      TRACKER_CONNECT_TIMEOUT_MS,
    );
    const tracker: Tracker = {
      visit(page) {
        socket.send(`${TRACKER_FRAMES.event}${JSON.stringify([LIVE_EVENT_VISIT, page])}`);
      },
      close() {
        closing = true;
        socket.close();
      },
    };

    function fail(reason: string) {
      clearTimeout(timer);
      if (!connected) {
        closing = true;
        socket.terminate();
        reject(new Error(reason));
      } else if (!closing) {
        closing = true;
        onLost(reason);
      }
    }

    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = data.toString();
      if (frame.startsWith('2')) {
        socket.send(`3${frame.slice(1)}`); // pong, echoing what followed the ping
      } else if (frame.startsWith('0')) {
        // Engine.IO open: join /tracker, the auth object being the handshake's.
        const auth = { domainName, kwClientId: newClientId() };
        socket.send(`${TRACKER_FRAMES.connect}${JSON.stringify(auth)}`);
      } else if (frame.startsWith(TRACKER_FRAMES.connect)) {
        connected = true;
        clearTimeout(timer);
        resolve(tracker);
      } else if (frame.startsWith(TRACKER_FRAMES.refused)) {
        fail(`refused: ${frame}`);
      } else if (frame === '1' || frame.startsWith(TRACKER_FRAMES.sentAway)) {
        fail(`closed by the server: ${frame}`);
      }
    });
    socket.on('error', (error) => fail(error.message));
    socket.on('close', (code) => fail(`socket closed (${code})`));
  });
}

/** Opens `count` trackers with at most `concurrency` handshakes in flight at once. */
export async function openTrackers(
  serverOrigin: string,
  domainName: string,
  count: number,
  concurrency: number,
  onLost: (reason: string) => void,
): Promise<{ trackers: Tracker[]; failures: number; firstFailure: string | null }> {
  const trackers: Tracker[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let next = 0;
  async function worker() {
    while (next < count) {
      next += 1;
      try {
        trackers.push(await openTracker(serverOrigin, domainName, onLost));
      } catch (error) {
        failures += 1;
        firstFailure ??= (error as Error).message;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { trackers, failures, firstFailure };
}

function isVisitAction(action: LiveAction): boolean {
  return action === LIVE_ACTION_NEW_VISITOR || action === LIVE_ACTION_RETURNING_VISITOR;
}

/** A live panel watching one domain, noting when each visit notification arrives. */
export class Panel {
  /** performance.now() of every visit notification, in arrival order. */
  readonly visitArrivals: number[] = [];
  private answers: Array<(notification: LiveNotification) => void> = [];
  private lostReason: string | null = null;

  private constructor(private readonly socket: Socket) {
    socket.on(LIVE_EVENT_NOTIFY, (notification: LiveNotification) => {
      const arrivedAt = performance.now();
      if (isVisitAction(notification.action)) {
        this.visitArrivals.push(arrivedAt);
      } else {
        this.answers.shift()?.(notification);
      }
    });
    socket.on('disconnect', (reason) => {
      this.lostReason ??= `panel disconnected: ${reason}`;
    });
  }

  static async open(
    serverOrigin: string,
    identity: { id: string; jwtToken: string },
    domainName: string,
  ): Promise<Panel> {
    const socket = io(`${serverOrigin}${LIVE_PANEL_NAMESPACE}`, {
      path: LIVE_SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: identity.jwtToken },
      reconnection: false,
      forceNew: true,
      timeout: PANEL_TIMEOUT_MS,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`panel: ${error.message}`)));
    });
    const panel = new Panel(socket);
    await panel.ask(LIVE_EVENT_START, {
      userId: identity.id,
      domainName,
      kwClientId: newClientId(),
    });
    return panel;
  }

  /** Sends a start or refresh and waits for its answer (a notification that is not a visit). */
  ask(
    event: string,
    payload: { userId: string; domainName: string; kwClientId: string },
  ): Promise<LiveNotification> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`panel: no answer to ${event}`)),
        PANEL_TIMEOUT_MS,
      );
      const refused = ({ message }: { message: string }) => {
        clearTimeout(timer);
        reject(new Error(`panel: ${event} refused: ${message}`));
      };
      this.socket.once(LIVE_EVENT_REFUSED, refused);
      this.answers.push((notification) => {
        clearTimeout(timer);
        this.socket.off(LIVE_EVENT_REFUSED, refused);
        resolve(notification);
      });
      this.socket.emit(event, payload);
    });
  }

  /** Why the panel's socket ended, if it did. */
  get lost(): string | null {
    return this.lostReason;
  }

  close(): void {
    this.lostReason ??= 'closed';
    this.socket.close();
  }
}
