import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { type AddressInfo, isIP } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

// A local IRNIC for the tests (ours and other modules'), speaking IRNIC's gateway as its public
// users describe it, and keeping real state:
// - transport (github.com/kowsarniyazi/whmcs-irnic-registrar, docs/AUTHENTICATION.md and
//   docs/TROUBLESHOOTING.md): HTTPS POST of one EPP document to /submit, the API token as
//   `Authorization: Bearer` (a wrong one is HTTP 401 with EPP 2200), the deposit code as each
//   object command's <authInfo><pw>; no session, greeting or login;
// - the commands and answers of IRNIC's schemas v1.0.5.2 and samples (github.com/jibres/
//   jibres_core_php_v1, lib/api/nic/exec/xsd/ and samples/): <domain:check> of up to 10 names
//   with avail and a reason; <domain:info> with statuses, the holder, admin, tech, bill and
//   reseller contacts, hostAttr nameservers and offset-less dates; <domain:create> for 12 or 60
//   months (github.com/zoghal/irnic-api) answered 1001 with <creData> and reviewed; <domain:renew>
//   with curExpDate answered 1001 (github.com/irniclab/nicaction) and confirmed later; <update>
//   with add/rem of nameservers, with <pin op="req|lock"> (opening and closing the transfer lock;
//   the PIN goes to the holder), or with chg of contacts and <pin pinCode> (a transfer, approved
//   by the holder later); <domain:delete>, reviewed; <contact:create> with postalInfo, voice,
//   ident (idcard, passport, privatereg, govid, eduid), signature and e-mail, answered with a
//   handle IRNIC makes up (`ab12345-irnic`, as in the samples' `rm52-irnic`); <contact:info> by
//   handle or e-mail, with positions, and <extension><contractInfo> for the reseller itself;
// - the poll queue (github.com/AliYazdanifar/irnic-whmcs-module, lib/Poll.php): 1301 with
//   <msgQ count id><qDate/><msg><index>DomainUpdateStatus</index><note/></msg></msgQ> and
//   <domain:polData> with the name and its statuses, 1300 when empty; ack by msgID.
// - glue (irnic-domain-1.0.xsd, hostAttrType; github.com/zoghal/irnic-api, Templates/domain/
//   nameserver.xml): a nameserver is a <domain:hostAttr> with <domain:hostName> and at most one
//   <domain:hostAddr ip="v4|v6">; IRNIC has no host objects, and keeps the address on the
//   domain's nameserver list, showing it in <domain:info>. Two addresses in one hostAttr break
//   the schema (2001).
// Inferred where that material is silent: a nameserver under the domain itself needs its
// address (2003), and one elsewhere may not have one (2306), as glue is only needed, and only
// published, under the delegated name; an update that removes a nameserver and adds it back
// with another address changes its address; a contact's e-mail is unique (a second create with
// it is 2302); a wrong deposit code is 2200; a command on another reseller's name is 2201; a stale
// curExpDate is 2306; a transfer costs nothing; the prices; the wording of notes and reasons.
//
// It reads requests with fast-xml-parser, resolving the namespace of each object element, and
// writes its answers as literal XML, so the driver's builder is not tested against itself.
//
// Fault injection: a delay before each answer; the next requests failed with HTTP 503, a
// dropped connection or IRNIC's nightly maintenance page; a balance that is short. Knobs for
// what IRNIC's staff and the holder do: approve or reject a registration, a renewal, a transfer
// or a deletion; put a name into a review state; change a name behind the reseller's back;
// issue the holder a PIN.

const EPP_NS = 'urn:ietf:params:xml:ns:epp-1.0';
const DOMAIN_NS = 'http://epp.nic.ir/ns/domain-1.0';
const CONTACT_NS = 'http://epp.nic.ir/ns/contact-1.0';
const DAY_MS = 86_400_000;

/**
 * How a request may fail: HTTP 503; the connection cut without an answer; or the page IRNIC
 * serves in place of answers during its nightly work, 23:00 to 00:30 Tehran time (github.com/
 * jibres/jibres_core_php_v1, lib/api/nic/exec/run.php, which recognises that page).
 */
export type FakeIrnicFailure = 'http-503' | 'drop' | 'maintenance-page';

const MAINTENANCE_PAGE =
  '<!DOCTYPE html><html lang="fa" dir="rtl"><body><p>با عرض پوزش، سامانه ایرنیک به جهت عملیات روزانه هر شب از ساعت ۲۳:۰۰ لغایت ۳۰ دقیقه بامداد در دسترس نمی‌باشد.</p></body></html>';

export type FakeIrnicPendingKind = 'registration' | 'renewal' | 'holder-change' | 'deletion';
/** What IRNIC's staff may put a name into while they look at it, or after. */
export type FakeIrnicReviewState = 'holder-check' | 'documents-required' | 'locked' | 'expired';

export interface FakeIrnicDomain {
  name: string;
  roid: string;
  holder: string;
  admin: string;
  tech: string;
  bill: string;
  reseller: string;
  nameservers: string[];
  /** The glue address of a nameserver under the domain itself, by its name. */
  glue: Record<string, string>;
  statuses: string[];
  createdAt: Date;
  expiresAt: Date;
  pending: {
    kind: FakeIrnicPendingKind;
    months?: number;
    chargedRial: number;
    by: string;
    contacts?: { holder: string; admin: string; tech: string; bill: string };
  } | null;
  /** The transfer PIN IRNIC gave the holder, while the transfer lock is open. */
  pin: string | null;
}

