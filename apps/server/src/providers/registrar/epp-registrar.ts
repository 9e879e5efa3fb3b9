import { randomInt } from 'node:crypto';
import { type EppEndpoint, type EppLogin, EppSession, type EppSessionOptions } from './epp-session';
import {
  canonicalAddress,
  contactCheckCommand,
  contactCreateCommand,
  contactUpdateCommand,
  domainCheckCommand,
  domainCreateCommand,
  domainDeleteCommand,
  domainInfoCommand,
  domainRenewCommand,
  domainRestoreCommand,
  domainTransferCancelCommand,
  domainTransferRequestCommand,
  domainUpdateCommand,
  type EppResult,
  hostCheckCommand,
  hostCreateCommand,
  hostDeleteCommand,
  hostInfoCommand,
  hostUpdateCommand,
  pollAckCommand,
  pollRequestCommand,
  readCheckData,
  readContactCheckData,
  readDomainInfo,
  readHostInfo,
  readPollMessage,
  readRenewedExpiry,
} from './epp-xml';
import {
  type ContactSpec,
  type DomainInfo,
  type HostInfo,
  type HostSaved,
  type NameCheck,
  type PollMessage,
  type RegisterRequest,
  type RegistrarDriver,
  RegistrarError,
  type RegistryOutcome,
} from './registrar-driver';

// The generic EPP registrar: one session per registrar account, kept open between calls
// (RFC 5734 transport, RFC 5730 core). Domains per RFC 5731 (§3.1.1 check, §3.1.2 info, §3.2.1
// create, §3.2.2 delete, §3.2.3 renew, §3.2.4 transfer, §3.2.5 update), contacts per RFC 5733
// (§3.1.1 check, §3.2.1 create), the poll queue per RFC 5730 §2.9.2.3, and restore per RFC 3915
// §4.2.5.
//
// Nameservers are sent as host objects (`<domain:hostObj>`, RFC 5731 §1.1). A domain's child
// nameservers (`ns1.sara-blog.com`) are host objects we create, change and delete with their
// glue (RFC 5732 §3.1.1 check, §3.1.2 info, §3.2.1 create, §3.2.2 delete, §3.2.5 update); the
// domains module makes them before a domain names them. A registry that wants a host object for
// a nameserver under a name it holds for someone else answers 2303 (`not-found`): that host is
// its sponsor's to make.

/** RFC 5731 leaves the batch size to the server; registries commonly take up to this many. */
export const EPP_CHECK_BATCH = 5;

/** The registrar lock: the client status that stops a transfer away (RFC 5731 §2.3). */
const TRANSFER_LOCK_STATUS = 'clientTransferProhibited';

const AUTH_CODE_LENGTH = 16;
const AUTH_CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const AUTH_CODE_DIGITS = '23456789';
// Symbols every registry we know takes in a transfer code; none is special in XML or a URL.
const AUTH_CODE_SYMBOLS = '!#$%*+-=?@^_';

/**
 * A transfer code of 16 characters from the system's cryptographic random source, with at least
 * one upper- and lower-case letter, one digit and one symbol, as registries' policies ask.
 */
