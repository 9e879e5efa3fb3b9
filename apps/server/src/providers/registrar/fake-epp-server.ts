import { isIP } from 'node:net';
import tls from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import { EppFrameReader, encodeEppFrame } from './epp-frame';
import { CONTACT_NS, canonicalAddress, DOMAIN_NS, EPP_NS, HOST_NS, RGP_NS } from './epp-xml';

// A local EPP registry for the tests, speaking the protocol as the RFCs write it, with real state
// (domains, contacts, a poll queue per client, pending transfers):
// - RFC 5734 (transport): TLS on a port of its own; each data unit framed by a 4-byte
//   big-endian length that counts itself (§4); the server greets on connect (§3).
// - RFC 5730 (core): <greeting> with svID, svDate and svcMenu (§2.4); <login> with clID and pw
//   answered 1000, or 2200 on a bad password (§2.9.1.1); <logout> answered 1500 and the
//   connection closed (§2.9.1.2); <poll> req answered 1300 (empty) or 1301 with <msgQ>, ack
//   answered 1000, or 2303 for an id not in the queue (§2.9.2.3); every response echoing the
//   command's clTRID with an svTRID of its own (§2.6); result codes from §3.
// - RFC 5731 (domain): check (§3.1.1); info with infData, authInfo shown to the sponsor only
//   (§3.1.2); create answered with creData, 1001 and pendingCreate when reviewed offline, the
//   outcome queued as panData (§3.2.1, §3.3); delete (§3.2.2); renew refusing a curExpDate that
//   is not the current expiry (§3.2.3); transfer request with the right authInfo answered 1001
//   pendingTransfer, then approved or rejected, each side told by a trnData message (§3.2.4);
//   update's add, rem and chg (§3.2.5).
// - RFC 5733 (contact): check and create (§3.1.1, §3.2.1).
// - RFC 3915 (grace periods): a deleted name enters redemptionPeriod (pendingDelete, rgpStatus in
//   the info extension, §3.2); an update carrying <rgp:restore op="request"/> restores it. This
//   fake restores at once: the restore report that some registries ask for after the request
//   (§4.2.5) is not modelled.
// - RFC 5732 (host): check (§3.1.1); info with its addresses and `linked` while a domain names
//   it (§3.1.2, §2.3); create (§3.2.1): a host under a domain of the book is internal, sponsored
//   by that domain's sponsor (§1.1), made only by it (2201 to anyone else) and only with an
//   address; a host in one of the registry's zones (`zones`) under no domain of the book is
//   refused 2303, as its superordinate domain must be known first; delete (§3.2.2), refused
//   2305 while a domain names the host; update (§3.2.5) adding and removing addresses (`ip`
//   "v4" by default, §2.5). A host's rename (<host:chg>) and its statuses are not modelled
//   (2102).
// - RFC 5731 and hosts: a domain naming (hostObj, §1.1) a host under a domain of the book that
//   is no host object is refused 2303; a host under no domain of the book is external and taken
//   as it is, as registries that create external hosts themselves do. A domain's info shows its
//   subordinate hosts to its sponsor (<domain:host>, §3.1.2), and a domain with subordinate
//   hosts is not deleted (2305, §3.2.2).
// Codes where the RFCs leave the choice to the server: 2306 for a stale curExpDate, a host,
// address or status added twice or removed when absent, an address on an external host, more
// than 13 addresses or none left on an internal host; 2201 for another client's object; 2202
// for a wrong transfer code; 2106 for a transfer of one's own name; 2004 for a period outside
// 1–10 years.
//
// It reads commands with a parser of its own that keeps prefixes and resolves them through the
// xmlns declarations, so commands are dispatched by namespace as a real server does, and it
// writes answers as literal XML: the client's builder and parser are not tested against
// themselves.
//
// Faults, for the tests here and the domains module's (each a public field or method below):
// a delay before every answer; a connection dropped instead of the next N answers, before or after
// the command acted, or after the next command of one kind acted; host checks that lag behind
// the creates; a seeded random failure rate; a short balance (2104); creates left pending;
// a bad password; a limit on open sessions.

/** The client that holds names added without a sponsor, and that takes names away from us. */
export const OTHER_REGISTRAR = 'other-registrar';

export interface FakeEppOptions {
  cert: string;
  key: string;
  /** The one account that can log in, as which every session acts. */
  clientId: string;
  password: string;
  /** Names registered at this registry by OTHER_REGISTRAR: taken for a check. */
  names?: Iterable<string>;
  /** Sessions open at once before a login is answered 2502. */
  sessionLimit?: number;
  /** Seeds the random source of `failRate`, so a run's faults repeat. */
  seed?: number;
  /**
   * The TLDs whose namespace this registry is authoritative for (RFC 5732 §3.2.1): a host in one
   * of them must be under a domain of the book. `com`, `net` and `org` unless given.
   */
  zones?: readonly string[];
}

/** A host object as the registry holds it (a copy). */
export interface FakeHost {
  name: string;
  /** The domain of the book it is under, or null for an external host. */
  superordinate: string | null;
  sponsor: string;
  addresses: Array<{ ip: 'v4' | 'v6'; address: string }>;
  /** `linked` while a domain names it, `ok` otherwise (RFC 5732 §2.3). */
  statuses: string[];
  createdAt: Date;
  updatedAt: Date | null;
}

interface HostRecord {
  name: string;
  superordinate: string | null;
  /** Who created it: the sponsor of an external host. */
  creator: string;
  addresses: Array<{ ip: 'v4' | 'v6'; address: string }>;
  createdAt: Date;
  updatedAt: Date | null;
}

/** A domain as the registry holds it (a copy: changing it changes nothing). */
export interface FakeDomain {
  name: string;
  sponsor: string;
  registrant: string | null;
  nameservers: string[];
  /** EPP statuses; `ok` when there is no other (RFC 5731 §2.3). */
  statuses: string[];
  /** RFC 3915's grace period status (`redemptionPeriod`), when in one. */
  rgpStatus: string | null;
  createdAt: Date;
  expiresAt: Date;
  authCode: string;
  /** A transfer waiting for the sponsor: who asked and for how many years. */
  pendingTransfer: { requestedBy: string; years: number; requestedAt: Date } | null;
}

export interface FakeContact {
  id: string;
  sponsor: string;
  postalType: string;
  name: string;
  organisation: string | null;
  street: string[];
  city: string;
  province: string | null;
  postalCode: string | null;
  countryCode: string;
  phone: string | null;
  email: string;
  authCode: string;
}