export interface FakeIrnicContact {
  handle: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  org: string | null;
  voice: string;
  signature: string;
  /** The <contact:ident> element given, with its attributes (`idcard`, {cc, number}). */
  ident: { type: string; attributes: Record<string, string> };
  address: { street: string; city: string; sp: string; pc: string; cc: string };
  createdBy: string;
}

export interface FakeIrnicPollMessage {
  id: number;
  at: Date;
  name: string;
  note: string;
  statuses: string[];
}

export interface FakeIrnicOptions {
  cert: string;
  key: string;
  token: string;
  depositCode: string;
  /** The reseller the token belongs to (`vi100-irnic`). */
  resellerHandle: string;
  contractNumber?: string;
  balanceRial?: number;
  /** What a term costs, by months; a renewal costs what a registration does. */
  pricesRial?: Record<number, number>;
  /** Names IRNIC keeps back: taken for a check, refused for a create. */
  reserved?: Iterable<string>;
}

const DEFAULT_PRICES_RIAL: Record<number, number> = { 12: 1_700_000, 60: 5_100_000 };

type Node = Record<string, unknown>;

/** An answer to write: the result, and what goes in <msgQ>, <resData> and <extension>. */
interface Answer {
  code: number;
  message: string;
  /** IRNIC's <extValue><reason>: why, in a few words. */
  detail?: string;
  msgQ?: string;
  resData?: string;
  extension?: string;
}

const RESULT_TEXT: Record<number, string> = {
  1000: 'Command completed successfully',
  1001: 'Command completed successfully; action pending',
  1300: 'Command completed successfully; no messages',
  1301: 'Command completed successfully; ack to dequeue',
  2001: 'Command syntax error',
  2003: 'Required parameter missing',
  2004: 'Parameter value range error',
  2005: 'Parameter value syntax error',
  2101: 'Unimplemented command',
  2104: 'Billing failure',
  2200: 'Authentication error',
  2201: 'Authorization error',
  2202: 'Invalid authorization information',
  2302: 'Object exists',
  2303: 'Object does not exist',
  2304: 'Object status prohibits operation',
  2306: 'Parameter value policy error',
};

function result(code: number, detail?: string): Answer {
  return { code, message: RESULT_TEXT[code] ?? 'Command failed', ...(detail ? { detail } : {}) };
}

/** Repeated request elements read as arrays: contacts, hosts, and a check's names. */
const REPEATED = new Set(['contact', 'hostAttr']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name, jPath, _leaf, isAttribute) => {
    if (isAttribute) return false;
    const local = name.replace(/^[^:]+:/, '');
    return REPEATED.has(local) || (local === 'name' && String(jPath).includes('.check.'));
  },
  processEntities: true,
});

/** irnic-domain-1.0.xsd's nameType for the zones we sell, in A-label form. */
const IRNIC_NAME =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.(?:(?:ac|co|gov|id|net|org|sch)\.)?ir$|^[a-z0-9-]{1,63}\.xn--mgba3a4f16a$/;
/** irnic-contact-1.0.xsd: nameType, telType, emailType, identNumberType. */
const LATIN_NAME = /^[a-zA-Z]+[a-zA-Z\-.,() ]{1,99}$/;
const TELEPHONE = /^[0-9 \-+]{1,17}$/;
const EMAIL = /^[a-zA-Z0-9._-]+@([a-zA-Z0-9-]+\.)*[a-zA-Z]+$/;
const IDENT_NUMBER = /^[0-9a-zA-Z-]{1,12}$/;
const PIN = /^[1-9][0-9]{8}$/;

export class FakeIrnicServer {
  delayMs = 0;
  /** Every chargeable command is refused as if the balance were short (2104). */
  billingShort = false;
  balanceRial: number;
  /** Every request that reached a command, in order: what it was and its raw XML. */
  readonly requests: Array<{ command: string; xml: string }> = [];
  private readonly domains = new Map<string, FakeIrnicDomain>();
  private readonly contacts = new Map<string, FakeIrnicContact>();
  private readonly queue: FakeIrnicPollMessage[] = [];
  private readonly reserved: Set<string>;
  private readonly prices: Record<number, number>;
  private readonly receivedRial: number;
  private failures: FakeIrnicFailure[] = [];
  private server: https.Server | null = null;
  private messageIds = 0;
  private roids = 0;
  private transactions = 0;

  constructor(private readonly options: FakeIrnicOptions) {
    this.balanceRial = options.balanceRial ?? 100_000_000;
    this.receivedRial = this.balanceRial;
    this.reserved = new Set([...(options.reserved ?? [])].map((name) => name.toLowerCase()));
    this.prices = options.pricesRial ?? DEFAULT_PRICES_RIAL;
  }

