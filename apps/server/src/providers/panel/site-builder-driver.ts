// The company's website builder, driven over signed HTTPS (issue 20). This comment is the
// protocol's specification: the builder team implements the other side from it, and
// fake-site-builder.ts is its executable reading.
//
// References:
//   [SW]     Standard Webhooks 1.0, "Verifying webhook authenticity":
//            https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
//   [Stripe] Stripe, "Verify webhook signatures manually":
//            https://docs.stripe.com/webhooks#verify-manually
//
// 1. Transport
//   Both ways, every request is an HTTPS `POST` whose body is one UTF-8 JSON object with
//   `content-type: application/json`, signed as in §2. We call the builder at `{base}/v1/…`; the
//   builder calls us back at the `callbackUrl` we give when creating a site. Answers are JSON.
//   Reads are POSTs too: the signature covers the body, so every request needs one (see §2.5).
//
// 2. Signing (our requests to the builder, and the builder's callbacks to us)
//   2.1 Headers, exactly [SW]'s, so its reference libraries (npm `standardwebhooks`, Go, PHP,
//       Python…) can sign and verify ours:
//       `webhook-id`         unique per HTTP request, 1–128 of [A-Za-z0-9_-] (never a `.`);
//                            we send `msg_` + 22 base64url characters.
//       `webhook-timestamp`  when the request was sent, integer Unix seconds.
//       `webhook-signature`  space-separated `v1,<base64 of HMAC-SHA256>` entries.
//   2.2 Signed content: `{webhook-id}.{webhook-timestamp}.{body}`, the body's raw bytes as sent.
//       The receiver verifies the bytes it received, before parsing any JSON [SW].
//   2.3 Key: one shared secret per environment, serialized as [SW] does: `whsec_` + base64 of
//       24–64 random bytes; the HMAC key is the decoded bytes. Both sides keep it in
//       configuration only; it never travels, and never appears in a log or call record.
//   2.4 The receiver checks, in this order, and answers HTTP 401 `{"error":{"code":…}}` on
//       the first failure:
//       a. all three headers present once and of the forms above, with at least one `v1` entry;
//          entries of other versions (`v1a`, `v0`…) are ignored, as [Stripe] advises against
//          downgrades                                                  → `malformed_signature`
//       b. some `v1` entry equals the HMAC under some accepted secret, compared in constant
//          time                                                        → `invalid_signature`
//       c. |now − webhook-timestamp| ≤ 300 s, either way ([Stripe]'s default tolerance, [SW]'s
//          five minutes)                                               → `stale_timestamp`
//       d. the id was not accepted before; an accepted id is remembered at least until its
//          timestamp + 301 s, after which (c) refuses it anyway       → `replayed`
//   2.5 Unlike [SW], where the id stays the same across a delivery's retries, here every
//       attempt (a retried create, a callback redelivered) is a new request with a new id and
//       timestamp: the receiver refuses a seen id outright. Repeating is made safe by the
//       operations themselves (§4: the username is the idempotency key).
//       The signature does not cover the method or the path ([SW] has one endpoint; we have
//       many), so every request body names its `action` (`site.` + the path's last segment, or
//       `status`) and, for a site, its `username`; the receiver refuses with 400
//       `invalid_request` a body whose action or username is not the path's. A signed request
//       therefore cannot be replayed against another operation or another site.
//   2.6 Secret rotation, without downtime: the receiver accepts both [new, old]; then the sender
//       signs with new (it may send both signatures meanwhile, two `v1` entries [SW]); then the
//       receiver drops old ([Stripe] keeps an old secret up to 24 hours).
//
// 3. Errors
//   Every non-2xx answer is `{"error":{"code":"…","message":"…"}}` (message in English, for staff).
//   401 malformed_signature | invalid_signature | stale_timestamp | replayed  → our kind `auth`
//   400 invalid_request   the body is not what the operation takes        → `refused`
//   404 site_not_found    no site under that username                    → `not-found`, except
//                         delete, which then succeeds (it is already gone)
//   409 already_exists    create: the username has a site (see §4)       → adopt or `refused`
//   409 domain_taken      create: another username's site has the domain → `refused`
//   422 invalid_username | invalid_domain | unknown_theme | unknown_package | weak_password
//                                                                         → `refused`
//   429 busy              try again later (may send `retry-after`)       → `server-error`
//   5xx (any body)        the builder failed; nothing is promised done   → `server-error`
//   Any other 4xx code is a refusal (`refused`), with the code and message kept for staff.
//   Retrying is safe after any failure, including a lost answer.
//
// 4. Operations ({u} is the username: lowercase a-z then a-z0-9, at most 8)
//   A `site` object in an answer is
//     {"username","domain","theme","package","state":"building"|"ready"|"failed",
//      "suspended":bool,"siteUrl":string|null,"failureReason":string|null}
//   and never carries the password.
//   POST /v1/status            {"action":"status"}
//        → 200 {"version":string,"sites":number}
//   POST /v1/sites             {"action":"site.create","username","domain","theme":string|null,
//                               "package","contactEmail","password","callbackUrl"}
//        → 202 {"state":"building"}, then a callback (§5) when the build ends. `theme` null is
//          the builder's default theme.
//        → 409 already_exists when {u} has a site, whatever its domain; we then read the site
//          (details) and adopt it when its domain is ours (ready → ready, building → pending),
//          else refuse. One exception: a site whose build failed, asked again with the same
//          domain, is rebuilt from scratch (→ 202), so a retried create can recover it.
//   POST /v1/sites/{u}/details   {"action":"site.details","username"}  → 200 {"site"}
//   POST /v1/sites/{u}/suspend   {"action":"site.suspend","username","reason"}
//        → 200 {"site"} with suspended true; suspending a suspended site changes nothing.
//   POST /v1/sites/{u}/unsuspend {"action":"site.unsuspend","username"}
//        → 200 {"site"} with suspended false; likewise idempotent.
//   POST /v1/sites/{u}/delete    {"action":"site.delete","username"}
//        → 200 {"deleted":true}; the site and its content are gone, a build under way stops.
//   POST /v1/sites/{u}/package   {"action":"site.package","username","package"}
//        → 200 {"site"} with that package (already having it is fine).
//   POST /v1/sites/{u}/password  {"action":"site.password","username","password"}
//        → 200 {"site"}
//   POST /v1/sites/{u}/login-url {"action":"site.login-url","username"}
//        → 200 {"url":string,"expiresAt":ISO 8601}: signs the customer into the editor once.
//   POST /v1/sites/{u}/usage     {"action":"site.usage","username"}
//        → 200 {"diskUsedMb","diskLimitMb":number|null,"bandwidthUsedMb",
//               "bandwidthLimitMb":number|null,"sites":number}  (MiB; null is unlimited)
//
// 5. Callbacks (builder → us)
//   When a build ends, the builder POSTs to that site's `callbackUrl`, signed as in §2:
//     {"event":"site.ready","username","siteUrl":string,"reason":null}
//     {"event":"site.failed","username","siteUrl":null,"reason":string}
//   We answer 2xx once recorded; 401 (§2.4) or 400 `invalid_request` otherwise. On anything
//   but 2xx (or no answer within 30 s) the builder redelivers, each time as a new request
//   (§2.5), with growing pauses ([SW]'s schedule: seconds, then minutes, up to a day).
//   So a callback can come twice (our 2xx was lost), and can come before the create's answer
//   reaches us (a fast build, a lost answer): the receiver finds the site by username, and a
//   callback announcing the state the site is already in changes nothing.

