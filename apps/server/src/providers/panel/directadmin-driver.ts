import {
  type AccountSpec,
  type AccountUsage,
  type ConnectionInfo,
  type CreatedAccount,
  type DriverOptions,
  type PanelDriver,
  PanelError,
  type PanelOperation,
} from './panel-driver';
import { panelFetch } from './panel-http';
import {
  type DkimKey,
  type Mailbox,
  MailRefusal,
  mailRefusalReason,
  type PanelMail,
} from './panel-mail';

/**
 * The DirectAdmin driver (issue 20). It speaks the legacy `CMD_API_*` commands every billing
 * system uses, as DirectAdmin documents them, authenticated with HTTP Basic `username:loginKey`
 * (a login key is DirectAdmin's API key: another password of the admin or reseller, which the
 * panel can restrict by command and by IP):
 *   https://directadmin.com/api.html, now https://docs.directadmin.com/developer/api/legacy-api.html
 *   https://docs.directadmin.com/developer/api (Basic auth, login keys, impersonation)
 *   https://docs.directadmin.com/directadmin/customizing-workflow/api-all-about.html
 *
 * What we use, and where the vendor pages led away from the brief of issue 20:
 * - create: `CMD_API_ACCOUNT_USER` (action=create, add=Submit, username, email, passwd, passwd2,
 *   domain, package, ip, notify=no). Without a configured IP the first of ours comes from
 *   `CMD_API_SHOW_RESELLER_IPS`, since the command requires one.
 * - suspend/unsuspend: `CMD_API_SELECT_USERS` (location=CMD_SELECT_USERS, suspend=Suspend or
 *   Unsuspend, select0). The page documents no `dosuspend`; the panel's own button is one
 *   "Suspend/Unsuspend" that flips the state, so we read the state first and only ask for a change.
 * - delete: `CMD_API_SELECT_USERS` (confirmed=Confirm, delete=yes, select0).
 * - package: `CMD_API_MODIFY_USER` (action=package, user, package); password:
 *   `CMD_API_USER_PASSWD` (username, passwd, passwd2).
 * - usage: `CMD_API_SHOW_USER_USAGE` (used, MB) and `CMD_API_SHOW_USER_CONFIG` (limits, MB or
 *   "unlimited"; `suspended`, `package`, `domain`), which is also how we look an account up.
 * - testConnection: `CMD_API_SHOW_USERS` (the accounts this login owns; an admin's count leaves
 *   out accounts its resellers own). DirectAdmin tells no version there: `version` is null.
 * - Answers are read in the documented URL-encoded form (`error=0|1&text=…&details=…`, lists as
 *   `list[]=…`), HTML entities decoded first as the page says. We do not send `json=yes`: the
 *   pages document no JSON shape for these commands, and one documented form is safer than two.
 * - Sign-in (SSO): `/api/login-as/url` is not a DirectAdmin path. The documented one-time URL is
 *   the new API's `POST /api/login-keys/urls` (DirectAdmin's own swagger description, linked from
 *   https://docs.directadmin.com/developer/api/examples.html; schemas `web.loginURLCreateRequest`
 *   and `web.loginURLCreateResponse`), called as the customer through the documented login-as
 *   Basic user `reseller|customer`. It answers `{url: "https://host:2222/api/login/url?key=…"}`;
 *   the key signs in once (https://directadmin.com/features.php?id=2463). The legacy
 *   `CMD_API_LOGIN_KEYS type=one_time_url` that billing modules use is documented nowhere we found.
 * - Mail (issue 35 item 3) is the customer's, so these are asked as the customer (login-as
 *   `reseller|customer`): `CMD_API_POP` with action=create|modify|delete|list, domain, user,
 *   passwd, passwd2, quota (MB, 0 unlimited); list with type=quota answers each mailbox as
 *   `<user>=<url-encoded usage=…&quota=…>` (MB). DKIM: `CMD_API_DNS_CONTROL` (domain) answers the
 *   zone; the key is the TXT record at `x._domainkey` (DirectAdmin's selector).
 */