export interface FakeMessage {
  id: string;
  queuedAt: Date;
  text: string;
  /** The message's `<resData>` content, as sent. */
  data: string;
}

interface DomainRecord extends Omit<FakeDomain, 'statuses'> {
  statuses: Set<string>;
  /** The create's transaction ids while it waits for review, for the panData (RFC 5731 §3.3). */
  pendingCreate: { clTRID: string; svTRID: string } | null;
}

type Node = Record<string, unknown>;

/** A command as read: its verb, the object's namespace and body (prefixes dropped). */
interface Command {
  verb: string;
  attributes: Node;
  namespace: string | null;
  body: Node;
  /** Extensions by namespace (RFC 5730 §2.7.3). */
  extensions: Map<string, Node>;
  clTRID: string | undefined;
}

interface Reply {
  code: number;
  message?: string;
  resData?: string;
  extension?: string;
  msgQ?: string;
}

const MESSAGES: Record<number, string> = {
  1000: 'Command completed successfully',
  1001: 'Command completed successfully; action pending',
  1300: 'Command completed successfully; no messages',
  1301: 'Command completed successfully; ack to dequeue',
  1500: 'Command completed successfully; ending session',
  2001: 'Command syntax error',
  2002: 'Command use error',
  2003: 'Required parameter missing',
  2004: 'Parameter value range error',
  2005: 'Parameter value syntax error',
  2101: 'Unimplemented command',
  2102: 'Unimplemented option',
  2104: 'Billing failure',
  2106: 'Object is not eligible for transfer',
  2200: 'Authentication error',
  2201: 'Authorization error',
  2202: 'Invalid authorization information',
  2300: 'Object pending transfer',
  2301: 'Object not pending transfer',
  2302: 'Object exists',
  2303: 'Object does not exist',
  2304: 'Object status prohibits operation',
  2305: 'Object association prohibits operation',
  2306: 'Parameter value policy error',
  2307: 'Unimplemented object service',
  2502: 'Session limit exceeded; server closing connection',
};

const MAX_YEARS = 10;
const MAX_NAMESERVERS = 13;
/** The most addresses one host object takes here (RFC 5732 leaves it to the server). */
const MAX_HOST_ADDRESSES = 13;
/** The days a losing registrar has to act before the registry approves (acDate). */
const TRANSFER_WINDOW_DAYS = 5;
const NAME_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

const commandParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
});

export class FakeEppServer {
  /** Every command read, by session number: its verb (`check`, `update` …), object and XML. */
  readonly log: Array<{ session: number; command: string; object: string | null; xml: string }> =
    [];
  /** A command that came while another of the same session was unanswered (RFC 5734 §3). */
  pipelined = 0;
  logins = 0;
  /** Waited before every answer. */
  delayMs = 0;
  /** The next this many commands are met by a dropped connection, before they act. */
  dropNext = 0;
  /** The next this many commands (after login) act, then the connection drops unanswered. */
  dropNextAfterActing = 0;
  /**
   * The next command of this object and verb (`host create`) acts, then the connection drops
   * unanswered; null for none.
   */
  dropAfterActingOn: string | null = null;
  /**
   * Host checks answer every name free, as a registry whose check reads a copy that lags: a
   * create then meets the host another session made (2302).
   */
  staleHostChecks = false;
  /** The chance (0–1) that a command after login is met by a dropped connection. */
  failRate = 0;
  /**
   * Domain creates act and are then never answered: the registry made the name and the client
   * waits until it dies (a node killed between the registry's create and our record).
   */
  holdCreates = false;
  /** The names whose create acted and was held. */
  readonly held: string[] = [];
  /** Whether a `failRate` drop comes before the command acts, after, or either by chance. */
  faultMode: 'before-acting' | 'after-acting' | 'either' = 'either';
  /** The connections dropped so far by the knobs above, before and after acting. */
  readonly drops = { beforeActing: 0, afterActing: 0 };
  /** Creates, renewals, transfers and restores are answered 2104 (the balance is short). */
  billingShort = false;
  /** Creates are answered 1001 and wait in pendingCreate for `approvePending`. */
  pendingCreates = false;

  private readonly domains = new Map<string, DomainRecord>();
  private readonly contacts = new Map<string, FakeContact>();
  private readonly hosts = new Map<string, HostRecord>();
  private readonly zones: readonly string[];
  private readonly queues = new Map<string, FakeMessage[]>();
  private readonly random: () => number;
  private server: tls.Server | null = null;
  private sessions = 0;
  private open = new Set<tls.TLSSocket>();
  private transaction = 0;
  private messageSequence = 0;

  constructor(private readonly options: FakeEppOptions) {
    this.random = mulberry32(options.seed ?? 1);
    this.zones = (options.zones ?? ['com', 'net', 'org']).map((zone) => zone.toLowerCase());
    for (const name of options.names ?? []) this.addDomain(name);
  }

  async start(): Promise<{ host: string; port: number }> {
    const server = tls.createServer({ cert: this.options.cert, key: this.options.key }, (socket) =>
      this.serve(socket),
    );
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { host: '127.0.0.1', port: address.port };
  }

