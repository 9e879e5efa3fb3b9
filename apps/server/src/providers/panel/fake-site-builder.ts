import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  MemorySeenWebhookIds,
  signWebhook,
  verifyWebhook,
  type WebhookHeaders,
  type WebhookRejection,
} from './webhook-signature';

/**
 * A local stand-in for the company's site builder, speaking the protocol specified in
 * site-builder-driver.ts: it verifies every request's signature as a real receiver must (bad,
 * stale and replayed ones are refused), keeps sites in memory, "builds" a site for `buildMs`
 * and then posts the signed callback, redelivering a refused one twice, 100 and 200 ms apart
 * (the real schedule is far longer). Faults can be switched on for tests. No test framework
 * here: the e2e harness can start it too.
 */

export type FakeSiteBuilderMode =
  | 'normal'
  | 'timeout'
  | 'server-error'
  | 'auth-failure'
  | 'garbage'
  | 'slow';

export interface FakeBuilderSite {
  username: string;
  domain: string;
  theme: string;
  package: string;
  contactEmail: string;
  password: string;
  callbackUrl: string;
  state: 'building' | 'ready' | 'failed';
  suspended: boolean;
  suspendReason: string | null;
  siteUrl: string | null;
  failureReason: string | null;
}

export interface FakeBuilderRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as received. */
  body: string;
}

/** One attempt to deliver a callback. */
export interface FakeCallbackDelivery {
  url: string;
  headers: WebhookHeaders;
  body: string;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  error: string | null;
}

export interface FakeSiteBuilder {
  /** Use as the driver's `baseUrl`. */
  url: string;
  /** Every request received, in order (including those a fault answered). */
  requests: FakeBuilderRequest[];
  /** Every callback attempt, in order. */
  deliveredCallbacks: FakeCallbackDelivery[];
  /** Copies of the sites held now. */
  sites(): FakeBuilderSite[];
  /**
   * `timeout` never answers; `server-error` answers 502 HTML; `auth-failure` refuses every
   * signature (401); `garbage` answers 200 with broken JSON; all four do nothing. `slow` does the
   * work and answers after `slowMs`.
   */
  setMode(mode: FakeSiteBuilderMode): void;
  /** The next `count` requests answer 500 (or 429 `busy`) and do nothing. */
  failNext(count: number, answer?: 'internal' | 'busy'): void;
  /** From now, each request answers 500 with probability `rate`, drawn from a seeded PRNG. */
  failRate(rate: number, seed?: number): void;
  /** Delay before every answer, in ms. */
  latencyMs: number;
  /** The next create builds the site but the connection drops before the answer. */
  loseNextCreateAnswer(): void;
  /** The next site created fails its build with this reason (the callback says `site.failed`). */
  failNextBuild(reason?: string): void;
  close(): Promise<void>;
}

export interface FakeSiteBuilderOptions {
  /** The shared secret; a list while rotating: all verify, the first signs callbacks. */
  secret: string | readonly string[];
  /** How long a build takes, in ms (default 50). */
  buildMs?: number;
  /** How late the `slow` mode answers, in ms (default 2000). */
  slowMs?: number;
  themes?: readonly string[];
  packages?: Readonly<Record<string, FakePackageLimits>>;
  host?: string;
  port?: number;
}

interface FakePackageLimits {
  diskLimitMb: number | null;
  bandwidthLimitMb: number | null;
}

const DEFAULT_THEMES = ['minimal', 'shop', 'blog'];
const DEFAULT_PACKAGES: Record<string, FakePackageLimits> = {
  starter: { diskLimitMb: 1024, bandwidthLimitMb: 10_240 },
  business: { diskLimitMb: 5120, bandwidthLimitMb: 51_200 },
  pro: { diskLimitMb: null, bandwidthLimitMb: null },
};
/** What a built site uses, so tests can expect exact numbers. */
export const FAKE_BUILT_SITE_USAGE = { diskUsedMb: 37, bandwidthUsedMb: 120 };
const CALLBACK_ATTEMPTS = 3;
const CALLBACK_RETRY_MS = 100;
const CALLBACK_TIMEOUT_MS = 5000;
const LOGIN_TTL_MS = 5 * 60_000;