/** How long the customer has to open the sign-in link; it works once either way. */
const LOGIN_URL_LIFETIME_MS = 5 * 60_000;

export interface DirectAdminDriverOptions extends DriverOptions {
  /** The admin or reseller that owns the accounts. */
  username: string;
  /** A login key of that user: DirectAdmin's API key. Never the user's own password. */
  loginKey: string;
  /** The IP new accounts get; without it, the first IP the panel lists for us. */
  ip?: string;
}

/** An account as `CMD_API_SHOW_USER_CONFIG` describes it. */
interface AccountConfig {
  domain: string;
  packageName: string;
  suspended: boolean;
  diskLimitMb: number | null;
  bandwidthLimitMb: number | null;
}

type Fields = Record<string, string>;

export class DirectAdminDriver implements PanelDriver, PanelMail {
  readonly kind = 'directadmin' as const;

  constructor(private readonly options: DirectAdminDriverOptions) {}

  async testConnection(): Promise<ConnectionInfo> {
    const users = await this.command('testConnection', 'GET', 'CMD_API_SHOW_USERS', {}, readList);
    return { version: null, accounts: users.length };
  }

  async createAccount(spec: AccountSpec): Promise<CreatedAccount> {
    const ip = this.options.ip ?? (await this.firstIp());
    const domain = spec.domain.toLowerCase();
    try {
      await this.command(
        'create',
        'POST',
        'CMD_API_ACCOUNT_USER',
        {
          action: 'create',
          add: 'Submit',
          username: spec.username,
          email: spec.contactEmail,
          passwd: spec.password,
          passwd2: spec.password,
          domain,
          package: spec.packageName,
          ip,
          notify: 'no',
        },
        readDone,
        [spec.password],
      );
      return { username: spec.username, adopted: false, state: 'ready' };
    } catch (error) {
      if (!isRefusal(error)) throw error;
      // A retried create (the first answer lost) is refused as "already exists": the account
      // is ours when the panel holds it under this username for this domain.
      const existing = await this.lookUp('create', spec.username);
      if (existing === null) throw error;
      if (existing.domain.toLowerCase() !== domain) {
        throw new PanelError(
          'refused',
          `the username ${spec.username} is taken on the panel by ${existing.domain || 'an account without a domain'}, not ${domain}`,
        );
      }
      return { username: spec.username, adopted: true, state: 'ready' };
    }
  }

  // DirectAdmin takes a suspension reason only from its own fixed list, which the API page does
  // not document; the reason stays in our records.
  async suspendAccount(username: string, _reason: string): Promise<void> {
    const account = await this.mustLookUp('suspend', username);
    if (account.suspended) return;
    await this.selectUsers('suspend', username, {
      location: 'CMD_SELECT_USERS',
      suspend: 'Suspend',
    });
  }

  async unsuspendAccount(username: string): Promise<void> {
    const account = await this.mustLookUp('unsuspend', username);
    if (!account.suspended) return;
    await this.selectUsers('unsuspend', username, {
      location: 'CMD_SELECT_USERS',
      suspend: 'Unsuspend',
    });
  }

  async terminateAccount(username: string): Promise<void> {
    try {
      await this.selectUsers('terminate', username, { confirmed: 'Confirm', delete: 'yes' });
    } catch (error) {
      // Deleting an account that is not there (gone already, or never made) is done.
      if (isRefusal(error) && (await this.lookUp('terminate', username)) === null) return;
      throw error;
    }
  }

  async changePackage(username: string, packageName: string): Promise<void> {
    const account = await this.mustLookUp('changePackage', username);
    if (account.packageName === packageName) return;
    await this.command(
      'changePackage',
      'POST',
      'CMD_API_MODIFY_USER',
      { action: 'package', user: username, package: packageName },
      readDone,
    );
  }

  async resetPassword(username: string, password: string): Promise<void> {
    try {
      await this.command(
        'resetPassword',
        'POST',
        'CMD_API_USER_PASSWD',
        { username, passwd: password, passwd2: password },
        readDone,
        [password],
      );
    } catch (error) {
      if (isRefusal(error) && (await this.lookUp('resetPassword', username)) === null) {
        throw missing(username);
      }
      throw error;
    }
  }

