import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import Fastify, { type FastifyReply } from 'fastify';

/**
 * A local stand-in for cPanel & WHM's WHM API 1, for tests and local runs of provisioning
 * (issue 20). It speaks the documented JSON API: `GET /json-api/<function>?api.version=1&…`,
 * authenticated by an API token header (`Authorization: whm <user>:<token>`), answering
 * `{ metadata: { command, result, reason, version }, data }` where `result` 1 is success and
 * 0 failure with `reason` saying why. Accounts live in memory with their package, suspension,
 * password and disk/bandwidth numbers. No test framework here: anything may start it.
 *
 * Worked from cPanel's published docs (api.docs.cpanel.net):
 * - https://api.docs.cpanel.net/whm/introduction (URL form, api.version=1, metadata.result/reason)
 * - https://api.docs.cpanel.net/whm/tokens (the `Authorization: whm username:token` header)
 * - https://api.docs.cpanel.net/openapi/whm/operation/version/
 * - https://api.docs.cpanel.net/openapi/whm/operation/get_current_users_count/
 * - https://api.docs.cpanel.net/openapi/whm/operation/createacct/ (username, domain, plan,
 *   password, contactemail, showpass; metadata.output.raw; data.package)
 * - https://api.docs.cpanel.net/openapi/whm/operation/accountsummary/ (data.acct[]: user, domain,
 *   plan, suspended, suspendreason, diskused/disklimit as "14M"/"unlimited")
 * - https://api.docs.cpanel.net/openapi/whm/operation/showbw/ (searchtype/search; data.acct[]:
 *   totalbytes and limit in bytes, 0 = unlimited)
 * - https://api.docs.cpanel.net/openapi/whm/operation/suspendacct/ (user, reason)
 * - https://api.docs.cpanel.net/openapi/whm/operation/unsuspendacct/ (user)
 * - https://api.docs.cpanel.net/openapi/whm/operation/removeacct/ (username; `user` deprecated)
 * - https://api.docs.cpanel.net/openapi/whm/operation/changepackage/ (user, pkg)
 * - https://api.docs.cpanel.net/openapi/whm/operation/passwd/ (user, password; data.app)
 * - https://api.docs.cpanel.net/openapi/whm/operation/create_user_session/ (user, service;
 *   data.url, data.session, data.cp_security_token, data.expires)
 * - https://api.docs.cpanel.net/guides/guide-to-api-authentication/guide-to-api-authentication-single-sign-on/
 * - https://api.docs.cpanel.net/openapi/whm/operation/uapi_cpanel/ (cpanel.user, cpanel.module,
 *   cpanel.function; the UAPI answer in data.uapi: status, errors, messages, data) running, for
 *   mail (issue 35 item 3), UAPI Email::add_pop (email, domain, password, quota MB, 0 unlimited),
 *   passwd_pop, edit_pop_quota, delete_pop, list_pops_with_disk (domain; rows of user, domain,
 *   email, diskquota MB or "unlimited", diskused MB) and EmailAuth::fetch_dkim_private_keys
 *   (domain; rows of domain and pem). The refusals follow cPanel's wording for a mailbox that
 *   exists, a quota over the account's per-mailbox maximum and a weak password.
 *
 * What the docs leave open, and how the fake chooses:
 * - Failure wording: the docs only say `reason` explains a 0 result. The reasons here follow
 *   messages that third-party integrations match on ("Sorry, a group for that username already
 *   exists.", "Sorry, that's an invalid domain") and are otherwise plausible English; the driver
 *   must not depend on them beyond an auth/transient pattern.
 * - A rejected token: cpsrvd answers HTTP 403 with `{"cpanelresult":{…"error":"Access denied"…}}`
 *   (as reported in mgufrone/cpanel-php issue 34); a token without a function's ACL answers 200
 *   with result 0 and reason "Access denied".
 * - Repeating an operation (suspend a suspended account, unsuspend an active one, change to the
 *   package it has): the docs are silent, so the fake refuses, the stricter case for a driver.
 */

export const FAKE_WHM_USERNAME = 'root';
export const FAKE_WHM_API_TOKEN = 'FAKEWHMTOKEN0123456789ABCDEFGHIJ';
export const FAKE_WHM_VERSION = '11.126.0.12';
const FAKE_WHM_IP = '192.0.2.10';
const MIB = 1024 * 1024;