import {
  type AccountSpec,
  type AccountUsage,
  type ConnectionInfo,
  type CreatedAccount,
  type DriverOptions,
  type PanelCallRecord,
  type PanelDriver,
  PanelError,
  type PanelOperation,
  redact,
} from './panel-driver';
import { panelFetch } from './panel-http';
import {
  isWebhookSecret,
  signWebhook,
  type VerifyWebhookInput,
  verifyWebhook,
  type WebhookRejection,
} from './webhook-signature';

export type SiteBuilderOptions = DriverOptions & {
  /** The shared secret (`whsec_…`) that signs our requests. */
  secret: string;
  /** Where the builder posts its callbacks (§5); the server's callback route. */
  callbackUrl: string;
};

export const BUILDER_CALLBACK_EVENTS = ['site.ready', 'site.failed'] as const;
export type BuilderCallbackEvent = (typeof BUILDER_CALLBACK_EVENTS)[number];

/** What the builder tells us when a build ends (§5). */
export interface BuilderCallback {
  event: BuilderCallbackEvent;
  username: string;
  /** The built site's address; null when the build failed. */
  siteUrl: string | null;
  /** Why the build failed, for staff; null when the site is ready. */
  reason: string | null;
}

export type ParsedBuilderCallback =
  | { ok: true; callback: BuilderCallback; deliveryId: string }
  | { ok: false; reason: WebhookRejection | 'invalid-payload'; message: string };