  /** Listens on 127.0.0.1 and answers the gateway's URL. */
  async start(): Promise<string> {
    const server = https.createServer(
      { cert: this.options.cert, key: this.options.key },
      (request, response) => void this.serve(request, response),
    );
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return `https://127.0.0.1:${port}/submit`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` requests are met by that failure instead of an answer. */
  failNext(how: FakeIrnicFailure, times = 1): void {
    for (let count = 0; count < times; count += 1) this.failures.push(how);
  }

  /** A name already at IRNIC (another reseller's by default), as a transfer test starts. */
  addDomain(seed: {
    name: string;
    holder?: string;
    reseller?: string;
    nameservers?: string[];
    glue?: Record<string, string>;
    createdAt?: Date;
    expiresAt?: Date;
    statuses?: string[];
  }): FakeIrnicDomain {
    const holder = seed.holder ?? this.addContact({ email: `holder-${this.roids}@example.ir` });
    const createdAt = wholeSeconds(seed.createdAt ?? new Date(Date.now() - 200 * DAY_MS));
    const domain: FakeIrnicDomain = {
      name: seed.name.toLowerCase(),
      roid: this.nextRoid(),
      holder,
      admin: holder,
      tech: holder,
      bill: holder,
      reseller: seed.reseller ?? 'zz900-irnic',
      nameservers: seed.nameservers ?? ['ns1.example.ir', 'ns2.example.ir'],
      glue: { ...seed.glue },
      statuses: seed.statuses ?? ['ok'],
      createdAt,
      expiresAt: wholeSeconds(seed.expiresAt ?? new Date(createdAt.getTime() + 365 * DAY_MS)),
      pending: null,
      pin: null,
    };
    this.domains.set(domain.name, domain);
    return structuredClone(domain);
  }

  /** A contact IRNIC already knows (made on IRNIC's site or by another reseller); its handle. */
  addContact(seed: { email: string; firstname?: string; lastname?: string }): string {
    const handle = this.nextHandle(seed.firstname ?? 'x', seed.lastname ?? 'x');
    this.contacts.set(handle, {
      handle,
      email: seed.email,
      firstname: seed.firstname ?? null,
      lastname: seed.lastname ?? 'Holder',
      org: null,
      voice: '+982100000000',
      signature: `${seed.firstname ?? ''} ${seed.lastname ?? 'Holder'}`.trim(),
      ident: { type: 'idcard', attributes: { cc: 'IR', number: '0012345678' } },
      address: { street: 'Vali-e Asr', city: 'Tehran', sp: 'Tehran', pc: '1234567890', cc: 'IR' },
      createdBy: 'irnic',
    });
    return handle;
  }

  domain(name: string): FakeIrnicDomain | undefined {
    const domain = this.domains.get(name.toLowerCase());
    return domain ? structuredClone(domain) : undefined;
  }

  contact(handle: string): FakeIrnicContact | undefined {
    const contact = this.contacts.get(handle.toLowerCase());
    return contact ? structuredClone(contact) : undefined;
  }

  allContacts(): FakeIrnicContact[] {
    return [...this.contacts.values()].map((contact) => structuredClone(contact));
  }

  /** The messages waiting for the reseller, oldest first. */
  pollQueue(): FakeIrnicPollMessage[] {
    return this.queue.map((message) => structuredClone(message));
  }

  /** The PIN the holder received, while the transfer lock is open. */
  pinOf(name: string): string | null {
    return this.domains.get(name.toLowerCase())?.pin ?? null;
  }

  /** The holder asks IRNIC for a PIN on IRNIC's site (opening the lock); answers it. */
  issuePin(name: string): string {
    const domain = this.mustFind(name);
    domain.pin = String(randomInt(100_000_000, 1_000_000_000));
    return domain.pin;
  }

  approveRegistration(name: string): void {
    const domain = this.mustBePending(name, 'registration');
    domain.pending = null;
    domain.statuses = ['ok'];
    this.notify(domain, 'Domain registration approved', ['irnicRegistrationApproved', 'ok']);
  }

  /** Refused after review: the name is released and its price goes back to the balance. */
  rejectRegistration(name: string): void {
    const domain = this.mustBePending(name, 'registration');
    this.balanceRial += domain.pending?.chargedRial ?? 0;
    this.domains.delete(domain.name);
    this.notify(domain, 'Domain registration rejected', ['irnicRegistrationRejected', 'inactive']);
  }

  confirmRenewal(name: string): void {
    const domain = this.mustBePending(name, 'renewal');
    const months = domain.pending?.months ?? 12;
    domain.expiresAt = addMonths(domain.expiresAt, months);
    domain.pending = null;
    domain.statuses = ['ok'];
    this.notify(domain, 'Domain renewal approved', ['irnicRenewalApproved', 'ok']);
  }

  rejectRenewal(name: string): void {
    const domain = this.mustBePending(name, 'renewal');
    this.balanceRial += domain.pending?.chargedRial ?? 0;
    domain.pending = null;
    domain.statuses = domain.statuses.filter((status) => !isReview(status, 'Renewal'));
    domain.statuses = withoutPendingFlags(domain.statuses);
    this.notify(domain, 'Domain renewal rejected', ['irnicRenewalRejected', ...domain.statuses]);
  }

  /** The holder approved: the name moves to the requesting reseller with the new contacts. */
  approveTransfer(name: string): void {
    const domain = this.mustBePending(name, 'holder-change');
    const pending = domain.pending;
    if (pending?.contacts) Object.assign(domain, pending.contacts);
    domain.reseller = pending?.by ?? domain.reseller;
    domain.pending = null;
    domain.pin = null;
    domain.statuses = ['ok'];
    this.notify(domain, 'Domain holder change approved', ['irnicHolderChangeApproved', 'ok']);
  }

  rejectTransfer(name: string): void {
    const domain = this.mustBePending(name, 'holder-change');
    domain.pending = null;
    domain.statuses = withoutPendingFlags(
      domain.statuses.filter((status) => !isReview(status, 'HolderChange')),
    );
    this.notify(domain, 'Domain holder change rejected', [
      'irnicHolderChangeRejected',
      ...domain.statuses,
    ]);
  }

  approveDeletion(name: string): void {
    const domain = this.mustBePending(name, 'deletion');
    this.domains.delete(domain.name);
    this.notify(domain, 'Domain deletion approved', ['irnicDeletionApproved']);
  }

  /**
   * Puts a name into one of IRNIC's review states and tells the reseller by poll. A holder
   * check or a call for documents applies to the pending request; locked and expired to the
   * name itself.
   */
  setReviewState(name: string, state: FakeIrnicReviewState): void {
    const domain = this.mustFind(name);
    if (state === 'locked' || state === 'expired') {
      domain.statuses = state === 'locked' ? ['irnicLocked', 'inactive'] : ['irnicExpired'];
      this.notify(domain, 'Domain status changed', domain.statuses);
      return;
    }
    if (!domain.pending) throw new Error(`${name} has nothing pending to review`);
    const review = REVIEW_OF[domain.pending.kind];
    const status = `irnic${review}${state === 'holder-check' ? 'PendingHolderCheck' : 'DocRequired'}`;
    domain.statuses = [...domain.statuses.filter((s) => !isReview(s, review)), status];
    this.notify(domain, 'Domain status changed', domain.statuses);
  }

  /** What IRNIC changed without the reseller asking (an expiry corrected, nameservers reset). */
  changeDomain(
    name: string,
    change: Partial<
      Pick<
        FakeIrnicDomain,
        'expiresAt' | 'nameservers' | 'glue' | 'reseller' | 'holder' | 'statuses'
      >
    >,
  ): void {
    const domain = this.mustFind(name);
    Object.assign(domain, structuredClone(change));
    if (change.expiresAt) domain.expiresAt = wholeSeconds(change.expiresAt);
  }

  private mustFind(name: string): FakeIrnicDomain {
    const domain = this.domains.get(name.toLowerCase());
    if (!domain) throw new Error(`the fake IRNIC has no ${name}`);
    return domain;
  }

  private mustBePending(name: string, kind: FakeIrnicPendingKind): FakeIrnicDomain {
    const domain = this.mustFind(name);
    if (domain.pending?.kind !== kind) throw new Error(`${name} has no pending ${kind}`);
    return domain;
  }

  /** A poll message for the reseller: the fake serves one, whose token it was given. */
  private notify(domain: FakeIrnicDomain, note: string, statuses: string[]): void {
    this.messageIds += 1;
    this.queue.push({ id: this.messageIds, at: new Date(), name: domain.name, note, statuses });
  }

  private nextRoid(): string {
    this.roids += 1;
    return String(7_000_000 + this.roids);
  }

  /** IRNIC's handles: the initials, digits, `-irnic` (`ab12345-irnic`). */
  private nextHandle(firstname: string, lastname: string): string {
    const initials = `${firstname[0] ?? 'x'}${lastname[0] ?? 'x'}`
      .toLowerCase()
      .replace(/[^a-z]/g, 'x');
    for (;;) {
      const handle = `${initials}${randomInt(10_000, 100_000)}-irnic`;
      if (!this.contacts.has(handle)) return handle;
    }
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.failures.shift();
    if (failure === 'drop') {
      request.socket.destroy();
      return;
    }
    if (failure === 'http-503') {
      this.send(response, 503, 'Service Unavailable', 'text/plain');
      return;
    }
    if (failure === 'maintenance-page') {
      this.send(response, 200, MAINTENANCE_PAGE, 'text/html');
      return;
    }
    if (request.method !== 'POST' || request.url !== '/submit') {
      this.send(response, 404, 'Not Found', 'text/plain');
      return;
    }
    let parsed: { clTRID: string | undefined; command: Node };
    try {
      parsed = readCommand(body);
    } catch {
      this.send(response, 200, this.answer(result(2001), undefined));
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.options.token}`) {
      this.send(response, 401, this.answer(result(2200), parsed.clTRID));
      return;
    }
    const command = commandName(parsed.command);
    this.requests.push({ command, xml: body });
    let answer: Answer;
    try {
      answer = this.dispatch(command, parsed.command);
    } catch (error) {
      answer = error instanceof Refusal ? result(error.code, error.message) : result(2400);
    }
    this.send(response, 200, this.answer(answer, parsed.clTRID));
  }

  private send(response: ServerResponse, status: number, body: string, type = 'text/xml'): void {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(status, { 'Content-Type': `${type}; charset=UTF-8` });
    response.end(body);
  }

  private dispatch(command: string, node: Node): Answer {
    if (command === 'poll') return this.poll(node.poll as Node);
    const object = objectOf(node);
    // Every object command pays with the deposit code.
    if (text((object.body.authInfo as Node | undefined)?.pw) !== this.options.depositCode) {
      return result(2200);
    }
    const extension = node.extension as Node | undefined;
    switch (command) {
      case 'domain:check':
        return this.domainCheck(object.body);
      case 'domain:info':
        return this.domainInfo(object.body);
      case 'domain:create':
        return this.domainCreate(object.body);
      case 'domain:renew':
        return this.domainRenew(object.body);
      case 'domain:update':
        return this.domainUpdate(object.body, extension);
      case 'domain:delete':
        return this.domainDelete(object.body);
      case 'contact:info':
        return this.contactInfo(object.body);
      case 'contact:create':
        return this.contactCreate(object.body);
      default:
        return result(2101);
    }
  }

  private domainCheck(body: Node): Answer {
    const names = list(body.name).map((name) => text(name).toLowerCase());
    if (names.length === 0) return result(2003);
    if (names.length > 10) return result(2306, 'At most 10 names in one check');
    const cds = names.map((name) => {
      const reason = !IRNIC_NAME.test(name)
        ? 'Invalid domain name'
        : this.reserved.has(name)
          ? 'Reserved'
          : this.domains.has(name)
            ? 'Domain exists'
            : null;
      return `<domain:cd><domain:name avail="${reason ? 0 : 1}" tld="${escapeXml(name.slice(name.indexOf('.') + 1))}">${escapeXml(name)}</domain:name>${reason ? `<domain:reason>${reason}</domain:reason>` : ''}</domain:cd>`;
    });
    return {
      ...result(1000),
      resData: `<domain:chkData xmlns:domain="${DOMAIN_NS}">${cds.join('')}</domain:chkData>`,
    };
  }

  private domainInfo(body: Node): Answer {
    const domain = this.domains.get(text(body.name).toLowerCase());
    if (!domain) return result(2303);
    const contacts = (['holder', 'admin', 'tech', 'bill', 'reseller'] as const)
      .map((type) => `<domain:contact type="${type}">${escapeXml(domain[type])}</domain:contact>`)
      .join('');
    const hosts = domain.nameservers
      .map((host) => {
        const address = domain.glue[host];
        const glue = address
          ? `<domain:hostAddr ip="${isIP(address) === 6 ? 'v6' : 'v4'}">${escapeXml(address)}</domain:hostAddr>`
          : '';
        return `<domain:hostAttr><domain:hostName>${escapeXml(host)}</domain:hostName>${glue}</domain:hostAttr>`;
      })
      .join('');
    return {
      ...result(1000),
      resData: `<domain:infData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(domain.name)}</domain:name><domain:roid>${domain.roid}</domain:roid>${domain.statuses.map((s) => `<domain:status s="${escapeXml(s)}"/>`).join('')}${contacts}${hosts ? `<domain:ns>${hosts}</domain:ns>` : ''}<domain:crDate>${tehranTime(domain.createdAt)}</domain:crDate><domain:upDate>${tehranTime(new Date())}</domain:upDate><domain:exDate>${tehranTime(domain.expiresAt)}</domain:exDate></domain:infData>`,
    };
  }

  private domainCreate(body: Node): Answer {
    const name = text(body.name).toLowerCase();
    if (!IRNIC_NAME.test(name)) return result(2005, 'Invalid domain name');
    const period = body.period as Node | undefined;
    const months = Number(text(period));
    if (text(period?.['@unit']) !== 'm' || !(months in this.prices)) {
      return result(2004, 'The period must be 12 or 60 months');
    }
    const contacts = this.contactsOf(body.contact);
    if (!contacts) return result(2003, 'holder, admin, tech and bill contacts are required');
    const missing = Object.values(contacts).find((handle) => !this.contacts.has(handle));
    if (missing) return result(2303, `No contact ${missing}`);
    const hosts = nameserversOf(body.ns, name);
    if (hosts instanceof Refusal) return result(hosts.code, hosts.message);
    const nameservers = hosts.map((host) => host.name);
    if (nameservers.length !== 0 && (nameservers.length < 2 || nameservers.length > 4)) {
      return result(2004, 'Two to four nameservers');
    }
    if (text(body.agreement) !== 'true') return result(2306, 'The agreement must be accepted');
    if (this.domains.has(name)) return result(2302);
    if (this.reserved.has(name)) return result(2306, 'Reserved name');
    const price = this.charge(months);
    const createdAt = wholeSeconds(new Date());
    const domain: FakeIrnicDomain = {
      name,
      roid: this.nextRoid(),
      ...contacts,
      reseller: this.options.resellerHandle,
      nameservers: nameservers.length > 0 ? nameservers : ['ns1.nic.ir', 'ns2.nic.ir'],
      glue: glueOf(hosts),
      statuses: ['irnicRegistrationPendingHolderCheck'],
      createdAt,
      expiresAt: addMonths(createdAt, months),
      pending: {
        kind: 'registration',
        months,
        chargedRial: price,
        by: this.options.resellerHandle,
      },
      pin: null,
    };
    this.domains.set(name, domain);
    return {
      ...result(1001),
      resData: `<domain:creData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(name)}</domain:name><domain:crDate>${tehranTime(createdAt)}</domain:crDate><domain:exDate>${tehranTime(domain.expiresAt)}</domain:exDate></domain:creData>`,
    };
  }

  private domainRenew(body: Node): Answer {
    const domain = this.domains.get(text(body.name).toLowerCase());
    if (!domain) return result(2303);
    const period = body.period as Node | undefined;
    const months = Number(text(period));
    if (text(period?.['@unit']) !== 'm' || !(months in this.prices)) {
      return result(2004, 'The period must be 12 or 60 months');
    }
    if (domain.reseller !== this.options.resellerHandle) return result(2201);
    if (domain.pending) return result(2304, `A ${domain.pending.kind} is pending`);
    if (text(body.curExpDate) !== tehranTime(domain.expiresAt).slice(0, 10)) {
      return result(2306, 'curExpDate is not the current expiry date');
    }
    const price = this.charge(months);
    domain.pending = {
      kind: 'renewal',
      months,
      chargedRial: price,
      by: this.options.resellerHandle,
    };
    domain.statuses = [...domain.statuses, 'pendingRenew', 'irnicRenewalPendingDomainCheck'];
    return {
      ...result(1001),
      resData: `<domain:renData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(domain.name)}</domain:name></domain:renData>`,
    };
  }

  private domainUpdate(body: Node, extension: Node | undefined): Answer {
    const domain = this.domains.get(text(body.name).toLowerCase());
    if (!domain) return result(2303);
    const pin = extension?.pin as Node | undefined;
    if (pin && pin['@pinCode'] !== undefined) {
      return this.transfer(domain, body, text(pin['@pinCode']));
    }
    if (domain.reseller !== this.options.resellerHandle) return result(2201);
    if (pin) {
      const op = text(pin['@op']);
      if (op === 'req') domain.pin = String(randomInt(100_000_000, 1_000_000_000));
      else if (op === 'lock') domain.pin = null;
      else return result(2005, 'pin op is req or lock');
      return result(1000);
    }
    if (domain.statuses.includes('irnicLocked')) return result(2304, 'The domain is locked');
    const adding = nameserversOf((body.add as Node | undefined)?.ns, domain.name);
    if (adding instanceof Refusal) return result(adding.code, adding.message);
    const remove = hostsOf((body.rem as Node | undefined)?.ns);
    if (adding.length === 0 && remove.length === 0) return result(2003, 'Nothing to update');
    // Removed first, then added: a nameserver removed and added back comes with its new address.
    const kept = domain.nameservers.filter((host) => !remove.includes(host));
    const add = adding.filter((host) => !kept.includes(host.name));
    const next = [...kept, ...add.map((host) => host.name)];
    if (next.length < 2 || next.length > 4) return result(2004, 'Two to four nameservers');
    const glue = Object.fromEntries(
      Object.entries(domain.glue).filter(([host]) => kept.includes(host)),
    );
    domain.nameservers = next;
    domain.glue = { ...glue, ...glueOf(add) };
    return result(1000);
  }

  private transfer(domain: FakeIrnicDomain, body: Node, pin: string): Answer {
    if (!PIN.test(pin)) return result(2005, 'pinCode is nine digits');
    if (domain.pending) return result(2304, `A ${domain.pending.kind} is pending`);
    if (!domain.pin || domain.pin !== pin) return result(2202, 'Wrong PIN');
    const contacts = this.contactsOf((body.chg as Node | undefined)?.contact);
    if (!contacts) return result(2003, 'holder, admin, tech and bill contacts are required');
    const missing = Object.values(contacts).find((handle) => !this.contacts.has(handle));
    if (missing) return result(2303, `No contact ${missing}`);
    domain.pending = {
      kind: 'holder-change',
      chargedRial: 0,
      by: this.options.resellerHandle,
      contacts,
    };
    domain.statuses = [...domain.statuses, 'pendingUpdate', 'irnicHolderChangePendingHolderCheck'];
    return result(1001);
  }

  private domainDelete(body: Node): Answer {
    const domain = this.domains.get(text(body.name).toLowerCase());
    if (!domain) return result(2303);
    if (domain.reseller !== this.options.resellerHandle) return result(2201);
    if (domain.pending) return result(2304, `A ${domain.pending.kind} is pending`);
    domain.pending = { kind: 'deletion', chargedRial: 0, by: this.options.resellerHandle };
    domain.statuses = [...domain.statuses, 'pendingDelete', 'irnicDeletionPendingDomainCheck'];
    return result(1001);
  }

  private contactInfo(body: Node): Answer {
    const id = text(body.id).toLowerCase();
    const contact =
      this.contacts.get(id) ??
      [...this.contacts.values()].find((c) => c.email.toLowerCase() === id);
    const isReseller = id === this.options.resellerHandle;
    if (!contact && !isReseller) return result(2303);
    const positions = ['holder', 'admin', 'tech', 'bill']
      .map((type) => `<contact:position type="${type}" allowed="1"/>`)
      .join('');
    const postal = contact
      ? `<contact:postalInfo type="int">${contact.firstname ? `<contact:firstname>${escapeXml(contact.firstname)}</contact:firstname>` : ''}${contact.lastname ? `<contact:lastname>${escapeXml(contact.lastname)}</contact:lastname>` : ''}<contact:addr><contact:street>${escapeXml(contact.address.street)}</contact:street><contact:city>${escapeXml(contact.address.city)}</contact:city><contact:sp>${escapeXml(contact.address.sp)}</contact:sp><contact:pc>${escapeXml(contact.address.pc)}</contact:pc><contact:cc>${escapeXml(contact.address.cc)}</contact:cc></contact:addr></contact:postalInfo><contact:voice>${escapeXml(contact.voice)}</contact:voice><contact:ident><contact:${contact.ident.type} cc="${escapeXml(contact.ident.attributes.cc ?? 'IR')}"/></contact:ident>`
      : '';
    const handle = contact?.handle ?? this.options.resellerHandle;
    const email = contact?.email ?? 'reseller@example.ir';
    // Only the reseller's own record carries its contract (github.com/zoghal/irnic-api).
    const extension = isReseller
      ? `<contractInfo number="${escapeXml(this.options.contractNumber ?? 'D1400')}"><recieved>${this.receivedRial}</recieved><spent>${this.receivedRial - this.balanceRial}</spent><balance>${this.balanceRial}</balance></contractInfo>`
      : undefined;
    return {
      ...result(1000),
      resData: `<contact:infData xmlns:contact="${CONTACT_NS}"><contact:id>${escapeXml(handle)}</contact:id><contact:roid>${escapeXml(handle)}</contact:roid><contact:status s="ok"/>${positions}${postal}<contact:email>${escapeXml(email)}</contact:email></contact:infData>`,
      ...(extension ? { extension } : {}),
    };
  }

  private contactCreate(body: Node): Answer {
    const postal = body.postalInfo as Node | undefined;
    if (text(postal?.['@type']) !== 'int') return result(2005, 'postalInfo type is int');
    const firstname = optional(postal?.firstname);
    const lastname = optional(postal?.lastname);
    const org = optional(postal?.org);
    for (const name of [firstname, lastname, org, optional(body.signature)]) {
      if (name !== null && !LATIN_NAME.test(name)) return result(2005, `Not a Latin name: ${name}`);
    }
    const addr = postal?.addr as Node | undefined;
    const address = {
      street: text(addr?.street),
      city: text(addr?.city),
      sp: text(addr?.sp),
      pc: text(addr?.pc),
      cc: text(addr?.cc),
    };
    if (Object.values(address).some((part) => part === '')) return result(2003, 'Address');
    const voice = text(body.voice);
    if (!TELEPHONE.test(voice)) return result(2005, `Not a telephone: ${voice}`);
    const email = text(body.email);
    if (!EMAIL.test(email)) return result(2005, `Not an e-mail: ${email}`);
    const idents = Object.entries((body.ident as Node | undefined) ?? {}).filter(
      ([key]) => !key.startsWith('@'),
    );
    const first = idents[0];
    if (!first) return result(2003, 'contact:ident is required');
    const [type, element] = first;
    const attributes = Object.fromEntries(
      Object.entries((element as Node | undefined) ?? {})
        .filter(([key]) => key.startsWith('@'))
        .map(([key, value]) => [key.slice(1), String(value)]),
    );
    for (const key of ['number', 'number2']) {
      const number = attributes[key];
      if (number !== undefined && !IDENT_NUMBER.test(number)) {
        return result(2005, `Not an identity number: ${number}`);
      }
    }
    if ([...this.contacts.values()].some((c) => c.email.toLowerCase() === email.toLowerCase())) {
      return result(2302, 'A contact with this e-mail exists');
    }
    const handle = this.nextHandle(firstname ?? lastname ?? 'x', lastname ?? 'x');
    this.contacts.set(handle, {
      handle,
      email,
      firstname,
      lastname,
      org,
      voice,
      signature: text(body.signature),
      ident: { type, attributes },
      address,
      createdBy: this.options.resellerHandle,
    });
    return {
      ...result(1000),
      resData: `<contact:creData xmlns:contact="${CONTACT_NS}"><contact:id>${handle}</contact:id><contact:crDate>${tehranTime(new Date())}</contact:crDate></contact:creData>`,
    };
  }

  private poll(poll: Node | undefined): Answer {
    const op = text(poll?.['@op']);
    if (op === 'ack') {
      const id = Number(text(poll?.['@msgID']));
      const index = this.queue.findIndex((message) => message.id === id);
      if (index < 0) return result(2303, 'No such message');
      this.queue.splice(index, 1);
      return {
        ...result(1000),
        ...(this.queue.length > 0
          ? { msgQ: `<msgQ count="${this.queue.length}" id="${this.queue[0]?.id}"/>` }
          : {}),
      };
    }
    if (op !== 'req') return result(2005, 'poll op is req or ack');
    const message = this.queue[0];
    if (!message) return result(1300);
    return {
      ...result(1301),
      msgQ: `<msgQ count="${this.queue.length}" id="${message.id}"><qDate>${tehranTime(message.at)}</qDate><msg><index>DomainUpdateStatus</index><note>${escapeXml(message.note)}</note></msg></msgQ>`,
      resData: `<domain:polData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(message.name)}</domain:name><domain:roid>${this.domains.get(message.name)?.roid ?? '0'}</domain:roid>${message.statuses.map((s) => `<domain:status s="${escapeXml(s)}"/>`).join('')}</domain:polData>`,
    };
  }

  private contactsOf(
    node: unknown,
  ): { holder: string; admin: string; tech: string; bill: string } | null {
    const byType = new Map(
      list(node).map((contact) => [text((contact as Node)['@type']), text(contact).toLowerCase()]),
    );
    const holder = byType.get('holder');
    const admin = byType.get('admin');
    const tech = byType.get('tech');
    const bill = byType.get('bill');
    if (!holder || !admin || !tech || !bill) return null;
    return { holder, admin, tech, bill };
  }

  /** Takes a term's price from the balance, or refuses with 2104 when it is short. */
  private charge(months: number): number {
    const price = this.prices[months] ?? 0;
    if (this.billingShort || this.balanceRial < price) throw new Refusal(2104, 'Not enough credit');
    this.balanceRial -= price;
    return price;
  }

  private answer(answer: Answer, clTRID: string | undefined): string {
    this.transactions += 1;
    const message = answer.message;
    return `<?xml version="1.0" encoding="UTF-8"?><epp xmlns="${EPP_NS}" xmlns:domain="${DOMAIN_NS}" xmlns:contact="${CONTACT_NS}"><response><result code="${answer.code}"><msg>${escapeXml(message)}</msg>${answer.detail ? `<extValue><value/><reason>${escapeXml(answer.detail)}</reason></extValue>` : ''}</result>${answer.msgQ ?? ''}${answer.resData ? `<resData>${answer.resData}</resData>` : ''}${answer.extension ? `<extension>${answer.extension}</extension>` : ''}<trID>${clTRID === undefined ? '' : `<clTRID>${escapeXml(clTRID)}</clTRID>`}<svTRID>IRNIC_${tehranTime(new Date())}+03:30_${this.transactions}</svTRID></trID></response></epp>`;
  }
}