/**
 * `timeout` never answers; `server-error` answers 500 HTML; `auth-failure` answers 403 as for a
 * revoked token; `garbage` answers 200 with broken JSON; `slow` acts and answers after `slowMs`
 * (the work still happens when the caller has given up, as on a real server).
 */
export type FakeWhmMode =
  | 'normal'
  | 'timeout'
  | 'server-error'
  | 'auth-failure'
  | 'garbage'
  | 'slow';

/**
 * An injected failure for one call: `server-error` answers 503 without acting; `drop` closes the
 * connection without acting; `lose-answer` acts, then closes the connection without answering;
 * `lose-answer-hang` acts, then never answers (until close).
 */
export type FakeWhmFault = 'server-error' | 'drop' | 'lose-answer' | 'lose-answer-hang';

export interface FakeWhmPackage {
  name: string;
  /** null: unlimited. */
  diskQuotaMb: number | null;
  /** null: unlimited. */
  bandwidthLimitMb: number | null;
  /** The largest quota one mailbox may have; null or absent: any. */
  maxEmailQuotaMb?: number | null;
}

export interface FakeWhmAccount {
  user: string;
  domain: string;
  plan: string;
  contactEmail: string;
  password: string;
  suspended: boolean;
  suspendReason: string | null;
  suspendedAt: number | null;
  diskUsedMb: number;
  diskLimitMb: number | null;
  bandwidthUsedBytes: number;
  bandwidthLimitMb: number | null;
  createdAt: number;
  /** The largest quota one mailbox may have (the package's max_emailacct_quota); null: any. */
  maxEmailQuotaMb: number | null;
}

export interface FakeWhmMailbox {
  user: string;
  domain: string;
  password: string;
  /** null: unlimited. */
  quotaMb: number | null;
  usedMb: number;
}

