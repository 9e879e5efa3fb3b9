import {
  type AccountSpec,
  type AccountUsage,
  type ConnectionInfo,
  type CreatedAccount,
  type DriverOptions,
  type PanelCallRecord,
  type PanelDriver,
  PanelError,
  type PanelErrorKind,
  type PanelOperation,
  redact,
} from './panel-driver';
import { panelFetch } from './panel-http';
import {
  type DkimKey,
  dkimPublicKeyOf,
  type Mailbox,
  MailRefusal,
  mailRefusalReason,
  type PanelMail,
  scrubPem,
} from './panel-mail';

/**
 * cPanel & WHM through WHM API 1 (https://api.docs.cpanel.net/whm/introduction): every call is
 * `GET /json-api/<function>?api.version=1&…` with an API token (`Authorization: whm user:token`),
 * and answers HTTP 200 with `metadata.result` 1 or 0 and `metadata.reason`, so a refusal is read
 * from the body, not the status. The functions used, each documented at
 * https://api.docs.cpanel.net/openapi/whm/operation/<function>/: version,
 * get_current_users_count, createacct, accountsummary, showbw, suspendacct, unsuspendacct,
 * removeacct, changepackage, passwd, create_user_session.
 *
 * Mail (issue 35 item 3) is the account's own, so it is cPanel UAPI run for the account through
 * WHM API 1 `uapi_cpanel` (https://api.docs.cpanel.net/openapi/whm/operation/uapi_cpanel/:
 * `cpanel.user`, `cpanel.module`, `cpanel.function` and the function's own parameters; the UAPI
 * answer comes in `data.uapi` with its `status` 1|0, `errors` and `data`): Email::add_pop,
 * passwd_pop, edit_pop_quota, delete_pop, list_pops_with_disk, and EmailAuth::
 * fetch_dkim_private_keys (the key the server signs with, whose public half we publish; the
 * private key never reaches the call record).
 *
 * Idempotency (panel-driver.ts): WHM refuses a repeated operation with a wording the docs do not
 * fix, so after any refusal the driver asks accountsummary how the account stands and decides
 * from that (already suspended → done; not there → done for terminate, not-found otherwise).
 */
export interface WhmDriverOptions extends DriverOptions {
  /** The WHM user the token belongs to; usually root, or a reseller. */
  username: string;
  apiToken: string;
}

const MIB = 1024 * 1024;

/** Reasons that mean the token may not do this (revoked, or lacking the function's ACL). */
const AUTH_REASON = /access denied|permission denied|not authori[sz]ed|privilege/i;
/** Reasons that say the server could not do it now, not that it refuses. */
const TRANSIENT_REASON = /try again|temporarily|timed out|too many|busy|obtain (?:a |the )?lock/i;
/** accountsummary's ways of saying there is no such account. */
const NO_ACCOUNT_REASON =
  /does not exist|no such|not found|unknown (?:user|account)|could not find/i;

interface WhmAnswer {
  data: Record<string, unknown> | null;
  reason: string;
}

interface WhmAccount {
  user: string;
  domain: string;
  plan: string;
  suspended: boolean;
  diskUsed: string;
  diskLimit: string;
}

/** WHM answered `metadata.result: 0`; `reason` is WHM's own words (secrets removed). */
class WhmRefusal extends PanelError {
  constructor(
    kind: PanelErrorKind,
    readonly whmFunction: string,
    readonly reason: string,
  ) {
    super(kind, `WHM ${whmFunction} failed: ${reason}`);
  }
}

export class WhmDriver implements PanelDriver, PanelMail {
  readonly kind = 'whm' as const;

  constructor(private readonly options: WhmDriverOptions) {}