/** A refusal raised deep in a command (the balance check), answered as its result code. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const REVIEW_OF: Record<FakeIrnicPendingKind, string> = {
  registration: 'Registration',
  renewal: 'Renewal',
  'holder-change': 'HolderChange',
  deletion: 'Deletion',
};

function isReview(status: string, review: string): boolean {
  return status.startsWith(`irnic${review}`);
}

function withoutPendingFlags(statuses: string[]): string[] {
  const left = statuses.filter((status) => !status.startsWith('pending'));
  return left.length > 0 ? left : ['ok'];
}

function readCommand(xml: string): { clTRID: string | undefined; command: Node } {
  if (/<!DOCTYPE/i.test(xml)) throw new Error('DOCTYPE');
  const epp = (parser.parse(xml, true) as Node).epp as Node | undefined;
  if (!epp || text(epp['@xmlns']) !== EPP_NS) throw new Error('not EPP');
  const command = epp.command as Node | undefined;
  if (!command) throw new Error('no command');
  const clTRID = command.clTRID === undefined ? undefined : text(command.clTRID);
  return { clTRID, command };
}

const VERBS = ['check', 'info', 'create', 'renew', 'update', 'delete', 'poll'];

/** `domain:create`, `contact:info`, `poll`: the verb and the namespace its object is in. */
function commandName(command: Node): string {
  const verb = VERBS.find((candidate) => candidate in command);
  if (!verb) return '?';
  if (verb === 'poll') return 'poll';
  try {
    const { ns } = objectOf(command);
    return `${ns === DOMAIN_NS ? 'domain' : ns === CONTACT_NS ? 'contact' : ns}:${verb}`;
  } catch {
    return verb;
  }
}