  async loginUrl(username: string): Promise<string> {
    // Asked as the customer, an unknown account would fail as a bad login (401): look first.
    const account = await this.mustLookUp('loginUrl', username);
    if (account.suspended) {
      throw new PanelError('refused', `${username} is suspended: the panel signs no one in to it`);
    }
    const secrets: string[] = [this.options.loginKey];
    return panelFetch(
      this.options,
      {
        operation: 'loginUrl',
        method: 'POST',
        path: '/api/login-keys/urls',
        headers: {
          authorization: basicAuth(`${this.options.username}|${username}`, this.options.loginKey),
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          allowNetworks: [],
          expires: new Date(Date.now() + LOGIN_URL_LIFETIME_MS).toISOString(),
        }),
        secrets,
      },
      (status, text) => {
        const url = readLoginUrl(status, text);
        // The key signs the customer in: it stays out of the call record as well. panelFetch
        // records after `read` returns, so a secret learnt from the answer still counts.
        secrets.push(new URL(url).searchParams.get('key') || url);
        return url;
      },
    );
  }

  async usage(username: string): Promise<AccountUsage> {
    const account = await this.mustLookUp('usage', username);
    const used = await this.command(
      'usage',
      'GET',
      'CMD_API_SHOW_USER_USAGE',
      { user: username },
      (text) => {
        const fields = readData(text);
        return {
          diskMb: numberField(fields, 'quota'),
          bandwidthMb: numberField(fields, 'bandwidth'),
          sites: fields.has('vdomains') ? numberField(fields, 'vdomains') : null,
        };
      },
    );
    return {
      diskUsedMb: used.diskMb,
      diskLimitMb: account.diskLimitMb,
      bandwidthUsedMb: used.bandwidthMb,
      bandwidthLimitMb: account.bandwidthLimitMb,
      sites: used.sites,
    };
  }

  async listMailboxes(username: string, domain: string): Promise<Mailbox[]> {
    const answer = await this.pop(username, { action: 'list', domain, type: 'quota' }, readData);
    const boxes: Mailbox[] = [];
    for (const [localPart, value] of answer) {
      const fields = new URLSearchParams(value);
      const quota = numberField(fields, 'quota');
      boxes.push({
        localPart,
        quotaMb: quota === 0 ? null : quota,
        usedMb: Math.round(numberField(fields, 'usage')),
      });
    }
    return boxes;
  }

  async createMailbox(
    username: string,
    domain: string,
    localPart: string,
    password: string,
    quotaMb: number | null,
  ): Promise<void> {
    await this.pop(
      username,
      {
        action: 'create',
        domain,
        user: localPart,
        passwd: password,
        passwd2: password,
        quota: String(quotaMb ?? 0),
      },
      readDone,
      [password],
    );
  }

  async setMailboxPassword(
    username: string,
    domain: string,
    localPart: string,
    password: string,
  ): Promise<void> {
    const box = await this.mustFindMailbox(username, domain, localPart);
    await this.pop(
      username,
      {
        action: 'modify',
        domain,
        user: localPart,
        passwd: password,
        passwd2: password,
        quota: String(box.quotaMb ?? 0),
      },
      readDone,
      [password],
    );
  }

  async setMailboxQuota(
    username: string,
    domain: string,
    localPart: string,
    quotaMb: number | null,
  ): Promise<void> {
    await this.mustFindMailbox(username, domain, localPart);
    // Empty passwords leave the mailbox's password as it is.
    await this.pop(
      username,
      {
        action: 'modify',
        domain,
        user: localPart,
        passwd: '',
        passwd2: '',
        quota: String(quotaMb ?? 0),
      },
      readDone,
    );
  }

  async deleteMailbox(username: string, domain: string, localPart: string): Promise<void> {
    try {
      await this.pop(username, { action: 'delete', domain, user: localPart }, readDone);
    } catch (error) {
      if (error instanceof MailRefusal && error.reason === 'missing') return;
      throw error;
    }
  }

  async dkimKey(username: string, domain: string): Promise<DkimKey | null> {
    const zone = await this.command(
      'mail',
      'GET',
      'CMD_API_DNS_CONTROL',
      { domain },
      (text) => {
        if (/^\s*error=1/.test(text)) readDone(text);
        return text;
      },
      [],
      username,
    );
    const record = /^x\._domainkey(?:\.\S+)?\s+(?:\d+\s+)?IN\s+TXT\s+(.+)$/im.exec(zone)?.[1];
    if (!record) return null;
    const text = [...record.matchAll(/"([^"]*)"/g)].map((part) => part[1]).join('');
    const publicKey = /(?:^|;)\s*p=([A-Za-z0-9+/=]+)/.exec(text)?.[1];
    return publicKey ? { selector: 'x', publicKey } : null;
  }

  private async mustFindMailbox(username: string, domain: string, localPart: string) {
    const box = (await this.listMailboxes(username, domain)).find(
      (entry) => entry.localPart === localPart,
    );
    if (!box) throw new MailRefusal('missing', `the panel has no mailbox ${localPart}@${domain}`);
    return box;
  }

  /** `CMD_API_POP` as the customer; a refusal the panel words as a mail reason says which. */
  private async pop<T>(
    username: string,
    fields: Fields,
    read: (text: string) => T,
    secrets: string[] = [],
  ): Promise<T> {
    try {
      return await this.command('mail', 'POST', 'CMD_API_POP', fields, read, secrets, username);
    } catch (error) {
      if (isRefusal(error)) {
        const reason = mailRefusalReason(error.message);
        if (reason) throw new MailRefusal(reason, error.message);
      }
      throw error;
    }
  }

  private selectUsers(operation: PanelOperation, username: string, fields: Fields) {
    return this.command(
      operation,
      'POST',
      'CMD_API_SELECT_USERS',
      { ...fields, select0: username },
      readDone,
    );
  }

  private async firstIp(): Promise<string> {
    const ips = await this.command('create', 'GET', 'CMD_API_SHOW_RESELLER_IPS', {}, readList);
    const [first] = ips;
    if (first === undefined) {
      throw new PanelError(
        'refused',
        'the panel lists no IP for new accounts; set one for this server',
      );
    }
    return first;
  }

  /** The account's configuration, or null when the panel has no such account of ours. */
  private lookUp(operation: PanelOperation, username: string): Promise<AccountConfig | null> {
    return this.command(
      operation,
      'GET',
      'CMD_API_SHOW_USER_CONFIG',
      { user: username },
      (text) => {
        const answer = parseAnswer(text);
        // The panel answers error=1 for a user that is not there or not ours to see.
        if (answer.get('error') === '1') return null;
        const suspended = answer.get('suspended');
        if (suspended !== 'yes' && suspended !== 'no') {
          throw new PanelError('protocol', 'the user config carries no suspended=yes|no');
        }
        return {
          domain: answer.get('domain') ?? '',
          packageName: answer.get('package') ?? '',
          suspended: suspended === 'yes',
          diskLimitMb: limitMegabytes(answer, 'quota'),
          bandwidthLimitMb: limitMegabytes(answer, 'bandwidth'),
        };
      },
    );
  }

  private async mustLookUp(operation: PanelOperation, username: string): Promise<AccountConfig> {
    const account = await this.lookUp(operation, username);
    if (account === null) throw missing(username);
    return account;
  }

  private command<T>(
    operation: PanelOperation,
    method: 'GET' | 'POST',
    command: `CMD_API_${string}`,
    fields: Fields,
    read: (text: string) => T,
    secrets: string[] = [],
    /** Log in as this customer of ours (`reseller|customer`) for the customer's own commands. */
    asUser?: string,
  ): Promise<T> {
    // encodeURIComponent, not URLSearchParams: `redact` knows a secret in that form only (a
    // URLSearchParams body writes `!` as %21 and a space as +, and would leak such a password).
    const form = Object.entries(fields)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
    const headers: Record<string, string> = {
      authorization: basicAuth(
        asUser ? `${this.options.username}|${asUser}` : this.options.username,
        this.options.loginKey,
      ),
    };
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    return panelFetch(
      this.options,
      {
        operation,
        method,
        path: method === 'GET' && form ? `/${command}?${form}` : `/${command}`,
        headers,
        body: method === 'POST' ? form : undefined,
        secrets: [this.options.loginKey, ...secrets],
      },
      (status, text) => {
        if (status !== 200) throw new PanelError('protocol', `unexpected HTTP ${status}`);
        return read(text);
      },
    );
  }
}

