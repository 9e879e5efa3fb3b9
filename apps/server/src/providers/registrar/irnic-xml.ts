import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import {
  type ContactSpec,
  type NameCheck,
  type PollMessage,
  RegistrarError,
  type RegistrarErrorKind,
} from './registrar-driver';

// IRNIC's dialect of EPP (the .ir and .ایران registry, issue 38): RFC 5730's envelope and result
// codes, with IRNIC's own object namespaces and schemas. What we built it from:
//
// - IRNIC's schemas, version 1.0.5.2 (irnic-domain-1.0.xsd, irnic-contact-1.0.xsd, and IRNIC's
//   epp-1.0.xsd with its <pin> extension), as kept with the request samples in
//   github.com/jibres/jibres_core_php_v1, lib/api/nic/exec/{xsd,samples}/. From them: <domain:check>
//   takes up to 10 names; a period is in months (unit="m"); a create names holder, admin, tech
//   and bill contacts and says <domain:agreement>true; every object command carries
//   <authInfo><pw>; <update> has add/rem of nameservers and chg of contacts but no status or
//   authInfo change; there is no <transfer>, no restore and no client status; statuses are RFC
//   5731's few plus IRNIC's review states (irnicRegistrationPendingHolderCheck, …DocRequired,
//   …Approved, …Rejected, irnicLocked, irnicExpired …); <domain:infData> lists contacts of types
//   holder, admin, tech, bill and reseller; <contact:info> takes a handle or an e-mail address;
//   a contact's names are Latin letters only; the <pin> extension has op="req" | op="lock" and a
//   nine-digit pinCode.
// - github.com/kowsarniyazi/whmcs-irnic-registrar (docs/AUTHENTICATION.md, lib/Client.php): the
//   gateway https://epp.nic.ir/submit takes the EPP document as the raw POST body, the API token
//   as `Authorization: Bearer`, and the 16-digit deposit code as the object password; pin op="req"
//   is what IRNIC calls opening the transfer lock, and IRNIC e-mails the PIN to the holder, never
//   to the reseller; a transfer is an <update> changing the contacts with <pin pinCode>, which
//   the holder then approves.
// - github.com/zoghal/irnic-api (src/IrNic.php, src/Templates/): terms of 12 or 60 months only;
//   the reseller's own <contact:info> answers <extension><contractInfo> with its balance;
//   nameservers added and removed as <domain:hostAttr> with <domain:hostName> and, when given,
//   <domain:hostAddr ip="…"> (Templates/domain/nameserver.xml).
// - Glue: IRNIC has no host objects (its schemas import RFC 5732's host-1.0 for host:addrType
//   alone). A nameserver's address travels in its hostAttr, and irnic-domain-1.0.xsd's
//   hostAttrType allows one <hostAddr> (maxOccurs 1): one address a nameserver, kept on the
//   domain's nameserver list, not as an object of its own.
// - github.com/irniclab/nicaction (xmlRequest/xmlRequest.go): a renewal is answered 1001.
// - github.com/AliYazdanifar/irnic-whmcs-module (lib/Poll.php): a poll message is
//   <msgQ id count><qDate/><msg><index>DomainUpdateStatus</index></msg></msgQ> with
//   <domain:polData> naming the domain and its statuses, and what each review state means.
//
// Inferred where that material is silent (see also irnic-registrar.ts):
// - dates without an offset (`2020-02-08T11:31:38`) are Tehran time, +03:30, the offset IRNIC's
//   own svTRIDs carry outside the summer Iran observed until 2022;
// - <contractInfo>'s balance is in Rial, written as a plain or comma-grouped number;
// - a company's <contact:privatereg> category is SabtSherkat__PrivateCompany with the province as
//   sp and the city as issuer, and a foreigner's passport issuer is the country code: our
//   ContactSpec does not carry the company's legal form or the passport's issuing office.

export const IRNIC_EPP_NS = 'urn:ietf:params:xml:ns:epp-1.0';
export const IRNIC_DOMAIN_NS = 'http://epp.nic.ir/ns/domain-1.0';
export const IRNIC_CONTACT_NS = 'http://epp.nic.ir/ns/contact-1.0';

