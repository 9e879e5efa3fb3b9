import https from 'node:https';
import { canonicalAddress } from './epp-xml';
import {
  contactCreateXml,
  contactInfoXml,
  domainCheckXml,
  domainCreateXml,
  domainDeleteXml,
  domainInfoXml,
  domainNameserversXml,
  domainPinXml,
  domainRenewXml,
  domainTransferXml,
  expectIrnicSuccess,
  IRNIC_CHECK_BATCH,
  IRNIC_PERIOD_MONTHS,
  type IrnicContactData,
  type IrnicDomainData,
  type IrnicNameserver,
  type IrnicResult,
  irnicResultKind,
  normaliseHost,
  parseIrnic,
  pollAckXml,
  pollRequestXml,
  readContactInfo,
  readContractBalance,
  readCreatedContact,
  readDomainCheck,
  readDomainInfo,
  readExpiry,
  readIrnicResponse,
  readPollMessage,
} from './irnic-xml';
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

// The IRNIC registrar (.ir and .ایران, issue 38): EPP documents in IRNIC's dialect (irnic-xml.ts,
// which lists the public material it was learnt from) POSTed one per HTTPS request to IRNIC's
// gateway, https://epp.nic.ir/submit, with the reseller's API token as `Authorization: Bearer`
// and the deposit code as every object's <authInfo><pw> (github.com/kowsarniyazi/
// whmcs-irnic-registrar, docs/AUTHENTICATION.md). There is no EPP session: no greeting, login
// or logout, and each request stands alone.
//
// How each operation maps, and what IRNIC does not have:
// - register: <domain:create> for 12 or 60 months with the one registrant as holder, admin,
//   tech and bill; IRNIC reviews it (1001) and tells the outcome by poll. The transfer code of a
//   RegisterRequest is not sent: .ir names have none.
// - renew: <domain:renew> with <curExpDate>, answered 1001 and confirmed by poll.
// - ensureContact: IRNIC picks the handle, so a retried create cannot ask for ours. IRNIC looks a
//   contact up by its e-mail as well as by handle (irnic-contact-1.0.xsd, contactIdentifierType),
//   so we look up the e-mail first and create only when IRNIC knows none, and a create refused
//   as existing (2302: another call got there first) is answered by the same lookup. The same
//   e-mail is therefore the same IRNIC contact, as it is on IRNIC's own site.
// - requestTransfer: an <update> changing the contacts, with <pin pinCode> (the PIN IRNIC sent the
//   holder, which the customer gives us); pending until the holder approves. IRNIC's transfer
//   carries no term: `years` is not sent.
// - setNameservers, saveHost, hostInfo, deleteHost: IRNIC has no host objects; a child
//   nameserver's glue is the one <hostAddr> of its hostAttr, sent with the nameservers. So a
//   host's address is changed at IRNIC only while the domain names it; otherwise it is kept by
//   the domains module and sent by the nameserver update that names it. A host the domain still
//   names is not deleted (`prohibited`).
// - setTransferLock: <pin op="lock"> closes the transfer lock, <pin op="req"> opens it and has
//   IRNIC send a new PIN to the holder. IRNIC shows no status for it in `info`.
// - resetAuthCode and restore are refused: IRNIC never gives the PIN to the reseller, and has no
//   redemption restore (a locked or expired .ir name comes back by renewing it). cancelTransfer
//   too: a transfer is the holder's to approve or refuse, and the reseller cannot withdraw it.
// - delete: <domain:delete>, reviewed like the rest.
// - balance: the reseller's own <contact:info> answers <contractInfo> (github.com/zoghal/
//   irnic-api, src/IrNic.php).
//
// Inferred, the public material being silent: that a wrong token is HTTP 401 or 403 (the WHMCS
// module's troubleshooting pairs "HTTP 401 / EPP 2200"); that a transfer keeps the holder unless
// a new one is named (we send the current holder for all four contacts); that `ours` is the
// <domain:contact type="reseller"> being our handle; and what irnic-xml.ts lists.

/** A larger answer is not IRNIC's: the biggest, a 10-name check or a poll, is a few KB. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** irnic-domain-1.0.xsd, nsType: at most four; IRNIC asks for two at least (issue 38). */
const MIN_NAMESERVERS = 2;
const MAX_NAMESERVERS = 4;
/** RFC 5730's clTRID is 3–64 characters; ours is the prefix, a time and a counter. */
const MAX_CLIENT_ID_LENGTH = 24;