function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

function missing(username: string): PanelError {
  return new PanelError('not-found', `the panel has no account ${username} of ours`);
}

function isRefusal(error: unknown): error is PanelError {
  return error instanceof PanelError && error.kind === 'refused';
}

const PAIR = /^[A-Za-z0-9_.\-[\]]+=[^&]*$/;

/**
 * A documented URL-encoded answer. The page says to decode HTML entities before parsing; a web
 * page instead of an answer is the login page (bad login key) or something else gone wrong.
 */
function parseAnswer(text: string): URLSearchParams {
  const body = text.trim();
  if (/^<|<html|<!doctype/i.test(body)) {
    if (/login|password/i.test(body)) {
      throw new PanelError(
        'auth',
        'the panel answered with its login page: it refused our login key',
      );
    }
    throw new PanelError('protocol', 'the panel answered with a web page, not an API answer');
  }
  if (/authority level/i.test(body)) {
    throw new PanelError('auth', 'our login may not run this command: allow it on the login key');
  }
  const decoded = decodeEntities(body);
  if (decoded !== '' && !decoded.split('&').every((pair) => PAIR.test(pair))) {
    throw new PanelError('protocol', 'the answer is not a URL-encoded list of fields');
  }
  return new URLSearchParams(decoded);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);?/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(lt|gt|quot|amp);/g, (_, name: string) =>
      name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : '&',
    );
}

