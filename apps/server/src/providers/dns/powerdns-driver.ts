import {
  DNS_RECORD_TYPES,
  type DnsDriver,
  DnsError,
  type DnsRecord,
  type DnsRecordType,
} from './dns-driver';
import { normalizeRecord, txtPresentation, txtTextOf } from './record-rules';

// The zones of domains on our nameservers in an authoritative PowerDNS (issue 38), through its
// HTTP API v1, as documented in the PowerDNS Authoritative Server manual:
// - https://doc.powerdns.com/authoritative/http-api (the webserver, `api-key`, `X-API-Key`);
// - docs/http-api/zone.rst in github.com/PowerDNS/pdns (the Zone, RRSet and Record objects;
//   POST …/zones with `kind: Native` and `nameservers`; PATCH …/zones/{zone} with rrsets whose
//   `changetype` is REPLACE (all records of that name and type become `records`) or DELETE;
//   DELETE …/zones/{zone}; names absolute with the trailing dot; 204 on success).
// Checked against Debian bookworm's pdns-server 4.7.3: a zone that exists answers 409 (older
// versions 422 "already exists"), a missing one 404 "Not Found", a wrong key 401, and records
// it cannot parse 422 with `{"error": "…"}`. TXT content must be quoted strings (RFC 1035 §5.1);
// MX and SRV carry their numbers inside the content (`10 mail.example.ir.`).
//
// One name and type is one RRset with one TTL (RFC 2181 §5.2). `replaceRecords` sends one PATCH
// with only the RRsets that change, so repeating it changes nothing; it never touches the SOA,
// the apex NS or records of types the editor does not edit (see dns-driver.ts).

export const DEFAULT_POWERDNS_TIMEOUT_MS = 10_000;
/** The SOA timers and TTLs PowerDNS itself gives a new zone (refresh, retry, expire, minimum). */
const SOA_TIMERS = '10800 3600 604800 3600';
/** The SOA's and the apex NS records' TTL, PowerDNS's default for a new zone. */
const APEX_TTL_SECONDS = 3600;

export interface PowerDnsOptions {
  /** The PowerDNS webserver's base URL, without `/api/v1`: `http://127.0.0.1:8081`. */
  apiUrl: string;
  apiKey: string;
  /** Always `localhost` for the Authoritative Server. */
  serverId?: string;
  timeoutMs?: number;
}

interface PdnsRecord {
  content: string;
  disabled: boolean;
}

interface PdnsRrset {
  name: string;
  type: string;
  ttl: number;
  records: PdnsRecord[];
}

type RrsetChange =
  | { name: string; type: string; changetype: 'DELETE' }
  | (PdnsRrset & { changetype: 'REPLACE' });

const EDITABLE_TYPES: ReadonlySet<string> = new Set(DNS_RECORD_TYPES);
/** Types whose content ends in a host name, which PowerDNS takes absolute. */
const HOST_LAST: ReadonlySet<DnsRecordType> = new Set(['CNAME', 'MX', 'SRV']);

function absolute(host: string): string {
  return `${host.trim().toLowerCase().replace(/\.$/, '')}.`;
}

function absoluteName(zone: string, name: string): string {
  return name === '@' ? absolute(zone) : absolute(`${name}.${zone}`);
}

/** A canonical record's content as PowerDNS takes it. */
function toPdnsContent(record: DnsRecord): string {
  if (record.type === 'TXT') return txtPresentation(txtTextOf(record.content) ?? record.content);
  return HOST_LAST.has(record.type) ? `${record.content}.` : record.content;
}

/** The PowerDNS error's own words: `{"error": "…"}`, or the body as it came. */
function pdnsError(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: PowerDNS answers some errors (404, 409) as plain text.
  }
  return text.trim().slice(0, 500);
}

interface SetOfRecords {
  name: string;
  type: DnsRecordType;
  ttl: number;
  contents: string[];
}

function setsOf(records: readonly DnsRecord[]): Map<string, SetOfRecords> {
  const sets = new Map<string, SetOfRecords>();
  for (const record of records) {
    const key = `${record.name} ${record.type}`;
    const set = sets.get(key);
    if (set) set.contents.push(record.content);
    else
      sets.set(key, {
        name: record.name,
        type: record.type,
        ttl: record.ttl,
        contents: [record.content],
      });
  }
  for (const set of sets.values()) set.contents.sort();
  return sets;
}