/** The object element under the verb, its namespace resolved, its children's prefixes dropped. */
function objectOf(command: Node): { ns: string; body: Node } {
  const verb = VERBS.find((candidate) => candidate in command) ?? '';
  const wrapper = command[verb] as Node | undefined;
  const key = Object.keys(wrapper ?? {}).find((candidate) => !candidate.startsWith('@'));
  if (!wrapper || !key) throw new Error('no object');
  const element = wrapper[key] as Node;
  const prefix = key.includes(':') ? key.slice(0, key.indexOf(':')) : null;
  const ns = text(element[prefix ? `@xmlns:${prefix}` : '@xmlns']);
  return { ns, body: dropPrefixes(element) as Node };
}

function dropPrefixes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropPrefixes);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node as Node).map(([key, value]) => [
      key.startsWith('@') || key === '#text' ? key : key.replace(/^[^:]+:/, ''),
      dropPrefixes(value),
    ]),
  );
}

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'object') return String((node as Node)['#text'] ?? '').trim();
  return String(node).trim();
}

function optional(node: unknown): string | null {
  const value = text(node);
  return value === '' ? null : value;
}

function list(node: unknown): unknown[] {
  if (node === undefined || node === null || node === '') return [];
  return Array.isArray(node) ? node : [node];
}

