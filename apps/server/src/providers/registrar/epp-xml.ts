import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { RegistrarError, type RegistrarErrorKind } from './registrar-driver';

// EPP's XML (RFC 5730 §2, RFC 5731 for domains): the commands we send, built from objects by
// fast-xml-parser's builder (values escaped, never concatenated into markup), and the answers
// read back with namespace prefixes dropped, since servers choose their own (`domain:`, `d:`).

export const EPP_NS = 'urn:ietf:params:xml:ns:epp-1.0';
export const DOMAIN_NS = 'urn:ietf:params:xml:ns:domain-1.0';
export const CONTACT_NS = 'urn:ietf:params:xml:ns:contact-1.0';
export const HOST_NS = 'urn:ietf:params:xml:ns:host-1.0';

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
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
  // XML's own five entities are read; a DOCTYPE (where others would be declared) is refused
  // before parsing, in parseEpp.
  processEntities: true,
});

/** A whole EPP document with `body` under `<epp>`. */
export function eppDocument(body: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${builder.build({
    epp: { '@xmlns': EPP_NS, ...body },
  })}`;
}

/** `<command>` with its client transaction id (RFC 5730 §2.5). */
export function eppCommand(command: Record<string, unknown>, clTRID: string): string {
  return eppDocument({ command: { ...command, clTRID } });
}

export function loginCommand(
  login: { clientId: string; password: string; newPassword?: string },
  clTRID: string,
): string {
  return eppCommand(
    {
      login: {
        clID: login.clientId,
        pw: login.password,
        ...(login.newPassword ? { newPW: login.newPassword } : {}),
        options: { version: '1.0', lang: 'en' },
        svcs: { objURI: [DOMAIN_NS, CONTACT_NS, HOST_NS] },
      },
    },
    clTRID,
  );
}

export function logoutCommand(clTRID: string): string {
  return eppCommand({ logout: '' }, clTRID);
}

export function domainCheckCommand(names: readonly string[], clTRID: string): string {
  return eppCommand(
    { check: { 'domain:check': { '@xmlns:domain': DOMAIN_NS, 'domain:name': [...names] } } },
    clTRID,
  );
}

export function helloDocument(): string {
  return eppDocument({ hello: '' });
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

export interface EppResult {
  code: number;
  message: string;
  /** `<resData>` of the response, if any. */
  resData: EppNode | undefined;
  clTRID: string | undefined;
  svTRID: string | undefined;
}

/** The first `<result>` of a `<response>` with what came with it. */
export function readResponse(epp: EppNode): EppResult {
  const response = epp.response as EppNode | undefined;
  if (!response) throw new RegistrarError('protocol', 'an EPP answer without <response>');
  const results = response.result as EppNode[] | undefined;
  const first = results?.[0];
  const code = Number(first?.['@code']);
  if (!Number.isInteger(code)) throw new RegistrarError('protocol', 'an EPP result without a code');
  const msg = first?.msg;
  const message =
    typeof msg === 'object' && msg ? String((msg as EppNode)['#text'] ?? '') : String(msg ?? '');
  const trID = response.trID as EppNode | undefined;
  return {
    code,
    message,
    resData: response.resData as EppNode | undefined,
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
    case 2201: // authorization error
    case 2202: // invalid authorization information (an auth code)
      return 'auth';
    case 2303: // object does not exist
      return 'not-found';
    case 2400: // command failed (the server's own fault)
    case 2500: // command failed; server closing connection
    case 2502: // session limit exceeded; server closing connection
      return 'unreachable';
    case 2501: // authentication error; server closing connection
      return 'auth';
    default:
      // 2000–2005 a command or value we sent wrong; 2302 exists; 2304–2308 status, policy.
      return code >= 2000 && code < 2100 ? 'protocol' : 'refused';
  }
}

/** Throws the RegistrarError a failed result stands for; answers a successful one. */
export function expectSuccess(result: EppResult, what: string): EppResult {
  const kind = resultKind(result.code);
  if (kind === 'ok') return result;
  const error = new RegistrarError(kind, `${what}: ${result.code} ${result.message}`.trim());
  throw Object.assign(error, { eppCode: result.code });
}

/** `<domain:chkData>`'s answers (RFC 5731 §3.1.1). */
export function readCheckData(
  resData: EppNode | undefined,
): Array<{ name: string; available: boolean; reason: string | null }> {
  const chkData = resData?.chkData as EppNode | undefined;
  const cds = (chkData?.cd as EppNode[] | undefined) ?? [];
  return cds.map((cd) => {
    const name = cd.name as EppNode | string;
    const text = typeof name === 'object' ? String(name['#text'] ?? '') : String(name);
    const avail = typeof name === 'object' ? String(name['@avail'] ?? '') : '';
    const reason = cd.reason as EppNode | string | undefined;
    return {
      name: text.toLowerCase(),
      available: avail === '1' || avail === 'true',
      reason:
        reason === undefined
          ? null
          : typeof reason === 'object'
            ? String(reason['#text'] ?? '')
            : String(reason),
    };
  });
}
