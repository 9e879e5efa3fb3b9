import { isIP } from 'node:net';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import {
  type ContactSpec,
  type DomainInfo,
  type HostInfo,
  type PollMessage,
  RegistrarError,
  type RegistrarErrorKind,
} from './registrar-driver';

// EPP's XML: the commands we send, built from objects by fast-xml-parser's builder (values
// escaped, never concatenated into markup), and the answers read back with namespace prefixes
// dropped, since servers choose their own (`domain:`, `d:`). The sections followed:
// - RFC 5730 (core): §2.5 command with clTRID; §2.6 response, msgQ; §2.9.2.3 poll req/ack;
//   §3 result codes.
// - RFC 5731 (domain): §3.1.1 check, §3.1.2 info and infData, §3.1.3 transfer's trnData,
//   §3.2.1 create, §3.2.2 delete, §3.2.3 renew with curExpDate, §3.2.4 transfer request,
//   §3.2.5 update (add, rem, chg), §3.3 panData (an offline review's outcome).
// - RFC 5733 (contact): §3.1.1 check, §3.2.1 create; §2.3 postalInfo "int" is 7-bit ASCII.
// - RFC 5732 (host): §3.1.1 check, §3.1.2 info and infData, §3.2.1 create, §3.2.2 delete,
//   §3.2.5 update (add and rem of addresses); §2.5 an address's `ip` is "v4" (the default) or
//   "v6".
// - RFC 3915 (registry grace period): §4.2.5 restore request as an update extension;
//   §3.2 rgpStatus in the info response's extension.

export const EPP_NS = 'urn:ietf:params:xml:ns:epp-1.0';
export const DOMAIN_NS = 'urn:ietf:params:xml:ns:domain-1.0';
export const CONTACT_NS = 'urn:ietf:params:xml:ns:contact-1.0';
export const HOST_NS = 'urn:ietf:params:xml:ns:host-1.0';
export const RGP_NS = 'urn:ietf:params:xml:ns:rgp-1.0';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  suppressEmptyNode: true,
  processEntities: true,
});

/** Elements that may repeat, read as arrays even when one came. */
const REPEATED = new Set([
  'result',
  'cd',
  'svcMenu',
  'objURI',
  'extURI',
  'lang',
  'version',
  'value',
  'status',
  'contact',
  'hostObj',
  'hostAttr',
  'host',
  'street',
  'postalInfo',
  'rgpStatus',
  'addr',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
  // XML's own five entities are read; a DOCTYPE (where others would be declared) is refused
  // before parsing, in parseEpp.
  processEntities: true,
  // Character references (`&#60;`, `&#x6A9;`) are XML's own too, but this parser reads them only
  // with its HTML entities on; the few HTML names that adds (`&nbsp;` …) no registry sends.
  htmlEntities: true,
});

type XmlObject = Record<string, unknown>;