  async stop(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Cuts every open connection, as a registry restarting would. */
  dropAll(): void {
    for (const socket of this.open) socket.destroy();
  }

  /** Puts a name in the registry, by default another registrar's, registered a year ago. */
  addDomain(
    name: string,
    details: Partial<Omit<FakeDomain, 'name' | 'pendingTransfer'>> = {},
  ): FakeDomain {
    const now = new Date();
    const record: DomainRecord = {
      name: name.toLowerCase(),
      sponsor: details.sponsor ?? OTHER_REGISTRAR,
      registrant: details.registrant ?? null,
      nameservers: details.nameservers ?? [],
      statuses: new Set((details.statuses ?? []).filter((status) => status !== 'ok')),
      rgpStatus: details.rgpStatus ?? null,
      createdAt: details.createdAt ?? addYears(now, -1),
      expiresAt: details.expiresAt ?? addYears(now, 1),
      authCode: details.authCode ?? `code-${name}`,
      pendingTransfer: null,
      pendingCreate: null,
    };
    this.domains.set(record.name, record);
    return snapshot(record);
  }

  /** The name as the registry holds it, or null. */
  domain(name: string): FakeDomain | null {
    const record = this.domains.get(name.toLowerCase());
    return record ? snapshot(record) : null;
  }

  /** The host object as the registry holds it, or null. */
  host(name: string): FakeHost | null {
    const record = this.hosts.get(name.toLowerCase());
    return record ? this.hostSnapshot(record) : null;
  }

  contact(id: string): FakeContact | null {
    const contact = this.contacts.get(id);
    return contact ? { ...contact, street: [...contact.street] } : null;
  }

  /** The messages waiting in a client's poll queue, oldest first (ours by default). */
  messages(clientId = this.options.clientId): FakeMessage[] {
    return [...(this.queues.get(clientId) ?? [])];
  }

  /** Changes a name's expiry behind the client's back (a renewal made elsewhere). */
  setExpiry(name: string, expiresAt: Date): void {
    this.record(name).expiresAt = expiresAt;
  }

  /** Changes a name's nameservers behind the client's back. */
  setNameservers(name: string, nameservers: readonly string[]): void {
    this.record(name).nameservers = nameservers.map((host) => host.toLowerCase());
  }

  /** The name expired and was deleted by the registry: pendingDelete, in redemption. */
  enterRedemption(name: string): void {
    const record = this.record(name);
    record.statuses = new Set(['pendingDelete']);
    record.rgpStatus = 'redemptionPeriod';
  }

  /** Ends a pending create's review (RFC 5731 §3.3): kept or removed, the sponsor told by panData. */
  approvePending(name: string, ok: boolean): void {
    const record = this.record(name);
    if (!record.pendingCreate) throw new Error(`${name} is not pending create`);
    const { clTRID, svTRID } = record.pendingCreate;
    record.pendingCreate = null;
    record.statuses.delete('pendingCreate');
    if (!ok) this.domains.delete(record.name);
    this.queue(
      record.sponsor,
      ok ? 'Pending action completed successfully.' : 'Pending action rejected.',
      `<domain:panData xmlns:domain="${DOMAIN_NS}"><domain:name paResult="${ok ? 1 : 0}">${escapeXml(record.name)}</domain:name><domain:paTRID><clTRID>${escapeXml(clTRID)}</clTRID><svTRID>${svTRID}</svTRID></domain:paTRID><domain:paDate>${new Date().toISOString()}</domain:paDate></domain:panData>`,
    );
  }

  /** Another registrar asks for one of our names: pendingTransfer, and we are told. */
  requestTransferAway(name: string, by = OTHER_REGISTRAR, years = 1): void {
    const record = this.record(name);
    this.startTransfer(record, by, years);
    this.queue(record.sponsor, 'Transfer requested.', this.transferData(record, 'pending'));
  }

  /** A name of ours goes to another registrar at once; we get one message (serverApproved). */
  transferAway(name: string, to = OTHER_REGISTRAR): void {
    const record = this.record(name);
    this.startTransfer(record, to, 1);
    this.endTransfer(record, 'serverApproved');
  }

  /** The losing registrar approves the pending transfer: both sides are told. */
  approveTransfer(name: string): void {
    this.endTransfer(this.pendingTransferOf(name), 'clientApproved');
  }

  /** The losing registrar rejects the pending transfer: both sides are told. */
  rejectTransfer(name: string): void {
    this.endTransfer(this.pendingTransferOf(name), 'clientRejected');
  }

  /** The registry renews a name by a year on its own (auto-renew) and tells its sponsor. */
  autoRenew(name: string): void {
    const record = this.record(name);
    record.expiresAt = addYears(record.expiresAt, 1);
    this.queue(
      record.sponsor,
      'Domain auto-renewed.',
      `<domain:renData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(record.name)}</domain:name><domain:exDate>${record.expiresAt.toISOString()}</domain:exDate></domain:renData>`,
    );
  }

  private record(name: string): DomainRecord {
    const record = this.domains.get(name.toLowerCase());
    if (!record) throw new Error(`${name} is not at the fake registry`);
    return record;
  }

  private pendingTransferOf(name: string): DomainRecord {
    const record = this.record(name);
    if (!record.pendingTransfer) throw new Error(`${name} has no pending transfer`);
    return record;
  }

  private startTransfer(record: DomainRecord, by: string, years: number): void {
    record.pendingTransfer = { requestedBy: by, years, requestedAt: new Date() };
    record.statuses.add('pendingTransfer');
  }

  /** Ends a pending transfer as `status` says, tells both sides, and answers the trnData. */
  private endTransfer(record: DomainRecord, status: string): string {
    const transfer = record.pendingTransfer;
    if (!transfer) throw new Error(`${record.name} has no pending transfer`);
    const losing = record.sponsor;
    if (status === 'clientApproved' || status === 'serverApproved') {
      record.sponsor = transfer.requestedBy;
      record.expiresAt = addYears(record.expiresAt, transfer.years);
    }
    const data = this.transferData(record, status, losing);
    record.pendingTransfer = null;
    record.statuses.delete('pendingTransfer');
    const text = status.endsWith('Approved') ? 'Transfer approved.' : 'Transfer rejected.';
    this.queue(transfer.requestedBy, text, data);
    this.queue(losing, text, data);
    return data;
  }

  /** RFC 5731 §3.1.3 trnData: reID asked, acID (the sponsor losing the name) acts. */
  private transferData(record: DomainRecord, status: string, losing = record.sponsor): string {
    const transfer = record.pendingTransfer;
    const requestedAt = transfer?.requestedAt ?? new Date();
    const actBy = new Date(requestedAt.getTime() + TRANSFER_WINDOW_DAYS * 86_400_000);
    const requester = transfer?.requestedBy ?? record.sponsor;
    const exDate =
      status === 'pending' && transfer
        ? addYears(record.expiresAt, transfer.years)
        : record.expiresAt;
    return `<domain:trnData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(record.name)}</domain:name><domain:trStatus>${status}</domain:trStatus><domain:reID>${escapeXml(requester)}</domain:reID><domain:reDate>${requestedAt.toISOString()}</domain:reDate><domain:acID>${escapeXml(losing)}</domain:acID><domain:acDate>${(status === 'pending' ? actBy : new Date()).toISOString()}</domain:acDate><domain:exDate>${exDate.toISOString()}</domain:exDate></domain:trnData>`;
  }

  private queue(clientId: string, text: string, data: string): void {
    this.messageSequence += 1;
    const queue = this.queues.get(clientId) ?? [];
    queue.push({ id: String(this.messageSequence), queuedAt: new Date(), text, data });
    this.queues.set(clientId, queue);
  }

  private serve(socket: tls.TLSSocket): void {
    this.sessions += 1;
    const session = this.sessions;
    this.open.add(socket);
    const reader = new EppFrameReader();
    let client: string | null = null;
    let busy = false;
    socket.on('close', () => this.open.delete(socket));
    socket.on('error', () => socket.destroy());
    const send = (xml: string) => {
      if (!socket.destroyed) socket.write(encodeEppFrame(xml));
    };
    send(this.greeting());
    socket.on('data', (chunk: Buffer) => {
      let frames: string[];
      try {
        frames = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const frame of frames) {
        if (busy) this.pipelined += 1;
        busy = true;
        void this.answer(frame, session, client).then((answer) => {
          busy = false;
          if (answer.drop) {
            socket.destroy();
            return;
          }
          if (answer.client !== undefined) client = answer.client;
          send(answer.xml);
          if (answer.close) socket.end();
        });
      }
    });
  }

  private async answer(
    frame: string,
    session: number,
    client: string | null,
  ): Promise<{ xml: string; drop?: boolean; close?: boolean; client?: string | null }> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const command = readCommand(frame);
    if (!command) return { xml: this.result({ code: 2001 }, undefined) };
    const { verb, clTRID } = command;
    this.log.push({
      session,
      command: verb,
      object: objectName(command.namespace),
      xml: frame,
    });
    if (this.dropNext > 0) {
      this.dropNext -= 1;
      this.drops.beforeActing += 1;
      return { xml: '', drop: true };
    }
    if (verb === 'login') return this.login(command);
    if (verb === 'logout') {
      return { xml: this.result({ code: 1500 }, clTRID), close: true, client: null };
    }
    if (!client) return { xml: this.result({ code: 2002 }, clTRID) };
    const fault = this.fault(command);
    if (fault === 'before-acting') {
      this.drops.beforeActing += 1;
      return { xml: '', drop: true };
    }
    const svTRID = this.nextServerTransaction();
    const reply = this.act(command, client, svTRID);
    if (this.holdCreates && command.verb === 'create' && command.namespace === DOMAIN_NS) {
      this.held.push(text(command.body.name));
      // Never answered; the socket goes when the client dies or the server stops.
      await new Promise(() => {});
    }
    if (fault === 'after-acting') {
      this.drops.afterActing += 1;
      return { xml: '', drop: true };
    }
    return { xml: this.result(reply, clTRID, svTRID) };
  }

