import {
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_REFRESHED,
  LIVE_ACTION_STARTED,
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFRESH,
  LIVE_EVENT_START,
  LIVE_EVENT_VISIT,
  LIVE_PANEL_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_TRACKER_NAMESPACE,
  type LiveAction,
  type LiveNotification,
} from '@vitrin/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { Server } from 'socket.io';

// The live bench's floor (`server.ts --baseline --live`): bare Fastify with a bare Socket.IO
// server attached, the same socket.io package and the same server options as the target's
// live-socket.ts, and nothing of ours. A tracker on `/tracker` is accepted whatever its auth
// says; each `nodeMessage.visit` is echoed as a `nodeMessage.notify` to the room of the tracker's
// domain on `/live`, which a panel joins with `nodeMessage.start`. No validation, no limits, no
// counting, no database: what is left is Socket.IO's own cost for the same traffic.

const NO_COUNTS = {
  allVisitorsCount: 0,
  allVisitorsTodayCount: 0,
  newVisitorsTodayCount: 0,
  onlineVisitorsCount: 0,
};

function notification(action: LiveAction): LiveNotification {
  return {
    action,
    data: { userData: { connectDate: new Date().toISOString() }, userCount: NO_COUNTS },
  };
}

function domainOf(value: unknown): string {
  const domainName = (value as { domainName?: unknown } | undefined)?.domainName;
  return typeof domainName === 'string' ? domainName : '';
}

export function buildLiveBaseline(): { app: FastifyInstance; io: Server } {
  const app = Fastify();
  const io = new Server({
    path: LIVE_SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    connectTimeout: 20_000,
  });
  io.attach(app.server);
  const panels = io.of(LIVE_PANEL_NAMESPACE);

  io.of(LIVE_TRACKER_NAMESPACE).on('connection', (socket) => {
    const room = `domain:${domainOf(socket.handshake.auth)}`;
    socket.on(LIVE_EVENT_VISIT, () => {
      panels.to(room).emit(LIVE_EVENT_NOTIFY, notification(LIVE_ACTION_NEW_VISITOR));
    });
  });

  panels.on('connection', (socket) => {
    socket.on(LIVE_EVENT_START, async (payload: unknown) => {
      await socket.join(`domain:${domainOf(payload)}`);
      socket.emit(LIVE_EVENT_NOTIFY, notification(LIVE_ACTION_STARTED));
    });
    socket.on(LIVE_EVENT_REFRESH, () => {
      socket.emit(LIVE_EVENT_NOTIFY, notification(LIVE_ACTION_REFRESHED));
    });
  });

  // As the target does: sockets close before the HTTP server, so the close never waits on them.
  app.addHook('preClose', async () => {
    for (const namespace of [LIVE_TRACKER_NAMESPACE, LIVE_PANEL_NAMESPACE]) {
      io.of(namespace).local.disconnectSockets(true);
    }
    io.engine?.close();
  });
  return { app, io };
}