  async testConnection(): Promise<ConnectionInfo> {
    const { data } = await this.call('testConnection', 'version', {});
    const version = typeof data?.version === 'string' && data.version !== '' ? data.version : null;
    let accounts: number | null = null;
    try {
      const count = await this.call('testConnection', 'get_current_users_count', {});
      accounts = toNumber(count.data?.users);
    } catch (error) {
      // Servers older than v78 lack the function; the version answer already proved the token.
      if (!(error instanceof WhmRefusal) || error.kind === 'auth') throw error;
    }
    return { version, accounts };
  }

  async createAccount(spec: AccountSpec): Promise<CreatedAccount> {
    try {
      await this.call(
        'create',
        'createacct',
        {
          username: spec.username,
          domain: spec.domain,
          plan: spec.packageName,
          password: spec.password,
          contactemail: spec.contactEmail,
          // The raw output would otherwise repeat the password (createacct's `showpass`).
          showpass: 'n',
        },
        [spec.password],
      );
      return { username: spec.username, adopted: false, state: 'ready' };
    } catch (error) {
      if (!(error instanceof WhmRefusal) || error.kind === 'auth') throw error;
      const existing = await this.findAccount('create', spec.username);
      if (!existing) throw error;
      if (existing.domain.toLowerCase() !== spec.domain.toLowerCase()) {
        throw new PanelError(
          'refused',
          `WHM already has an account "${spec.username}", for ${existing.domain} rather than ${spec.domain}: not ours to adopt`,
          { cause: error },
        );
      }
      return { username: spec.username, adopted: true, state: 'ready' };
    }
  }

  async suspendAccount(username: string, reason: string): Promise<void> {
    await this.settle(
      'suspend',
      username,
      () => this.call('suspend', 'suspendacct', { user: username, reason }),
      (account) => account?.suspended === true,
    );
  }

  async unsuspendAccount(username: string): Promise<void> {
    await this.settle(
      'unsuspend',
      username,
      () => this.call('unsuspend', 'unsuspendacct', { user: username }),
      (account) => account !== null && !account.suspended,
    );
  }

  async terminateAccount(username: string): Promise<void> {
    await this.settle(
      'terminate',
      username,
      () => this.call('terminate', 'removeacct', { username }),
      (account) => account === null,
    );
  }

  async changePackage(username: string, packageName: string): Promise<void> {
    await this.settle(
      'changePackage',
      username,
      () => this.call('changePackage', 'changepackage', { user: username, pkg: packageName }),
      (account) => account?.plan === packageName,
    );
  }

  async resetPassword(username: string, password: string): Promise<void> {
    await this.settle(
      'resetPassword',
      username,
      () => this.call('resetPassword', 'passwd', { user: username, password }, [password]),
      () => false,
    );
  }

  async loginUrl(username: string): Promise<string> {
    // The answer is a live login: its security token and session must not reach the record,
    // and they are only known once WHM has answered, so the record is cleaned on its way out.
    const sessionSecrets: string[] = [];
    const onCall = this.options.onCall;
    const scrub = (text: string) => scrubSession(redact(text, sessionSecrets));
    const options: DriverOptions = {
      ...this.options,
      onCall: onCall && ((record) => onCall(scrubRecord(record, scrub))),
    };
    const url = await this.settle(
      'loginUrl',
      username,
      async () => {
        const { data } = await this.call(
          'loginUrl',
          'create_user_session',
          { user: username, service: 'cpaneld' },
          [],
          options,
          (answer) => sessionSecrets.push(...sessionParts(answer.data)),
        );
        if (typeof data?.url !== 'string' || !/^https?:\/\//.test(data.url)) {
          throw new PanelError('protocol', 'WHM create_user_session answered without a login url');
        }
        return data.url;
      },
      () => false,
    );
    if (url === null) throw new PanelError('protocol', 'WHM create_user_session gave no url');
    return url;
  }