  private fault(command: Command): 'before-acting' | 'after-acting' | null {
    if (this.dropAfterActingOn === `${objectName(command.namespace)} ${command.verb}`) {
      this.dropAfterActingOn = null;
      return 'after-acting';
    }
    if (this.dropNextAfterActing > 0) {
      this.dropNextAfterActing -= 1;
      return 'after-acting';
    }
    if (this.failRate <= 0 || this.random() >= this.failRate) return null;
    if (this.faultMode !== 'either') return this.faultMode;
    return this.random() < 0.5 ? 'before-acting' : 'after-acting';
  }

  private login(command: Command): { xml: string; close?: boolean; client?: string } {
    const { body, clTRID } = command;
    if (this.options.sessionLimit !== undefined && this.open.size > this.options.sessionLimit) {
      return { xml: this.result({ code: 2502 }, clTRID), close: true };
    }
    if (text(body.clID) !== this.options.clientId || text(body.pw) !== this.options.password) {
      return { xml: this.result({ code: 2200 }, clTRID) };
    }
    this.logins += 1;
    return { xml: this.result({ code: 1000 }, clTRID), client: this.options.clientId };
  }

  private act(command: Command, client: string, svTRID: string): Reply {
    if (command.verb === 'poll') return this.poll(command, client);
    if (command.namespace === DOMAIN_NS) {
      switch (command.verb) {
        case 'check':
          return this.checkDomains(command.body);
        case 'info':
          return this.infoDomain(command.body, client);
        case 'create':
          return this.createDomain(command, client, svTRID);
        case 'delete':
          return this.deleteDomain(command.body, client);
        case 'renew':
          return this.renewDomain(command.body, client);
        case 'transfer':
          return this.transferDomain(command, client);
        case 'update':
          return this.updateDomain(command, client);
      }
      return { code: 2101 };
    }
    if (command.namespace === HOST_NS) {
      switch (command.verb) {
        case 'check':
          return this.checkHosts(command.body);
        case 'info':
          return this.infoHost(command.body);
        case 'create':
          return this.createHost(command.body, client);
        case 'update':
          return this.updateHost(command.body, client);
        case 'delete':
          return this.deleteHost(command.body, client);
      }
      return { code: 2101 };
    }
    if (command.namespace === CONTACT_NS) {
      if (command.verb === 'check') return this.checkContacts(command.body);
      if (command.verb === 'create') return this.createContact(command.body, client);
      if (command.verb === 'update') return this.updateContact(command.body, client);
      return { code: 2101 };
    }
    return command.namespace ? { code: 2307 } : { code: 2101 };
  }

  private checkDomains(body: Node): Reply {
    const cds = list(body.name).map((node) => {
      const name = text(node);
      const taken = this.domains.has(name.toLowerCase());
      return `<domain:cd><domain:name avail="${taken ? 0 : 1}">${escapeXml(name)}</domain:name>${taken ? '<domain:reason>In use</domain:reason>' : ''}</domain:cd>`;
    });
    return {
      code: 1000,
      resData: `<domain:chkData xmlns:domain="${DOMAIN_NS}">${cds.join('')}</domain:chkData>`,
    };
  }

  private infoDomain(body: Node, client: string): Reply {
    const record = this.domains.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    const d = (element: string, value: string) =>
      `<domain:${element}>${escapeXml(value)}</domain:${element}>`;
    const statuses = record.statuses.size > 0 ? [...record.statuses] : ['ok'];
    const sponsor = record.sponsor === client;
    // Another registrar's name shows its public facts only, never its contacts or code.
    const privateFacts = sponsor
      ? [
          record.registrant ? d('registrant', record.registrant) : '',
          ...(record.registrant
            ? ['admin', 'tech', 'billing'].map(
                (type) =>
                  `<domain:contact type="${type}">${escapeXml(record.registrant ?? '')}</domain:contact>`,
              )
            : []),
        ].join('')
      : '';
    const ns =
      record.nameservers.length > 0
        ? `<domain:ns>${record.nameservers.map((host) => d('hostObj', host)).join('')}</domain:ns>`
        : '';
    const infData = [
      `<domain:infData xmlns:domain="${DOMAIN_NS}">`,
      d('name', record.name),
      d('roid', `${record.name.replace(/\W/g, '').toUpperCase()}-FAKE`),
      ...statuses.map((status) => `<domain:status s="${escapeXml(status)}"/>`),
      privateFacts,
      ns,
      // RFC 5731 §3.1.2: the hosts under the name, to its sponsor.
      ...(sponsor ? this.subordinates(record.name).map((host) => d('host', host.name)) : []),
      d('clID', record.sponsor),
      d('crID', record.sponsor),
      d('crDate', record.createdAt.toISOString()),
      d('exDate', record.expiresAt.toISOString()),
      sponsor ? `<domain:authInfo>${d('pw', record.authCode)}</domain:authInfo>` : '',
      '</domain:infData>',
    ].join('');
    const extension = record.rgpStatus
      ? `<rgp:infData xmlns:rgp="${RGP_NS}"><rgp:rgpStatus s="${record.rgpStatus}"/></rgp:infData>`
      : undefined;
    return { code: 1000, resData: infData, extension };
  }