/** The site object the builder answers with (§4). */
interface BuilderSite {
  username: string;
  domain: string;
  package: string;
  state: 'building' | 'ready' | 'failed';
  suspended: boolean;
  failureReason: string | null;
}

type Json = Record<string, unknown>;

const USERNAME_FORM = /^[a-z][a-z0-9]{0,7}$/;
const SIGNATURE_CODES = new Set([
  'malformed_signature',
  'invalid_signature',
  'stale_timestamp',
  'replayed',
]);

export class SiteBuilderDriver implements PanelDriver {
  readonly kind = 'site-builder' as const;

  constructor(private readonly options: SiteBuilderOptions) {
    if (!isWebhookSecret(options.secret)) {
      throw new Error('the site builder secret is not "whsec_" then base64 of 24-64 bytes');
    }
  }

  async testConnection(): Promise<ConnectionInfo> {
    return this.send('testConnection', '/v1/status', { action: 'status' }, [], (status, body) => {
      if (status !== 200) throw failure(status, body);
      const version = body.version;
      const sites = body.sites;
      return {
        version: typeof version === 'string' && version !== '' ? version : null,
        accounts: Number.isSafeInteger(sites) && (sites as number) >= 0 ? (sites as number) : null,
      };
    });
  }

  async createAccount(spec: AccountSpec): Promise<CreatedAccount> {
    const body = {
      action: 'site.create',
      username: spec.username,
      domain: spec.domain,
      theme: spec.theme,
      package: spec.packageName,
      contactEmail: spec.contactEmail,
      password: spec.password,
      callbackUrl: this.options.callbackUrl,
    };
    const outcome = await this.send(
      'create',
      '/v1/sites',
      body,
      [spec.password],
      (status, json) => {
        if (status === 202 && json.state === 'building') return 'building' as const;
        if (status === 409 && errorOf(json)?.code === 'already_exists') return 'exists' as const;
        throw failure(status, json);
      },
    );
    if (outcome === 'building')
      return { username: spec.username, adopted: false, state: 'pending' };

    // A create we retried after its answer was lost, or a site made by hand: ours only if it
    // serves the same domain.
    let site: BuilderSite;
    try {
      site = await this.details('create', spec.username);
    } catch (error) {
      if (error instanceof PanelError && error.kind === 'not-found') {
        throw new PanelError(
          'protocol',
          'the builder said the site exists, then that it does not',
          {
            cause: error,
          },
        );
      }
      throw error;
    }
    if (site.domain.toLowerCase() !== spec.domain.toLowerCase()) {
      throw new PanelError(
        'refused',
        `the builder already has a site "${spec.username}" for ${site.domain}, not ${spec.domain}`,
      );
    }
    if (site.state === 'failed') {
      // §4 says create rebuilds a failed site rather than answer 409, so this is a race with a
      // build that just failed; the next attempt rebuilds it.
      throw new PanelError('protocol', `the builder's site failed to build: ${site.failureReason}`);
    }
    return {
      username: spec.username,
      adopted: true,
      state: site.state === 'ready' ? 'ready' : 'pending',
    };
  }

  async suspendAccount(username: string, reason: string): Promise<void> {
    await this.changeSite('suspend', username, 'suspend', { reason }, [], (site) => site.suspended);
  }

  async unsuspendAccount(username: string): Promise<void> {
    await this.changeSite('unsuspend', username, 'unsuspend', {}, [], (site) => !site.suspended);
  }