  async usage(username: string): Promise<AccountUsage> {
    const account = await this.findAccount('usage', username);
    if (!account) throw noAccount(username);
    const { data } = await this.call('usage', 'showbw', {
      searchtype: 'user',
      // showbw's search is a PCRE; our usernames are [a-z0-9] only, so anchoring is enough.
      search: `^${username}$`,
    });
    const entry = asArray(data?.acct)
      .map(asRecord)
      .find((row) => row.user === username);
    if (!entry) {
      throw new PanelError('protocol', `WHM showbw did not list the account "${username}"`);
    }
    const usedBytes = toNumber(entry.totalbytes);
    const limitBytes = toNumber(entry.limit);
    const diskUsedMb = parseMegabytes(account.diskUsed);
    const unlimitedDisk = /^\s*unlimited\s*$/i.test(account.diskLimit);
    const diskLimitMb = unlimitedDisk ? null : parseMegabytes(account.diskLimit);
    if (
      usedBytes === null ||
      limitBytes === null ||
      diskUsedMb === null ||
      (diskLimitMb === null && !unlimitedDisk)
    ) {
      throw new PanelError('protocol', `WHM gave unreadable usage numbers for "${username}"`);
    }
    return {
      diskUsedMb,
      diskLimitMb,
      bandwidthUsedMb: Math.round(usedBytes / MIB),
      // showbw's limit is in bytes, 0 meaning unlimited.
      bandwidthLimitMb: limitBytes === 0 ? null : Math.round(limitBytes / MIB),
      sites: null,
    };
  }

  async listMailboxes(username: string, domain: string): Promise<Mailbox[]> {
    const rows = await this.uapi(username, 'Email', 'list_pops_with_disk', { domain });
    return asArray(rows)
      .map(asRecord)
      .filter((row) => typeof row.domain !== 'string' || row.domain === domain)
      .map((row) => {
        const localPart = typeof row.user === 'string' ? row.user : null;
        const usedMb = toNumber(row.diskused);
        const quota = row.diskquota;
        const quotaMb =
          quota === 'unlimited' || quota === 0 || quota === '0' ? null : toNumber(quota);
        if (
          localPart === null ||
          usedMb === null ||
          (quotaMb === null && quota !== 'unlimited' && quota !== 0 && quota !== '0')
        ) {
          throw new PanelError(
            'protocol',
            'cPanel list_pops_with_disk listed a mailbox unreadably',
          );
        }
        return { localPart, quotaMb, usedMb: Math.round(usedMb) };
      });
  }

  async createMailbox(
    username: string,
    domain: string,
    localPart: string,
    password: string,
    quotaMb: number | null,
  ): Promise<void> {
    await this.uapi(
      username,
      'Email',
      'add_pop',
      { email: localPart, domain, password, quota: String(quotaMb ?? 0) },
      [password],
    );
  }

  async setMailboxPassword(
    username: string,
    domain: string,
    localPart: string,
    password: string,
  ): Promise<void> {
    await this.uapi(username, 'Email', 'passwd_pop', { email: localPart, domain, password }, [
      password,
    ]);
  }

  async setMailboxQuota(
    username: string,
    domain: string,
    localPart: string,
    quotaMb: number | null,
  ): Promise<void> {
    await this.uapi(username, 'Email', 'edit_pop_quota', {
      email: localPart,
      domain,
      quota: String(quotaMb ?? 0),
    });
  }

  async deleteMailbox(username: string, domain: string, localPart: string): Promise<void> {
    try {
      await this.uapi(username, 'Email', 'delete_pop', { email: localPart, domain });
    } catch (error) {
      // Deleting what is already gone is done (a retried delete).
      if (error instanceof MailRefusal && error.reason === 'missing') return;
      throw error;
    }
  }

  async dkimKey(username: string, domain: string): Promise<DkimKey | null> {
    const rows = await this.uapi(username, 'EmailAuth', 'fetch_dkim_private_keys', {
      domain,
    });
    const pem = asArray(rows)
      .map(asRecord)
      .find((row) => row.domain === domain)?.pem;
    if (typeof pem !== 'string' || pem === '') return null;
    try {
      return { selector: 'default', publicKey: dkimPublicKeyOf(pem) };
    } catch {
      throw new PanelError('protocol', 'cPanel fetch_dkim_private_keys gave an unreadable key');
    }
  }