  private createDomain(command: Command, client: string, svTRID: string): Reply {
    const { body } = command;
    const name = text(body.name).toLowerCase();
    if (!NAME_PATTERN.test(name)) return { code: 2005 };
    const years = periodYears(body.period);
    if (years === null) return { code: 2004 };
    const authCode = text((body.authInfo as Node | undefined)?.pw);
    if (!authCode) return { code: 2003 };
    if (this.domains.has(name)) return { code: 2302 };
    const registrant = text(body.registrant) || null;
    const contactIds = [registrant, ...list(body.contact).map(text)].filter(Boolean);
    if (contactIds.some((id) => !this.contacts.has(id as string))) {
      return { code: 2303, message: 'Contact does not exist' };
    }
    const nameservers = hostObjects(body.ns);
    if (nameservers.length > MAX_NAMESERVERS) return { code: 2306 };
    const missing = this.missingHost(nameservers);
    if (missing) return { code: 2303, message: `Host ${missing} does not exist` };
    if (this.billingShort) return { code: 2104 };
    const now = new Date();
    const record: DomainRecord = {
      name,
      sponsor: client,
      registrant,
      nameservers,
      statuses: new Set(this.pendingCreates ? ['pendingCreate'] : []),
      rgpStatus: null,
      createdAt: now,
      expiresAt: addYears(now, years),
      authCode,
      pendingTransfer: null,
      pendingCreate: this.pendingCreates ? { clTRID: command.clTRID ?? '', svTRID } : null,
    };
    this.domains.set(name, record);
    return {
      code: this.pendingCreates ? 1001 : 1000,
      resData: `<domain:creData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(name)}</domain:name><domain:crDate>${now.toISOString()}</domain:crDate><domain:exDate>${record.expiresAt.toISOString()}</domain:exDate></domain:creData>`,
    };
  }

  private deleteDomain(body: Node, client: string): Reply {
    const record = this.domains.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    if (record.sponsor !== client) return { code: 2201 };
    if (hasAny(record, ['clientDeleteProhibited', 'serverDeleteProhibited', 'pendingDelete'])) {
      return { code: 2304 };
    }
    if (hasAny(record, ['pendingCreate', 'pendingTransfer'])) return { code: 2304 };
    if (this.subordinates(record.name).length > 0) {
      return { code: 2305, message: 'Object association prohibits operation: subordinate hosts' };
    }
    record.statuses = new Set(['pendingDelete']);
    record.rgpStatus = 'redemptionPeriod';
    return { code: 1000 };
  }

  private renewDomain(body: Node, client: string): Reply {
    const record = this.domains.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    if (record.sponsor !== client) return { code: 2201 };
    const current = text(body.curExpDate);
    if (!current) return { code: 2003 };
    const years = periodYears(body.period ?? { '@unit': 'y', '#text': '1' });
    if (years === null) return { code: 2004 };
    if (
      hasAny(record, [
        'clientRenewProhibited',
        'serverRenewProhibited',
        'pendingDelete',
        'pendingCreate',
        'pendingTransfer',
      ])
    ) {
      return { code: 2304 };
    }
    // RFC 5731 §3.2.3: the client's idea of the expiry must be the registry's, so a renewal
    // repeated after its answer was lost cannot extend the name twice.
    if (current !== record.expiresAt.toISOString().slice(0, 10)) {
      return { code: 2306, message: 'Parameter value policy error: curExpDate is not current' };
    }
    const expiresAt = addYears(record.expiresAt, years);
    if (expiresAt > addYears(new Date(), MAX_YEARS)) return { code: 2306 };
    if (this.billingShort) return { code: 2104 };
    record.expiresAt = expiresAt;
    return {
      code: 1000,
      resData: `<domain:renData xmlns:domain="${DOMAIN_NS}"><domain:name>${escapeXml(record.name)}</domain:name><domain:exDate>${expiresAt.toISOString()}</domain:exDate></domain:renData>`,
    };
  }

  private transferDomain(command: Command, client: string): Reply {
    const { body } = command;
    const record = this.domains.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    const op = text(command.attributes['@op']);
    if (op === 'query') {
      return record.pendingTransfer
        ? { code: 1000, resData: this.transferData(record, 'pending') }
        : { code: 2301 };
    }
    if (op === 'approve' || op === 'reject' || op === 'cancel') {
      const transfer = record.pendingTransfer;
      if (!transfer) return { code: 2301 };
      const allowed = op === 'cancel' ? transfer.requestedBy : record.sponsor;
      if (allowed !== client) return { code: 2201 };
      const status =
        op === 'approve'
          ? 'clientApproved'
          : op === 'reject'
            ? 'clientRejected'
            : 'clientCancelled';
      return { code: 1000, resData: this.endTransfer(record, status) };
    }
    if (op !== 'request') return { code: 2005 };
    if (record.sponsor === client) return { code: 2106 };
    if (record.pendingTransfer) return { code: 2300 };
    if (
      hasAny(record, [
        'clientTransferProhibited',
        'serverTransferProhibited',
        'pendingDelete',
        'pendingCreate',
      ])
    ) {
      return { code: 2304 };
    }
    const years = periodYears(body.period ?? { '@unit': 'y', '#text': '1' });
    if (years === null) return { code: 2004 };
    if (text((body.authInfo as Node | undefined)?.pw) !== record.authCode) return { code: 2202 };
    if (this.billingShort) return { code: 2104 };
    this.startTransfer(record, client, years);
    const data = this.transferData(record, 'pending');
    this.queue(record.sponsor, 'Transfer requested.', data);
    return { code: 1001, resData: data };
  }