  async terminateAccount(username: string): Promise<void> {
    await this.send(
      'terminate',
      sitePath(username, 'delete'),
      siteAction(username, 'delete'),
      [],
      (status, json) => {
        if (status === 200 && json.deleted === true) return;
        // Already gone is what we asked for (panel-driver.ts: terminate is idempotent).
        if (status === 404 && errorOf(json)?.code === 'site_not_found') return;
        throw failure(status, json);
      },
    );
  }

  async changePackage(username: string, packageName: string): Promise<void> {
    await this.changeSite(
      'changePackage',
      username,
      'package',
      { package: packageName },
      [],
      (site) => site.package === packageName,
    );
  }

  async resetPassword(username: string, password: string): Promise<void> {
    await this.changeSite(
      'resetPassword',
      username,
      'password',
      { password },
      [password],
      () => true,
    );
  }

  async loginUrl(username: string): Promise<string> {
    // The URL signs its holder in, so it is a secret too; it is only known once the answer is
    // read, which panelFetch does before it records the exchange.
    let url: string | null = null;
    const onCall = this.options.onCall;
    const options: DriverOptions = {
      ...this.options,
      onCall: onCall && ((record) => onCall(redactRecord(record, url))),
    };
    return panelFetch(
      options,
      this.request(
        'loginUrl',
        sitePath(username, 'login-url'),
        siteAction(username, 'login-url'),
        [],
      ),
      (status, text) => {
        const json = parseObject(text);
        if (status !== 200) throw failure(status, json);
        if (typeof json.url !== 'string' || !/^https?:\/\/\S+$/.test(json.url)) {
          throw new Error('no login url in the answer');
        }
        url = json.url;
        return json.url;
      },
    );
  }

  async usage(username: string): Promise<AccountUsage> {
    return this.send(
      'usage',
      sitePath(username, 'usage'),
      siteAction(username, 'usage'),
      [],
      (status, json) => {
        if (status !== 200) throw failure(status, json);
        return {
          diskUsedMb: megabytes(json, 'diskUsedMb', false) as number,
          diskLimitMb: megabytes(json, 'diskLimitMb', true),
          bandwidthUsedMb: megabytes(json, 'bandwidthUsedMb', false) as number,
          bandwidthLimitMb: megabytes(json, 'bandwidthLimitMb', true),
          sites: Number.isSafeInteger(json.sites) ? (json.sites as number) : null,
        };
      },
    );
  }

  private details(operation: PanelOperation, username: string): Promise<BuilderSite> {
    return this.send(
      operation,
      sitePath(username, 'details'),
      siteAction(username, 'details'),
      [],
      (status, json) => {
        if (status !== 200) throw failure(status, json);
        return readSite(json, username);
      },
    );
  }

  /** An operation answered with the site; `done` checks the site shows the change. */
  private async changeSite(
    operation: PanelOperation,
    username: string,
    verb: string,
    fields: Json,
    secrets: string[],
    done: (site: BuilderSite) => boolean,
  ): Promise<void> {
    await this.send(
      operation,
      sitePath(username, verb),
      { ...siteAction(username, verb), ...fields },
      secrets,
      (status, json) => {
        if (status !== 200) throw failure(status, json);
        if (!done(readSite(json, username))) {
          throw new Error(`the site in the answer does not show the ${verb} done`);
        }
      },
    );
  }

  private send<T>(
    operation: PanelOperation,
    path: string,
    body: Json,
    secrets: string[],
    read: (status: number, json: Json) => T,
  ): Promise<T> {
    return panelFetch(this.options, this.request(operation, path, body, secrets), (status, text) =>
      read(status, parseObject(text)),
    );
  }

  private request(operation: PanelOperation, path: string, body: Json, secrets: string[]) {
    const text = JSON.stringify(body);
    return {
      operation,
      method: 'POST' as const,
      path,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...signWebhook(this.options.secret, text),
      },
      body: text,
      secrets: [...secrets, this.options.secret],
    };
  }
}

/**
 * Verifies a callback (§2.4) and reads it (§5). The route answers 2xx for `ok`, 401 for a
 * signature reason and 400 for `invalid-payload`.
 */