const USERNAME_FORM = /^[a-z][a-z0-9]{0,7}$/;
const DOMAIN_FORM =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/;
const SITE_VERBS = new Set([
  'details',
  'suspend',
  'unsuspend',
  'delete',
  'package',
  'password',
  'login-url',
  'usage',
]);
const REJECTION_CODES: Record<WebhookRejection, string> = {
  malformed: 'malformed_signature',
  'bad-signature': 'invalid_signature',
  stale: 'stale_timestamp',
  replayed: 'replayed',
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeSiteBuilder(
  options: FakeSiteBuilderOptions,
): Promise<FakeSiteBuilder> {
  const secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
  const signingSecret = secrets[0];
  if (signingSecret === undefined) throw new Error('fake site builder: no secret');
  const buildMs = options.buildMs ?? 50;
  const slowMs = options.slowMs ?? 2000;
  const themes = new Set(options.themes ?? DEFAULT_THEMES);
  const packages = options.packages ?? DEFAULT_PACKAGES;

  const sites = new Map<string, FakeBuilderSite>();
  const logins = new Map<string, { username: string; expiresAt: number; used: boolean }>();
  const requests: FakeBuilderRequest[] = [];
  const deliveredCallbacks: FakeCallbackDelivery[] = [];
  const seen = new MemorySeenWebhookIds();
  const builds = new Map<string, NodeJS.Timeout>();
  // Answers held by the timeout mode and waits (latency, slow, retry pauses), ended by close().
  const held = new Set<ServerResponse>();
  const waits = new Set<() => void>();
  const deliveries = new AbortController();
  let mode: FakeSiteBuilderMode = 'normal';
  let failures = 0;
  let failureAnswer: 'internal' | 'busy' = 'internal';
  let random: (() => number) | null = null;
  let failureRate = 0;
  let loseCreateAnswer = false;
  let nextBuildFailure: string | null = null;
  let closed = false;
  let latencyMs = 0;

  const app = Fastify({ logger: false, forceCloseConnections: true });
  // The signature covers the bytes as sent, so routes get the raw text and parse it themselves.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return envelope(reply, status, status < 500 ? 'invalid_request' : 'internal', error.message);
  });
  app.setNotFoundHandler((request, reply) =>
    envelope(reply, 404, 'not_found', `no route ${request.method} ${request.url}`),
  );

  function wait(ms: number): Promise<void> {
    if (ms <= 0 || closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waits.add(wake);
    });
  }

  /**
   * Everything before an operation runs: faults, the signature, the body's action. Answers and
   * returns null when the request goes no further.
   */
  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    action: string,
    username: string | null,
  ): Promise<Record<string, unknown> | null> {
    const raw = typeof request.body === 'string' ? request.body : '';
    requests.push({ path: request.url, headers: request.headers, body: raw });
    await wait(latencyMs);
    if (request.socket.destroyed) {
      // The caller gave up during the latency: like a real server, do not act on it.
      reply.hijack();
      return null;
    }
    if (mode === 'timeout') {
      reply.hijack();
      held.add(reply.raw);
      reply.raw.on('close', () => held.delete(reply.raw));
      return null;
    }
    if (mode === 'server-error') {
      reply
        .code(502)
        .type('text/html')
        .send('<html><head><title>502 Bad Gateway</title></head><body>502</body></html>');
      return null;
    }
    if (mode === 'auth-failure') {
      envelope(reply, 401, 'invalid_signature', 'no v1 signature matches an accepted secret');
      return null;
    }
    if (mode === 'garbage') {
      reply.code(200).type('application/json').send('{"site":{"state":"rea');
      return null;
    }
    if (failures > 0) {
      failures -= 1;
      if (failureAnswer === 'busy') {
        reply.header('retry-after', '1');
        envelope(reply, 429, 'busy', 'too many requests, try again in a second');
      } else {
        envelope(reply, 500, 'internal', 'injected failure');
      }
      return null;
    }
    if (random !== null && random() < failureRate) {
      envelope(reply, 500, 'internal', 'injected failure');
      return null;
    }

    const verified = await verifyWebhook({ secrets, headers: request.headers, body: raw, seen });
    if (!verified.ok) {
      envelope(reply, 401, REJECTION_CODES[verified.reason], verified.message);
      return null;
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
      body = parsed as Record<string, unknown>;
    } catch {
      envelope(reply, 400, 'invalid_request', 'the body is not a JSON object');
      return null;
    }
    // §2.5: the signature does not cover the path, so the body must say the same thing.
    if (body.action !== action || (username !== null && body.username !== username)) {
      envelope(reply, 400, 'invalid_request', `this path takes action "${action}" for its site`);
      return null;
    }
    return body;
  }

  /** Answers with `result`, late in the `slow` mode; a Refusal becomes its error envelope. */
  async function answer(reply: FastifyReply, status: number, result: () => object) {
    let payload: object;
    try {
      payload = result();
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return envelope(reply, error.status, error.code, error.message);
    }
    if (mode === 'slow') await wait(slowMs);
    return reply.code(status).send(payload);
  }

  app.post('/v1/status', async (request, reply) => {
    if (!(await admit(request, reply, 'status', null))) return reply;
    return answer(reply, 200, () => ({ version: 'fake-site-builder 1.0', sites: sites.size }));
  });

  app.post('/v1/sites', async (request, reply) => {
    const body = await admit(request, reply, 'site.create', null);
    if (!body) return reply;
    let created: FakeBuilderSite;
    try {
      created = createSite(body);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return envelope(reply, error.status, error.code, error.message);
    }
    startBuild(created);
    if (loseCreateAnswer) {
      loseCreateAnswer = false;
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    return answer(reply, 202, () => ({ state: 'building' }));
  });

  app.post<{ Params: { username: string; verb: string } }>(
    '/v1/sites/:username/:verb',
    async (request, reply) => {
      const { username, verb } = request.params;
      if (!SITE_VERBS.has(verb)) {
        return envelope(reply, 404, 'not_found', `no route POST ${request.url}`);
      }
      const body = await admit(request, reply, `site.${verb}`, username);
      if (!body) return reply;
      const site = sites.get(username);
      if (!site) {
        return envelope(reply, 404, 'site_not_found', `no site "${username}"`);
      }
      return answer(reply, 200, () => siteOperation(site, verb, body));
    },
  );

  app.get<{ Params: { token: string } }>('/login/:token', async (request, reply) => {
    const login = logins.get(request.params.token);
    if (!login || login.used || login.expiresAt < Date.now()) {
      return reply.code(410).type('text/plain').send('this sign-in link is used or expired');
    }
    login.used = true;
    return reply.type('text/plain').send(`signed in to the editor as ${login.username}`);
  });

  function createSite(body: Record<string, unknown>): FakeBuilderSite {
    const { username, domain, contactEmail, password, callbackUrl } = body;
    // A null theme is the builder's default: its first.
    const theme = body.theme ?? [...themes][0];
    const packageName = body.package;
    if (typeof username !== 'string' || !USERNAME_FORM.test(username)) {
      throw new Refusal(422, 'invalid_username', 'the username is a-z then a-z0-9, at most 8');
    }
    if (typeof domain !== 'string' || !DOMAIN_FORM.test(domain.toLowerCase())) {
      throw new Refusal(422, 'invalid_domain', `"${String(domain)}" is not a domain name`);
    }
    if (typeof theme !== 'string' || !themes.has(theme)) {
      throw new Refusal(422, 'unknown_theme', `no theme "${String(theme)}"`);
    }
    if (typeof packageName !== 'string' || !Object.hasOwn(packages, packageName)) {
      throw new Refusal(422, 'unknown_package', `no package "${String(packageName)}"`);
    }
    if (typeof contactEmail !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(contactEmail)) {
      throw new Refusal(400, 'invalid_request', 'contactEmail is not an e-mail address');
    }
    if (typeof password !== 'string' || password.length < 8) {
      throw new Refusal(422, 'weak_password', 'the password needs at least 8 characters');
    }
    if (typeof callbackUrl !== 'string' || !/^https?:\/\/\S+$/.test(callbackUrl)) {
      throw new Refusal(400, 'invalid_request', 'callbackUrl is not an http(s) URL');
    }
    const lowerDomain = domain.toLowerCase();
    const existing = sites.get(username);
    if (existing && !(existing.state === 'failed' && existing.domain === lowerDomain)) {
      throw new Refusal(409, 'already_exists', `the site "${username}" exists`);
    }
    for (const other of sites.values()) {
      if (other.username !== username && other.domain === lowerDomain) {
        throw new Refusal(409, 'domain_taken', `${lowerDomain} belongs to another site`);
      }
    }
    const site: FakeBuilderSite = {
      username,
      domain: lowerDomain,
      theme,
      package: packageName,
      contactEmail,
      password,
      callbackUrl,
      state: 'building',
      suspended: false,
      suspendReason: null,
      siteUrl: null,
      failureReason: null,
    };
    sites.set(username, site);
    return site;
  }

  function siteOperation(site: FakeBuilderSite, verb: string, body: Record<string, unknown>) {
    switch (verb) {
      case 'details':
        return { site: publicSite(site) };
      case 'suspend':
        if (typeof body.reason !== 'string') {
          throw new Refusal(400, 'invalid_request', 'suspend takes a reason');
        }
        if (!site.suspended) {
          site.suspended = true;
          site.suspendReason = body.reason;
        }
        return { site: publicSite(site) };
      case 'unsuspend':
        site.suspended = false;
        site.suspendReason = null;
        return { site: publicSite(site) };
      case 'delete':
        clearTimeout(builds.get(site.username));
        builds.delete(site.username);
        sites.delete(site.username);
        return { deleted: true };
      case 'package':
        if (typeof body.package !== 'string' || !Object.hasOwn(packages, body.package)) {
          throw new Refusal(422, 'unknown_package', `no package "${String(body.package)}"`);
        }
        site.package = body.package;
        return { site: publicSite(site) };
      case 'password':
        if (typeof body.password !== 'string' || body.password.length < 8) {
          throw new Refusal(422, 'weak_password', 'the password needs at least 8 characters');
        }
        site.password = body.password;
        return { site: publicSite(site) };
      case 'login-url': {
        const token = randomBytes(24).toString('base64url');
        const expiresAt = Date.now() + LOGIN_TTL_MS;
        logins.set(token, { username: site.username, expiresAt, used: false });
        return { url: `${address}/login/${token}`, expiresAt: new Date(expiresAt).toISOString() };
      }
      default: {
        const limits = packages[site.package] ?? { diskLimitMb: null, bandwidthLimitMb: null };
        const built = site.state === 'ready';
        return {
          diskUsedMb: built ? FAKE_BUILT_SITE_USAGE.diskUsedMb : 0,
          diskLimitMb: limits.diskLimitMb,
          bandwidthUsedMb: built ? FAKE_BUILT_SITE_USAGE.bandwidthUsedMb : 0,
          bandwidthLimitMb: limits.bandwidthLimitMb,
          sites: 1,
        };
      }
    }
  }

  function startBuild(site: FakeBuilderSite) {
    const failure = nextBuildFailure;
    nextBuildFailure = null;
    const timer = setTimeout(() => {
      builds.delete(site.username);
      if (sites.get(site.username) !== site) return;
      if (failure !== null) {
        site.state = 'failed';
        site.failureReason = failure;
        void deliver(site.callbackUrl, {
          event: 'site.failed',
          username: site.username,
          siteUrl: null,
          reason: site.failureReason,
        });
        return;
      }
      site.state = 'ready';
      site.siteUrl = `https://${site.domain}/`;
      void deliver(site.callbackUrl, {
        event: 'site.ready',
        username: site.username,
        siteUrl: site.siteUrl,
        reason: null,
      });
    }, buildMs);
    builds.set(site.username, timer);
  }

  /** Posts the callback, each attempt a new signed request (§2.5), until a 2xx or out of tries. */
  async function deliver(url: string, payload: object) {
    const body = JSON.stringify(payload);
    for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS && !closed; attempt += 1) {
      const headers = signWebhook(signingSecret as string, body);
      const delivery: FakeCallbackDelivery = { url, headers, body, status: null, error: null };
      deliveredCallbacks.push(delivery);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.any([deliveries.signal, AbortSignal.timeout(CALLBACK_TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        delivery.status = response.status;
        if (response.ok) return;
      } catch (error) {
        delivery.error = (error as Error).message;
      }
      await wait(CALLBACK_RETRY_MS * attempt);
    }
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address,
    requests,
    deliveredCallbacks,
    sites: () => [...sites.values()].map((site) => ({ ...site })),
    setMode: (next) => {
      mode = next;
    },
    failNext: (count, answer = 'internal') => {
      failures = count;
      failureAnswer = answer;
    },
    failRate: (rate, seed = 20) => {
      failureRate = rate;
      random = rate > 0 ? mulberry32(seed) : null;
    },
    get latencyMs() {
      return latencyMs;
    },
    set latencyMs(ms: number) {
      latencyMs = ms;
    },
    loseNextCreateAnswer: () => {
      loseCreateAnswer = true;
    },
    failNextBuild: (reason = 'the theme could not be rendered') => {
      nextBuildFailure = reason;
    },
    close: async () => {
      closed = true;
      for (const timer of builds.values()) clearTimeout(timer);
      builds.clear();
      for (const wake of [...waits]) wake();
      deliveries.abort();
      for (const response of held) response.destroy();
      await app.close();
    },
  };
}

function publicSite(site: FakeBuilderSite) {
  return {
    username: site.username,
    domain: site.domain,
    theme: site.theme,
    package: site.package,
    state: site.state,
    suspended: site.suspended,
    siteUrl: site.siteUrl,
    failureReason: site.failureReason,
  };
}

function envelope(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** A small seeded PRNG (Mulberry32), so an injected failure pattern repeats run after run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