  private updateDomain(command: Command, client: string): Reply {
    const { body } = command;
    const record = this.domains.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    if (record.sponsor !== client) return { code: 2201 };
    const rgp = command.extensions.get(RGP_NS);
    if (rgp) {
      if (text((rgp.restore as Node | undefined)?.['@op']) !== 'request') return { code: 2101 };
      if (record.rgpStatus !== 'redemptionPeriod') {
        return { code: 2304, message: 'Object status prohibits operation: not in redemption' };
      }
      if (this.billingShort) return { code: 2104 };
      record.statuses.delete('pendingDelete');
      record.rgpStatus = null;
      return { code: 1000 };
    }
    if (hasAny(record, ['pendingDelete', 'pendingCreate', 'serverUpdateProhibited'])) {
      return { code: 2304 };
    }
    const add = (body.add as Node | undefined) ?? {};
    const rem = (body.rem as Node | undefined) ?? {};
    const chg = (body.chg as Node | undefined) ?? {};
    const addHosts = hostObjects(add.ns);
    const remHosts = hostObjects(rem.ns);
    const addStatuses = list(add.status).map((status) => text((status as Node)['@s']));
    const remStatuses = list(rem.status).map((status) => text((status as Node)['@s']));
    if (
      record.statuses.has('clientUpdateProhibited') &&
      !remStatuses.includes('clientUpdateProhibited')
    ) {
      return { code: 2304 };
    }
    // Adding what is there or removing what is not is refused, as registries do.
    if (addHosts.some((host) => record.nameservers.includes(host))) return { code: 2306 };
    if (remHosts.some((host) => !record.nameservers.includes(host))) return { code: 2306 };
    const missing = this.missingHost(addHosts);
    if (missing) return { code: 2303, message: `Host ${missing} does not exist` };
    if ([...addStatuses, ...remStatuses].some((status) => !status.startsWith('client'))) {
      return { code: 2306, message: 'Parameter value policy error: not a client status' };
    }
    if (addStatuses.some((status) => record.statuses.has(status))) return { code: 2306 };
    if (remStatuses.some((status) => !record.statuses.has(status))) return { code: 2306 };
    const nameservers = [
      ...record.nameservers.filter((host) => !remHosts.includes(host)),
      ...addHosts,
    ];
    if (nameservers.length > MAX_NAMESERVERS) return { code: 2306 };
    const registrant = chg.registrant === undefined ? undefined : text(chg.registrant);
    if (registrant !== undefined && !this.contacts.has(registrant)) return { code: 2303 };
    const authInfo = chg.authInfo as Node | undefined;
    record.nameservers = nameservers;
    for (const status of remStatuses) record.statuses.delete(status);
    for (const status of addStatuses) record.statuses.add(status);
    if (registrant !== undefined) record.registrant = registrant;
    if (authInfo?.pw !== undefined) record.authCode = text(authInfo.pw);
    return { code: 1000 };
  }

  /** The domain of the book `host` is under, the nearest first (RFC 5732 §1.1), or null. */
  private superordinateOf(host: string): string | null {
    const labels = host.split('.');
    for (let start = 1; start < labels.length - 1; start += 1) {
      const candidate = labels.slice(start).join('.');
      if (this.domains.has(candidate)) return candidate;
    }
    return null;
  }

  private sponsorOf(host: HostRecord): string {
    const domain = host.superordinate ? this.domains.get(host.superordinate) : undefined;
    return domain?.sponsor ?? host.creator;
  }

  private isLinked(host: string): boolean {
    return [...this.domains.values()].some((domain) => domain.nameservers.includes(host));
  }

  private subordinates(domain: string): HostRecord[] {
    return [...this.hosts.values()].filter((host) => host.superordinate === domain);
  }

  /** The first of `hosts` under a domain of the book that is no host object here, if any. */
  private missingHost(hosts: readonly string[]): string | undefined {
    return hosts.find((host) => this.superordinateOf(host) !== null && !this.hosts.has(host));
  }

  private hostSnapshot(record: HostRecord): FakeHost {
    return {
      name: record.name,
      superordinate: record.superordinate,
      sponsor: this.sponsorOf(record),
      addresses: record.addresses.map((address) => ({ ...address })),
      statuses: this.isLinked(record.name) ? ['linked'] : ['ok'],
      createdAt: new Date(record.createdAt),
      updatedAt: record.updatedAt ? new Date(record.updatedAt) : null,
    };
  }

  private checkHosts(body: Node): Reply {
    const cds = list(body.name).map((node) => {
      const name = text(node);
      const taken = !this.staleHostChecks && this.hosts.has(name.toLowerCase());
      return `<host:cd><host:name avail="${taken ? 0 : 1}">${escapeXml(name)}</host:name>${taken ? '<host:reason>In use</host:reason>' : ''}</host:cd>`;
    });
    return {
      code: 1000,
      resData: `<host:chkData xmlns:host="${HOST_NS}">${cds.join('')}</host:chkData>`,
    };
  }

  private infoHost(body: Node): Reply {
    const record = this.hosts.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    const host = this.hostSnapshot(record);
    const h = (element: string, value: string) =>
      `<host:${element}>${escapeXml(value)}</host:${element}>`;
    const infData = [
      `<host:infData xmlns:host="${HOST_NS}">`,
      h('name', host.name),
      h('roid', `${host.name.replace(/\W/g, '').toUpperCase()}-FAKEH`),
      ...host.statuses.map((status) => `<host:status s="${status}"/>`),
      ...host.addresses.map(
        (address) => `<host:addr ip="${address.ip}">${escapeXml(address.address)}</host:addr>`,
      ),
      h('clID', host.sponsor),
      h('crID', record.creator),
      h('crDate', host.createdAt.toISOString()),
      host.updatedAt ? h('upDate', host.updatedAt.toISOString()) : '',
      '</host:infData>',
    ].join('');
    return { code: 1000, resData: infData };
  }

  private createHost(body: Node, client: string): Reply {
    const name = text(body.name).toLowerCase();
    if (!NAME_PATTERN.test(name)) return { code: 2005 };
    const addresses = hostAddresses(body.addr);
    if (!addresses) return { code: 2005, message: 'Parameter value syntax error: addr' };
    if (this.hosts.has(name)) return { code: 2302 };
    if (addresses.length > MAX_HOST_ADDRESSES || hasRepeats(addresses)) return { code: 2306 };
    const superordinate = this.superordinateOf(name);
    if (superordinate) {
      const domain = this.record(superordinate);
      if (domain.sponsor !== client) return { code: 2201 };
      if (addresses.length === 0) {
        return {
          code: 2003,
          message: 'Required parameter missing: an address for an internal host',
        };
      }
      if (hasAny(domain, ['pendingDelete'])) return { code: 2304 };
    } else if (this.zones.some((zone) => name.endsWith(`.${zone}`))) {
      return { code: 2303, message: 'Object does not exist: the superordinate domain' };
    } else if (addresses.length > 0) {
      return { code: 2306, message: 'Parameter value policy error: addresses of an external host' };
    }
    const now = new Date();
    this.hosts.set(name, {
      name,
      superordinate,
      creator: client,
      addresses,
      createdAt: now,
      updatedAt: null,
    });
    return {
      code: 1000,
      resData: `<host:creData xmlns:host="${HOST_NS}"><host:name>${escapeXml(name)}</host:name><host:crDate>${now.toISOString()}</host:crDate></host:creData>`,
    };
  }