/** A whole EPP document with `body` under `<epp>`. */
export function eppDocument(body: XmlObject): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${builder.build({
    epp: { '@xmlns': EPP_NS, ...body },
  })}`;
}

/**
 * `<command>` with its client transaction id (RFC 5730 §2.5). An `<extension>` goes between the
 * command and the clTRID, as the schema orders them.
 */
export function eppCommand(command: XmlObject, clTRID: string, extension?: XmlObject): string {
  return eppDocument({ command: { ...command, ...(extension ? { extension } : {}), clTRID } });
}

/**
 * RFC 5730 §2.9.1.1. `extensions` are the extension URIs we will use that the server's greeting
 * offered: a server may refuse a login that names one it does not implement.
 */
export function loginCommand(
  login: { clientId: string; password: string; newPassword?: string },
  clTRID: string,
  extensions: readonly string[] = [],
): string {
  return eppCommand(
    {
      login: {
        clID: login.clientId,
        pw: login.password,
        ...(login.newPassword ? { newPW: login.newPassword } : {}),
        options: { version: '1.0', lang: 'en' },
        svcs: {
          objURI: [DOMAIN_NS, CONTACT_NS, HOST_NS],
          ...(extensions.length > 0 ? { svcExtension: { extURI: [...extensions] } } : {}),
        },
      },
    },
    clTRID,
  );
}

export function logoutCommand(clTRID: string): string {
  return eppCommand({ logout: '' }, clTRID);
}

export function helloDocument(): string {
  return eppDocument({ hello: '' });
}

/** The extensions we speak: RFC 3915's grace periods, for restore. */
export const OUR_EXTENSIONS: readonly string[] = [RGP_NS];

/** Of our extensions, those a `<greeting>` offers in its svcMenu (RFC 5730 §2.4). */
export function offeredExtensions(greeting: EppNode): string[] {
  const menu = listOf((greeting as { svcMenu?: unknown }).svcMenu)[0] as EppNode | undefined;
  const offered = new Set(
    listOf((menu?.svcExtension as EppNode | undefined)?.extURI).map((uri) => textOf(uri)),
  );
  return OUR_EXTENSIONS.filter((uri) => offered.has(uri));
}

/** `<verb><domain:verb xmlns:domain=…>body</domain:verb></verb>`, the shape of every domain command. */
function domainCommand(
  verb: string,
  body: XmlObject,
  clTRID: string,
  options: { verbAttributes?: XmlObject; extension?: XmlObject } = {},
): string {
  return eppCommand(
    {
      [verb]: {
        ...options.verbAttributes,
        [`domain:${verb}`]: { '@xmlns:domain': DOMAIN_NS, ...body },
      },
    },
    clTRID,
    options.extension,
  );
}

function period(years: number): XmlObject {
  return { '@unit': 'y', '#text': years };
}

export function domainCheckCommand(names: readonly string[], clTRID: string): string {
  return domainCommand('check', { 'domain:name': [...names] }, clTRID);
}

/** RFC 5731 §3.1.2, asking for every host (`hosts="all"`). */
export function domainInfoCommand(name: string, clTRID: string): string {
  return domainCommand('info', { 'domain:name': { '@hosts': 'all', '#text': name } }, clTRID);
}

export function domainCreateCommand(
  request: {
    name: string;
    years: number;
    nameservers: readonly string[];
    registrant: string;
    authCode: string;
  },
  clTRID: string,
): string {
  return domainCommand(
    'create',
    {
      'domain:name': request.name,
      'domain:period': period(request.years),
      ...(request.nameservers.length > 0
        ? { 'domain:ns': { 'domain:hostObj': [...request.nameservers] } }
        : {}),
      'domain:registrant': request.registrant,
      // One person for every role (registrar-driver.ts, ContactSpec).
      'domain:contact': ['admin', 'tech', 'billing'].map((type) => ({
        '@type': type,
        '#text': request.registrant,
      })),
      'domain:authInfo': { 'domain:pw': request.authCode },
    },
    clTRID,
  );
}

/** RFC 5731 §3.2.3: `curExpDate` is the date part only, so a repeated renewal is refused. */
export function domainRenewCommand(
  name: string,
  currentExpiry: Date,
  years: number,
  clTRID: string,
): string {
  return domainCommand(
    'renew',
    {
      'domain:name': name,
      'domain:curExpDate': eppDate(currentExpiry),
      'domain:period': period(years),
    },
    clTRID,
  );
}

export function domainTransferRequestCommand(
  name: string,
  authCode: string,
  years: number,
  clTRID: string,
): string {
  return domainCommand(
    'transfer',
    {
      'domain:name': name,
      'domain:period': period(years),
      'domain:authInfo': { 'domain:pw': authCode },
    },
    clTRID,
    { verbAttributes: { '@op': 'request' } },
  );
}

/**
 * RFC 5731 §3.2.4 transfer op="cancel": the requesting client withdraws its pending request. The
 * name alone: the code went with the request, and the registry knows who asked.
 */
export function domainTransferCancelCommand(name: string, clTRID: string): string {
  return domainCommand('transfer', { 'domain:name': name }, clTRID, {
    verbAttributes: { '@op': 'cancel' },
  });
}

export interface DomainChange {
  addNameservers?: readonly string[];
  removeNameservers?: readonly string[];
  addStatuses?: readonly string[];
  removeStatuses?: readonly string[];
  authCode?: string;
}

function addOrRemove(nameservers: readonly string[] = [], statuses: readonly string[] = []) {
  if (nameservers.length === 0 && statuses.length === 0) return undefined;
  return {
    ...(nameservers.length > 0 ? { 'domain:ns': { 'domain:hostObj': [...nameservers] } } : {}),
    ...(statuses.length > 0 ? { 'domain:status': statuses.map((s) => ({ '@s': s })) } : {}),
  };
}

/** RFC 5731 §3.2.5: add, rem and chg, in the schema's order, each only when it has something. */
export function domainUpdateCommand(name: string, change: DomainChange, clTRID: string): string {
  const add = addOrRemove(change.addNameservers, change.addStatuses);
  const rem = addOrRemove(change.removeNameservers, change.removeStatuses);
  return domainCommand(
    'update',
    {
      'domain:name': name,
      ...(add ? { 'domain:add': add } : {}),
      ...(rem ? { 'domain:rem': rem } : {}),
      ...(change.authCode === undefined
        ? {}
        : { 'domain:chg': { 'domain:authInfo': { 'domain:pw': change.authCode } } }),
    },
    clTRID,
  );
}

/** RFC 3915 §4.2.5: an update that changes nothing, carrying the restore request. */
export function domainRestoreCommand(name: string, clTRID: string): string {
  return domainCommand('update', { 'domain:name': name, 'domain:chg': '' }, clTRID, {
    extension: {
      'rgp:update': { '@xmlns:rgp': RGP_NS, 'rgp:restore': { '@op': 'request' } },
    },
  });
}

export function domainDeleteCommand(name: string, clTRID: string): string {
  return domainCommand('delete', { 'domain:name': name }, clTRID);
}

/** `<verb><host:verb xmlns:host=…>body</host:verb></verb>`, the shape of every host command. */
function hostCommand(verb: string, body: XmlObject, clTRID: string): string {
  return eppCommand({ [verb]: { [`host:${verb}`]: { '@xmlns:host': HOST_NS, ...body } } }, clTRID);
}

/** An IP address's version as RFC 5732 §2.5 names it: "v4" or "v6". */
export function ipVersion(address: string): 'v4' | 'v6' {
  return isIP(address) === 6 ? 'v6' : 'v4';
}

/**
 * An address in one text form, so the registry's and ours compare: IPv6 as RFC 5952 writes it
 * (lower case, the longest run of zeros cut), IPv4 as it is.
 */
export function canonicalAddress(address: string): string {
  const trimmed = address.trim();
  return isIP(trimmed) === 6 ? new URL(`http://[${trimmed}]`).hostname.slice(1, -1) : trimmed;
}

