// What the domains module asks of the DNS server that answers for domains on our nameservers
// (issue 38): a zone per domain and its editable records. Two drivers: the built-in `database`
// one (`npm start`'s default: records kept in its own tables, answering no DNS query, as the
// zone editor's page says) and `powerdns` (an authoritative PowerDNS through its HTTP API).
//
// A zone is named by its A-label form without the trailing dot (`sara-blog.com`). Its SOA and
// its NS records at the apex are the driver's: made by `ensureZone` from the nameservers it is
// given, never part of `records` nor touched by `replaceRecords`. Records of types outside
// DNS_RECORD_TYPES that a PowerDNS operator added by hand are left alone the same way.
//
// Record content is in the canonical form record-rules.ts's `normalizeRecord` gives (hosts
// without the trailing dot, TXT as its plain text); every driver answers in that form, so what
// was written reads back equal. Record order carries no meaning: PowerDNS keeps none.

import { DNS_RECORD_TYPES, type DnsRecordType } from '@vitrin/contracts';

export { DNS_RECORD_TYPES, type DnsRecordType };

export const DNS_DRIVER_KINDS = ['database', 'powerdns'] as const;
export type DnsDriverKind = (typeof DNS_DRIVER_KINDS)[number];

export interface DnsRecord {
  /** Relative to the zone: `@` for the apex, `www`, `_sip._tcp`, `*.shop`. */
  name: string;
  type: DnsRecordType;
  /** Seconds; the same for every record of one name and type (RFC 2181 §5.2). */
  ttl: number;
  /**
   * As people write it: `1.2.3.4`, `mail.example.ir` (CNAME), `10 mail.example.ir` (MX),
   * `v=spf1 mx -all` or `"v=spf1 mx -all"` (TXT), `10 5 5060 sip.example.ir` (SRV: priority,
   * weight, port, target), `0 issue "letsencrypt.org"` (CAA). Host names are always absolute.
   */
  content: string;
}

/**
 * Why a DNS server call failed. `retryable` says whether the same call later may succeed.
 *
 * - `unreachable`: no connection, or the server answered 5xx.
 * - `timeout`: no answer in time; the change may or may not have been made (every write is
 *   safe to repeat).
 * - `auth`: the server refused our API key (HTTP 401/403): a configuration fault for staff,
 *   not a refusal of the records, so it is not `refused`.
 * - `refused`: the server refused the request itself (invalid records, HTTP 4xx); the message
 *   carries its own words.
 * - `not-found`: the zone does not exist there.
 * - `protocol`: the answer was not what the API answers (a wrong URL, another program).
 */
export type DnsErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'auth'
  | 'refused'
  | 'not-found'
  | 'protocol';

const RETRYABLE: ReadonlySet<DnsErrorKind> = new Set(['unreachable', 'timeout']);

export class DnsError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: DnsErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DnsError';
    this.retryable = RETRYABLE.has(kind);
  }
}

export interface DnsDriver {
  readonly kind: DnsDriverKind;
  /**
   * Creates the zone with these nameservers (host names without the trailing dot) when it is
   * missing; when it exists, sets its apex NS records to them. Safe to repeat.
   */
  ensureZone(zone: string, nameservers: readonly string[]): Promise<void>;
  /** The zone's editable records; a `not-found` DnsError when the zone does not exist. */
  records(zone: string): Promise<DnsRecord[]>;
  /**
   * Makes `records` the zone's whole editable record set: what is missing is added, what
   * differs replaced, what is not in it removed. Safe to repeat.
   */
  replaceRecords(zone: string, records: readonly DnsRecord[]): Promise<void>;
  /** Removes the zone and its records; a zone already gone is not an error. */
  deleteZone(zone: string): Promise<void>;
  close?(): Promise<void>;
}