export function randomAuthCode(): string {
  const all = AUTH_CODE_LETTERS + AUTH_CODE_DIGITS + AUTH_CODE_SYMBOLS;
  const pick = (from: string) => from[randomInt(from.length)] as string;
  const chars = [
    pick(AUTH_CODE_LETTERS.slice(0, 24)),
    pick(AUTH_CODE_LETTERS.slice(24)),
    pick(AUTH_CODE_DIGITS),
    pick(AUTH_CODE_SYMBOLS),
  ];
  while (chars.length < AUTH_CODE_LENGTH) chars.push(pick(all));
  // Fisher–Yates, so the required kinds are not always in the first four places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

function isKind(error: unknown, kind: RegistrarError['kind']): boolean {
  return error instanceof RegistrarError && error.kind === kind;
}

export class EppRegistrar implements RegistrarDriver {
  readonly kind = 'epp';
  private readonly session: EppSession;
  private readonly clientId: string;

  constructor(options: {
    endpoint: EppEndpoint;
    login: EppLogin;
    timeoutMs: number;
    onExchange?: EppSessionOptions['onExchange'];
  }) {
    this.session = new EppSession(options);
    this.clientId = options.login.clientId;
  }

  async check(names: readonly string[]): Promise<NameCheck[]> {
    const answers = new Map<string, NameCheck>();
    for (let start = 0; start < names.length; start += EPP_CHECK_BATCH) {
      const batch = names.slice(start, start + EPP_CHECK_BATCH);
      const result = await this.session.command('domain check', (clTRID) =>
        domainCheckCommand(batch, clTRID),
      );
      for (const answer of readCheckData(result.resData)) answers.set(answer.name, answer);
    }
    return names.flatMap((name) => answers.get(name.toLowerCase()) ?? []);
  }

  async info(name: string): Promise<DomainInfo | null> {
    let result: EppResult;
    try {
      result = await this.session.command('domain info', (clTRID) =>
        domainInfoCommand(name, clTRID),
      );
    } catch (error) {
      if (isKind(error, 'not-found')) return null;
      throw error;
    }
    return readDomainInfo(result, this.clientId);
  }

  /**
   * Contact ids are the registry's, shared by all its registrars; ours are made from our own
   * client handles, so an id taken already is taken by an earlier attempt of ours.
   */
  async ensureContact(contact: ContactSpec): Promise<string> {
    const handle = contact.clientHandle;
    const check = await this.session.command('contact check', (clTRID) =>
      contactCheckCommand([handle], clTRID),
    );
    const answer = readContactCheckData(check.resData).find((cd) => cd.id === handle);
    if (answer && !answer.available) {
      // Ours already: given the details as they are now (the holder may have changed them).
      await this.session.command('contact update', (clTRID) =>
        contactUpdateCommand(contact, clTRID),
      );
      return handle;
    }
    try {
      await this.session.command('contact create', (clTRID) =>
        contactCreateCommand(contact, randomAuthCode(), clTRID),
      );
    } catch (error) {
      // Created between the check and now, by a retry whose answer was lost.
      if (!isKind(error, 'exists')) throw error;
    }
    return handle;
  }

  async register(request: RegisterRequest): Promise<RegistryOutcome> {
    const result = await this.session.command('domain create', (clTRID) =>
      domainCreateCommand(request, clTRID),
    );
    return this.outcome(request.name, result);
  }

  async renew(
    name: string,
    years: number,
    currentExpiry: Date,
  ): Promise<{ expiresAt: Date | null }> {
    const result = await this.session.command('domain renew', (clTRID) =>
      domainRenewCommand(name, currentExpiry, years, clTRID),
    );
    if (result.code === 1001) return { expiresAt: null };
    return { expiresAt: readRenewedExpiry(result.resData) };
  }

  async requestTransfer(name: string, authCode: string, years: number): Promise<RegistryOutcome> {
    const result = await this.session.command('domain transfer', (clTRID) =>
      domainTransferRequestCommand(name, authCode, years, clTRID),
    );
    return this.outcome(name, result);
  }

  async cancelTransfer(name: string): Promise<void> {
    await this.session.command('domain transfer cancel', (clTRID) =>
      domainTransferCancelCommand(name, clTRID),
    );
  }

  /** The glue of child nameservers lives in their host objects here (saveHost), not on the name. */
  async setNameservers(name: string, nameservers: readonly string[]): Promise<void> {
    const current = await this.existing(name);
    const wanted = [...new Set(nameservers.map((host) => host.toLowerCase()))];
    // Only the differences: registries refuse to add a host the name has or remove one it has not.
    const addNameservers = wanted.filter((host) => !current.nameservers.includes(host));
    const removeNameservers = current.nameservers.filter((host) => !wanted.includes(host));
    if (addNameservers.length === 0 && removeNameservers.length === 0) return;
    await this.session.command('domain update', (clTRID) =>
      domainUpdateCommand(name, { addNameservers, removeNameservers }, clTRID),
    );
  }

  async hostInfo(_name: string, host: string): Promise<HostInfo | null> {
    const found = await this.host(host);
    if (!found) return null;
    const { ours: _ours, ...info } = found;
    return info;
  }

  /**
   * Checked first (RFC 5732 §3.1.1): a free name is created; a taken one is read, and changed
   * when it is ours by the addresses that differ. A create answered 2302 is a create of ours
   * whose answer was lost (or one beside it): read and changed the same way.
   */
  async saveHost(_name: string, host: string, addresses: readonly string[]): Promise<HostSaved> {
    const wanted = [...new Set(addresses.map(canonicalAddress))];
    const check = await this.session.command('host check', (clTRID) =>
      hostCheckCommand([host], clTRID),
    );
    const free = readCheckData(check.resData).find((cd) => cd.name === host)?.available;
    if (free) {
      try {
        await this.session.command('host create', (clTRID) =>
          hostCreateCommand(host, wanted, clTRID),
        );
        return 'at-registry';
      } catch (error) {
        if (!isKind(error, 'exists')) throw error;
      }
    }
    const current = await this.host(host);
    if (!current) throw new RegistrarError('protocol', `host ${host} is taken but has no info`);
    if (!current.ours) {
      throw new RegistrarError('auth', `host ${host} is another registrar's`, { code: 2201 });
    }
    const add = wanted.filter((address) => !current.addresses.includes(address));
    const remove = current.addresses.filter((address) => !wanted.includes(address));
    if (add.length > 0 || remove.length > 0) {
      await this.session.command('host update', (clTRID) =>
        hostUpdateCommand(host, { add, remove }, clTRID),
      );
    }
    return 'at-registry';
  }

  async deleteHost(_name: string, host: string): Promise<void> {
    try {
      await this.session.command('host delete', (clTRID) => hostDeleteCommand(host, clTRID));
    } catch (error) {
      // 2303: gone already, by an earlier delete whose answer was lost.
      if (!isKind(error, 'not-found')) throw error;
    }
  }

  async setTransferLock(name: string, locked: boolean): Promise<void> {
    const current = await this.existing(name);
    if (current.statuses.includes(TRANSFER_LOCK_STATUS) === locked) return;
    const change = locked
      ? { addStatuses: [TRANSFER_LOCK_STATUS] }
      : { removeStatuses: [TRANSFER_LOCK_STATUS] };
    await this.session.command('domain update', (clTRID) =>
      domainUpdateCommand(name, change, clTRID),
    );
  }

  async resetAuthCode(name: string): Promise<string> {
    const authCode = randomAuthCode();
    await this.session.command('domain update', (clTRID) =>
      domainUpdateCommand(name, { authCode }, clTRID),
    );
    return authCode;
  }

  async restore(name: string): Promise<void> {
    await this.session.command('domain restore', (clTRID) => domainRestoreCommand(name, clTRID));
  }

  async delete(name: string): Promise<void> {
    await this.session.command('domain delete', (clTRID) => domainDeleteCommand(name, clTRID));
  }

  async poll(): Promise<PollMessage | null> {
    const result = await this.session.command('poll', (clTRID) => pollRequestCommand(clTRID));
    return readPollMessage(result, this.clientId);
  }

  async ack(id: string): Promise<void> {
    try {
      await this.session.command('poll ack', (clTRID) => pollAckCommand(id, clTRID));
    } catch (error) {
      // 2303: no such message in the queue, so an earlier ack whose answer was lost went through.
      if (!isKind(error, 'not-found')) throw error;
    }
  }

  /** EPP has no standard balance query (RFC 5730 lists none); registries that tell it use
   * extensions of their own, so the generic driver cannot know it. */
  async balance(): Promise<number | null> {
    return null;
  }

  close(): Promise<void> {
    return this.session.close();
  }

  /** A create's or transfer's answer: done (1000) with the name as it now is, or pending (1001). */
  private async outcome(name: string, result: EppResult): Promise<RegistryOutcome> {
    if (result.code === 1001) return { state: 'pending', note: result.message || null };
    const info = await this.info(name);
    if (!info) {
      throw new RegistrarError('protocol', `${name} was answered ${result.code} but has no info`);
    }
    return { state: 'done', info };
  }

  /** RFC 5732 §3.1.2, or null when the registry holds no such host (2303). */
  private async host(host: string): Promise<(HostInfo & { ours: boolean }) | null> {
    try {
      const result = await this.session.command('host info', (clTRID) =>
        hostInfoCommand(host, clTRID),
      );
      return readHostInfo(result, this.clientId);
    } catch (error) {
      if (isKind(error, 'not-found')) return null;
      throw error;
    }
  }

  private async existing(name: string): Promise<DomainInfo> {
    const info = await this.info(name);
    if (!info) throw new RegistrarError('not-found', `${name} does not exist at the registry`);
    return info;
  }
}