function hostAddresses(addresses: readonly string[]): XmlObject {
  return {
    'host:addr': addresses.map((address) => ({ '@ip': ipVersion(address), '#text': address })),
  };
}

export function hostCheckCommand(names: readonly string[], clTRID: string): string {
  return hostCommand('check', { 'host:name': [...names] }, clTRID);
}

export function hostInfoCommand(name: string, clTRID: string): string {
  return hostCommand('info', { 'host:name': name }, clTRID);
}

/** RFC 5732 §3.2.1: the host and its addresses (needed for a host under one of our names). */
export function hostCreateCommand(
  name: string,
  addresses: readonly string[],
  clTRID: string,
): string {
  return hostCommand(
    'create',
    { 'host:name': name, ...(addresses.length > 0 ? hostAddresses(addresses) : {}) },
    clTRID,
  );
}

/** RFC 5732 §3.2.5: addresses added and removed, each element only when it has something. */
export function hostUpdateCommand(
  name: string,
  change: { add: readonly string[]; remove: readonly string[] },
  clTRID: string,
): string {
  return hostCommand(
    'update',
    {
      'host:name': name,
      ...(change.add.length > 0 ? { 'host:add': hostAddresses(change.add) } : {}),
      ...(change.remove.length > 0 ? { 'host:rem': hostAddresses(change.remove) } : {}),
    },
    clTRID,
  );
}

export function hostDeleteCommand(name: string, clTRID: string): string {
  return hostCommand('delete', { 'host:name': name }, clTRID);
}

export function contactCheckCommand(ids: readonly string[], clTRID: string): string {
  return eppCommand(
    { check: { 'contact:check': { '@xmlns:contact': CONTACT_NS, 'contact:id': [...ids] } } },
    clTRID,
  );
}

/**
 * RFC 5733 §3.2.1. The postal info is sent as "int" when it is plain ASCII, as §2.3 requires of
 * that form, and as "loc" (UTF-8) when it is not.
 */
export function contactCreateCommand(contact: ContactSpec, authCode: string, clTRID: string) {
  const postal = [
    contact.name,
    contact.organisation ?? '',
    contact.street,
    contact.city,
    contact.province,
    contact.postalCode,
  ];
  const type = postal.every((value) => /^[\x20-\x7e]*$/.test(value)) ? 'int' : 'loc';
  return eppCommand(
    {
      create: {
        'contact:create': {
          '@xmlns:contact': CONTACT_NS,
          'contact:id': contact.clientHandle,
          'contact:postalInfo': {
            '@type': type,
            'contact:name': contact.name,
            ...(contact.organisation ? { 'contact:org': contact.organisation } : {}),
            'contact:addr': {
              'contact:street': contact.street,
              'contact:city': contact.city,
              ...(contact.province ? { 'contact:sp': contact.province } : {}),
              ...(contact.postalCode ? { 'contact:pc': contact.postalCode } : {}),
              'contact:cc': contact.countryCode,
            },
          },
          'contact:voice': contact.phone,
          'contact:email': contact.email,
          'contact:authInfo': { 'contact:pw': authCode },
        },
      },
    },
    clTRID,
  );
}