  /** A UAPI function run as the account through `uapi_cpanel`; `status: 0` throws. */
  private async uapi(
    username: string,
    module: string,
    fn: string,
    params: Record<string, string>,
    secrets: string[] = [],
  ): Promise<unknown> {
    const onCall = this.options.onCall;
    const options: DriverOptions = {
      ...this.options,
      onCall: onCall && ((record) => onCall(scrubRecord(record, scrubPem))),
    };
    const { data } = await this.call(
      'mail',
      'uapi_cpanel',
      { 'cpanel.user': username, 'cpanel.module': module, 'cpanel.function': fn, ...params },
      secrets,
      options,
    );
    const uapi = asRecord(data?.uapi);
    const status = toNumber(uapi.status);
    if (status === 1) return uapi.data;
    if (status !== 0) {
      throw new PanelError('protocol', `cPanel ${module}::${fn} answered without uapi.status`);
    }
    const errors = asArray(uapi.errors)
      .filter((error): error is string => typeof error === 'string')
      .map((error) => redact(error, [this.options.apiToken, ...secrets]))
      .join(' ');
    const message = `cPanel ${module}::${fn} failed: ${errors || 'no reason given'}`;
    const reason = mailRefusalReason(errors);
    if (reason) throw new MailRefusal(reason, message);
    throw new WhmRefusal(classifyReason(errors), 'uapi_cpanel', message);
  }

  /**
   * Runs an operation; when WHM refuses it, looks at the account: `done` says whether it is
   * already in the state the operation wanted (then the refusal was a repeat: success, null).
   */
  private async settle<T>(
    operation: PanelOperation,
    username: string,
    attempt: () => Promise<T>,
    done: (account: WhmAccount | null) => boolean,
  ): Promise<T | null> {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WhmRefusal) || error.kind === 'auth') throw error;
      const account = await this.findAccount(operation, username);
      if (done(account)) return null;
      if (account === null) throw noAccount(username, error);
      throw error;
    }
  }

  /** The account as accountsummary tells it, or null when WHM says there is none. */
  private async findAccount(
    operation: PanelOperation,
    username: string,
  ): Promise<WhmAccount | null> {
    let answer: WhmAnswer;
    try {
      answer = await this.call(operation, 'accountsummary', { user: username });
    } catch (error) {
      if (error instanceof WhmRefusal && NO_ACCOUNT_REASON.test(error.reason)) return null;
      throw error;
    }
    const row = asArray(answer.data?.acct)
      .map(asRecord)
      .find((entry) => entry.user === username);
    if (!row) return null;
    const { domain, plan, diskused, disklimit } = row;
    const suspended = toNumber(row.suspended);
    if (
      typeof domain !== 'string' ||
      typeof plan !== 'string' ||
      typeof diskused !== 'string' ||
      typeof disklimit !== 'string' ||
      (suspended !== 0 && suspended !== 1)
    ) {
      throw new PanelError('protocol', `WHM accountsummary described "${username}" unreadably`);
    }
    return {
      user: username,
      domain,
      plan,
      suspended: suspended === 1,
      diskUsed: diskused,
      diskLimit: disklimit,
    };
  }

  /** One WHM API 1 call; a `result: 0` answer throws WhmRefusal. */
  private call(
    operation: PanelOperation,
    whmFunction: string,
    params: Record<string, string>,
    secrets: string[] = [],
    options: DriverOptions = this.options,
    inspect?: (answer: WhmAnswer) => void,
  ): Promise<WhmAnswer> {
    // Built by hand, not with URLSearchParams: redact() finds a secret in its
    // encodeURIComponent form, which URLSearchParams's form encoding does not always match.
    const query = Object.entries({ 'api.version': '1', ...params })
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
    const allSecrets = [this.options.apiToken, ...secrets];
    return panelFetch(
      options,
      {
        operation,
        method: 'GET',
        path: `/json-api/${whmFunction}?${query}`,
        headers: {
          accept: 'application/json',
          authorization: `whm ${this.options.username}:${this.options.apiToken}`,
        },
        secrets: allSecrets,
      },
      (status, text) => {
        const answer = readAnswer(whmFunction, status, text, allSecrets);
        inspect?.(answer);
        return answer;
      },
    );
  }
}