export async function parseBuilderCallback(
  input: VerifyWebhookInput,
): Promise<ParsedBuilderCallback> {
  const verified = await verifyWebhook(input);
  if (!verified.ok) return verified;
  const invalid = (message: string): ParsedBuilderCallback => ({
    ok: false,
    reason: 'invalid-payload',
    message,
  });
  let json: Json;
  try {
    json = parseObject(
      typeof input.body === 'string' ? input.body : Buffer.from(input.body).toString('utf8'),
    );
  } catch {
    return invalid('the callback body is not a JSON object');
  }
  const { event, username, siteUrl, reason } = json;
  if (typeof username !== 'string' || !USERNAME_FORM.test(username)) {
    return invalid('the callback names no valid username');
  }
  if (event === 'site.ready') {
    if (typeof siteUrl !== 'string' || !/^https?:\/\/\S+$/.test(siteUrl)) {
      return invalid('a site.ready callback needs the site URL');
    }
    return {
      ok: true,
      deliveryId: verified.id,
      callback: { event, username, siteUrl, reason: null },
    };
  }
  if (event === 'site.failed') {
    if (typeof reason !== 'string' || reason.trim() === '') {
      return invalid('a site.failed callback needs the reason');
    }
    return {
      ok: true,
      deliveryId: verified.id,
      callback: { event, username, siteUrl: null, reason },
    };
  }
  return invalid(`unknown callback event ${JSON.stringify(event)}`);
}

function sitePath(username: string, verb: string): string {
  return `/v1/sites/${encodeURIComponent(username)}/${verb}`;
}

function siteAction(username: string, verb: string): Json {
  return { action: `site.${verb}`, username };
}

function parseObject(text: string): Json {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('the answer is not a JSON object');
  }
  return value as Json;
}

function errorOf(json: Json): { code: string; message: string } | null {
  const error = json.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as Json;
  if (typeof code !== 'string' || code === '') return null;
  return { code, message: typeof message === 'string' ? message : '' };
}

/** A non-success answer as a PanelError (§3). */
function failure(status: number, json: Json): PanelError {
  const error = errorOf(json);
  if (!error) return new PanelError('protocol', `HTTP ${status} without an error code`);
  const said = `${error.code}: ${error.message}`;
  if (status === 429 || error.code === 'busy') {
    return new PanelError('server-error', `the builder is busy (${said})`);
  }
  if (SIGNATURE_CODES.has(error.code)) {
    return new PanelError('auth', `the builder refused our signature (${said})`);
  }
  if (error.code === 'site_not_found') {
    return new PanelError('not-found', `the builder has no such site (${said})`);
  }
  if (status >= 200 && status < 300) {
    return new PanelError('protocol', `HTTP ${status} with an error (${said})`);
  }
  return new PanelError('refused', `the builder refused (HTTP ${status} ${said})`);
}

function readSite(json: Json, username: string): BuilderSite {
  const site = json.site;
  if (typeof site !== 'object' || site === null) throw new Error('no site in the answer');
  const { domain, state, suspended, failureReason } = site as Json;
  const packageName = (site as Json).package;
  if ((site as Json).username !== username) throw new Error('the answer is about another site');
  if (typeof domain !== 'string' || typeof packageName !== 'string') {
    throw new Error('the site has no domain or package');
  }
  if (state !== 'building' && state !== 'ready' && state !== 'failed') {
    throw new Error(`unknown site state ${JSON.stringify(state)}`);
  }
  if (typeof suspended !== 'boolean') throw new Error('the site does not say if it is suspended');
  return {
    username,
    domain,
    package: packageName,
    state,
    suspended,
    failureReason: typeof failureReason === 'string' ? failureReason : null,
  };
}

function megabytes(json: Json, field: string, nullable: boolean): number | null {
  const value = json[field];
  if (nullable && value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${field} is not a size in MiB`);
  }
  return value;
}

/** The record with the login URL taken out, as it appears in JSON too (`\/` escaped). */
function redactRecord(record: PanelCallRecord, url: string | null): PanelCallRecord {
  if (url === null || record.responseBody === null) return record;
  return {
    ...record,
    responseBody: redact(record.responseBody, [url, url.replaceAll('/', '\\/')]),
  };
}
