import { useQueryClient } from '@tanstack/react-query';
import {
  LIVE_PANEL_NAMESPACE,
  LIVE_SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@vitrin/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
// The only import of socket.io-client: it loads with this page's chunk, never the home page's.
import { io } from 'socket.io-client';
import { appSession } from '../../../lib/app-session';
import { API_ORIGIN } from '../../../lib/config';
import { showSuccessToast } from '../../../lib/toast';
import { liveActivityQueryKey } from '../api/get-live-activity';
import {
  createLivePanelController,
  type LiveClock,
  type LivePanelController,
} from '../utils/live-panel-controller';
import { initialLivePanelState, type LivePanelView, viewAt } from '../utils/live-panel-state';
import { createLiveSocketAuth } from '../utils/live-socket-auth';
import { panelClientId } from '../utils/panel-client-id';

const browserClock: LiveClock = {
  now: () => Date.now(),
  setTimer: (run, delayMs) => window.setTimeout(run, delayMs),
  clearTimer: (timer) => window.clearTimeout(timer as number),
};

/** The session's access token; after the server refused one, a freshly refreshed one. */
async function accessToken(fresh: boolean): Promise<string> {
  if (fresh) {
    const identity = await appSession.refresh();
    if (identity) return identity.jwtToken;
  }
  return appSession.withAccessToken(async (token) => token);
}

const idleView = viewAt(initialLivePanelState, 0);
const noController = {
  getView: () => idleView,
  subscribe: () => () => {},
};

/**
 * The live panel's connection for the page's life: one Socket.IO socket to `/live` (spec §9's
 * reconnect delays and timeout), driven by live-panel-controller.ts. Another domain reuses the
 * socket; a visit refetches the recent visits.
 */
export function useLivePanel(userId: string, domainName: string): LivePanelView {
  const queryClient = useQueryClient();
  const [controller, setController] = useState<LivePanelController | null>(null);
  const domainRef = useRef(domainName);
  domainRef.current = domainName;

  useEffect(() => {
    const auth = createLiveSocketAuth(accessToken);
    // The API's own origin: the page's on the web, the server's in the Android app.
    const socket = io(`${API_ORIGIN}${LIVE_PANEL_NAMESPACE}`, {
      path: LIVE_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
      reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
      timeout: SOCKET_TIMEOUT_MS,
      // The page owns its connection: a remount never shares a manager that is closing.
      forceNew: true,
      autoConnect: false,
      auth: (send) => auth.provide(send),
    });
    const next = createLivePanelController({
      socket,
      auth,
      clock: browserClock,
      userId,
      kwClientId: panelClientId(),
      domainName: domainRef.current,
      showVisitToast: showSuccessToast,
      refetchActivity: () => {
        void queryClient.invalidateQueries({ queryKey: liveActivityQueryKey(userId) });
      },
    });
    setController(next);
    socket.connect();
    return () => {
      next.destroy();
      socket.disconnect();
    };
  }, [userId, queryClient]);

  useEffect(() => {
    controller?.setDomain(domainName);
  }, [controller, domainName]);

  const source = controller ?? noController;
  return useSyncExternalStore(source.subscribe, source.getView, source.getView);
}