/** irnic-domain-1.0.xsd, checkType: at most ten names in one <domain:check>. */
export const IRNIC_CHECK_BATCH = 10;
/** The terms IRNIC sells, in months (issue 38): one year or five. */
export const IRNIC_PERIOD_MONTHS: readonly number[] = [12, 60];
/** Iran Standard Time; the country has kept no daylight saving time since 2022. */
const TEHRAN_OFFSET = '+03:30';
const TEHRAN_OFFSET_MS = (3 * 60 + 30) * 60_000;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  suppressEmptyNode: true,
  processEntities: true,
});

/** Elements that may repeat, read as arrays even when one came. */
const REPEATED = new Set(['result', 'cd', 'status', 'contact', 'hostAttr', 'position', 'value']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
  // XML's five entities are read; a DOCTYPE, where others would be declared, is refused first.
  processEntities: true,
});

export type IrnicNode = Record<string, unknown>;

function document(command: IrnicNode, clTRID: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${builder.build({
    epp: { '@xmlns': IRNIC_EPP_NS, command: { ...command, clTRID } },
  })}`;
}

function domainCommand(
  verb: string,
  fields: IrnicNode,
  depositCode: string,
  clTRID: string,
  extension?: IrnicNode,
): string {
  return document(
    {
      [verb]: {
        [`domain:${verb}`]: {
          '@xmlns:domain': IRNIC_DOMAIN_NS,
          ...fields,
          'domain:authInfo': { 'domain:pw': depositCode },
        },
      },
      ...(extension ? { extension } : {}),
    },
    clTRID,
  );
}

function contactCommand(
  verb: string,
  fields: IrnicNode,
  depositCode: string,
  clTRID: string,
): string {
  return document(
    {
      [verb]: {
        [`contact:${verb}`]: {
          '@xmlns:contact': IRNIC_CONTACT_NS,
          ...fields,
          'contact:authInfo': { 'contact:pw': depositCode },
        },
      },
    },
    clTRID,
  );
}

/**
 * A nameserver as IRNIC takes it (irnic-domain-1.0.xsd, hostAttrType): its name and, for a
 * nameserver under the domain itself, the one glue address IRNIC keeps for it.
 */
export interface IrnicNameserver {
  name: string;
  address?: string;
}

function hostAttrs(nameservers: ReadonlyArray<string | IrnicNameserver>): IrnicNode {
  return {
    'domain:hostAttr': nameservers.map((nameserver) => {
      const { name, address } =
        typeof nameserver === 'string' ? { name: nameserver, address: undefined } : nameserver;
      return {
        'domain:hostName': name,
        // host:addrType (RFC 5732 §2.5): ip is "v4" or "v6".
        ...(address
          ? { 'domain:hostAddr': { '@ip': isIP(address) === 6 ? 'v6' : 'v4', '#text': address } }
          : {}),
      };
    }),
  };
}

export function domainCheckXml(names: readonly string[], depositCode: string, clTRID: string) {
  return domainCommand('check', { 'domain:name': [...names] }, depositCode, clTRID);
}

export function domainInfoXml(name: string, depositCode: string, clTRID: string): string {
  return domainCommand('info', { 'domain:name': name }, depositCode, clTRID);
}

export interface IrnicContacts {
  holder: string;
  admin: string;
  tech: string;
  bill: string;
}

function contactRefs(contacts: IrnicContacts): IrnicNode {
  return {
    'domain:contact': (['holder', 'admin', 'tech', 'bill'] as const).map((type) => ({
      '@type': type,
      '#text': contacts[type],
    })),
  };
}

export function domainCreateXml(
  create: {
    name: string;
    months: number;
    nameservers: readonly string[];
    contacts: IrnicContacts;
  },
  depositCode: string,
  clTRID: string,
): string {
  return domainCommand(
    'create',
    {
      'domain:name': create.name,
      'domain:period': { '@unit': 'm', '#text': String(create.months) },
      ...(create.nameservers.length > 0 ? { 'domain:ns': hostAttrs(create.nameservers) } : {}),
      ...contactRefs(create.contacts),
      'domain:agreement': 'true',
    },
    depositCode,
    clTRID,
  );
}

export function domainRenewXml(
  renew: { name: string; currentExpiry: Date; months: number },
  depositCode: string,
  clTRID: string,
): string {
  return domainCommand(
    'renew',
    {
      'domain:name': renew.name,
      'domain:curExpDate': tehranDate(renew.currentExpiry),
      'domain:period': { '@unit': 'm', '#text': String(renew.months) },
    },
    depositCode,
    clTRID,
  );
}

/**
 * IRNIC's update has no <chg> of nameservers: they are added and removed (schema order). A
 * nameserver whose glue changes is removed as it was and added as it is now, in one update.
 */
export function domainNameserversXml(
  update: {
    name: string;
    add: ReadonlyArray<string | IrnicNameserver>;
    remove: ReadonlyArray<string | IrnicNameserver>;
  },
  depositCode: string,
  clTRID: string,
): string {
  return domainCommand(
    'update',
    {
      'domain:name': update.name,
      ...(update.add.length > 0 ? { 'domain:add': { 'domain:ns': hostAttrs(update.add) } } : {}),
      ...(update.remove.length > 0
        ? { 'domain:rem': { 'domain:ns': hostAttrs(update.remove) } }
        : {}),
    },
    depositCode,
    clTRID,
  );
}

/**
 * The <pin> extension on an empty update: op="req" opens the transfer lock (IRNIC sends a new
 * PIN to the holder), op="lock" closes it again (the PIN given out stops working).
 */
export function domainPinXml(
  name: string,
  op: 'req' | 'lock',
  depositCode: string,
  clTRID: string,
): string {
  return domainCommand('update', { 'domain:name': name }, depositCode, clTRID, {
    pin: { '@op': op },
  });
}

/** A transfer: the contacts changed, with the PIN the holder gave, for the holder to approve. */
export function domainTransferXml(
  transfer: { name: string; contacts: IrnicContacts; pin: string },
  depositCode: string,
  clTRID: string,
): string {
  return domainCommand(
    'update',
    { 'domain:name': transfer.name, 'domain:chg': contactRefs(transfer.contacts) },
    depositCode,
    clTRID,
    { pin: { '@pinCode': transfer.pin } },
  );
}

export function domainDeleteXml(name: string, depositCode: string, clTRID: string): string {
  return domainCommand('delete', { 'domain:name': name }, depositCode, clTRID);
}

/** `id` is a handle (`ab12345-irnic`) or, as IRNIC's schema allows, the contact's e-mail. */
export function contactInfoXml(id: string, depositCode: string, clTRID: string): string {
  return contactCommand('info', { 'contact:id': id }, depositCode, clTRID);
}

/** RFC 5733's "+98.9121234567" in the digits IRNIC's telType allows: "+989121234567". */
function irnicPhone(phone: string): string {
  return phone.replace(/[^0-9+]/g, '');
}

/** IRNIC asks for a first and a last name; a one-word name is sent as the last name alone. */
function splitName(name: string): { firstname?: string; lastname: string } {
  const words = name.trim().split(/\s+/);
  const lastname = words.pop() ?? '';
  return words.length > 0 ? { firstname: words.join(' '), lastname } : { lastname };
}

function identOf(contact: ContactSpec): IrnicNode {
  const missing = (what: string) =>
    new RegistrarError('refused', `an IRNIC contact of kind ${contact.kind} needs ${what}`);
  switch (contact.kind) {
    case 'person':
      if (!contact.nationalCode) throw missing('a national code');
      return {
        'contact:idcard': { '@cc': contact.countryCode, '@number': contact.nationalCode },
      };
    case 'company':
      if (!contact.companyId || !contact.registrationNumber) {
        throw missing('a company id and registration number');
      }
      return {
        'contact:privatereg': {
          '@cc': contact.countryCode,
          '@sp': contact.province,
          '@issuer': contact.city,
          '@category': 'SabtSherkat__PrivateCompany',
          '@number': contact.registrationNumber,
          '@number2': contact.companyId,
        },
      };
    case 'foreigner':
      if (!contact.passportNumber) throw missing('a passport number');
      return {
        'contact:passport': {
          '@cc': contact.countryCode,
          '@issuer': contact.countryCode,
          '@number': contact.passportNumber,
        },
      };
  }
}

/** <contact:create> with the identity IRNIC asks for (irnic-contact-1.0.xsd, createType). */
export function contactCreateXml(contact: ContactSpec, depositCode: string, clTRID: string) {
  const { firstname, lastname } = splitName(contact.name);
  return contactCommand(
    'create',
    {
      'contact:postalInfo': {
        '@type': 'int',
        ...(firstname ? { 'contact:firstname': firstname } : {}),
        'contact:lastname': lastname,
        ...(contact.organisation ? { 'contact:org': contact.organisation } : {}),
        'contact:addr': {
          'contact:street': contact.street,
          'contact:city': contact.city,
          'contact:sp': contact.province,
          'contact:pc': contact.postalCode,
          'contact:cc': contact.countryCode,
        },
      },
      'contact:voice': irnicPhone(contact.phone),
      'contact:ident': identOf(contact),
      'contact:signature': contact.name.trim(),
      'contact:email': contact.email,
    },
    depositCode,
    clTRID,
  );
}

export function pollRequestXml(clTRID: string): string {
  return document({ poll: { '@op': 'req' } }, clTRID);
}

export function pollAckXml(messageId: string, clTRID: string): string {
  return document({ poll: { '@op': 'ack', '@msgID': messageId } }, clTRID);
}

/** Parsed <epp>, namespace prefixes dropped (IRNIC answers with `domain:` and `contact:`). */
export function parseIrnic(xml: string): IrnicNode {
  if (/<!DOCTYPE/i.test(xml)) {
    throw new RegistrarError('protocol', 'an IRNIC answer with a DOCTYPE');
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(xml, true);
  } catch (error) {
    throw new RegistrarError('protocol', 'an IRNIC answer that is not XML', { cause: error });
  }
  const epp = (parsed as { epp?: unknown }).epp;
  if (!epp || typeof epp !== 'object') {
    throw new RegistrarError('protocol', 'an IRNIC answer without <epp>');
  }
  return epp as IrnicNode;
}

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'object') return String((node as IrnicNode)['#text'] ?? '');
  return String(node);
}

function optionalText(node: unknown): string | null {
  const value = text(node).trim();
  return value === '' ? null : value;
}

function nodes(node: unknown): IrnicNode[] {
  if (node === undefined || node === null || node === '') return [];
  return (Array.isArray(node) ? node : [node]).filter(
    (item): item is IrnicNode => typeof item === 'object' && item !== null,
  );
}

export interface IrnicResult {
  code: number;
  /** <msg>, with IRNIC's <extValue><reason> when it gave one. */
  message: string;
  resData: IrnicNode | undefined;
  extension: IrnicNode | undefined;
  msgQ: IrnicNode | undefined;
  clTRID: string | undefined;
  svTRID: string | undefined;
}

/** The first <result> of a <response> with what came with it. */
export function readIrnicResponse(epp: IrnicNode): IrnicResult {
  const response = epp.response as IrnicNode | undefined;
  if (!response) throw new RegistrarError('protocol', 'an IRNIC answer without <response>');
  const first = nodes(response.result)[0];
  const code = Number(first?.['@code']);
  if (!Number.isInteger(code)) {
    throw new RegistrarError('protocol', 'an IRNIC result without a code');
  }
  const reasons = nodes(first?.extValue).map((ext) => text(ext.reason).trim());
  const message = [text(first?.msg).trim(), ...reasons].filter(Boolean).join(': ');
  const trID = response.trID as IrnicNode | undefined;
  return {
    code,
    message,
    resData: response.resData as IrnicNode | undefined,
    extension: response.extension as IrnicNode | undefined,
    msgQ: response.msgQ as IrnicNode | undefined,
    clTRID: optionalText(trID?.clTRID) ?? undefined,
    svTRID: optionalText(trID?.svTRID) ?? undefined,
  };
}

/**
 * What an IRNIC result code means for us, read as EPP's (RFC 5730 §3): 1xxx succeeded (1001
 * pending, 1300/1301 the poll queue); 2104 the balance is short; 2200–2202 the token, the
 * deposit code or a PIN was wrong; 2302–2305 exists, missing, forbidden by status or by an
 * association; 2400 and
 * 25xx IRNIC's own failure; anything else a final refusal.
 */
export function irnicResultKind(code: number): RegistrarErrorKind | 'ok' {
  if (code >= 1000 && code < 2000) return 'ok';
  switch (code) {
    case 2104:
      return 'billing';
    case 2200:
    case 2201:
    case 2202:
    case 2501:
      return 'auth';
    case 2302:
      return 'exists';
    case 2303:
      return 'not-found';
    case 2304:
    case 2305:
      return 'prohibited';
    case 2400:
    case 2500:
    case 2502:
      return 'unreachable';
    default:
      return 'refused';
  }
}

/** Throws the RegistrarError a failed result stands for; answers a successful one. */
export function expectIrnicSuccess(result: IrnicResult, what: string): IrnicResult {
  const kind = irnicResultKind(result.code);
  if (kind === 'ok') return result;
  throw new RegistrarError(kind, `${what}: ${result.code} ${result.message}`.trim(), {
    code: result.code,
  });
}

/** An IRNIC dateTime; one without an offset is Tehran time. Null when absent or unreadable. */
export function parseIrnicDate(value: unknown): Date | null {
  const raw = text(value).trim();
  if (raw === '') return null;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(raw);
  const withTime = /T\d{2}:\d{2}/.test(raw) ? raw : `${raw}T00:00:00`;
  const date = new Date(hasOffset ? withTime : `${withTime}${TEHRAN_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar date in Tehran, as <domain:curExpDate> takes it (`2027-03-21`). */
export function tehranDate(date: Date): string {
  return new Date(date.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** <domain:chkData>'s answers (irnic-domain-1.0.xsd, chkDataType). */
export function readDomainCheck(resData: IrnicNode | undefined): NameCheck[] {
  const chkData = resData?.chkData as IrnicNode | undefined;
  return nodes(chkData?.cd).map((cd) => {
    const name = cd.name as IrnicNode | string;
    const avail = typeof name === 'object' ? String(name['@avail'] ?? '') : '';
    return {
      name: answeredName(text(name)),
      available: avail === '1' || avail === 'true',
      reason: optionalText(cd.reason),
    };
  });
}

export interface IrnicDomainData {
  name: string;
  statuses: string[];
  /** By type: holder, admin, tech, bill and reseller. */
  contacts: Record<string, string>;
  nameservers: string[];
  /** The glue address IRNIC holds for a nameserver, by its name (<domain:hostAddr>). */
  glue: Record<string, string>;
  createdAt: Date | null;
  expiresAt: Date | null;
}

/** <domain:infData> (irnic-domain-1.0.xsd, infDataType). */
export function readDomainInfo(resData: IrnicNode | undefined): IrnicDomainData {
  const infData = resData?.infData as IrnicNode | undefined;
  if (!infData) throw new RegistrarError('protocol', 'an IRNIC domain info without <infData>');
  const contacts: Record<string, string> = {};
  for (const contact of nodes(infData.contact)) {
    const type = String(contact['@type'] ?? '');
    if (type) contacts[type] = text(contact).trim().toLowerCase();
  }
  const ns = infData.ns as IrnicNode | undefined;
  const glue: Record<string, string> = {};
  for (const host of nodes(ns?.hostAttr)) {
    const address = optionalText(host.hostAddr);
    if (address) glue[normaliseHost(text(host.hostName))] = address;
  }
  return {
    name: answeredName(text(infData.name)),
    statuses: nodes(infData.status).map((status) => String(status['@s'] ?? '')),
    contacts,
    nameservers: nodes(ns?.hostAttr).map((host) => normaliseHost(text(host.hostName))),
    glue,
    createdAt: parseIrnicDate(infData.crDate),
    expiresAt: parseIrnicDate(infData.exDate),
  };
}

/** The expiry a <domain:creData> or <domain:renData> carries, when it carries one. */
export function readExpiry(resData: IrnicNode | undefined): Date | null {
  const data = (resData?.creData ?? resData?.renData) as IrnicNode | undefined;
  return parseIrnicDate(data?.exDate);
}

/**
 * A name IRNIC answered, in the A-label form we asked in: its schema allows Persian script, so a
 * .ایران name may come back as its U-label.
 */
export function answeredName(name: string): string {
  const lower = name.trim().toLowerCase();
  return /[^ -~]/.test(lower) ? domainToASCII(lower) || lower : lower;
}

export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

export interface IrnicContactData {
  handle: string;
  /** Which contact types IRNIC lets this contact take (<contact:position allowed>). */
  positions: Record<string, boolean>;
}

/** <contact:infData> (irnic-contact-1.0.xsd, infDataType). */
export function readContactInfo(resData: IrnicNode | undefined): IrnicContactData {
  const infData = resData?.infData as IrnicNode | undefined;
  const handle = optionalText(infData?.id);
  if (!handle) throw new RegistrarError('protocol', 'an IRNIC contact info without an id');
  const positions: Record<string, boolean> = {};
  for (const position of nodes(infData?.position)) {
    const allowed = String(position['@allowed'] ?? '');
    positions[String(position['@type'] ?? '')] = allowed === '1' || allowed === 'true';
  }
  return { handle: handle.toLowerCase(), positions };
}

/** The handle IRNIC gave a created contact (<contact:creData><contact:id>). */
export function readCreatedContact(resData: IrnicNode | undefined): string {
  const creData = resData?.creData as IrnicNode | undefined;
  const handle = optionalText(creData?.id);
  if (!handle) throw new RegistrarError('protocol', 'an IRNIC contact create without an id');
  return handle.toLowerCase();
}

/** The reseller's balance from <extension><contractInfo><balance>, or null when absent. */
export function readContractBalance(extension: IrnicNode | undefined): number | null {
  const contract = extension?.contractInfo as IrnicNode | undefined;
  const raw = optionalText(contract?.balance);
  if (raw === null) return null;
  const amount = Number(raw.replace(/[,\s]/g, ''));
  if (!Number.isFinite(amount)) {
    throw new RegistrarError('protocol', `an IRNIC balance that is not a number: ${raw}`);
  }
  return amount;
}

/**
 * What a review state says happened, most final first: the registry's decision on a
 * registration, a renewal, a holder change (IRNIC's transfer) or a deletion; any other state
 * (a holder check, documents asked for, locked, expired, held) is a change of state.
 */
const EVENT_OF_STATUS: ReadonlyArray<[string, PollMessage['event']]> = [
  ['irnicRegistrationApproved', 'registered'],
  ['irnicRegistrationRejected', 'registration-refused'],
  ['irnicRegistrationIsWithdrawn', 'registration-refused'],
  ['irnicRenewalApproved', 'renewed'],
  ['irnicRenewalRejected', 'renewal-refused'],
  ['irnicRenewalIsWithdrawn', 'renewal-refused'],
  ['irnicHolderChangeApproved', 'transfer-completed'],
  ['irnicHolderChangeRejected', 'transfer-refused'],
  ['irnicHolderChangeIsWithdrawn', 'transfer-refused'],
  ['irnicDeletionApproved', 'deleted'],
];

export function pollEventOf(statuses: readonly string[]): PollMessage['event'] {
  for (const [status, event] of EVENT_OF_STATUS) if (statuses.includes(status)) return event;
  return statuses.length > 0 ? 'state-changed' : 'other';
}

/** A poll answer (1301) read: the message and what its <polData> says. */
export function readPollMessage(result: IrnicResult): PollMessage {
  const msgQ = result.msgQ;
  const id = optionalText(msgQ?.['@id']);
  if (!msgQ || !id) throw new RegistrarError('protocol', 'an IRNIC poll answer without <msgQ id>');
  const msg = msgQ.msg as IrnicNode | string | undefined;
  const said =
    typeof msg === 'object' && msg !== null
      ? (optionalText(msg.note) ?? optionalText(msg.index) ?? optionalText(msg))
      : optionalText(msg);
  const polData = result.resData?.polData as IrnicNode | undefined;
  const statuses = nodes(polData?.status).map((status) => String(status['@s'] ?? ''));
  const name = optionalText(polData?.name);
  return {
    id,
    // A contact's <polData> names it by <id>: the message is not about a domain.
    name: name ? answeredName(name) : null,
    // The registry's words and the states it reported, which describeIrnicStates reads.
    text: [said ?? '', statuses.join(' ')].filter(Boolean).join(': '),
    // A contact's review (its identity approved or not) is no domain's event.
    event: name ? pollEventOf(statuses) : 'other',
    // IRNIC's <polData> carries no dates: a renewal's new expiry is read with `info`.
    expiresAt: null,
    at: parseIrnicDate(msgQ.qDate) ?? new Date(),
  };
}

/** IRNIC's states as the customer reads them (the meanings after AliYazdanifar's lib/Poll.php). */
export const IRNIC_STATE_IN_PERSIAN: Readonly<Record<string, string>> = {
  ok: 'فعال',
  inactive: 'غیرفعال',
  serverHold: 'معلق از سوی ایرنیک',
  pendingRenew: 'تمدید در انتظار تأیید ایرنیک',
  pendingUpdate: 'تغییر در انتظار تأیید ایرنیک',
  pendingDelete: 'حذف در انتظار تأیید ایرنیک',
  serverRenewProhibited: 'ایرنیک تمدید را بسته است',
  serverUpdateProhibited: 'ایرنیک تغییر را بسته است',
  serverDeleteProhibited: 'ایرنیک حذف را بسته است',
  irnicReserved: 'رزروشده در ایرنیک',
  irnicRegistered: 'ثبت‌شده',
  irnicLocked: 'قفل‌شده؛ تا تمدید کار نمی‌کند',
  irnicExpired: 'منقضی‌شده',
  irnicSuspended: 'معلق',
  irnicRegistrationPendingHolderCheck: 'ثبت در انتظار بررسی هویت دارنده',
  irnicRegistrationPendingDomainCheck: 'ثبت در انتظار بررسی نام دامنه',
  irnicRegistrationDocRequired: 'ایرنیک برای ثبت، مدارک دارنده را خواسته است',
  irnicRegistrationApproved: 'ثبت تأیید شد',
  irnicRegistrationRejected: 'ثبت رد شد',
  irnicRegistrationIsWithdrawn: 'درخواست ثبت پس گرفته شد',
  irnicRenewalPendingHolderCheck: 'تمدید در انتظار بررسی هویت دارنده',
  irnicRenewalPendingDomainCheck: 'تمدید در انتظار بررسی ایرنیک',
  irnicRenewalDocRequired: 'ایرنیک برای تمدید، مدارک دارنده را خواسته است',
  irnicRenewalApproved: 'تمدید تأیید شد',
  irnicRenewalRejected: 'تمدید رد شد',
  irnicRenewalIsWithdrawn: 'درخواست تمدید پس گرفته شد',
  irnicHolderChangePendingHolderCheck: 'انتقال در انتظار تأیید دارنده',
  irnicHolderChangePendingDomainCheck: 'انتقال در انتظار بررسی ایرنیک',
  irnicHolderChangeDocRequired: 'ایرنیک برای انتقال، مدارک خواسته است',
  irnicHolderChangeApproved: 'انتقال تأیید شد',
  irnicHolderChangeRejected: 'انتقال رد شد',
  irnicHolderChangeIsWithdrawn: 'درخواست انتقال پس گرفته شد',
  irnicDeletionPendingHolderCheck: 'حذف در انتظار تأیید دارنده',
  irnicDeletionPendingDomainCheck: 'حذف در انتظار بررسی ایرنیک',
  irnicDeletionDocRequired: 'ایرنیک برای حذف، مدارک خواسته است',
  irnicDeletionApproved: 'حذف تأیید شد',
  irnicDeletionRejected: 'حذف رد شد',
  irnicDeletionIsWithdrawn: 'درخواست حذف پس گرفته شد',
};

/**
 * The IRNIC states named in a status list or a poll message's text, in Persian, joined with
 * «؛»; words that are not IRNIC states are left out. Empty when none is named.
 */
export function describeIrnicStates(statusesOrText: readonly string[] | string): string {
  const words =
    typeof statusesOrText === 'string' ? statusesOrText.split(/[\s:,]+/) : statusesOrText;
  return words
    .flatMap((word) => IRNIC_STATE_IN_PERSIAN[word] ?? [])
    .filter((said, index, all) => all.indexOf(said) === index)
    .join('؛ ');
}