/** A command that reports `error=0|1`: returns on 0, throws `refused` with the panel's words on 1. */
function readDone(text: string): void {
  const answer = parseAnswer(text);
  const error = answer.get('error');
  if (error === '0') return;
  if (error === '1') throw new PanelError('refused', `the panel refused: ${refusalText(answer)}`);
  throw new PanelError('protocol', 'the answer carries no error=0|1');
}

/** A command that answers data, or error=1 when it cannot. */
function readData(text: string): URLSearchParams {
  const answer = parseAnswer(text);
  if (answer.get('error') === '1') {
    throw new PanelError('refused', `the panel refused: ${refusalText(answer)}`);
  }
  return answer;
}

function readList(text: string): string[] {
  return readData(text).getAll('list[]');
}

function refusalText(answer: URLSearchParams): string {
  const words = [answer.get('text'), answer.get('details')]
    .map((part) =>
      (part ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part !== '');
  return words.length > 0 ? words.join(': ') : 'no reason given';
}

function numberField(fields: URLSearchParams, name: string): number {
  const value = Number(fields.get(name));
  if (fields.get(name) === null || !Number.isFinite(value) || value < 0) {
    throw new PanelError('protocol', `the answer's ${name} is not a number`);
  }
  return value;
}

function limitMegabytes(fields: URLSearchParams, name: string): number | null {
  return fields.get(name) === 'unlimited' ? null : numberField(fields, name);
}

/** The new API's answer to `POST /api/login-keys/urls`. */
function readLoginUrl(status: number, text: string): string {
  if (status === 400) {
    throw new PanelError('refused', `the panel refused the sign-in link: ${jsonMessage(text)}`);
  }
  if (status === 404) throw new PanelError('not-found', 'the panel has no such account');
  if (status !== 200) throw new PanelError('protocol', `unexpected HTTP ${status}`);
  const url = (JSON.parse(text) as { url?: unknown }).url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    throw new PanelError('protocol', 'the answer carries no sign-in URL');
  }
  return url;
}

function jsonMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown; type?: unknown };
    return String(parsed.message ?? parsed.type ?? 'no reason given');
  } catch {
    return 'no reason given';
  }
}
