import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local stand-in for a DirectAdmin server, for tests and browser runs: accounts live in memory
 * and the API answers as the vendor documents it. No test framework here, so the e2e harness can
 * start it too. Worked from:
 *   https://directadmin.com/api.html (legacy CMD_API_* commands: names, form values, the
 *     URL-encoded `error=0|1&text=…&details=…` answers, lists as `list[]=…`, "login-as" with
 *     `reseller|user`), now https://docs.directadmin.com/developer/api/legacy-api.html
 *   https://docs.directadmin.com/developer/api (HTTP Basic with a login key as the password)
 *   https://docs.directadmin.com/directadmin/customizing-workflow/api-all-about.html (decode HTML
 *     entities, then the URL-encoded fields)
 *   DirectAdmin's swagger description of the new API, linked from
 *     https://docs.directadmin.com/developer/api/examples.html: `POST /api/login-keys/urls`
 *     (`web.loginURLCreateRequest` / `web.loginURLCreateResponse`) and `GET /api/login/url?key=`
 *   https://directadmin.com/features.php?id=2463 (one-time login URLs: a key signs in once)
 *   The legacy page's CMD_API_POP (action=create|modify|delete|list, domain, user, passwd,
 *     passwd2, quota in MB with 0 unlimited; list type=quota) and CMD_API_DNS_CONTROL (domain),
 *     both the customer's own commands, asked as `reseller|customer` (issue 35 item 3).
 *
 * Where the pages say nothing the fake picks one plausible behaviour and says so: the words of
 * error messages; "Suspend/Unsuspend" flips the state, as the panel's one button for both does,
 * so a client must read the state before asking; an unknown or used sign-in key answers 403.
 */

export type FakeDirectAdminMode =
  | 'normal'
  | 'timeout'
  | 'server-error'
  | 'auth-failure'
  | 'garbage'
  | 'slow';

/** What one call can be made to suffer: every mode but normal. */
export type FakeDirectAdminFault = Exclude<FakeDirectAdminMode, 'normal'>;

export interface FakeDirectAdminPackage {
  /** Disk quota in MB; null is unlimited. */
  diskMb: number | null;
  /** Monthly bandwidth in MB; null is unlimited. */
  bandwidthMb: number | null;
  /** Domains the account may hold; null is unlimited. */
  domains: number | null;
  /** The largest quota one mailbox may have, in MB; null or absent: any. */
  emailQuotaMb?: number | null;
}

export interface FakeDirectAdminAccount {
  username: string;
  domain: string;
  email: string;
  packageName: string;
  password: string;
  ip: string;
  suspended: boolean;
  diskUsedMb: number;
  bandwidthUsedMb: number;
  domains: number;
  /** The largest quota one mailbox may have, in MB; null: any. */
  maxEmailQuotaMb: number | null;
}

export interface FakeDirectAdminMailbox {
  user: string;
  domain: string;
  password: string;
  /** MB; 0 is unlimited, as the panel writes it. */
  quotaMb: number;
  usedMb: number;
}

export interface FakeDirectAdminRequest {
  method: string;
  /** `/CMD_API_…` or `/api/…`, without the query. */
  path: string;
  /** Query and form (or JSON) fields together. */
  params: Record<string, unknown>;
  /** The Basic user that came (`reseller` or `reseller|customer`), null when none. */
  authUser: string | null;
}

export interface FakeDirectAdminOptions {
  /** The reseller (or admin) the driver logs in as. */
  username?: string;
  loginKey?: string;
  /** The IPs new accounts may take; `CMD_API_SHOW_RESELLER_IPS` lists them in this order. */
  ips?: string[];
  packages?: Record<string, FakeDirectAdminPackage>;
  /** The delay of the `slow` mode. */
  latencyMs?: number;
  /** Seed of the generator behind `failRate`: the same seed fails the same calls. */
  seed?: number;
  host?: string;
  port?: number;
}