  private updateHost(body: Node, client: string): Reply {
    const record = this.hosts.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    if (this.sponsorOf(record) !== client) return { code: 2201 };
    const add = (body.add as Node | undefined) ?? {};
    const rem = (body.rem as Node | undefined) ?? {};
    if (body.chg !== undefined || add.status !== undefined || rem.status !== undefined) {
      return { code: 2102 };
    }
    const adding = hostAddresses(add.addr);
    const removing = hostAddresses(rem.addr);
    if (!adding || !removing) return { code: 2005, message: 'Parameter value syntax error: addr' };
    if (adding.length === 0 && removing.length === 0) return { code: 2003 };
    const has = (address: { address: string }) =>
      record.addresses.some((held) => held.address === address.address);
    if (hasRepeats(adding) || adding.some(has)) return { code: 2306 };
    if (!removing.every(has)) return { code: 2306 };
    const addresses = [
      ...record.addresses.filter(
        (held) => !removing.some((address) => address.address === held.address),
      ),
      ...adding,
    ];
    if (addresses.length > MAX_HOST_ADDRESSES) return { code: 2306 };
    if (record.superordinate && addresses.length === 0) {
      return {
        code: 2306,
        message: 'Parameter value policy error: an internal host keeps an address',
      };
    }
    record.addresses = addresses;
    record.updatedAt = new Date();
    return { code: 1000 };
  }

  private deleteHost(body: Node, client: string): Reply {
    const record = this.hosts.get(text(body.name).toLowerCase());
    if (!record) return { code: 2303 };
    if (this.sponsorOf(record) !== client) return { code: 2201 };
    if (this.isLinked(record.name)) return { code: 2305 };
    this.hosts.delete(record.name);
    return { code: 1000 };
  }

  private checkContacts(body: Node): Reply {
    const cds = list(body.id).map((node) => {
      const id = text(node);
      return `<contact:cd><contact:id avail="${this.contacts.has(id) ? 0 : 1}">${escapeXml(id)}</contact:id>${this.contacts.has(id) ? '<contact:reason>In use</contact:reason>' : ''}</contact:cd>`;
    });
    return {
      code: 1000,
      resData: `<contact:chkData xmlns:contact="${CONTACT_NS}">${cds.join('')}</contact:chkData>`,
    };
  }

  /** RFC 5733 §3.2.5: the sponsor replaces the contact's postal info, phone and e-mail. */
  private updateContact(body: Node, client: string): Reply {
    const contact = this.contacts.get(text(body.id));
    if (!contact) return { code: 2303 };
    if (contact.sponsor !== client) return { code: 2201 };
    const change = body.chg as Node | undefined;
    const postal = list(change?.postalInfo)[0] as Node | undefined;
    const addr = postal?.addr as Node | undefined;
    const optional = (node: unknown) => (node === undefined ? null : text(node));
    if (postal) {
      contact.postalType = text(postal['@type']);
      contact.name = text(postal.name) || contact.name;
      contact.organisation = optional(postal.org);
      if (addr) {
        contact.street = list(addr.street).map(text);
        contact.city = text(addr.city);
        contact.province = optional(addr.sp);
        contact.postalCode = optional(addr.pc);
        contact.countryCode = text(addr.cc);
      }
    }
    if (change?.voice !== undefined) contact.phone = text(change.voice);
    if (change?.email !== undefined) contact.email = text(change.email);
    return { code: 1000 };
  }

  private createContact(body: Node, client: string): Reply {
    const id = text(body.id);
    const postal = list(body.postalInfo)[0] as Node | undefined;
    const addr = postal?.addr as Node | undefined;
    const email = text(body.email);
    const authCode = text((body.authInfo as Node | undefined)?.pw);
    if (!id || !postal || !text(postal.name) || !addr || !text(addr.city) || !email || !authCode) {
      return { code: 2003 };
    }
    if (text(addr.cc).length !== 2) return { code: 2005 };
    if (this.contacts.has(id)) return { code: 2302 };
    const optional = (node: unknown) => (node === undefined ? null : text(node));
    this.contacts.set(id, {
      id,
      sponsor: client,
      postalType: text(postal['@type']),
      name: text(postal.name),
      organisation: optional(postal.org),
      street: list(addr.street).map(text),
      city: text(addr.city),
      province: optional(addr.sp),
      postalCode: optional(addr.pc),
      countryCode: text(addr.cc),
      phone: optional(body.voice),
      email,
      authCode,
    });
    return {
      code: 1000,
      resData: `<contact:creData xmlns:contact="${CONTACT_NS}"><contact:id>${escapeXml(id)}</contact:id><contact:crDate>${new Date().toISOString()}</contact:crDate></contact:creData>`,
    };
  }

  private poll(command: Command, client: string): Reply {
    const op = text(command.attributes['@op']);
    const queue = this.queues.get(client) ?? [];
    if (op === 'req') {
      const first = queue[0];
      if (!first) return { code: 1300 };
      return {
        code: 1301,
        msgQ: `<msgQ count="${queue.length}" id="${escapeXml(first.id)}"><qDate>${first.queuedAt.toISOString()}</qDate><msg>${escapeXml(first.text)}</msg></msgQ>`,
        resData: first.data,
      };
    }
    if (op === 'ack') {
      const id = text(command.attributes['@msgID']);
      const index = queue.findIndex((message) => message.id === id);
      if (index < 0) return { code: 2303, message: 'Message not found' };
      queue.splice(index, 1);
      return { code: 1000, msgQ: `<msgQ count="${queue.length}" id="${escapeXml(id)}"/>` };
    }
    return { code: 2005 };
  }