export interface FakeWhmRequest {
  function: string;
  method: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeWhmFaultOptions {
  fault?: FakeWhmFault;
  /** Only calls to this WHM function (e.g. `createacct`) are affected. */
  only?: string;
}

export interface FakeWhm {
  /** Use as the driver's `baseUrl`. */
  url: string;
  username: string;
  apiToken: string;
  /** Every call received, in order (including those a bad mode or fault answered). */
  requests: FakeWhmRequest[];
  /** A copy of every account, in creation order. */
  accounts(): FakeWhmAccount[];
  /** Puts an account on the server as if someone else had created it. */
  addAccount(account: Pick<FakeWhmAccount, 'user' | 'domain'> & Partial<FakeWhmAccount>): void;
  /** Sets what an account uses now. */
  setUsage(user: string, usage: { diskUsedMb?: number; bandwidthUsedMb?: number }): void;
  /** A copy of an account's mailboxes. */
  mailboxes(user: string): FakeWhmMailbox[];
  /** Sets what a mailbox holds now. */
  setMailboxUsage(user: string, address: string, usedMb: number): void;
  /** The session tokens create_user_session handed out (the secret part of each login URL). */
  sessions(): string[];
  setMode(mode: FakeWhmMode): void;
  /** Added before every answer in every mode. */
  setLatency(ms: number): void;
  /** The token lacks the ACL for these functions: they answer result 0 "Access denied". */
  denyFunctions(...functions: string[]): void;
  /** As an older WHM without these functions: they answer result 0 "Unknown app". */
  removeFunctions(...functions: string[]): void;
  /** The next `count` calls (of `only`, when given) fail with `fault` (default server-error). */
  failNext(count: number, options?: FakeWhmFaultOptions): void;
  /** From now on each call (of `only`) fails with probability `rate`, drawn from a seeded PRNG. */
  failRate(rate: number, options?: FakeWhmFaultOptions & { seed?: number }): void;
  /** The next call to `fn` does its work, then the answer is lost (connection dropped or held). */
  loseAnswer(fn: string, how?: 'drop' | 'hang'): void;
  /** Back to an empty server in normal mode, with no faults, denials or latency. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeWhmOptions {
  host?: string;
  port?: number;
  username?: string;
  apiToken?: string;
  packages?: FakeWhmPackage[];
  /** How long the `slow` mode takes to answer; default 2 000 ms. */
  slowMs?: number;
  /** The host the login URLs point at (cPanel's port 2083 there). */
  hostname?: string;
}

export const FAKE_WHM_PACKAGES: readonly FakeWhmPackage[] = [
  { name: 'default', diskQuotaMb: null, bandwidthLimitMb: null },
  { name: 'starter', diskQuotaMb: 1024, bandwidthLimitMb: 10_240 },
  { name: 'business', diskQuotaMb: 5120, bandwidthLimitMb: 51_200 },
  { name: 'email', diskQuotaMb: 51_200, bandwidthLimitMb: null, maxEmailQuotaMb: 10_240 },
  { name: 'unlimited', diskQuotaMb: null, bandwidthLimitMb: null },
];

interface WhmOutcome {
  result: 0 | 1;
  reason: string;
  data?: unknown;
  raw?: string;
}

type Query = Record<string, string>;

const USERNAME_FORM = /^[a-z][a-z0-9]{0,15}$/;
const DOMAIN_FORM = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const MIN_PASSWORD_LENGTH = 8;
const SESSION_SERVICES = new Set(['cpaneld', 'whostmgrd', 'webmaild']);

export async function startFakeWhm(options: FakeWhmOptions = {}): Promise<FakeWhm> {
  const username = options.username ?? FAKE_WHM_USERNAME;
  const apiToken = options.apiToken ?? FAKE_WHM_API_TOKEN;
  const packages = new Map((options.packages ?? FAKE_WHM_PACKAGES).map((p) => [p.name, p]));
  const slowMs = options.slowMs ?? 2000;
  const hostname = options.hostname ?? 'server.example.test';

  const accounts = new Map<string, FakeWhmAccount>();
  const requests: FakeWhmRequest[] = [];
  const sessionTokens: string[] = [];
  const mail = new Map<string, Map<string, FakeWhmMailbox>>();
  const dkimKeys = new Map<string, string>();
  // Answers held open (timeout mode, lost answers), ended by close().
  const held = new Set<ServerResponse>();
  // Pending waits (latency, slow mode), cut short by close().
  const waits = new Set<() => void>();
  let mode: FakeWhmMode = 'normal';
  let latencyMs = 0;
  // reset() and close() start a new generation: a call still waiting from before never acts.
  let generation = 0;
  let denied = new Set<string>();
  let missing = new Set<string>();
  let queued: Array<{ fault: FakeWhmFault; only: string | undefined }> = [];
  let random: { rate: number; next: () => number; fault: FakeWhmFault; only?: string } | null =
    null;

  function wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
    });
  }

  /** Never answers (until reset or close). */
  function hold(reply: FastifyReply): FastifyReply {
    reply.hijack();
    held.add(reply.raw);
    reply.raw.on('close', () => held.delete(reply.raw));
    return reply;
  }

  /** Closes the connection without an answer. */
  function drop(reply: FastifyReply): FastifyReply {
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }

  /** The fault for this call, if one was injected for it. */
  function takeFault(fn: string): FakeWhmFault | null {
    const index = queued.findIndex((entry) => entry.only === undefined || entry.only === fn);
    if (index >= 0) {
      const [entry] = queued.splice(index, 1);
      return entry?.fault ?? null;
    }
    if (random && (random.only === undefined || random.only === fn)) {
      return random.next() < random.rate ? random.fault : null;
    }
    return null;
  }

  function authorized(header: string | undefined): boolean {
    const match = /^whm\s+([^:\s]+):(\S+)$/i.exec(header ?? '');
    return match?.[1] === username && match[2] === apiToken;
  }

  const app = Fastify({ logger: false, forceCloseConnections: true });

  app.get<{ Params: { fn: string } }>('/json-api/:fn', async (request, reply) => {
    const fn = request.params.fn;
    const query = flattenQuery(request.query);
    requests.push({ function: fn, method: request.method, query, headers: request.headers });
    const born = generation;

    await wait(latencyMs);
    if (born !== generation) return drop(reply);
    if (mode === 'timeout') return hold(reply);
    if (mode === 'server-error') {
      return reply
        .code(500)
        .type('text/html')
        .send('<html><head><title>500 Internal Server Error</title></head><body></body></html>');
    }
    if (mode === 'garbage') {
      return reply.code(200).type('application/json').send('{"metadata":{"result":1,"reason":"O');
    }
    if (mode === 'auth-failure' || !authorized(request.headers.authorization)) {
      return reply.code(403).type('text/plain').send(ACCESS_DENIED_BODY);
    }
    const fault = takeFault(fn);
    if (fault === 'server-error') {
      return reply.code(503).type('text/html').send('<html><body>503 Service Unavailable</body>');
    }
    if (fault === 'drop') return drop(reply);
    if (mode === 'slow') await wait(slowMs);
    if (born !== generation) return drop(reply);
    if (query['api.version'] !== '1') {
      // Without api.version the call is WHM API 0, which has no metadata; this fake speaks API 1.
      return reply.code(200).send({
        result: [{ status: 0, statusmsg: 'This fake speaks WHM API 1 only (api.version=1).' }],
      });
    }

    const outcome = perform(fn, query);
    const body: Record<string, unknown> = {
      metadata: {
        command: fn,
        reason: outcome.reason,
        result: outcome.result,
        version: 1,
        ...(outcome.raw === undefined ? {} : { output: { raw: outcome.raw } }),
      },
    };
    if (outcome.data !== undefined) body.data = outcome.data;

    if (fault === 'lose-answer') return drop(reply);
    if (fault === 'lose-answer-hang') return hold(reply);
    return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });

  function perform(fn: string, query: Query): WhmOutcome {
    if (denied.has(fn)) return failure('Access denied');
    if (missing.has(fn)) return unknownApp(fn);
    switch (fn) {
      case 'version':
        return success({ version: FAKE_WHM_VERSION });
      case 'get_current_users_count':
        return success({ users: accounts.size });
      case 'createacct':
        return createAccount(query);
      case 'accountsummary':
        return accountSummary(query);
      case 'showbw':
        return showBandwidth(query);
      case 'suspendacct':
        return suspend(query);
      case 'unsuspendacct':
        return unsuspend(query);
      case 'removeacct':
        return remove(query);
      case 'changepackage':
        return changePackage(query);
      case 'passwd':
        return changePassword(query);
      case 'create_user_session':
        return createSession(query);
      case 'uapi_cpanel':
        return runUapi(query);
      default:
        return unknownApp(fn);
    }
  }

  function createAccount(query: Query): WhmOutcome {
    const user = (query.username ?? '').toLowerCase();
    const domain = (query.domain ?? '').toLowerCase();
    const planName = query.plan ?? 'default';
    const password = query.password ?? query.pass ?? randomBytes(12).toString('base64url');
    if (!USERNAME_FORM.test(user) || user.startsWith('test')) {
      return failure(`Sorry, “${user}” is not a valid username.`);
    }
    if (accounts.has(user)) return failure('Sorry, a group for that username already exists.');
    if (!DOMAIN_FORM.test(domain)) return failure("Sorry, that's an invalid domain");
    for (const other of accounts.values()) {
      if (other.domain === domain) {
        return failure(`The domain “${domain}” already exists in the userdata.`);
      }
    }
    const plan = packages.get(planName);
    if (!plan) return failure(`The package “${planName}” does not exist.`);
    if (query.password !== undefined && query.pass !== undefined) {
      return failure('You can use either the “pass” or the “password” parameter, but not both.');
    }
    if (password.length < MIN_PASSWORD_LENGTH) return failure(WEAK_PASSWORD);
    const contactEmail = query.contactemail ?? '';
    if (contactEmail !== '' && !/^[^@\s]+@[^@\s]+$/.test(contactEmail)) {
      return failure(`“${contactEmail}” is not a valid email address.`);
    }
    accounts.set(user, {
      user,
      domain,
      plan: plan.name,
      contactEmail,
      password,
      suspended: false,
      suspendReason: null,
      suspendedAt: null,
      diskUsedMb: 0,
      diskLimitMb: plan.diskQuotaMb,
      bandwidthUsedBytes: 0,
      bandwidthLimitMb: plan.bandwidthLimitMb,
      createdAt: Math.floor(Date.now() / 1000),
      maxEmailQuotaMb: plan.maxEmailQuotaMb ?? null,
    });
    const shownPassword = query.showpass === 'n' ? '' : password;
    return {
      result: 1,
      reason: 'Account Creation Ok',
      raw: `Validating Username...Done\n| Domain: ${domain}\n| UserName: ${user}\n| PassWord: ${shownPassword}\n| Package: ${plan.name}\nAccount Creation Complete!!!...Account Creation Ok...Done\n`,
      data: {
        ip: FAKE_WHM_IP,
        nameserver: 'ns1.example.test',
        nameserver2: 'ns2.example.test',
        nameserver3: null,
        nameserver4: null,
        package: plan.name,
      },
    };
  }

  function accountSummary(query: Query): WhmOutcome {
    const account =
      query.user !== undefined
        ? accounts.get(query.user)
        : [...accounts.values()].find((a) => a.domain === query.domain);
    if (query.user === undefined && query.domain === undefined) {
      return failure('You must specify a “user” or a “domain”.');
    }
    if (!account) return failure('Account does not exist.');
    return success({ acct: [summarize(account)] });
  }

  function showBandwidth(query: Query): WhmOutcome {
    const now = new Date();
    let matches: (account: FakeWhmAccount) => boolean = () => true;
    if (query.search !== undefined && query.searchtype !== undefined) {
      let pattern: RegExp;
      try {
        pattern = new RegExp(query.search);
      } catch {
        return failure(`Invalid regular expression: ${query.search}`);
      }
      const field = query.searchtype;
      matches = (account) => {
        if (field === 'user') return pattern.test(account.user);
        if (field === 'domain') return pattern.test(account.domain);
        if (field === 'package') return pattern.test(account.plan);
        if (field === 'owner') return pattern.test(username);
        return pattern.test(FAKE_WHM_IP);
      };
    }
    const listed = [...accounts.values()].filter(matches);
    return success({
      acct: listed.map((account) => ({
        bwusage: [{ deleted: 0, domain: account.domain, usage: account.bandwidthUsedBytes }],
        deleted: 0,
        limit: account.bandwidthLimitMb === null ? 0 : account.bandwidthLimitMb * MIB,
        maindomain: account.domain,
        owner: username,
        reseller: 0,
        totalbytes: account.bandwidthUsedBytes,
        user: account.user,
      })),
      month: Number(query.month ?? now.getUTCMonth() + 1),
      reseller: username,
      totalused: listed.reduce((sum, account) => sum + account.bandwidthUsedBytes, 0),
      year: Number(query.year ?? now.getUTCFullYear()),
    });
  }

  function suspend(query: Query): WhmOutcome {
    const account = accounts.get(query.user ?? '');
    if (!account) return noSuchUser(query.user);
    if (account.suspended) return failure(`The account “${account.user}” is already suspended.`);
    account.suspended = true;
    account.suspendReason = query.reason ?? 'Unknown';
    account.suspendedAt = Math.floor(Date.now() / 1000);
    return {
      result: 1,
      reason: 'OK',
      raw: `Changing Shell to /bin/false...Done\nLocking Password...Done\nSuspending websites...\n${account.user}'s account has been suspended\n`,
    };
  }

  function unsuspend(query: Query): WhmOutcome {
    const account = accounts.get(query.user ?? '');
    if (!account) return noSuchUser(query.user);
    if (!account.suspended) return failure(`The account “${account.user}” is not suspended.`);
    account.suspended = false;
    account.suspendReason = null;
    account.suspendedAt = null;
    return { result: 1, reason: 'OK' };
  }

  function remove(query: Query): WhmOutcome {
    const user = query.username ?? query.user;
    const account = accounts.get(user ?? '');
    if (!account) return noSuchUser(user);
    accounts.delete(account.user);
    mail.delete(account.user);
    return {
      result: 1,
      reason: 'OK',
      raw: `Running pre removal script...Done\nCollecting Domain Name and IP...User: ${account.user}\nDomain: ${account.domain}\n...Done\nRemoving User & Group...Done\nAccount Removal Complete!!!...${account.user} account removed...Done\n`,
    };
  }

  function changePackage(query: Query): WhmOutcome {
    const account = accounts.get(query.user ?? '');
    if (!account) return noSuchUser(query.user);
    const plan = packages.get(query.pkg ?? '');
    if (!plan) return failure(`The package “${query.pkg ?? ''}” does not exist.`);
    if (account.plan === plan.name) {
      return failure(`The account “${account.user}” already uses the package “${plan.name}”.`);
    }
    const previous = account.plan;
    account.plan = plan.name;
    account.diskLimitMb = plan.diskQuotaMb;
    account.bandwidthLimitMb = plan.bandwidthLimitMb;
    return {
      result: 1,
      reason: 'OK',
      raw: `<pre>\nChanging plan from ${previous} to ${plan.name}\nSetting quota to “${plan.diskQuotaMb ?? 'unlimited'}”.\n</pre>`,
    };
  }

  function changePassword(query: Query): WhmOutcome {
    const account = accounts.get(query.user ?? '');
    if (!account) return noSuchUser(query.user);
    const password = query.password ?? '';
    if (account.suspended) return failure('You cannot change the password of a suspended account.');
    if (password.length < MIN_PASSWORD_LENGTH) return failure(WEAK_PASSWORD);
    account.password = password;
    return {
      result: 1,
      reason: `Password changed for user “${account.user}”.`,
      data: { app: ['system', 'ftp', 'mail', 'MySQL'] },
    };
  }

  function createSession(query: Query): WhmOutcome {
    const service = query.service ?? '';
    if (!SESSION_SERVICES.has(service)) return failure(`Invalid service: “${service}”.`);
    const account = accounts.get(query.user ?? '');
    if (!account) return noSuchUser(query.user);
    const securityToken = `cpsess${String(randomBytes(5).readUInt32BE()).padStart(10, '0')}`;
    const secret = randomBytes(24).toString('base64url');
    const session = `${account.user}:${secret}:create_user_session,${randomBytes(16).toString('hex')}`;
    sessionTokens.push(secret);
    const port = service === 'whostmgrd' ? 2087 : service === 'webmaild' ? 2096 : 2083;
    const url = `https://${hostname}:${port}/${securityToken}/login/?session=${encodeURIComponent(session).replaceAll('%3A', '%3a').replaceAll('%2C', '%2c')}`;
    return success(
      {
        cp_security_token: `/${securityToken}`,
        expires: Math.floor(Date.now() / 1000) + 15 * 60,
        locale: 'en',
        service,
        session,
        url,
      },
      'Created session',
    );
  }

  function runUapi(query: Query): WhmOutcome {
    const account = accounts.get(query['cpanel.user'] ?? '');
    if (!account) return failure('User parameter is invalid or was not supplied');
    const module = query['cpanel.module'] ?? '';
    const fn = query['cpanel.function'] ?? '';
    const uapi = (answer: { data?: unknown; errors?: string[] }) =>
      success({
        uapi: {
          data: answer.data ?? null,
          errors: answer.errors ?? null,
          messages: null,
          metadata: {},
          status: answer.errors ? 0 : 1,
          warnings: null,
        },
      });
    const boxes = mail.get(account.user) ?? new Map<string, FakeWhmMailbox>();
    mail.set(account.user, boxes);
    const domain = (query.domain ?? account.domain).toLowerCase();
    if (domain !== account.domain) {
      return uapi({ errors: [`You do not own the domain “${domain}”.`] });
    }
    const local = (query.email ?? '').toLowerCase().split('@')[0] ?? '';
    const address = `${local}@${domain}`;
    const quotaOf = (): number | null | string => {
      const quota = Number(query.quota ?? 0);
      if (!Number.isInteger(quota) || quota < 0) return 'The quota must be a whole number.';
      const asked = quota === 0 ? null : quota;
      if (account.maxEmailQuotaMb !== null && (asked === null || asked > account.maxEmailQuotaMb)) {
        return `The quota you specified exceeds the maximum allowed quota (${account.maxEmailQuotaMb} MB) for this account.`;
      }
      return asked;
    };
    switch (`${module}::${fn}`) {
      case 'Email::list_pops_with_disk':
        return uapi({
          data: [...boxes.values()].map((box) => ({
            diskquota: box.quotaMb === null ? 'unlimited' : box.quotaMb,
            diskused: box.usedMb,
            diskusedpercent:
              box.quotaMb === null ? 0 : Math.round((box.usedMb / box.quotaMb) * 100),
            domain: box.domain,
            email: `${box.user}@${box.domain}`,
            login: `${box.user}@${box.domain}`,
            user: box.user,
          })),
        });
      case 'Email::add_pop': {
        if (!/^[a-z0-9._-]{1,64}$/.test(local)) {
          return uapi({ errors: [`“${address}” is not a valid email address.`] });
        }
        if (boxes.has(address)) {
          return uapi({ errors: [`The account “${address}” already exists!`] });
        }
        const quota = quotaOf();
        if (typeof quota === 'string') return uapi({ errors: [quota] });
        const password = query.password ?? '';
        if (password.length < MIN_PASSWORD_LENGTH) return uapi({ errors: [WEAK_PASSWORD] });
        boxes.set(address, { user: local, domain, password, quotaMb: quota, usedMb: 0 });
        return uapi({ data: `${local}+${domain}` });
      }
      case 'Email::passwd_pop': {
        const box = boxes.get(address);
        if (!box) return uapi({ errors: [`The account “${address}” does not exist.`] });
        const password = query.password ?? '';
        if (password.length < MIN_PASSWORD_LENGTH) return uapi({ errors: [WEAK_PASSWORD] });
        box.password = password;
        return uapi({});
      }
      case 'Email::edit_pop_quota': {
        const box = boxes.get(address);
        if (!box) return uapi({ errors: [`The account “${address}” does not exist.`] });
        const quota = quotaOf();
        if (typeof quota === 'string') return uapi({ errors: [quota] });
        box.quotaMb = quota;
        return uapi({});
      }
      case 'Email::delete_pop': {
        if (!boxes.delete(address)) {
          return uapi({ errors: [`The account “${address}” does not exist.`] });
        }
        return uapi({});
      }
      case 'EmailAuth::fetch_dkim_private_keys': {
        let pem = dkimKeys.get(domain);
        if (!pem) {
          pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
            .privateKey.export({ type: 'pkcs8', format: 'pem' })
            .toString();
          dkimKeys.set(domain, pem);
        }
        return uapi({ data: [{ domain, pem }] });
      }
      default:
        return uapi({ errors: [`Failed to load module “${module}”: function “${fn}” not found.`] });
    }
  }

  function summarize(account: FakeWhmAccount) {
    return {
      backup: 0,
      disklimit: account.diskLimitMb === null ? 'unlimited' : `${account.diskLimitMb}M`,
      diskused: `${Math.round(account.diskUsedMb)}M`,
      domain: account.domain,
      email: account.contactEmail === '' ? '*unknown*' : account.contactEmail,
      inodeslimit: 'unlimited',
      inodesused: 1,
      ip: FAKE_WHM_IP,
      ipv6: [],
      is_locked: 0,
      legacy_backup: 0,
      mailbox_format: 'maildir',
      max_defer_fail_percentage: 'unlimited',
      max_email_per_hour: 'unlimited',
      max_emailacct_quota:
        account.maxEmailQuotaMb === null ? 'unlimited' : `${account.maxEmailQuotaMb}M`,
      maxaddons: 'unlimited',
      maxftp: 'unlimited',
      maxlst: 'unlimited',
      maxparked: 'unlimited',
      maxpop: 'unlimited',
      maxsql: 'unlimited',
      maxsub: 'unlimited',
      outgoing_mail_hold: 0,
      outgoing_mail_suspended: 0,
      owner: username,
      partition: 'home',
      plan: account.plan,
      shell: '/bin/bash',
      startdate: startDate(account.createdAt),
      suspended: account.suspended ? 1 : 0,
      suspendreason: account.suspendReason ?? 'not suspended',
      suspendtime: account.suspendedAt,
      temporary: 0,
      theme: 'jupiter',
      uid: 1000 + [...accounts.keys()].indexOf(account.user),
      unix_startdate: account.createdAt,
      user: account.user,
    };
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address,
    username,
    apiToken,
    requests,
    accounts: () => [...accounts.values()].map((account) => ({ ...account })),
    addAccount: (account) => {
      const plan = packages.get(account.plan ?? 'default');
      accounts.set(account.user, {
        plan: plan?.name ?? 'default',
        contactEmail: '',
        password: randomBytes(12).toString('base64url'),
        suspended: false,
        suspendReason: null,
        suspendedAt: null,
        diskUsedMb: 0,
        diskLimitMb: plan?.diskQuotaMb ?? null,
        bandwidthUsedBytes: 0,
        bandwidthLimitMb: plan?.bandwidthLimitMb ?? null,
        createdAt: Math.floor(Date.now() / 1000),
        maxEmailQuotaMb: plan?.maxEmailQuotaMb ?? null,
        ...account,
      });
    },
    mailboxes: (user) => [...(mail.get(user)?.values() ?? [])].map((box) => ({ ...box })),
    setMailboxUsage: (user, address, usedMb) => {
      const box = mail.get(user)?.get(address);
      if (!box) throw new Error(`fake whm: no mailbox ${address} on ${user}`);
      box.usedMb = usedMb;
    },
    setUsage: (user, usage) => {
      const account = accounts.get(user);
      if (!account) throw new Error(`fake whm: no account ${user}`);
      if (usage.diskUsedMb !== undefined) account.diskUsedMb = usage.diskUsedMb;
      if (usage.bandwidthUsedMb !== undefined) {
        account.bandwidthUsedBytes = Math.round(usage.bandwidthUsedMb * MIB);
      }
    },
    sessions: () => [...sessionTokens],
    setMode: (next) => {
      mode = next;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    denyFunctions: (...functions) => {
      for (const fn of functions) denied.add(fn);
    },
    removeFunctions: (...functions) => {
      for (const fn of functions) missing.add(fn);
    },
    failNext: (count, faultOptions = {}) => {
      for (let i = 0; i < count; i += 1) {
        queued.push({ fault: faultOptions.fault ?? 'server-error', only: faultOptions.only });
      }
    },
    failRate: (rate, faultOptions = {}) => {
      random = {
        rate,
        next: mulberry32(faultOptions.seed ?? 1),
        fault: faultOptions.fault ?? 'server-error',
        ...(faultOptions.only === undefined ? {} : { only: faultOptions.only }),
      };
    },
    loseAnswer: (fn, how = 'drop') => {
      queued.push({ fault: how === 'drop' ? 'lose-answer' : 'lose-answer-hang', only: fn });
    },
    reset: () => {
      accounts.clear();
      mail.clear();
      dkimKeys.clear();
      requests.length = 0;
      sessionTokens.length = 0;
      mode = 'normal';
      latencyMs = 0;
      denied = new Set();
      missing = new Set();
      queued = [];
      random = null;
      generation += 1;
      for (const done of waits) done();
      for (const response of held) response.destroy();
    },
    close: async () => {
      generation += 1;
      for (const done of waits) done();
      for (const response of held) response.destroy();
      await app.close();
    },
  };
}

