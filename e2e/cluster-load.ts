import {
  LIVE_EVENT_NOTIFY,
  LIVE_EVENT_REFRESH,
  LIVE_EVENT_START,
  LIVE_EVENT_VISIT,
  LIVE_PANEL_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_TRACKER_NAMESPACE,
  type LiveNotification,
} from '@vitrin/contracts';
import { io, type Socket } from 'socket.io-client';
import type { Cluster, ClusterAnswer } from './cluster';

// The bounded load of the 3-node test: customers checking out (wallet and gateway), visitors
// browsing pages and the catalog, sign-ins, trackers reporting visits and panels watching them,
// all through nginx. Every request is recorded with the node that answered it, so the failures
// can be told apart: in flight on a killed node, or anything else.

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export interface RequestRecord {
  step: string;
  startedAt: number;
  endedAt: number;
  /** 0: no answer at all (the connection to nginx failed). */
  status: number;
  /** nginx's `$upstream_addr`: the node(s) tried, `127.0.0.1:port[, …]`. */
  upstream: string;
  detail: string;
}

export interface Flow {
  customer: number;
  via: 'wallet' | 'gateway';
  /** Known once submit-order answered. */
  orderId: string | null;
  outcome: 'paid' | 'failed';
  /** The request that ended a failed flow. */
  failure: RequestRecord | null;
}

export class StepFailed extends Error {
  constructor(readonly record: RequestRecord) {
    super(`${record.step} answered ${record.status}: ${record.detail}`);
  }
}

