import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFRESH,
  LIVE_EVENT_REFUSED,
  LIVE_EVENT_START,
  LIVE_EVENT_VISIT,
  LIVE_PANEL_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_TRACKER_NAMESPACE,
  type LiveNotification,
  type TrackerVisit,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { services } from '../../schema';

// Drives the live sockets the way the tracker and the panel do, over a real listening server.

/** A browser's user agent: `isbot` lets it through. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** A domain no other test uses. */
export function freshLiveDomain(): string {
  return `live-${randomBytes(5).toString('hex')}.ir`;
}

/** A tracker's random visitor id (docs/live-protocol.md §2). */
export function freshKwClientId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

/** The customer's service for `domainName`, as a purchase leaves it. */
export async function giveDomain(
  app: FastifyInstance,
  userId: string,
  domainName: string,
  status: 'active' | 'expired' | 'cancelled' = 'active',
): Promise<void> {
  await app.db.insert(services).values({
    userId,
    name: `سایت‌ساز کسب‌وکار (${domainName})`,
    status,
    domainName,
  });
}

/** Listens on a free port (once per app) and answers the origin sockets connect to. */
export async function listeningOrigin(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const opened: Socket[] = [];

/** Closes every socket a test opened (call in afterEach). */
export function closeSockets(): void {
  for (const socket of opened.splice(0)) socket.close();
}

function connect(socket: Socket): Promise<Socket> {
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export interface TrackerOptions {
  domainName: string;
  kwClientId?: string;
  /** The page's origin; defaults to `https://<domainName>`; null sends none. */
  origin?: string | null;
  userAgent?: string;
  auth?: Record<string, unknown>;
  /** Sent as `X-Forwarded-For`, as a proxy in front (or a client forging it) would. */
  forwardedFor?: string;
}

/** A tracker connected to `/tracker`; rejects with the server's refusal. */
export function connectTracker(origin: string, options: TrackerOptions): Promise<Socket> {
  const pageOrigin =
    options.origin === undefined ? `https://${options.domainName}` : options.origin;
  return connect(
    io(`${origin}${LIVE_TRACKER_NAMESPACE}`, {
      path: LIVE_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: options.auth ?? {
        domainName: options.domainName,
        kwClientId: options.kwClientId ?? freshKwClientId(),
      },
      extraHeaders: {
        'user-agent': options.userAgent ?? BROWSER_UA,
        ...(pageOrigin === null ? {} : { origin: pageOrigin }),
        ...(options.forwardedFor === undefined ? {} : { 'x-forwarded-for': options.forwardedFor }),
      },
    }),
  );
}

/** A panel connected to `/live` with an access token; rejects with the server's refusal. */
export function connectPanel(origin: string, token: string | null): Promise<Socket> {
  return connect(
    io(`${origin}${LIVE_PANEL_NAMESPACE}`, {
      path: LIVE_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: token === null ? {} : { token },
    }),
  );
}

export function pageView(path = '/'): TrackerVisit {
  return { path, title: 'صفحهٔ نمونه', referrer: '', language: 'fa-IR', screen: '1920x1080' };
}

export function sendVisit(tracker: Socket, visit: unknown = pageView()): void {
  tracker.emit(LIVE_EVENT_VISIT, visit);
}

/** The next `nodeMessage.notify` (or refusal) the panel receives, or a timeout error. */
export function nextMessage(
  panel: Socket,
  timeoutMs = 3000,
): Promise<{ notify: LiveNotification } | { refused: { message: string } }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      panel.off(LIVE_EVENT_NOTIFY, onNotify);
      panel.off(LIVE_EVENT_REFUSED, onRefused);
      reject(new Error(`no live message within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      panel.off(LIVE_EVENT_NOTIFY, onNotify);
      panel.off(LIVE_EVENT_REFUSED, onRefused);
    };
    const onNotify = (notify: LiveNotification) => {
      done();
      resolve({ notify });
    };
    const onRefused = (refused: { message: string }) => {
      done();
      resolve({ refused });
    };
    panel.on(LIVE_EVENT_NOTIFY, onNotify);
    panel.on(LIVE_EVENT_REFUSED, onRefused);
  });
}

/** The next notify; fails the test on a refusal or a timeout. */
export async function nextNotify(panel: Socket, timeoutMs?: number): Promise<LiveNotification> {
  const message = await nextMessage(panel, timeoutMs);
  if ('refused' in message) throw new Error(`refused: ${message.refused.message}`);
  return message.notify;
}

/** Whether any message reaches the panel within `ms`. */
export async function staysQuiet(panel: Socket, ms = 400): Promise<boolean> {
  try {
    await nextMessage(panel, ms);
    return false;
  } catch {
    return true;
  }
}

export interface StartPayload {
  userId: string;
  domainName: string;
  kwClientId?: string;
}

function payloadOf(request: StartPayload) {
  return { kwClientId: freshKwClientId(), ...request };
}

/** Emits `event` with `payload` exactly as given; answered by the next message. */
export function emitAndWait(panel: Socket, event: string, payload: unknown) {
  const answer = nextMessage(panel);
  panel.emit(event, payload);
  return answer;
}

/** `nodeMessage.start` (with a fresh kwClientId unless given), answered by the next message. */
export function start(panel: Socket, request: StartPayload) {
  return emitAndWait(panel, LIVE_EVENT_START, payloadOf(request));
}

/** `nodeMessage.refreshLiveData`, answered by the next message. */
export function refresh(panel: Socket, request: StartPayload) {
  return emitAndWait(panel, LIVE_EVENT_REFRESH, payloadOf(request));
}

/** Polls `read` until `accept` holds or `timeoutMs` passes; answers the last value read. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 3000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