export interface FakeDirectAdmin {
  /** Use as the driver's `baseUrl`. */
  url: string;
  username: string;
  loginKey: string;
  ips: readonly string[];
  /** Every API call received, in order (including those a fault answered). */
  requests: FakeDirectAdminRequest[];
  /**
   * `timeout` never answers, `server-error` answers 500, `auth-failure` answers 200 with the login
   * page (how DirectAdmin answers a refused login on the legacy commands), `garbage` 200 with a
   * broken body, `slow` answers normally after `latencyMs`.
   */
  setMode(mode: FakeDirectAdminMode): void;
  setLatency(ms: number): void;
  /**
   * The next `count` calls suffer `fault` (server-error unless told); with `command`
   * (`CMD_API_…` or `login-keys/urls`), only calls to that command count.
   */
  failNext(count: number, fault?: FakeDirectAdminFault, command?: string): void;
  /** Each call suffers `fault` with this probability, drawn from the seeded generator. */
  failRate(rate: number, fault?: FakeDirectAdminFault): void;
  /**
   * The next `count` calls that change something do it and then never answer: the panel did it,
   * the client never heard (a crash between the two).
   */
  loseAnswers(count?: number): void;
  /** Back to normal: no mode, no pending faults, the starting latency. */
  clearFaults(): void;
  /** The accounts now, by username. */
  accounts(): FakeDirectAdminAccount[];
  /** An account made outside our calls (by staff, or by an earlier run). */
  addAccount(
    account: Pick<FakeDirectAdminAccount, 'username' | 'domain'> & Partial<FakeDirectAdminAccount>,
  ): void;
  setUsage(username: string, usage: { diskMb: number; bandwidthMb: number }): void;
  /** A copy of an account's mailboxes (issue 35 item 3). */
  mailboxes(username: string): FakeDirectAdminMailbox[];
  setMailboxUsage(username: string, user: string, usedMb: number): void;
  close(): Promise<void>;
}

export const FAKE_DIRECTADMIN_USERNAME = 'vitrin';
export const FAKE_DIRECTADMIN_LOGIN_KEY = 'fake-directadmin-login-key-8WfQ2mZr';

const DEFAULT_PACKAGES: Record<string, FakeDirectAdminPackage> = {
  starter: { diskMb: 1024, bandwidthMb: 10_240, domains: 1 },
  business: { diskMb: 5120, bandwidthMb: null, domains: 5 },
  email: { diskMb: 51_200, bandwidthMb: null, domains: 1, emailQuotaMb: 10_240 },
};

// The legacy page: usernames "4-8 characters, alphanumeric" (newer panels allow longer; the fake
// allows 16), passwords "5+ characters, ascii".
const USERNAME_FORM = /^[a-z][a-z0-9]{3,15}$/;
const DOMAIN_FORM = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 5;
const CHANGING_COMMANDS = new Set([
  'CMD_API_ACCOUNT_USER',
  'CMD_API_SELECT_USERS',
  'CMD_API_MODIFY_USER',
  'CMD_API_USER_PASSWD',
  'CMD_API_POP',
  'login-keys/urls',
]);

const LOGIN_PAGE =
  '<!DOCTYPE html><html><head><title>DirectAdmin Login</title></head><body>' +
  '<form action="/CMD_LOGIN" method="post"><input name="username">' +
  '<input type="password" name="password"><button>Login</button></form></body></html>';

