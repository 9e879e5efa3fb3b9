// IP addresses as staff type them for a panel server (issue 38): the IPv4 and IPv6 addresses its
// accounts' sites answer on, which provisioning writes into a hosted domain's zone. Pure, so the
// console's form and the server read an address the same way.
//
// An address is sorted into one of three scopes by the IANA special-purpose registries (RFC 6890
// and its updates):
// - `public`: reachable from the internet; what a real server's sites answer on;
// - `documentation`: reserved for examples (RFC 5737's three TEST-NETs, RFC 3849's 2001:db8::/32,
//   RFC 9637's 3fff::/20). Nothing answers there, so only the built-in sandbox panel, whose
//   accounts exist nowhere on the internet, may name them;
// - `special`: private, loopback, link-local, shared, multicast, reserved and the like. No
//   visitor reaches a site there; never a server's address.

export type AddressScope = 'public' | 'documentation' | 'special';

export interface ReadAddress {
  version: 4 | 6;
  /** IPv4 dotted; IPv6 in RFC 5952's text form (lower case, the longest run of zeros cut). */
  canonical: string;
  scope: AddressScope;
}

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);

/** [first address, prefix length] of IPv4 blocks that are not reached from the internet. */
const IPV4_SPECIAL: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network" (RFC 791)
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space, carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (RFC 3927)
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments (RFC 6890)
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated (RFC 7526)
  ['192.168.0.0', 16], // private (RFC 1918)
  ['198.18.0.0', 15], // benchmarking (RFC 2544)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];
const IPV4_DOCUMENTATION: ReadonlyArray<readonly [string, number]> = [
  ['192.0.2.0', 24], // TEST-NET-1 (RFC 5737)
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function inIpv4Block(address: number, [first, prefix]: readonly [string, number]): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) === Math.floor(ipv4Number(first) / size);
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [index, piece] of pieces.entries()) {
      // An embedded IPv4 address (`::ffff:192.0.2.1`) is the last two groups.
      if (index === pieces.length - 1 && piece.includes('.')) {
        if (!IPV4.test(piece)) return null;
        const value = ipv4Number(piece);
        groups.push(Math.floor(value / 65_536), value % 65_536);
        continue;
      }
      if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
      groups.push(Number.parseInt(piece, 16));
    }
    return groups;
  };
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  // `::` stands for at least one group of zeros.
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** RFC 5952 §4: lower case, no leading zeros, the longest run of two or more zero groups cut. */
function ipv6Text(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length; start += 1) {
    let length = 0;
    while (groups[start + length] === 0) length += 1;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
    start += length;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function ipv6Scope(groups: readonly number[]): AddressScope {
  const [first = 0, second = 0] = groups;
  // 2001:db8::/32 (RFC 3849) and 3fff::/20 (RFC 9637).
  if ((first === 0x2001 && second === 0x0db8) || first >> 4 === 0x3ff) return 'documentation';
  // Global unicast is 2000::/3; inside it, 2001::/23 holds the IETF's protocol assignments
  // (Teredo, benchmarking, ORCHID) and 2002::/16 is 6to4: none is a server's own address.
  if (first >> 13 !== 0b001) return 'special';
  if ((first === 0x2001 && second < 0x0200) || first === 0x2002) return 'special';
  return 'public';
}

/** The address read, with its scope; null when the text is no IPv4 or IPv6 address. */
export function readIpAddress(text: string): ReadAddress | null {
  const trimmed = text.trim();
  if (IPV4.test(trimmed)) {
    const value = ipv4Number(trimmed);
    const scope = IPV4_DOCUMENTATION.some((block) => inIpv4Block(value, block))
      ? 'documentation'
      : IPV4_SPECIAL.some((block) => inIpv4Block(value, block))
        ? 'special'
        : 'public';
    return { version: 4, canonical: trimmed, scope };
  }
  // A zone index (`fe80::1%eth0`) belongs to a link, never to a server's public address.
  if (!trimmed.includes(':') || trimmed.includes('%')) return null;
  const groups = ipv6Groups(trimmed);
  if (!groups) return null;
  return { version: 6, canonical: ipv6Text(groups), scope: ipv6Scope(groups) };
}

/** A server's addresses at most: enough for a few IPv4 and IPv6 addresses, not a block. */
export const SERVER_ADDRESSES_MAX = 8;

export const IP_ADDRESS_PROBLEMS = {
  invalid: 'نشانی IPv4 یا IPv6 درست نیست',
  special: 'این نشانی خصوصی یا رزروشده است و از اینترنت به آن نمی‌رسند',
  documentation: 'این نشانی برای مثال در مستندات رزرو شده است؛ فقط پنل آزمایشی داخلی آن را می‌پذیرد',
  duplicate: 'نشانی تکراری است',
  tooMany: 'حداکثر هشت نشانی',
} as const;
