import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  kwClientId,
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_REFRESHED,
  LIVE_ACTION_RETURNING_VISITOR,
  LIVE_ACTION_STARTED,
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFRESH,
  LIVE_EVENT_REFUSED,
  LIVE_EVENT_START,
  LIVE_EVENT_VISIT,
  LIVE_PANEL_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_TRACKER_NAMESPACE,
  type LiveAction,
  type LiveNotification,
  liveDomainName,
  liveStartPayload,
  trackerVisit,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { clientAddressOf, compileProxyTrust, rateLimitKeyOf } from '../../lib/client-address';
import { createLimiter } from '../../lib/limiter';
import type { AuthUser } from '../../plugins/auth';
import { isSessionOpen } from '../accounts';
import { createRegisteredDomains, normalizeDomainName, userOwnsDomain } from './live-domains';
import type { LiveService } from './live-service';
import type { VisitorCountStore, VisitorCounts } from './visitor-counts';

// The live sockets (issue 7, docs/live-protocol.md, docs/decisions/0014): trackers on the
// customers' sites report visits on `/tracker`; the panel watches one domain on `/live`.

/** Refusals, sent as the CONNECT_ERROR or `nodeMessage.refused` message (Persian, spec §8). */
export const LIVE_MESSAGES = {
  badTracker: 'اطلاعات ردیاب نامعتبر است',
  botRefused: 'ربات‌ها شمرده نمی‌شوند',
  wrongOrigin: 'این ردیاب فقط روی صفحه‌های همان دامنه کار می‌کند',
  unknownDomain: 'این دامنه در ویترین ثبت نشده است',
  tooManyConnections: 'تعداد اتصال‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید',
  signInNeeded: 'لطفا وارد حساب کاربری خود شوید',
  badRequest: 'درخواست پنل زنده نامعتبر است',
  notYourDomain: 'این دامنه جزو سرویس‌های شما نیست',
  tooManyRequests: 'درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید',
  unavailable: 'آمار زنده موقتا در دسترس نیست؛ کمی بعد دوباره تلاش کنید',
} as const;

/** Visits one tracker socket may report: a burst of 10, then one a second on average. */
const VISITS_PER_SOCKET = { points: 10, duration: 10 };
/** Starts and refreshes one panel socket may ask for per minute (the panel asks every 50 s). */
const PANEL_REQUESTS_PER_MINUTE = 30;

const trackerAuth = z.object({ domainName: liveDomainName, kwClientId });

interface TrackerData {
  domainName: string;
  kwClientId: string;
  /** Settles once the connection is counted online, so its close is never counted first. */
  opened: Promise<void>;
}

interface PanelData {
  user: AuthUser;
  domainName: string | null;
}