export class PowerDnsDriver implements DnsDriver {
  readonly kind = 'powerdns';
  private readonly serverUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PowerDnsOptions) {
    const serverId = encodeURIComponent(options.serverId ?? 'localhost');
    this.serverUrl = `${options.apiUrl.replace(/\/+$/, '')}/api/v1/servers/${serverId}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_POWERDNS_TIMEOUT_MS;
  }

  async ensureZone(zone: string, nameservers: readonly string[]): Promise<void> {
    if (nameservers.length === 0) throw new DnsError('refused', `zone ${zone}: no nameservers`);
    const apex = absolute(zone);
    const hosts = nameservers.map(absolute);
    const created = await this.request('POST', '/zones', {
      name: apex,
      kind: 'Native',
      nameservers: hosts,
      // Our first nameserver is the primary, not PowerDNS's `a.misconfigured.dns.server.invalid.`.
      rrsets: [
        {
          name: apex,
          type: 'SOA',
          ttl: APEX_TTL_SECONDS,
          records: [{ content: `${hosts[0]} hostmaster.${apex} 1 ${SOA_TIMERS}`, disabled: false }],
        },
      ],
    });
    if (created.status === 201) return;
    const exists =
      created.status === 409 ||
      (created.status === 422 && /already exists/i.test(pdnsError(created.text)));
    if (!exists) throw this.refusal('create zone', created);
    await this.patch(zone, [
      {
        name: apex,
        type: 'NS',
        ttl: APEX_TTL_SECONDS,
        changetype: 'REPLACE',
        records: hosts.map((content) => ({ content, disabled: false })),
      },
    ]);
  }

  async records(zone: string): Promise<DnsRecord[]> {
    return (await this.zoneRrsets(zone)).flatMap((rrset) =>
      rrset.records
        .filter((record) => !record.disabled)
        .map((record) =>
          normalizeRecord(zone, {
            name: rrset.name,
            type: rrset.type as DnsRecordType,
            ttl: rrset.ttl,
            content: record.content,
          }),
        ),
    );
  }

  async replaceRecords(zone: string, records: readonly DnsRecord[]): Promise<void> {
    const wanted = setsOf(records.map((record) => normalizeRecord(zone, record)));
    const current = setsOf(await this.records(zone));
    const changes: RrsetChange[] = [];
    // Deletions first: a CNAME may take the name an A record leaves in the same PATCH.
    for (const [key, set] of current) {
      if (!wanted.has(key)) {
        changes.push({ name: absoluteName(zone, set.name), type: set.type, changetype: 'DELETE' });
      }
    }
    for (const [key, set] of wanted) {
      const now = current.get(key);
      if (now && now.ttl === set.ttl && now.contents.join('\n') === set.contents.join('\n'))
        continue;
      changes.push({
        name: absoluteName(zone, set.name),
        type: set.type,
        ttl: set.ttl,
        changetype: 'REPLACE',
        records: set.contents.map((content) => ({
          content: toPdnsContent({ ...set, content }),
          disabled: false,
        })),
      });
    }
    if (changes.length > 0) await this.patch(zone, changes);
  }

  async deleteZone(zone: string): Promise<void> {
    const answer = await this.request('DELETE', `/zones/${encodeURIComponent(absolute(zone))}`);
    if (answer.status === 204 || answer.status === 404) return;
    throw this.refusal('delete zone', answer);
  }

  /** The zone's RRsets of the editable types (no SOA, no NS, nothing added by hand of others). */
  private async zoneRrsets(zone: string): Promise<PdnsRrset[]> {
    const answer = await this.request('GET', `/zones/${encodeURIComponent(absolute(zone))}`);
    if (answer.status !== 200) throw this.refusal('read zone', answer);
    let rrsets: unknown;
    try {
      rrsets = (JSON.parse(answer.text) as { rrsets?: unknown }).rrsets;
    } catch (error) {
      throw new DnsError('protocol', 'PowerDNS answered a zone that is not JSON', { cause: error });
    }
    if (!Array.isArray(rrsets)) throw new DnsError('protocol', 'PowerDNS answered no rrsets');
    return (rrsets as PdnsRrset[]).filter((rrset) => EDITABLE_TYPES.has(rrset.type));
  }

  private async patch(zone: string, rrsets: readonly RrsetChange[]): Promise<void> {
    const answer = await this.request('PATCH', `/zones/${encodeURIComponent(absolute(zone))}`, {
      rrsets,
    });
    if (answer.status !== 204) throw this.refusal('change records', answer);
  }

  /** The error for an answer that is not the one expected (5xx and 401 never get here). */
  private refusal(action: string, answer: { status: number; text: string }): DnsError {
    const words = pdnsError(answer.text);
    if (answer.status === 404) return new DnsError('not-found', `${action}: ${words}`);
    if (answer.status >= 400) {
      return new DnsError(
        'refused',
        `${action}: PowerDNS refused (HTTP ${answer.status}): ${words}`,
      );
    }
    return new DnsError('protocol', `${action}: PowerDNS answered HTTP ${answer.status}: ${words}`);
  }

  /**
   * One exchange with the API. No connection, a timeout and a 5xx become retryable errors;
   * 401/403 an `auth` one. Every other answer is the caller's to read.
   */
  private async request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; text: string }> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.serverUrl}${path}`, {
        method,
        headers: {
          'X-API-Key': this.options.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new DnsError('timeout', `PowerDNS gave no answer within ${this.timeoutMs} ms`, {
          cause: error,
        });
      }
      throw new DnsError('unreachable', `could not reach PowerDNS: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (response.status === 401 || response.status === 403) {
      throw new DnsError('auth', `PowerDNS refused our API key (HTTP ${response.status})`);
    }
    if (response.status >= 500) {
      throw new DnsError(
        'unreachable',
        `PowerDNS answered HTTP ${response.status}: ${pdnsError(text)}`,
      );
    }
    return { status: response.status, text };
  }
}