export interface IrnicRegistrarOptions {
  /** IRNIC's gateway, `https://epp.nic.ir/submit`; only https. */
  endpoint: string;
  /** The reseller's API token, sent as `Authorization: Bearer`. */
  token: string;
  /** The reseller's 16-digit deposit code, the <authInfo><pw> of every object command. */
  depositCode: string;
  /** The reseller's own IRNIC handle (`ab1234-irnic`): whose names are ours, whose balance. */
  resellerHandle: string;
  /** The CA to trust instead of the public ones (PEM), for a test registry. */
  ca?: string;
  /** How long one request may take, connection included, before it counts as a timeout. */
  timeoutMs: number;
  /** The prefix of our transaction ids (clTRID), to find our requests in IRNIC's logs. */
  clientId?: string;
}

export class IrnicRegistrar implements RegistrarDriver {
  readonly kind = 'irnic';
  private readonly url: URL;
  private readonly agent: https.Agent;
  private readonly clientId: string;
  private readonly resellerHandle: string;
  private transactions = 0;

  constructor(private readonly options: IrnicRegistrarOptions) {
    let url: URL;
    try {
      url = new URL(options.endpoint);
    } catch (error) {
      throw new RegistrarError('refused', 'the IRNIC endpoint is not a URL', { cause: error });
    }
    // The token travels in a header: never in clear text.
    if (url.protocol !== 'https:') {
      throw new RegistrarError('refused', 'the IRNIC endpoint must be https');
    }
    this.url = url;
    this.clientId = (options.clientId ?? 'VITRIN').slice(0, MAX_CLIENT_ID_LENGTH);
    this.resellerHandle = options.resellerHandle.trim().toLowerCase();
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets: 4,
      ...(options.ca ? { ca: options.ca } : {}),
    });
  }

  async check(names: readonly string[]): Promise<NameCheck[]> {
    const answers = new Map<string, NameCheck>();
    for (let start = 0; start < names.length; start += IRNIC_CHECK_BATCH) {
      const batch = names.slice(start, start + IRNIC_CHECK_BATCH);
      const result = await this.command('domain check', (clTRID) =>
        domainCheckXml(batch, this.options.depositCode, clTRID),
      );
      for (const answer of readDomainCheck(result.resData)) answers.set(answer.name, answer);
    }
    return names.flatMap((name) => answers.get(name.toLowerCase()) ?? []);
  }

  async info(name: string): Promise<DomainInfo | null> {
    const data = await this.domainData(name);
    if (!data) return null;
    return {
      name: data.name || name.toLowerCase(),
      statuses: data.statuses,
      ours: data.contacts.reseller === this.resellerHandle,
      registrant: data.contacts.holder ?? null,
      nameservers: data.nameservers,
      createdAt: data.createdAt,
      expiresAt: data.expiresAt,
      // IRNIC never shows the transfer PIN: it goes to the holder.
      authCode: null,
    };
  }

  async ensureContact(contact: ContactSpec): Promise<string> {
    const known = await this.contactByEmail(contact.email);
    if (known) return this.usableHandle(known);
    try {
      const result = await this.command('contact create', (clTRID) =>
        contactCreateXml(contact, this.options.depositCode, clTRID),
      );
      return readCreatedContact(result.resData);
    } catch (error) {
      if (!(error instanceof RegistrarError && error.kind === 'exists')) throw error;
      // Created meanwhile (by a call that crashed before recording it, or one running beside).
      const created = await this.contactByEmail(contact.email);
      if (!created) throw error;
      return this.usableHandle(created);
    }
  }

  async register(request: RegisterRequest): Promise<RegistryOutcome> {
    const months = this.months(request.years);
    const nameservers = request.nameservers.map(normaliseHost);
    // IRNIC's defaults apply when none are given (<domain:ns> is optional in its schema).
    if (nameservers.length > 0) this.checkNameserverCount(nameservers);
    const registrant = request.registrant;
    const result = await this.command('domain create', (clTRID) =>
      domainCreateXml(
        {
          name: request.name,
          months,
          nameservers,
          contacts: { holder: registrant, admin: registrant, tech: registrant, bill: registrant },
        },
        this.options.depositCode,
        clTRID,
      ),
    );
    return this.outcome(request.name, result);
  }

  async renew(
    name: string,
    years: number,
    currentExpiry: Date,
  ): Promise<{ expiresAt: Date | null }> {
    const months = this.months(years);
    const result = await this.command('domain renew', (clTRID) =>
      domainRenewXml({ name, currentExpiry, months }, this.options.depositCode, clTRID),
    );
    if (result.code === 1001) return { expiresAt: null };
    const expiresAt = readExpiry(result.resData) ?? (await this.info(name))?.expiresAt ?? null;
    return { expiresAt };
  }

  /**
   * IRNIC's transfer by PIN. The contacts are changed to `holder` (the current holder when not
   * named: the name moves to us and stays the customer's), pending the holder's approval.
   */
  async requestTransfer(
    name: string,
    pin: string,
    _years: number,
    holder?: string,
  ): Promise<RegistryOutcome> {
    const current = await this.info(name);
    if (!current) throw new RegistrarError('not-found', `domain transfer: ${name} is not at IRNIC`);
    // Repeated after it went through (the name ours, with the holder asked): nothing is left.
    const holderAsked =
      !holder || (current.registrant ?? '').toLowerCase() === holder.toLowerCase();
    if (
      current.ours &&
      holderAsked &&
      !current.statuses.some((status) => status.startsWith('pending'))
    ) {
      return { state: 'done', info: current };
    }
    const newHolder = holder ?? current.registrant;
    if (!newHolder) {
      throw new RegistrarError('protocol', `domain transfer: IRNIC shows no holder for ${name}`);
    }
    const result = await this.command('domain transfer', (clTRID) =>
      domainTransferXml(
        {
          name,
          pin,
          contacts: { holder: newHolder, admin: newHolder, tech: newHolder, bill: newHolder },
        },
        this.options.depositCode,
        clTRID,
      ),
    );
    return this.outcome(name, result);
  }

  /**
   * IRNIC adds and removes nameservers but cannot replace them: we diff against its list. A
   * child nameserver goes with its glue address from `glue`; one IRNIC holds already whose
   * address `glue` changes is removed as it was and added as it is, in the same update.
   */
  async setNameservers(
    name: string,
    nameservers: readonly string[],
    glue: Readonly<Record<string, readonly string[]>> = {},
  ): Promise<void> {
    const wanted = [...new Set(nameservers.map(normaliseHost))];
    this.checkNameserverCount(wanted);
    const given = new Map(
      Object.entries(glue).map(([host, addresses]) => [
        normaliseHost(host),
        this.oneAddress(host, addresses),
      ]),
    );
    const current = await this.domainData(name);
    if (!current) throw new RegistrarError('not-found', `domain update: ${name} is not at IRNIC`);
    const add: IrnicNameserver[] = [];
    const remove: IrnicNameserver[] = [];
    for (const host of wanted) {
      const address = given.get(host);
      if (!current.nameservers.includes(host)) add.push({ name: host, address });
      else if (address !== undefined && address !== current.glue[host]) {
        remove.push({ name: host, address: current.glue[host] });
        add.push({ name: host, address });
      }
    }
    for (const host of current.nameservers) {
      if (!wanted.includes(host)) remove.push({ name: host, address: current.glue[host] });
    }
    if (add.length === 0 && remove.length === 0) return;
    await this.command('domain update', (clTRID) =>
      domainNameserversXml({ name, add, remove }, this.options.depositCode, clTRID),
    );
  }

  /** A nameserver of the name, with the address IRNIC holds for it; null when not one. */
  async hostInfo(name: string, host: string): Promise<HostInfo | null> {
    const data = await this.domainData(name);
    const wanted = normaliseHost(host);
    if (!data?.nameservers.includes(wanted)) return null;
    const address = data.glue[wanted];
    return { name: wanted, addresses: address ? [address] : [], linked: true };
  }

  /**
   * IRNIC keeps glue on the domain's nameservers, one address each (irnic-xml.ts): a nameserver
   * of the name has its address changed now; any other host's address waits for the update
   * that makes it a nameserver, which sends it (setNameservers' `glue`).
   */
  async saveHost(name: string, host: string, addresses: readonly string[]): Promise<HostSaved> {
    const wanted = normaliseHost(host);
    const address = this.oneAddress(wanted, addresses);
    const data = await this.domainData(name);
    if (!data) throw new RegistrarError('not-found', `host update: ${name} is not at IRNIC`);
    if (!data.nameservers.includes(wanted)) return 'with-next-nameservers';
    if (data.glue[wanted] === address) return 'at-registry';
    await this.command('domain update', (clTRID) =>
      domainNameserversXml(
        {
          name,
          remove: [{ name: wanted, address: data.glue[wanted] }],
          add: [{ name: wanted, address }],
        },
        this.options.depositCode,
        clTRID,
      ),
    );
    return 'at-registry';
  }

  /** Nothing to delete at IRNIC but a nameserver, which must leave the domain's list first. */
  async deleteHost(name: string, host: string): Promise<void> {
    const data = await this.domainData(name);
    if (data?.nameservers.includes(normaliseHost(host))) {
      throw new RegistrarError(
        'prohibited',
        `host delete: ${host} is still a nameserver of ${name} at IRNIC`,
      );
    }
  }

  async setTransferLock(name: string, locked: boolean): Promise<void> {
    await this.command(locked ? 'domain transfer lock' : 'domain transfer unlock', (clTRID) =>
      domainPinXml(name, locked ? 'lock' : 'req', this.options.depositCode, clTRID),
    );
  }

  async resetAuthCode(name: string): Promise<string> {
    throw new RegistrarError(
      'refused',
      `IRNIC has no transfer code for ${name} to give the reseller: it sends a PIN to the holder when the transfer lock is opened (setTransferLock(name, false))`,
    );
  }

  async restore(name: string): Promise<void> {
    throw new RegistrarError(
      'refused',
      `IRNIC has no redemption restore for ${name}: a locked or expired .ir name comes back by renewing it`,
    );
  }

  /**
   * IRNIC's schemas have no <transfer> (irnic-domain-1.0.xsd offers check, create, info, renew,
   * update and delete): a transfer is an <update> with the holder's PIN, and nothing lets the
   * gaining reseller withdraw it. It ends with the holder's answer at IRNIC.
   */
  async cancelTransfer(name: string): Promise<void> {
    throw new RegistrarError(
      'refused',
      `IRNIC has no way for the gaining reseller to withdraw the transfer of ${name}: it ends when the holder approves or refuses it`,
    );
  }

  async delete(name: string): Promise<void> {
    await this.command('domain delete', (clTRID) =>
      domainDeleteXml(name, this.options.depositCode, clTRID),
    );
  }

  async poll(): Promise<PollMessage | null> {
    const result = await this.command('poll', (clTRID) => pollRequestXml(clTRID));
    if (result.code === 1300) return null;
    return readPollMessage(result);
  }

  async ack(id: string): Promise<void> {
    try {
      await this.command('poll ack', (clTRID) => pollAckXml(id, clTRID));
    } catch (error) {
      // Already acked (a retry after a crash): the message is gone, which is what we wanted.
      if (error instanceof RegistrarError && error.kind === 'not-found') return;
      throw error;
    }
  }

  async balance(): Promise<number | null> {
    const result = await this.command('contract info', (clTRID) =>
      contactInfoXml(this.resellerHandle, this.options.depositCode, clTRID),
    );
    return readContractBalance(result.extension);
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }

  /** <domain:infData> read, or null when IRNIC holds no such name (2303). */
  private async domainData(name: string): Promise<IrnicDomainData | null> {
    let result: IrnicResult;
    try {
      result = await this.command('domain info', (clTRID) =>
        domainInfoXml(name, this.options.depositCode, clTRID),
      );
    } catch (error) {
      if (error instanceof RegistrarError && error.kind === 'not-found') return null;
      throw error;
    }
    const data = readDomainInfo(result.resData);
    const glue = Object.fromEntries(
      Object.entries(data.glue).map(([host, address]) => [host, canonicalAddress(address)]),
    );
    return { ...data, glue };
  }

  /** hostAttrType takes one <hostAddr> (irnic-domain-1.0.xsd): a nameserver has one address. */
  private oneAddress(host: string, addresses: readonly string[]): string {
    const distinct = [...new Set(addresses.map(canonicalAddress))];
    if (distinct.length !== 1) {
      throw new RegistrarError(
        'refused',
        `IRNIC keeps one address for a nameserver, not ${distinct.length} for ${host}`,
      );
    }
    return distinct[0] as string;
  }

  private months(years: number): number {
    const months = years * 12;
    if (!IRNIC_PERIOD_MONTHS.includes(months)) {
      throw new RegistrarError(
        'refused',
        `IRNIC registers and renews for 1 or 5 years only, not ${years}`,
      );
    }
    return months;
  }

  private checkNameserverCount(nameservers: readonly string[]): void {
    if (nameservers.length < MIN_NAMESERVERS || nameservers.length > MAX_NAMESERVERS) {
      throw new RegistrarError(
        'refused',
        `IRNIC takes ${MIN_NAMESERVERS} to ${MAX_NAMESERVERS} nameservers, not ${nameservers.length}`,
      );
    }
  }

  /** 1001: IRNIC reviews it and tells by poll; 1000: done, as `info` shows. */
  private async outcome(name: string, result: IrnicResult): Promise<RegistryOutcome> {
    if (result.code === 1001) return { state: 'pending', note: result.message || null };
    const info = await this.info(name);
    if (!info) {
      throw new RegistrarError('protocol', `IRNIC answered ${result.code} but shows no ${name}`);
    }
    return { state: 'done', info };
  }

  private async contactByEmail(email: string): Promise<IrnicContactData | null> {
    try {
      const result = await this.command('contact info', (clTRID) =>
        contactInfoXml(email, this.options.depositCode, clTRID),
      );
      return readContactInfo(result.resData);
    } catch (error) {
      if (error instanceof RegistrarError && error.kind === 'not-found') return null;
      throw error;
    }
  }

  /** We send one contact as holder, admin, tech and bill: IRNIC must allow it all four. */
  private usableHandle(contact: IrnicContactData): string {
    const refused = ['holder', 'admin', 'tech', 'bill'].filter(
      (type) => contact.positions[type] === false,
    );
    if (refused.length > 0) {
      throw new RegistrarError(
        'refused',
        `IRNIC contact ${contact.handle} may not be ${refused.join(', ')} of a domain`,
      );
    }
    return contact.handle;
  }

  private nextClTRID(): string {
    this.transactions += 1;
    return `${this.clientId}-${Date.now().toString(36)}-${this.transactions}`;
  }

  /** One command: posted, its answer read, its result code turned into an error if failed. */
  private async command(what: string, build: (clTRID: string) => string): Promise<IrnicResult> {
    const clTRID = this.nextClTRID();
    const answer = await this.post(build(clTRID), what);
    const result = readIrnicResponse(parseIrnic(answer));
    if (result.clTRID !== undefined && result.clTRID !== clTRID) {
      throw new RegistrarError('protocol', `${what}: the answer is to ${result.clTRID}`);
    }
    return expectIrnicSuccess(result, what);
  }

  /** The answer's body for a 2xx; the HTTP failure as a RegistrarError otherwise. */
  private post(xml: string, what: string): Promise<string> {
    const payload = Buffer.from(xml, 'utf8');
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      let timedOut = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const request = https.request(this.url, {
        method: 'POST',
        agent: this.agent,
        headers: {
          Authorization: `Bearer ${this.options.token}`,
          'Content-Type': 'text/xml; charset=UTF-8',
          Accept: 'text/xml, application/xml',
          'Content-Length': payload.length,
        },
      });
      // The whole exchange, from connecting to the last byte, is bounded.
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy();
        settle(() =>
          reject(new RegistrarError('timeout', `${what}: IRNIC did not answer within the timeout`)),
        );
      }, this.options.timeoutMs);
      request.on('error', (error) => {
        if (timedOut) return;
        settle(() =>
          reject(new RegistrarError('unreachable', `${what}: ${error.message}`, { cause: error })),
        );
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy();
            settle(() =>
              reject(new RegistrarError('protocol', `${what}: IRNIC's answer is too large`)),
            );
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => {
          if (timedOut) return;
          settle(() =>
            reject(
              new RegistrarError('unreachable', `${what}: ${error.message}`, { cause: error }),
            ),
          );
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          const webPage = /html/i.test(response.headers['content-type'] ?? '');
          settle(() => {
            if (status >= 200 && status < 300 && !webPage) resolve(body);
            else if (webPage && status < 400) {
              // IRNIC serves a page instead of answers during its nightly work (23:00–00:30).
              reject(new RegistrarError('protocol', `${what}: IRNIC answered a web page, not EPP`));
            } else reject(httpFailure(what, status, body));
          });
        });
      });
      request.end(payload);
    });
  }
}

/** What an HTTP status other than 2xx means: the token, IRNIC's trouble, or a wrong endpoint. */
function httpFailure(what: string, status: number, body: string): RegistrarError {
  // IRNIC may explain the refusal in an EPP result as well (2200 with a 401).
  let code: number | undefined;
  try {
    code = readIrnicResponse(parseIrnic(body)).code;
  } catch {
    code = undefined;
  }
  const said = `${what}: HTTP ${status}${code === undefined ? '' : `, EPP ${code}`}`;
  if (status === 401 || status === 403) return new RegistrarError('auth', said, { code });
  if (status === 408 || status === 429 || status >= 500) {
    return new RegistrarError('unreachable', said, { code });
  }
  const kind = code === undefined ? 'protocol' : irnicResultKind(code);
  return new RegistrarError(kind === 'ok' ? 'protocol' : kind, said, { code });
}