  private greeting(): string {
    return `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${EPP_NS}"><greeting><svID>Vitrin fake EPP registry</svID><svDate>${new Date().toISOString()}</svDate><svcMenu><version>1.0</version><lang>en</lang><objURI>${DOMAIN_NS}</objURI><objURI>${CONTACT_NS}</objURI><objURI>${HOST_NS}</objURI><svcExtension><extURI>${RGP_NS}</extURI></svcExtension></svcMenu><dcp><access><all/></access><statement><purpose><admin/><prov/></purpose><recipient><ours/></recipient><retention><stated/></retention></statement></dcp></greeting></epp>`;
  }

  private nextServerTransaction(): string {
    this.transaction += 1;
    return `FAKE-${this.transaction}`;
  }

  private result(reply: Reply, clTRID: string | undefined, svTRID?: string): string {
    const message = reply.message ?? MESSAGES[reply.code] ?? 'Command failed';
    return [
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${EPP_NS}"><response>`,
      `<result code="${reply.code}"><msg>${escapeXml(message)}</msg></result>`,
      reply.msgQ ?? '',
      reply.resData ? `<resData>${reply.resData}</resData>` : '',
      reply.extension ? `<extension>${reply.extension}</extension>` : '',
      `<trID>${clTRID === undefined ? '' : `<clTRID>${escapeXml(clTRID)}</clTRID>`}`,
      `<svTRID>${svTRID ?? this.nextServerTransaction()}</svTRID></trID></response></epp>`,
    ].join('');
  }
}

/**
 * Reads a command, resolving each object element's prefix through its xmlns declaration (the
 * RFC examples declare it on the element itself), or null when it is not an EPP command.
 */
function readCommand(frame: string): Command | null {
  if (/<!DOCTYPE/i.test(frame)) return null;
  let parsed: Node;
  try {
    parsed = commandParser.parse(frame, true) as Node;
  } catch {
    return null;
  }
  const command = (parsed.epp as Node | undefined)?.command;
  if (!command || typeof command !== 'object') return null;
  const node = command as Node;
  const verb = Object.keys(node).find(
    (key) => !key.startsWith('@') && key !== 'clTRID' && key !== 'extension',
  );
  if (!verb) return null;
  const verbNode = typeof node[verb] === 'object' ? (node[verb] as Node) : {};
  const attributes = Object.fromEntries(
    Object.entries(verbNode).filter(([key]) => key.startsWith('@')),
  );
  const objects = namespaced(verbNode);
  const [first] = objects;
  const extensions = new Map<string, Node>();
  const extension = node.extension;
  if (extension && typeof extension === 'object') {
    for (const [namespace, body] of namespaced(extension as Node)) extensions.set(namespace, body);
  }
  return {
    verb: localName(verb),
    attributes,
    namespace: verb === 'login' || verb === 'poll' || !first ? null : first[0],
    body: verb === 'login' ? withoutPrefixes(verbNode) : (first?.[1] ?? {}),
    extensions,
    clTRID: node.clTRID === undefined ? undefined : text(node.clTRID),
  };
}

/** The child elements of `parent` with their namespace URIs, each body's prefixes dropped. */
function namespaced(parent: Node): Array<[string, Node]> {
  return Object.entries(parent)
    .filter(([key, value]) => !key.startsWith('@') && value && typeof value === 'object')
    .map(([key, value]) => {
      const element = value as Node;
      const prefix = key.includes(':') ? key.slice(0, key.indexOf(':')) : null;
      const namespace = text(element[prefix ? `@xmlns:${prefix}` : '@xmlns']);
      return [namespace, withoutPrefixes(element)];
    });
}

function withoutPrefixes(node: Node): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@xmlns')) continue;
    const name = key.startsWith('@') ? `@${localName(key.slice(1))}` : localName(key);
    out[name] = strip(value);
  }
  return out;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') return withoutPrefixes(value as Node);
  return value;
}

function localName(key: string): string {
  return key.includes(':') ? key.slice(key.indexOf(':') + 1) : key;
}

function objectName(namespace: string | null): string | null {
  if (namespace === DOMAIN_NS) return 'domain';
  if (namespace === CONTACT_NS) return 'contact';
  if (namespace === HOST_NS) return 'host';
  return namespace;
}

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'object') return String((node as Node)['#text'] ?? '');
  return String(node);
}

function list(node: unknown): unknown[] {
  if (node === undefined || node === null || node === '') return [];
  return Array.isArray(node) ? node : [node];
}

function hostObjects(ns: unknown): string[] {
  if (!ns || typeof ns !== 'object') return [];
  return list((ns as Node).hostObj).map((host) => text(host).toLowerCase());
}

/**
 * RFC 5732 §2.5: `<host:addr ip="v4|v6">` elements, "v4" when `ip` is absent, each address in
 * one text form; null when one is not an address of the version it says.
 */
function hostAddresses(node: unknown): Array<{ ip: 'v4' | 'v6'; address: string }> | null {
  const addresses: Array<{ ip: 'v4' | 'v6'; address: string }> = [];
  for (const addr of list(node)) {
    const ip = (addr && typeof addr === 'object' ? text((addr as Node)['@ip']) : '') || 'v4';
    const address = text(addr);
    if ((ip !== 'v4' && ip !== 'v6') || isIP(address) !== (ip === 'v4' ? 4 : 6)) return null;
    addresses.push({ ip, address: canonicalAddress(address) });
  }
  return addresses;
}

function hasRepeats(addresses: ReadonlyArray<{ address: string }>): boolean {
  return new Set(addresses.map((address) => address.address)).size !== addresses.length;
}

/** RFC 5731 §2.5: a period in years ("y") or months ("m"), 1 to 10 years. */
function periodYears(node: unknown): number | null {
  const value = Number(text(node));
  const unit = node && typeof node === 'object' ? text((node as Node)['@unit']) : 'y';
  const years = unit === 'm' ? value / 12 : unit === 'y' ? value : Number.NaN;
  return Number.isInteger(years) && years >= 1 && years <= MAX_YEARS ? years : null;
}

function hasAny(record: DomainRecord, statuses: readonly string[]): boolean {
  return statuses.some((status) => record.statuses.has(status));
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function snapshot(record: DomainRecord): FakeDomain {
  return {
    name: record.name,
    sponsor: record.sponsor,
    registrant: record.registrant,
    nameservers: [...record.nameservers],
    statuses: record.statuses.size > 0 ? [...record.statuses] : ['ok'],
    rgpStatus: record.rgpStatus,
    createdAt: new Date(record.createdAt),
    expiresAt: new Date(record.expiresAt),
    authCode: record.authCode,
    pendingTransfer: record.pendingTransfer ? { ...record.pendingTransfer } : null,
  };
}

/** A small seeded random source (mulberry32), so a test's faults repeat run after run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