/** cpsrvd's answer to a token it does not accept. */
const ACCESS_DENIED_BODY =
  '{"cpanelresult":{"apiversion":"2","error":"Access denied","data":{"reason":"Access denied","result":"0"},"type":"text"}}';

const WEAK_PASSWORD =
  'Sorry, the password you selected cannot be used because it is too weak and would be too easy to guess.';

function success(data: unknown, reason = 'OK'): WhmOutcome {
  return { result: 1, reason, data };
}

function failure(reason: string): WhmOutcome {
  return { result: 0, reason };
}

function unknownApp(fn: string): WhmOutcome {
  return failure(`Unknown app (“${fn}”) requested for this version (1) of the API.`);
}

function noSuchUser(user: string | undefined): WhmOutcome {
  return failure(`The user “${user ?? ''}” does not exist.`);
}

/** Query values as single strings (the last one wins when a name repeats). */
function flattenQuery(query: unknown): Query {
  const out: Query = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value) && typeof value.at(-1) === 'string') out[name] = value.at(-1);
  }
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** accountsummary's `startdate`: "YY Mon DD HH:MM" (e.g. "13 May 22 16:03"). */
function startDate(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCFullYear() % 100)} ${MONTHS[date.getUTCMonth()]} ${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

/** A small deterministic PRNG (mulberry32): the same seed gives the same failures. */
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