export function domainRoom(domainName: string): string {
  return `domain:${domainName}`;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a page at `origin` belongs to `domainName` (the domain or one of its subdomains). */
export function originMatchesDomain(origin: string | undefined, domainName: string): boolean {
  if (!origin) return false;
  let host: string;
  try {
    host = normalizeDomainName(new URL(origin).hostname);
  } catch {
    return false;
  }
  return host === domainName || host.endsWith(`.${domainName}`);
}

function refusal(message: string): Error {
  return new Error(message);
}

export function notification(
  action: LiveAction,
  at: Date,
  userCount: VisitorCounts,
): LiveNotification {
  return { action, data: { userData: { connectDate: at.toISOString() }, userCount } };
}

export async function createLiveSockets(
  app: FastifyInstance,
  deps: { service: LiveService; store: VisitorCountStore; now: () => Date },
) {
  const { service, store, now } = deps;
  const nodeId = randomUUID();
  const isRegistered = createRegisteredDomains(app.db);
  // Fastify's rule for `request.ip`: a forged X-Forwarded-For entry buys no fresh connects.
  const trust = compileProxyTrust(app.config.trustProxy);
  const connects = createLimiter(
    { name: 'live-connect', points: app.config.liveConnectsPerMinute, durationSeconds: 60 },
    { redis: app.redis, prefix: app.config.redisKeyPrefix },
  );
  const visitLimiter = new RateLimiterMemory(VISITS_PER_SOCKET);
  const panelLimiter = new RateLimiterMemory({ points: PANEL_REQUESTS_PER_MINUTE, duration: 60 });

  const io = new Server({
    path: LIVE_SOCKET_PATH,
    // WebSocket only: no long-polling sessions to pin to a node behind a load balancer.
    transports: ['websocket'],
    serveClient: false,
    // A visit or a start is well under 2 KB; nothing larger is ever sent to us.
    maxHttpBufferSize: 16 * 1024,
    connectTimeout: 20_000,
  });
  if (app.redis) {
    // A visit on one node reaches the panels connected to every other (ARCHITECTURE.md).
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    pub.on('error', (error) => app.log.warn({ err: error }, 'live publisher error'));
    sub.on('error', (error) => app.log.warn({ err: error }, 'live subscriber error'));
    // Connected before the adapter subscribes: its subscriptions then reach Redis ahead of any
    // QUIT, so an app closed a moment after it started leaves no command to reject.
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${app.config.redisKeyPrefix}socket.io` }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  async function spendConnect(socket: Socket): Promise<boolean> {
    try {
      await connects.consume(rateLimitKeyOf(clientAddressOf(socket.request, trust)));
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  // ── Trackers ──────────────────────────────────────────────────────────────────────────────
  const trackers = io.of(LIVE_TRACKER_NAMESPACE);
  const panels = io.of(LIVE_PANEL_NAMESPACE);

  trackers.use(async (socket, next) => {
    try {
      if (isbot(header(socket.handshake.headers, 'user-agent') ?? '')) {
        return next(refusal(LIVE_MESSAGES.botRefused));
      }
      if (!(await spendConnect(socket))) return next(refusal(LIVE_MESSAGES.tooManyConnections));
      const auth = trackerAuth.safeParse(socket.handshake.auth);
      if (!auth.success) return next(refusal(LIVE_MESSAGES.badTracker));
      const { domainName } = auth.data;
      if (!originMatchesDomain(header(socket.handshake.headers, 'origin'), domainName)) {
        return next(refusal(LIVE_MESSAGES.wrongOrigin));
      }
      if (!(await isRegistered(domainName))) return next(refusal(LIVE_MESSAGES.unknownDomain));
      socket.data = { domainName, kwClientId: auth.data.kwClientId, opened: Promise.resolve() };
      next();
    } catch (error) {
      app.log.error({ err: error }, 'live tracker handshake failed');
      next(refusal(LIVE_MESSAGES.unavailable));
    }
  });

  async function onVisit(socket: Socket, payload: unknown): Promise<void> {
    const data = socket.data as TrackerData;
    try {
      await visitLimiter.consume(socket.id);
    } catch {
      return; // Over the limit: the visit is dropped, the socket kept (protocol §8.4).
    }
    const page = trackerVisit.safeParse(payload);
    if (!page.success) return;
    const at = now();
    const { kind, counts } = await service.recordVisit({
      domainName: data.domainName,
      kwClientId: data.kwClientId,
      at,
      page: page.data,
    });
    app.metrics.liveVisits.inc({ kind });
    const action = kind === 'new' ? LIVE_ACTION_NEW_VISITOR : LIVE_ACTION_RETURNING_VISITOR;
    panels
      .to(domainRoom(data.domainName))
      .emit(LIVE_EVENT_NOTIFY, notification(action, at, counts));
  }

  trackers.on('connection', (socket) => {
    const data = socket.data as TrackerData;
    data.opened = store
      .connectionOpened({ domainName: data.domainName, connectionId: socket.id, nodeId, at: now() })
      .catch((error) => app.log.error({ err: error }, 'live connection not counted'));
    socket.on(LIVE_EVENT_VISIT, (payload: unknown) => {
      onVisit(socket, payload).catch((error) =>
        app.log.error({ err: error }, 'live visit not recorded'),
      );
    });
    socket.on('disconnect', () => {
      visitLimiter.delete(socket.id).catch(() => undefined);
      data.opened
        .then(() =>
          store.connectionClosed({ domainName: data.domainName, connectionId: socket.id }),
        )
        .catch((error) => app.log.error({ err: error }, 'live disconnect not counted'));
    });
  });

  // ── Panels ────────────────────────────────────────────────────────────────────────────────
  panels.use(async (socket, next) => {
    try {
      if (!(await spendConnect(socket))) return next(refusal(LIVE_MESSAGES.tooManyConnections));
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const user = typeof token === 'string' ? await app.accessTokens.verify(token) : null;
      if (!user) {
        const error = refusal(LIVE_MESSAGES.signInNeeded) as Error & { data?: unknown };
        error.data = { code: 'UNAUTHENTICATED' };
        return next(error);
      }
      socket.data = { user, domainName: null } satisfies PanelData;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'live panel handshake failed');
      next(refusal(LIVE_MESSAGES.unavailable));
    }
  });

  async function onPanelRequest(socket: Socket, action: LiveAction, payload: unknown) {
    const data = socket.data as PanelData;
    const refuse = (message: string) => socket.emit(LIVE_EVENT_REFUSED, { message });
    try {
      await panelLimiter.consume(socket.id);
    } catch {
      return refuse(LIVE_MESSAGES.tooManyRequests);
    }
    const request = liveStartPayload.safeParse(payload);
    if (!request.success) return refuse(LIVE_MESSAGES.badRequest);
    // The sign-in the socket was opened with must still be open (not signed out, not expired).
    if (!(await isSessionOpen(app.db, data.user.sessionId, now()))) {
      refuse(LIVE_MESSAGES.signInNeeded);
      socket.disconnect(true);
      return;
    }
    // The payload's userId is never trusted: the token's user is the one asking.
    const { domainName } = request.data;
    if (!(await userOwnsDomain(app.db, data.user.id, domainName))) {
      return refuse(LIVE_MESSAGES.notYourDomain);
    }
    if (data.domainName !== domainName) {
      if (data.domainName) await socket.leave(domainRoom(data.domainName));
      await socket.join(domainRoom(domainName));
      data.domainName = domainName;
    }
    const at = now();
    socket.emit(LIVE_EVENT_NOTIFY, notification(action, at, await service.counts(domainName, at)));
  }

  panels.on('connection', (socket) => {
    const handle = (action: LiveAction) => (payload: unknown) => {
      onPanelRequest(socket, action, payload).catch((error) => {
        app.log.error({ err: error }, 'live panel request failed');
        socket.emit(LIVE_EVENT_REFUSED, { message: LIVE_MESSAGES.unavailable });
      });
    };
    socket.on(LIVE_EVENT_START, handle(LIVE_ACTION_STARTED));
    socket.on(LIVE_EVENT_REFRESH, handle(LIVE_ACTION_REFRESHED));
    socket.on('disconnect', () => {
      panelLimiter.delete(socket.id).catch(() => undefined);
    });
  });

  return {
    io,
    nodeId,
    /**
     * Keeps this node's visitors online; when the store has lost them (a Redis restarted empty),
     * opens again every tracker connection this node holds.
     */
    async heartbeat(at: Date = now()): Promise<void> {
      if (await store.heartbeat(nodeId, at)) return;
      for (const socket of trackers.sockets.values()) {
        const data = socket.data as TrackerData;
        await store.connectionOpened({
          domainName: data.domainName,
          connectionId: socket.id,
          nodeId,
          at,
        });
      }
    },
    /**
     * Closes every connection of this node (not the other nodes') and the engine. The transports
     * are closed, not the namespaces: that is the reconnect hint. A tracker stops for the page
     * load on a namespace disconnect (`41`) but reconnects after a closed transport, and a panel's
     * Socket.IO client reconnects by itself (docs/live-protocol.md §6, §8.3), so both come back
     * through the load balancer to a node still running.
     */
    async close() {
      io.engine?.close();
      await Promise.allSettled([trackers, panels].map((namespace) => namespace.adapter.close()));
    },
  };
}