/**
 * The nameservers of a create's or an update's <domain:ns>, each with its glue address, checked
 * against the domain they are for: one <hostAddr> at most (the schema), of the version its `ip`
 * says, present under the domain itself and absent elsewhere.
 */
function nameserversOf(
  ns: unknown,
  domain: string,
): Array<{ name: string; address: string | null }> | Refusal {
  const hosts: Array<{ name: string; address: string | null }> = [];
  for (const node of list((ns as Node | undefined)?.hostAttr)) {
    const hostAttr = node as Node;
    const name = text(hostAttr.hostName).toLowerCase();
    if (Array.isArray(hostAttr.hostAddr)) {
      return new Refusal(2001, 'One hostAddr in a hostAttr');
    }
    const address = optional(hostAttr.hostAddr);
    const ip = text((hostAttr.hostAddr as Node | undefined)?.['@ip']) || 'v4';
    if (address !== null && isIP(address) !== (ip === 'v6' ? 6 : 4)) {
      return new Refusal(2005, `Invalid hostAddr for ${name}`);
    }
    const inside = name.endsWith(`.${domain}`);
    if (inside && address === null) {
      return new Refusal(2003, `An IP address is required for ${name}`);
    }
    if (!inside && address !== null) {
      return new Refusal(2306, `No IP address for ${name}, which is outside ${domain}`);
    }
    hosts.push({ name, address });
  }
  return hosts;
}

function glueOf(hosts: ReadonlyArray<{ name: string; address: string | null }>) {
  return Object.fromEntries(
    hosts.flatMap((host) => (host.address === null ? [] : [[host.name, host.address]])),
  ) as Record<string, string>;
}

function hostsOf(ns: unknown): string[] {
  return list((ns as Node | undefined)?.hostAttr).map((host) =>
    text((host as Node).hostName).toLowerCase(),
  );
}

/** IRNIC writes its times in Tehran (+03:30) with no offset: `2026-03-21T00:00:00`. */
function tehranTime(date: Date): string {
  return new Date(date.getTime() + 210 * 60_000).toISOString().slice(0, 19);
}

/** IRNIC's times are to the second. */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