/** Reads WHM API 1's envelope; throws WhmRefusal on `result: 0`, protocol errors on nonsense. */
function readAnswer(
  whmFunction: string,
  status: number,
  text: string,
  secrets: ReadonlyArray<string>,
): WhmAnswer {
  if (status !== 200) {
    throw new PanelError('protocol', `WHM answered HTTP ${status} to ${whmFunction}`);
  }
  const body = JSON.parse(text) as unknown;
  const metadata = asRecord(asRecord(body).metadata);
  const result = toNumber(metadata.result);
  const reason = typeof metadata.reason === 'string' ? redact(metadata.reason, secrets) : '';
  if (result === 1) {
    const data = asRecord(body).data;
    return { data: typeof data === 'object' && data !== null ? asRecord(data) : null, reason };
  }
  if (result === 0) throw new WhmRefusal(classifyReason(reason), whmFunction, reason);
  throw new PanelError(
    'protocol',
    `WHM ${whmFunction} answered without metadata.result (is api.version=1 honoured?)`,
  );
}

function classifyReason(reason: string): PanelErrorKind {
  if (AUTH_REASON.test(reason)) return 'auth';
  if (TRANSIENT_REASON.test(reason)) return 'server-error';
  return 'refused';
}

function noAccount(username: string, cause?: unknown): PanelError {
  return new PanelError('not-found', `WHM has no account "${username}"`, { cause });
}

/** The secret parts of create_user_session's answer, as they appear in it. */
function sessionParts(data: Record<string, unknown> | null): string[] {
  const parts: string[] = [];
  if (typeof data?.session === 'string') parts.push(data.session);
  if (typeof data?.cp_security_token === 'string') {
    parts.push(data.cp_security_token.replace(/^\//, ''));
  }
  if (typeof data?.url === 'string') {
    const inUrl = /[?&]session=([^&#]+)/.exec(data.url)?.[1];
    if (inUrl) parts.push(inUrl);
  }
  return parts.filter((part) => part !== '');
}

/** The session part of a cPanel login (cpsess… security token, session=…) becomes [redacted]. */
function scrubSession(text: string): string {
  return text
    .replace(/cpsess[0-9A-Za-z]+/g, '[redacted]')
    .replace(/(session=)[^&"\s]+/gi, '$1[redacted]')
    .replace(/("session"\s*:\s*")(?:[^"\\]|\\.)*"/g, '$1[redacted]"');
}

function scrubRecord(record: PanelCallRecord, scrub: (text: string) => string): PanelCallRecord {
  return {
    ...record,
    url: scrub(record.url),
    requestBody: record.requestBody === null ? null : scrub(record.requestBody),
    responseBody: record.responseBody === null ? null : scrub(record.responseBody),
    error: record.error === null ? null : scrub(record.error),
  };
}

const SIZE_UNITS: Record<string, number> = { K: 1 / 1024, M: 1, G: 1024, T: 1024 * 1024 };

/** accountsummary sizes ("14M", "1.5G") in MiB; null when unreadable. */
function parseMegabytes(value: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGT])?\s*$/i.exec(value);
  if (!match?.[1]) return null;
  const unit = SIZE_UNITS[(match[2] ?? 'M').toUpperCase()] ?? 1;
  return Math.round(Number(match[1]) * unit);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