let addressCounter = 0;
/**
 * A different documentation-range client address per request (nodes trust two proxies here: the
 * load stands for a CDN in front of nginx): per-address limits are for people, not for a test.
 */
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export class Recorder {
  readonly records: RequestRecord[] = [];
  constructor(private readonly cluster: Cluster) {}

  async send(
    step: string,
    pathname: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<ClusterAnswer> {
    const startedAt = Date.now();
    let answer: ClusterAnswer;
    try {
      answer = await this.cluster.request(pathname, {
        ...init,
        headers: { 'x-forwarded-for': nextClientAddress(), ...init.headers },
      });
    } catch (error) {
      const record = {
        step,
        startedAt,
        endedAt: Date.now(),
        status: 0,
        upstream: '',
        detail: String(error),
      };
      this.records.push(record);
      throw new StepFailed(record);
    }
    const upstream = answer.headers['x-vitrin-upstream'];
    const record = {
      step,
      startedAt,
      endedAt: Date.now(),
      status: answer.status,
      upstream: typeof upstream === 'string' ? upstream : '',
      detail: answer.status >= 400 ? answer.text.slice(0, 300) : '',
    };
    this.records.push(record);
    if (answer.status >= 400) throw new StepFailed(record);
    return answer;
  }

  async call<T>(step: string, pathname: string, body: unknown, token?: string): Promise<T> {
    const answer = await this.send(step, pathname, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return (JSON.parse(answer.text) as { data: T }).data;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoadOptions {
  productId: string;
  productSlug: string;
  /** An asset of the build, served by nginx from disk. */
  assetPath: string;
  /** Signed-in customers who check out, one virtual customer each. */
  checkoutTokens: string[];
  /** Customers the sign-in loop signs in, round and round. */
  signIns: Array<{ username: string; password: string }>;
  browsers: number;
}

/** Runs until `stop()`; answers the recorded flows. */
export function runLoad(recorder: Recorder, options: LoadOptions) {
  let running = true;
  const flows: Flow[] = [];

  async function checkout(customer: number, token: string, via: Flow['via']): Promise<void> {
    const flow: Flow = { customer, via, orderId: null, outcome: 'failed', failure: null };
    flows.push(flow);
    try {
      // What an earlier, interrupted flow left in the cart goes first.
      const cart = await recorder.call<{ lines: Array<{ id: string }> }>(
        'get-cart',
        '/api/cart/get-cart',
        {},
        token,
      );
      if (cart.lines.length > 0) {
        await recorder.call(
          'delete-cart-products',
          '/api/cart/delete-cart-products',
          { lineIds: cart.lines.map((line) => line.id) },
          token,
        );
      }
      await recorder.call(
        'add-to-cart',
        '/api/cart/add-to-cart',
        { productId: options.productId, cycle: 'monthly' },
        token,
      );
      const order = await recorder.call<{ id: string }>(
        'submit-order',
        '/api/cart/submit-order',
        {},
        token,
      );
      flow.orderId = order.id;
      if (via === 'wallet') {
        const paid = await recorder.call<{ status: string }>(
          'use-wallet-in-order',
          '/api/cart/use-wallet-in-order',
          { orderId: order.id },
          token,
        );
        if (paid.status !== 'paid') throw new Error(`wallet left ${order.id} ${paid.status}`);
      } else {
        const started = await recorder.call<{ redirectUrl: string }>(
          'pay-order',
          '/api/pay/pay-order',
          { orderId: order.id },
          token,
        );
        // The sandbox gateway's page: a form POST answered with a redirect to our callback.
        const page = await recorder.send('sandbox-pay', new URL(started.redirectUrl).pathname, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'choice=pay',
        });
        const location = page.headers.location;
        const authority =
          typeof location === 'string' ? new URL(location).searchParams.get('Authority') : null;
        if (page.status !== 303 || !authority) throw new Error('the sandbox gave no authority');
        const verified = await recorder.call<{ status: string }>(
          'verify-pay-order',
          '/api/pay/verify-pay-order',
          { authority, status: 'OK' },
        );
        if (verified.status !== 'paid') throw new Error(`verify left ${order.id} unpaid`);
      }
      flow.outcome = 'paid';
    } catch (error) {
      if (!(error instanceof StepFailed)) throw error;
      flow.failure = error.record;
    }
  }

  async function browse(): Promise<void> {
    const pages = ['/', '/store', `/store/${options.productSlug}`, '/articles'];
    for (let turn = 0; running; turn += 1) {
      try {
        await recorder.send('page', pages[turn % pages.length] ?? '/', {
          headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
        });
        await recorder.call('get-products', '/api/store/get-products', {});
        await recorder.send('asset', options.assetPath, { headers: { 'accept-encoding': 'gzip' } });
      } catch (error) {
        if (!(error instanceof StepFailed)) throw error;
      }
      await pause(150);
    }
  }

  async function signIns(): Promise<void> {
    for (let turn = 0; running; turn += 1) {
      const account = options.signIns[turn % options.signIns.length];
      if (!account) return;
      try {
        const identity = await recorder.call<{ jwtToken: string }>(
          'authenticate',
          '/api/jwt/authenticate',
          account,
        );
        await recorder.call('get-user-info', '/api/jwt/get-user-info', {}, identity.jwtToken);
      } catch (error) {
        if (!(error instanceof StepFailed)) throw error;
      }
      await pause(300);
    }
  }

  const workers = [
    ...options.checkoutTokens.map(async (token, customer) => {
      for (let turn = 0; running; turn += 1) {
        await checkout(customer, token, turn % 2 === 0 ? 'wallet' : 'gateway');
      }
    }),
    ...Array.from({ length: options.browsers }, () => browse()),
    signIns(),
  ];
  return {
    flows,
    async stop(): Promise<void> {
      running = false;
      await Promise.all(workers);
    },
  };
}

// ── Live ───────────────────────────────────────────────────────────────────────────────────

export interface LiveClients {
  trackers: Socket[];
  panels: Array<{ socket: Socket; connects: number; last: LiveNotification | null }>;
  /** Each panel asks for the counts again; answers what each one got. */
  refreshAll(): Promise<Array<LiveNotification | null>>;
  close(): void;
}

export function startLive(
  cluster: Cluster,
  options: { domainName: string; trackers: number; panels: number; userId: string; token: string },
): LiveClients {
  const socketOptions = {
    path: LIVE_SOCKET_PATH,
    transports: ['websocket'],
    ca: cluster.certificate,
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 2000,
  };
  const trackers = Array.from({ length: options.trackers }, (_, index) => {
    const socket = io(`${cluster.origin}${LIVE_TRACKER_NAMESPACE}`, {
      ...socketOptions,
      auth: {
        domainName: options.domainName,
        kwClientId: `cluster-visitor-${String(index).padStart(8, '0')}-${Date.now()}`,
      },
      extraHeaders: { origin: `https://${options.domainName}`, 'user-agent': BROWSER_UA },
    });
    // A page view on every (re)connect, then one every few seconds, as pages are opened.
    const visit = () => {
      if (socket.connected) {
        socket.emit(LIVE_EVENT_VISIT, {
          path: `/page-${index}`,
          title: 'صفحهٔ آزمون',
          referrer: '',
          language: 'fa-IR',
          screen: '1920x1080',
        });
      }
    };
    socket.on('connect', visit);
    const timer = setInterval(visit, 3000);
    return Object.assign(socket, { stopVisits: () => clearInterval(timer) });
  });
  const payload = () => ({
    userId: options.userId,
    domainName: options.domainName,
    kwClientId: 'cluster-panel-0000000000000',
  });
  const panels = Array.from({ length: options.panels }, () => {
    const socket = io(`${cluster.origin}${LIVE_PANEL_NAMESPACE}`, {
      ...socketOptions,
      auth: { token: options.token },
    });
    const panel = { socket, connects: 0, last: null as LiveNotification | null };
    // As the web panel does: every (re)connect starts watching the domain again.
    socket.on('connect', () => {
      panel.connects += 1;
      socket.emit(LIVE_EVENT_START, payload());
    });
    socket.on(LIVE_EVENT_NOTIFY, (notification: LiveNotification) => {
      panel.last = notification;
    });
    return panel;
  });
  return {
    trackers,
    panels,
    async refreshAll() {
      return Promise.all(
        panels.map(
          (panel) =>
            new Promise<LiveNotification | null>((resolve) => {
              if (!panel.socket.connected) return resolve(null);
              const timer = setTimeout(() => resolve(null), 3000);
              panel.socket.once(LIVE_EVENT_NOTIFY, (notification: LiveNotification) => {
                clearTimeout(timer);
                resolve(notification);
              });
              panel.socket.emit(LIVE_EVENT_REFRESH, payload());
            }),
        ),
      );
    },
    close() {
      for (const tracker of trackers) {
        tracker.stopVisits();
        tracker.close();
      }
      for (const panel of panels) panel.socket.close();
    },
  };
}