interface Answer {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

interface LoginUrl {
  username: string;
  expires: number;
  redirectUrl: string;
  used: boolean;
}

type Fields = Record<string, string>;

export async function startFakeDirectAdmin(
  options: FakeDirectAdminOptions = {},
): Promise<FakeDirectAdmin> {
  const username = options.username ?? FAKE_DIRECTADMIN_USERNAME;
  const loginKey = options.loginKey ?? FAKE_DIRECTADMIN_LOGIN_KEY;
  const ips = options.ips ?? ['203.0.113.10', '203.0.113.11'];
  const packages = options.packages ?? DEFAULT_PACKAGES;
  const startingLatencyMs = options.latencyMs ?? 2000;
  const random = mulberry32(options.seed ?? 20);
  const accounts = new Map<string, FakeDirectAdminAccount>();
  const loginUrls = new Map<string, LoginUrl>();
  const requests: FakeDirectAdminRequest[] = [];
  const mail = new Map<string, Map<string, FakeDirectAdminMailbox>>();
  const dkimKeys = new Map<string, string>();
  // Answers held open (timeout, lost answers), ended by close().
  const held = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let mode: FakeDirectAdminMode = 'normal';
  let latencyMs = startingLatencyMs;
  let failuresLeft = 0;
  let failNextFault: FakeDirectAdminFault = 'server-error';
  let failNextCommand: string | null = null;
  let failureRate = 0;
  let failRateFault: FakeDirectAdminFault = 'server-error';
  let answersToLose = 0;
  let baseUrl = '';

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  function faultForThisCall(command: string): FakeDirectAdminFault | null {
    if (mode !== 'normal') return mode;
    if (failuresLeft > 0 && (failNextCommand === null || failNextCommand === command)) {
      failuresLeft -= 1;
      return failNextFault;
    }
    if (failureRate > 0 && random() < failureRate) return failRateFault;
    return null;
  }

  function hold(reply: FastifyReply) {
    reply.hijack();
    held.add(reply.raw);
    reply.raw.on('close', () => held.delete(reply.raw));
  }

  function wait(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  function send(reply: FastifyReply, answer: Answer) {
    return reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .type(answer.type)
      .send(answer.body);
  }

  /** Faults, then the login, then the command; a change whose answer is to be lost is held. */
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    command: string,
    handle: (params: Record<string, unknown>, impersonated: string | null) => Answer,
  ) {
    const params = {
      ...(request.query as Record<string, unknown>),
      ...(typeof request.body === 'object' && request.body !== null
        ? (request.body as Record<string, unknown>)
        : {}),
    };
    const auth = basicUser(request.headers.authorization);
    requests.push({
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      params,
      authUser: auth?.user ?? null,
    });

    const fault = faultForThisCall(command);
    if (fault === 'timeout') return hold(reply);
    if (fault === 'server-error') {
      return send(reply, { status: 500, type: 'text/plain', body: 'Internal Server Error' });
    }
    if (fault === 'auth-failure')
      return send(reply, { status: 200, type: 'text/html', body: LOGIN_PAGE });
    if (fault === 'garbage') {
      return send(reply, { status: 200, type: 'text/plain', body: '\u0000\u0001{"error":"0","te' });
    }
    if (fault === 'slow') await wait(latencyMs);

    const [owner, customer] = (auth?.user ?? '').split('|');
    const loginValid =
      auth !== null &&
      owner === username &&
      auth.password === loginKey &&
      (customer === undefined || accounts.has(customer));
    if (!loginValid) {
      return send(reply, {
        status: 401,
        type: 'text/html',
        body: LOGIN_PAGE,
        headers: { 'www-authenticate': 'Basic realm="DirectAdmin"' },
      });
    }

    const answer = handle(params, customer ?? null);
    if (CHANGING_COMMANDS.has(command) && answersToLose > 0) {
      answersToLose -= 1;
      return hold(reply);
    }
    return send(reply, answer);
  }

  const LEGACY_COMMANDS: Record<string, (fields: Fields, customer: string | null) => Answer> = {
    CMD_API_POP: pop,
    CMD_API_DNS_CONTROL: dnsZone,
    CMD_API_SHOW_USERS: () => list([...accounts.keys()].sort()),
    CMD_API_SHOW_RESELLER_IPS: () => list(ips),
    CMD_API_ACCOUNT_USER: createUser,
    CMD_API_SELECT_USERS: selectUsers,
    CMD_API_MODIFY_USER: modifyUser,
    CMD_API_USER_PASSWD: changePassword,
    CMD_API_SHOW_USER_CONFIG: (fields) => {
      const account = accounts.get(fields.user ?? '');
      if (!account)
        return failed('Unable to show user', `User ${fields.user ?? ''} does not exist`);
      const plan = packages[account.packageName];
      return encoded([
        ['username', account.username],
        ['usertype', 'user'],
        ['creator', username],
        ['domain', account.domain],
        ['email', account.email],
        ['ip', account.ip],
        ['package', account.packageName],
        ['suspended', account.suspended ? 'yes' : 'no'],
        ['quota', limit(plan?.diskMb)],
        ['bandwidth', limit(plan?.bandwidthMb)],
        ['vdomains', limit(plan?.domains)],
      ]);
    },
    CMD_API_SHOW_USER_USAGE: (fields) => {
      const account = accounts.get(fields.user ?? '');
      if (!account)
        return failed('Unable to show usage', `User ${fields.user ?? ''} does not exist`);
      return encoded([
        ['quota', String(account.diskUsedMb)],
        ['bandwidth', String(account.bandwidthUsedMb)],
        ['vdomains', String(account.domains)],
        ['nsubdomains', '0'],
        ['nemails', '0'],
        ['mysql', '0'],
      ]);
    },
  };

  app.route<{ Params: { command: string } }>({
    method: ['GET', 'POST'],
    url: '/:command',
    handler: (request, reply) => {
      const command = request.params.command;
      const handler = LEGACY_COMMANDS[command];
      if (!handler) {
        return send(reply, { status: 404, type: 'text/html', body: '<html>Not Found</html>' });
      }
      return serve(request, reply, command, (params, customer) =>
        handler(stringFields(params), customer),
      );
    },
  });

  app.post('/api/login-keys/urls', (request, reply) =>
    serve(request, reply, 'login-keys/urls', (params, customer) => {
      if (!Array.isArray(params.allowNetworks)) {
        return json(400, { type: 'BAD_REQUEST', message: 'allowNetworks: must be an array' });
      }
      const account = accounts.get(customer ?? '');
      if (!account) {
        return json(400, {
          type: 'BAD_REQUEST',
          message: 'log in as the customer (reseller|user)',
        });
      }
      const expires =
        typeof params.expires === 'string' ? Date.parse(params.expires) : Date.now() + 86_400_000;
      if (!Number.isFinite(expires)) {
        return json(400, { type: 'BAD_REQUEST', message: 'expires: not a date-time' });
      }
      const key = base32(randomBytes(60));
      const redirectUrl = typeof params.redirectURL === 'string' ? params.redirectURL : '/';
      loginUrls.set(key, { username: account.username, expires, redirectUrl, used: false });
      return json(200, {
        allowNetworks: params.allowNetworks,
        created: new Date().toISOString(),
        createdBy: `api:${username}`,
        expires: new Date(expires).toISOString(),
        id: `HASHURL${base32(randomBytes(16))}`,
        redirectURL: redirectUrl,
        url: `${baseUrl}/api/login/url?key=${key}`,
      });
    }),
  );

  // The customer's browser opens this; no faults here, they are for our API calls.
  app.get<{ Querystring: { key?: string } }>('/api/login/url', (request, reply) => {
    const login = loginUrls.get(request.query.key ?? '');
    if (!login || login.used || login.expires < Date.now()) {
      return send(reply, json(403, { type: 'ACCESS_DENIED' }));
    }
    login.used = true;
    return reply
      .code(303)
      .header('location', login.redirectUrl)
      .header('set-cookie', `session=${base32(randomBytes(20))}; Path=/; HttpOnly`)
      .send();
  });

  /** The customer's own mail (asked as `reseller|customer`), as CMD_API_POP. */
  function pop(fields: Fields, customer: string | null): Answer {
    const account = accounts.get(customer ?? '');
    if (!account) {
      return failed('Unable to manage email', 'log in as the customer (reseller|user)');
    }
    const domain = (fields.domain ?? '').toLowerCase();
    if (domain !== account.domain) {
      return failed('Unable to manage email', `You do not own the domain ${domain}`);
    }
    const boxes = mail.get(account.username) ?? new Map<string, FakeDirectAdminMailbox>();
    mail.set(account.username, boxes);
    const user = (fields.user ?? '').toLowerCase();
    const quota = Number(fields.quota ?? 0);
    const quotaProblem = (): string | null => {
      if (!Number.isInteger(quota) || quota < 0) return 'The quota must be a whole number';
      if (account.maxEmailQuotaMb !== null && (quota === 0 || quota > account.maxEmailQuotaMb)) {
        return `The quota is greater than the maximum of ${account.maxEmailQuotaMb} MB for one account`;
      }
      return null;
    };
    switch (fields.action) {
      case 'list':
        if (fields.type === 'quota') {
          return encoded(
            [...boxes.values()].map((box) => [
              box.user,
              `usage=${box.usedMb}&quota=${box.quotaMb}`,
            ]),
          );
        }
        return list([...boxes.keys()]);
      case 'create': {
        const problem = !/^[a-z0-9._-]{1,64}$/.test(user)
          ? 'The email name is not valid'
          : boxes.has(user)
            ? 'That email account already exists'
            : (fields.passwd ?? '').length < MIN_PASSWORD_LENGTH
              ? 'The password is too short (5 characters at least)'
              : fields.passwd !== fields.passwd2
                ? 'The passwords do not match'
                : quotaProblem();
        if (problem) return failed('Unable to create email account', problem);
        boxes.set(user, {
          user,
          domain,
          password: fields.passwd ?? '',
          quotaMb: quota,
          usedMb: 0,
        });
        return done('Email account created', `${user}@${domain} created`);
      }
      case 'modify': {
        const box = boxes.get(user);
        if (!box) return failed('Unable to modify email account', 'That user does not exist');
        const passwd = fields.passwd ?? '';
        const problem =
          passwd !== '' && passwd.length < MIN_PASSWORD_LENGTH
            ? 'The password is too short (5 characters at least)'
            : passwd !== (fields.passwd2 ?? '')
              ? 'The passwords do not match'
              : quotaProblem();
        if (problem) return failed('Unable to modify email account', problem);
        if (passwd !== '') box.password = passwd;
        box.quotaMb = quota;
        return done('Email account modified', `${user}@${domain} saved`);
      }
      case 'delete':
        if (!boxes.delete(user)) {
          return failed('Unable to delete email account', 'That user does not exist');
        }
        return done('Email account deleted', `${user}@${domain} deleted`);
      default:
        return failed('Unable to manage email', `Unknown action ${fields.action ?? ''}`);
    }
  }

  /** The domain's zone as text, with the DKIM key DirectAdmin keeps at x._domainkey. */
  function dnsZone(fields: Fields, customer: string | null): Answer {
    const account = accounts.get(customer ?? '');
    const domain = (fields.domain ?? '').toLowerCase();
    if (!account || account.domain !== domain) {
      return failed('Unable to show the zone', `You do not own the domain ${domain}`);
    }
    let publicKey = dkimKeys.get(domain);
    if (!publicKey) {
      publicKey = generateKeyPairSync('rsa', { modulusLength: 1024 })
        .publicKey.export({ type: 'spki', format: 'der' })
        .toString('base64');
      dkimKeys.set(domain, publicKey);
    }
    const body = [
      `$TTL 3600`,
      `${domain}. 3600 IN SOA ns1.example.test. hostmaster.${domain}. ( 2026112901 3600 3600 1209600 86400 )`,
      `${domain}. 3600 IN NS ns1.example.test.`,
      `${domain}. 3600 IN A ${account.ip}`,
      `${domain}. 3600 IN MX 10 mail`,
      `${domain}. 3600 IN TXT "v=spf1 a mx ip4:${account.ip} ~all"`,
      `x._domainkey 3600 IN TXT ( "v=DKIM1; k=rsa; p=${publicKey.slice(0, 200)}" "${publicKey.slice(200)}" )`,
      '',
    ].join('\n');
    return { status: 200, type: 'text/plain', body };
  }

  function createUser(fields: Fields): Answer {
    if (fields.action !== 'create' || fields.add !== 'Submit') {
      return failed('Error Creating User', 'action=create and add=Submit are required');
    }
    const name = fields.username ?? '';
    const domain = (fields.domain ?? '').toLowerCase();
    const problem = !USERNAME_FORM.test(name)
      ? 'The username must be 4 to 16 lowercase letters and digits, starting with a letter'
      : accounts.has(name)
        ? 'That username already exists on the system'
        : !EMAIL_FORM.test(fields.email ?? '')
          ? 'Invalid email address'
          : (fields.passwd ?? '').length < MIN_PASSWORD_LENGTH
            ? 'The password must be at least 5 characters'
            : fields.passwd !== fields.passwd2
              ? 'The passwords do not match'
              : !DOMAIN_FORM.test(domain)
                ? 'That domain is not valid'
                : [...accounts.values()].some((account) => account.domain === domain)
                  ? 'That domain already exists'
                  : !packages[fields.package ?? '']
                    ? `The package ${fields.package ?? ''} does not exist`
                    : !ips.includes(fields.ip ?? '')
                      ? `The IP ${fields.ip ?? ''} is not available`
                      : null;
    if (problem) return failed('Error Creating User', problem);
    accounts.set(name, {
      username: name,
      domain,
      email: fields.email ?? '',
      packageName: fields.package ?? '',
      password: fields.passwd ?? '',
      ip: fields.ip ?? '',
      suspended: false,
      diskUsedMb: 0,
      bandwidthUsedMb: 0,
      domains: 1,
      maxEmailQuotaMb: packages[fields.package ?? '']?.emailQuotaMb ?? null,
    });
    return done(`User ${name} created`, `Unix user ${name} created<br>Domain ${domain} created`);
  }

  function selectUsers(fields: Fields): Answer {
    const selected = Object.entries(fields)
      .filter(([field]) => /^select\d+$/.test(field))
      .map(([, value]) => value);
    if (selected.length === 0) return failed('No users selected', 'Select at least one user');
    const unknown = selected.filter((name) => !accounts.has(name));
    if (fields.delete === 'yes' && fields.confirmed === 'Confirm') {
      if (unknown.length > 0) {
        return failed('Error while deleting Users', `${unknown.join(', ')} does not exist`);
      }
      for (const name of selected) {
        accounts.delete(name);
        mail.delete(name);
      }
      return done('Users deleted', selected.map((name) => `User ${name} removed`).join('<br>'));
    }
    if (fields.location === 'CMD_SELECT_USERS' && fields.suspend !== undefined) {
      if (unknown.length > 0) {
        return failed('Error while suspending Users', `${unknown.join(', ')} does not exist`);
      }
      // One "Suspend/Unsuspend" button flips each selected account, whatever its label says.
      for (const name of selected) {
        const account = accounts.get(name);
        if (account) account.suspended = !account.suspended;
      }
      return done('Success', 'All selected Users have been suspended/unsuspended');
    }
    return failed('Unknown action', 'Nothing to do with the selected users');
  }

  function modifyUser(fields: Fields): Answer {
    const account = accounts.get(fields.user ?? '');
    if (!account) return failed('Cannot modify user', `User ${fields.user ?? ''} does not exist`);
    if (fields.action !== 'package') return failed('Cannot modify user', 'Unknown action');
    if (!packages[fields.package ?? '']) {
      return failed('Cannot modify user', `The package ${fields.package ?? ''} does not exist`);
    }
    account.packageName = fields.package ?? '';
    return done('User modified', `Package set to ${account.packageName}`);
  }

  function changePassword(fields: Fields): Answer {
    const account = accounts.get(fields.username ?? '');
    if (!account)
      return failed('Cannot set password', `User ${fields.username ?? ''} does not exist`);
    if ((fields.passwd ?? '').length < MIN_PASSWORD_LENGTH) {
      return failed('Cannot set password', 'The password must be at least 5 characters');
    }
    if (fields.passwd !== fields.passwd2) {
      return failed('Cannot set password', 'The passwords do not match');
    }
    account.password = fields.passwd ?? '';
    return done('Password changed', `The password of ${account.username} has been changed`);
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  baseUrl = address;

  return {
    url: address,
    username,
    loginKey,
    ips,
    requests,
    setMode: (next) => {
      mode = next;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    failNext: (count, fault = 'server-error', command) => {
      failuresLeft = count;
      failNextFault = fault;
      failNextCommand = command ?? null;
    },
    failRate: (rate, fault = 'server-error') => {
      failureRate = rate;
      failRateFault = fault;
    },
    loseAnswers: (count = 1) => {
      answersToLose = count;
    },
    clearFaults: () => {
      mode = 'normal';
      latencyMs = startingLatencyMs;
      failuresLeft = 0;
      failureRate = 0;
      answersToLose = 0;
    },
    accounts: () =>
      [...accounts.values()]
        .map((account) => ({ ...account }))
        .sort((a, b) => a.username.localeCompare(b.username)),
    addAccount: (account) => {
      const firstPackage = Object.keys(packages)[0] ?? '';
      accounts.set(account.username, {
        email: `${account.username}@example.com`,
        packageName: firstPackage,
        password: 'made-elsewhere',
        ip: ips[0] ?? '',
        suspended: false,
        diskUsedMb: 0,
        bandwidthUsedMb: 0,
        domains: 1,
        maxEmailQuotaMb: null,
        ...account,
      });
    },
    mailboxes: (name) => [...(mail.get(name)?.values() ?? [])].map((box) => ({ ...box })),
    setMailboxUsage: (name, user, usedMb) => {
      const box = mail.get(name)?.get(user);
      if (!box) throw new Error(`fake directadmin: no mailbox ${user} on ${name}`);
      box.usedMb = usedMb;
    },
    setUsage: (name, usage) => {
      const account = accounts.get(name);
      if (!account) throw new Error(`fake directadmin: no account ${name}`);
      account.diskUsedMb = usage.diskMb;
      account.bandwidthUsedMb = usage.bandwidthMb;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const response of held) response.destroy();
      await app.close();
    },
  };
}

function basicUser(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function stringFields(params: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/**
 * URL-encoded as the legacy API answers, with `<` and `>` left as HTML entities the way the
 * panel sends them (the API page tells clients to decode entities before the fields).
 */
function encoded(fields: Array<[string, string]>): Answer {
  const body = fields
    .map(([name, value]) => {
      const escaped = encodeURIComponent(value).replace(/%3C/g, '&#60;').replace(/%3E/g, '&#62;');
      return `${name}=${escaped}`;
    })
    .join('&');
  return { status: 200, type: 'text/plain', body };
}

function done(text: string, details: string): Answer {
  return encoded([
    ['error', '0'],
    ['text', text],
    ['details', details],
  ]);
}

function failed(text: string, details: string): Answer {
  return encoded([
    ['error', '1'],
    ['text', text],
    ['details', details],
  ]);
}

function list(values: readonly string[]): Answer {
  return encoded(values.map((value) => ['list[]', value]));
}

function limit(value: number | null | undefined): string {
  return value === null || value === undefined ? 'unlimited' : String(value);
}

function json(status: number, body: unknown): Answer {
  return { status, type: 'application/json', body: JSON.stringify(body) };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) out += BASE32[byte % 32];
  return out;
}

/** A small seeded generator: the same seed gives the same sequence. */
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
