import { readIpAddress } from '@vitrin/contracts';
import type { DnsRecord, DnsRecordType } from '../../providers/dns/dns-driver';

// The records a hosting account puts in its domain's zone (issue 38), and how they are merged
// into what the zone holds, as pure functions: the job that writes them (hosting-dns.ts), the DNS
// page that labels them (dns.service.ts) and the demo seed use the same.
//
// The account's records are, each at a name and type of its own (a "slot"):
//   @ A / @ AAAA       every address of its server, by version;
//   www CNAME          the domain itself;
//   mail A / mail AAAA the same addresses, and @ MX 10 mail.<domain>, when the panel serves mail
//                      (cPanel, DirectAdmin, the sandbox; not the site builder).
//
// A zone's record in one of these slots is the account's when provisioning could have written
// it: an address of any panel server (or of the server's addresses before staff changed them),
// the CNAME to the domain, the MX to mail.<domain>. Any other record is the owner's. Merging:
// - a slot holding the account's records gets the account's records now, beside any of the
//   owner's there (an owner who mixes in an address of their own keeps it);
// - a slot holding only the owner's records is left alone, and said so: the owner chose where
//   that name goes, and an address added beside theirs would send half the visitors elsewhere;
// - www's CNAME is not written beside any record of the owner's at www, nor mail's addresses
//   beside the owner's CNAME at mail: a CNAME stands alone at its name (RFC 1034 §3.6.2); and
//   then no MX to mail.<domain> either, as an MX never names an alias (RFC 2181 §10.3);
// - a record outside these slots is never touched.
// A slot keeps the TTL it has (one TTL per name and type, RFC 2181 §5.2); a new one gets an hour.

export const HOSTING_TTL_SECONDS = 3600;

/** What the zone is pointed at: a site account's server. */
export interface HostingTarget {
  addresses: readonly string[];
  servesMail: boolean;
}

const SLOTS: ReadonlyArray<readonly [string, DnsRecordType]> = [
  ['@', 'A'],
  ['@', 'AAAA'],
  ['www', 'CNAME'],
  ['mail', 'A'],
  ['mail', 'AAAA'],
  ['@', 'MX'],
];

const slotKey = (name: string, type: string) => `${name} ${type}`;

/** The records a site account on `target` puts in `zone` (its A-label form). */
export function hostingRecordsFor(zone: string, target: HostingTarget): DnsRecord[] {
  const read = target.addresses
    .map((address) => readIpAddress(address))
    .filter((address) => address !== null);
  const addressRecords = (name: string) =>
    read.map(
      (address): DnsRecord => ({
        name,
        type: address.version === 4 ? 'A' : 'AAAA',
        ttl: HOSTING_TTL_SECONDS,
        content: address.canonical,
      }),
    );
  if (read.length === 0) return [];
  return [
    ...addressRecords('@'),
    { name: 'www', type: 'CNAME', ttl: HOSTING_TTL_SECONDS, content: zone },
    ...(target.servesMail
      ? [
          ...addressRecords('mail'),
          { name: '@', type: 'MX' as const, ttl: HOSTING_TTL_SECONDS, content: `10 mail.${zone}` },
        ]
      : []),
  ];
}

/** Whether `record` is one provisioning could have written into `zone` for an account. */
function writtenForHosting(
  zone: string,
  record: DnsRecord,
  knownAddresses: ReadonlySet<string>,
): boolean {
  switch (record.type) {
    case 'A':
    case 'AAAA': {
      if (record.name !== '@' && record.name !== 'mail') return false;
      const address = readIpAddress(record.content);
      return address !== null && knownAddresses.has(address.canonical);
    }
    case 'CNAME':
      return record.name === 'www' && record.content === zone;
    case 'MX':
      return record.name === '@' && record.content === `10 mail.${zone}`;
    default:
      return false;
  }
}

export interface HostingMerge {
  /** The zone's whole record set after the merge, in the zone's order. */
  records: DnsRecord[];
  /** Whether it differs from what the zone holds. */
  changed: boolean;
  /** The slots left to the owner's records, as `www CNAME`. */
  leftAlone: string[];
}

const recordKey = (record: DnsRecord) =>
  `${record.name} ${record.type} ${record.ttl} ${record.content}`;

/**
 * `current` (the zone's records, canonical) with the account's `wanted` records merged in, as
 * the rules above say. `knownAddresses` are the addresses provisioning may have written before:
 * every panel server's, and a server's before staff changed them (canonical forms).
 */
export function mergeHostingRecords(
  zone: string,
  current: readonly DnsRecord[],
  wanted: readonly DnsRecord[],
  knownAddresses: ReadonlySet<string>,
): HostingMerge {
  const ours = (record: DnsRecord) => writtenForHosting(zone, record, knownAddresses);
  const ownersTypesAt = (name: string) =>
    new Set(current.filter((record) => record.name === name && !ours(record)).map((r) => r.type));
  const ownersAtWww = ownersTypesAt('www');
  const ownersAtMail = ownersTypesAt('mail');

  const replacements = new Map<string, DnsRecord[]>();
  const leftAlone: string[] = [];
  for (const [name, type] of SLOTS) {
    const key = slotKey(name, type);
    const existing = current.filter((record) => record.name === name && record.type === type);
    const theirs = existing.filter((record) => !ours(record));
    const mine = existing.filter(ours);
    const want = wanted.filter((record) => record.name === name && record.type === type);
    const blocked =
      (type === 'CNAME' && ownersAtWww.size > 0) ||
      // An MX names a host, never an alias (RFC 2181 §10.3): mail.<domain> must be an address.
      ((name === 'mail' || type === 'MX') && ownersAtMail.has('CNAME')) ||
      (theirs.length > 0 && mine.length === 0);
    if (blocked) {
      if (want.length > 0) leftAlone.push(key);
      continue;
    }
    const ttl = (theirs[0] ?? mine[0])?.ttl ?? HOSTING_TTL_SECONDS;
    replacements.set(key, [...theirs, ...want.map((record) => ({ ...record, ttl }))]);
  }

  // Each rewritten slot takes the place of its first record; a new one goes at the end.
  const records: DnsRecord[] = [];
  const placed = new Set<string>();
  for (const record of current) {
    const key = slotKey(record.name, record.type);
    const replacement = replacements.get(key);
    if (!replacement) {
      records.push(record);
      continue;
    }
    if (placed.has(key)) continue;
    placed.add(key);
    records.push(...replacement);
  }
  for (const [key, replacement] of replacements) {
    if (!placed.has(key)) records.push(...replacement);
  }

  const before = current.map(recordKey).sort();
  const after = records.map(recordKey).sort();
  const changed = before.length !== after.length || before.some((key, i) => key !== after[i]);
  return { records, changed, leftAlone };
}