/**
 * RFC 5733 §3.2.5: the contact's postal info, phone and e-mail replaced by these (a holder who
 * changed their details; the id and the names that point at it stay).
 */
export function contactUpdateCommand(contact: ContactSpec, clTRID: string) {
  const postal = [
    contact.name,
    contact.organisation ?? '',
    contact.street,
    contact.city,
    contact.province,
    contact.postalCode,
  ];
  const type = postal.every((value) => /^[\x20-\x7e]*$/.test(value)) ? 'int' : 'loc';
  return eppCommand(
    {
      update: {
        'contact:update': {
          '@xmlns:contact': CONTACT_NS,
          'contact:id': contact.clientHandle,
          'contact:chg': {
            'contact:postalInfo': {
              '@type': type,
              'contact:name': contact.name,
              ...(contact.organisation ? { 'contact:org': contact.organisation } : {}),
              'contact:addr': {
                'contact:street': contact.street,
                'contact:city': contact.city,
                ...(contact.province ? { 'contact:sp': contact.province } : {}),
                ...(contact.postalCode ? { 'contact:pc': contact.postalCode } : {}),
                'contact:cc': contact.countryCode,
              },
            },
            'contact:voice': contact.phone,
            'contact:email': contact.email,
          },
        },
      },
    },
    clTRID,
  );
}

export function pollRequestCommand(clTRID: string): string {
  return eppCommand({ poll: { '@op': 'req' } }, clTRID);
}

export function pollAckCommand(messageId: string, clTRID: string): string {
  return eppCommand({ poll: { '@op': 'ack', '@msgID': messageId } }, clTRID);
}

/** Parsed `<epp>`: the greeting or a response, as plain objects. */
export type EppNode = Record<string, unknown>;

export function parseEpp(xml: string): EppNode {
  if (/<!DOCTYPE/i.test(xml)) throw new RegistrarError('protocol', 'an EPP answer with a DOCTYPE');
  let parsed: unknown;
  try {
    parsed = parser.parse(xml, true);
  } catch (error) {
    throw new RegistrarError('protocol', 'an EPP answer that is not XML', { cause: error });
  }
  const epp = (parsed as { epp?: unknown }).epp;
  if (!epp || typeof epp !== 'object') {
    throw new RegistrarError('protocol', 'an answer without <epp>');
  }
  return epp as EppNode;
}

/** RFC 5730 §2.6 `<msgQ>`: the poll queue's state, and the message when polled. */
export interface EppMessageQueue {
  count: number;
  id: string | undefined;
  queuedAt: Date | null;
  text: string;
}

export interface EppResult {
  code: number;
  message: string;
  /** `<resData>` of the response, if any. */
  resData: EppNode | undefined;
  /** The response's `<extension>` (RFC 3915's rgp:infData …), if any. */
  extension: EppNode | undefined;
  msgQ: EppMessageQueue | undefined;
  clTRID: string | undefined;
  svTRID: string | undefined;
}

/** An element's text, whether it came bare or with attributes (`{ '#text': …, '@x': … }`). */
function textOf(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'object') {
    const text = (node as EppNode)['#text'];
    return text === undefined ? '' : String(text);
  }
  return String(node);
}

function attributeOf(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as EppNode)[`@${name}`];
  return value === undefined ? undefined : String(value);
}

function listOf(node: unknown): unknown[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

function dateOf(node: unknown): Date | null {
  const text = textOf(node);
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date part of an instant, in UTC, as RFC 5731's curExpDate takes it. */
export function eppDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first `<result>` of a `<response>` with what came with it. */
export function readResponse(epp: EppNode): EppResult {
  const response = epp.response as EppNode | undefined;
  if (!response) throw new RegistrarError('protocol', 'an EPP answer without <response>');
  const results = response.result as EppNode[] | undefined;
  const first = results?.[0];
  const code = Number(first?.['@code']);
  if (!Number.isInteger(code)) throw new RegistrarError('protocol', 'an EPP result without a code');
  const trID = response.trID as EppNode | undefined;
  const msgQ = response.msgQ as EppNode | undefined;
  return {
    code,
    message: textOf(first?.msg) ?? '',
    resData: response.resData as EppNode | undefined,
    extension: response.extension as EppNode | undefined,
    msgQ: msgQ
      ? {
          count: Number(attributeOf(msgQ, 'count') ?? 0),
          id: attributeOf(msgQ, 'id'),
          queuedAt: dateOf(msgQ.qDate),
          text: textOf(msgQ.msg) ?? '',
        }
      : undefined,
    clTRID: trID?.clTRID === undefined ? undefined : String(trID.clTRID),
    svTRID: trID?.svTRID === undefined ? undefined : String(trID.svTRID),
  };
}

/**
 * What an EPP result code means for us (RFC 5730 §3): 1xxx succeeded (1001 pending, 1300/1301
 * about the poll queue); 2xxx failed, by kind; 25xx also ended the session.
 */
export function resultKind(code: number): RegistrarErrorKind | 'ok' {
  if (code >= 1000 && code < 2000) return 'ok';
  switch (code) {
    case 2104: // billing failure: the reseller's balance is short
      return 'billing';
    case 2200: // authentication error
    case 2201: // authorization error (the object is another client's)
    case 2202: // invalid authorization information (an auth code)
    case 2501: // authentication error; server closing connection
      return 'auth';
    case 2302: // object exists
      return 'exists';
    case 2303: // object does not exist
      return 'not-found';
    case 2304: // object status prohibits operation
    case 2305: // object association prohibits operation (a host a domain still names)
      return 'prohibited';
    case 2400: // command failed (the server's own fault)
    case 2500: // command failed; server closing connection
    case 2502: // session limit exceeded; server closing connection
      return 'unreachable';
    default:
      // 2000–2005 a command or value the registry would not take, 2300/2301 transfer states,
      // 2306–2308 policy: the same command will be refused again.
      return 'refused';
  }
}

/** Throws the RegistrarError a failed result stands for; answers a successful one. */
export function expectSuccess(result: EppResult, what: string): EppResult {
  const kind = resultKind(result.code);
  if (kind === 'ok') return result;
  throw new RegistrarError(kind, `${what}: ${result.code} ${result.message}`.trim(), {
    code: result.code,
  });
}

/** `<domain:chkData>`'s answers (RFC 5731 §3.1.1). */
export function readCheckData(
  resData: EppNode | undefined,
): Array<{ name: string; available: boolean; reason: string | null }> {
  const chkData = resData?.chkData as EppNode | undefined;
  const cds = (chkData?.cd as EppNode[] | undefined) ?? [];
  return cds.map((cd) => {
    const avail = attributeOf(cd.name, 'avail') ?? '';
    return {
      name: (textOf(cd.name) ?? '').toLowerCase(),
      available: avail === '1' || avail === 'true',
      reason: textOf(cd.reason) ?? null,
    };
  });
}

/** `<contact:chkData>`'s answers (RFC 5733 §3.1.1): each id and whether it is free to create. */
export function readContactCheckData(
  resData: EppNode | undefined,
): Array<{ id: string; available: boolean }> {
  const chkData = resData?.chkData as EppNode | undefined;
  return listOf(chkData?.cd).map((cd) => {
    const id = (cd as EppNode).id;
    const avail = attributeOf(id, 'avail') ?? '';
    return { id: textOf(id) ?? '', available: avail === '1' || avail === 'true' };
  });
}

/**
 * `<domain:infData>` (RFC 5731 §3.1.2) as a DomainInfo. The statuses include RFC 3915's
 * rgpStatus from the extension (`redemptionPeriod`, `pendingRestore` …), since those decide what
 * can still be done with the name.
 */
export function readDomainInfo(result: EppResult, ourClientId: string): DomainInfo {
  const infData = result.resData?.infData as EppNode | undefined;
  const name = textOf(infData?.name);
  if (!infData || !name) throw new RegistrarError('protocol', 'an info answer without infData');
  const rgpInfo = result.extension?.infData as EppNode | undefined;
  const statuses = [
    ...listOf(infData.status).map((status) => attributeOf(status, 's')),
    ...listOf(rgpInfo?.rgpStatus).map((status) => attributeOf(status, 's')),
  ].filter((status): status is string => Boolean(status));
  const ns = infData.ns as EppNode | undefined;
  const nameservers = [
    ...listOf(ns?.hostObj).map(textOf),
    ...listOf(ns?.hostAttr).map((hostAttr) => textOf((hostAttr as EppNode).hostName)),
  ].filter((host): host is string => Boolean(host));
  const authInfo = infData.authInfo as EppNode | undefined;
  return {
    name: name.toLowerCase(),
    statuses,
    ours: textOf(infData.clID) === ourClientId,
    registrant: textOf(infData.registrant) || null,
    nameservers: nameservers.map((host) => host.toLowerCase()),
    createdAt: dateOf(infData.crDate),
    expiresAt: dateOf(infData.exDate),
    authCode: textOf(authInfo?.pw) || null,
  };
}

/**
 * `<host:infData>` (RFC 5732 §3.1.2) as a HostInfo, with whether the asking client sponsors the
 * host (its `clID`): only the sponsor may change it.
 */
export function readHostInfo(result: EppResult, ourClientId: string): HostInfo & { ours: boolean } {
  const infData = result.resData?.infData as EppNode | undefined;
  const name = textOf(infData?.name);
  if (!infData || !name) throw new RegistrarError('protocol', 'a host info answer without infData');
  const statuses = listOf(infData.status).map((status) => attributeOf(status, 's'));
  return {
    name: name.toLowerCase(),
    addresses: listOf(infData.addr)
      .map((addr) => textOf(addr) ?? '')
      .filter(Boolean)
      .map(canonicalAddress),
    linked: statuses.includes('linked'),
    ours: textOf(infData.clID) === ourClientId,
  };
}

/** `<domain:renData>`'s new expiry (RFC 5731 §3.2.3). */
export function readRenewedExpiry(resData: EppNode | undefined): Date | null {
  return dateOf((resData?.renData as EppNode | undefined)?.exDate);
}

const TRANSFER_APPROVED = new Set(['clientApproved', 'serverApproved']);
const TRANSFER_ENDED_UNAPPROVED = new Set(['clientRejected', 'clientCancelled', 'serverCancelled']);

/**
 * A 1301 poll answer as a PollMessage (RFC 5730 §2.9.2.3), its event read from the message's
 * data. In a transfer's trnData (RFC 5731 §3.1.3) `reID` is the client that asked for the
 * transfer and `acID` the client that was to act on it, the sponsor losing the name: so an
 * approved transfer is ours completed when we are reID and the name gone when we are acID.
 */
export function readPollMessage(result: EppResult, ourClientId: string): PollMessage | null {
  const queue = result.msgQ;
  if (result.code === 1300 || !queue?.id) return null;
  const message: PollMessage = {
    id: queue.id,
    name: null,
    text: queue.text,
    event: 'other',
    expiresAt: null,
    at: queue.queuedAt ?? new Date(),
  };
  const resData = result.resData;
  const trnData = resData?.trnData as EppNode | undefined;
  const panData = resData?.panData as EppNode | undefined;
  const renData = resData?.renData as EppNode | undefined;
  if (trnData) {
    const status = textOf(trnData.trStatus) ?? '';
    const requestedByUs = textOf(trnData.reID) === ourClientId;
    const actingIsUs = textOf(trnData.acID) === ourClientId;
    message.name = textOf(trnData.name)?.toLowerCase() ?? null;
    message.expiresAt = dateOf(trnData.exDate);
    if (TRANSFER_APPROVED.has(status)) {
      if (requestedByUs) message.event = 'transfer-completed';
      else if (actingIsUs) message.event = 'transferred-away';
    } else if (TRANSFER_ENDED_UNAPPROVED.has(status)) {
      // A refused transfer away from us leaves the name as it was: only our own request matters.
      if (requestedByUs) message.event = 'transfer-refused';
    } else if (status === 'pending' && actingIsUs) {
      // Another registrar asked for one of our names: it now carries pendingTransfer.
      message.event = 'state-changed';
    }
  } else if (panData) {
    const paResult = attributeOf(panData.name, 'paResult');
    message.name = textOf(panData.name)?.toLowerCase() ?? null;
    message.event = paResult === '1' || paResult === 'true' ? 'registered' : 'registration-refused';
  } else if (renData) {
    message.name = textOf(renData.name)?.toLowerCase() ?? null;
    message.expiresAt = dateOf(renData.exDate);
    message.event = 'renewed';
  } else if (resData) {
    // Some other object's data (a registry's own extension): keep the name when it gives one.
    const data = Object.values(resData).find((value) => value && typeof value === 'object');
    const name = textOf((data as EppNode | undefined)?.name);
    message.name = name ? name.toLowerCase() : null;
  }
  return message;
}
