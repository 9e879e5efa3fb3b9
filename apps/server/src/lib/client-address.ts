import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/**
 * TRUST_PROXY: which hops in front of the server may report the client's address in
 * `X-Forwarded-For`: none (`false`), the number of proxies, or their addresses and CIDRs.
 */
export type TrustProxySetting = false | number | string[];

/** Whether the address `hop` steps from the server (0: the socket's peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The trust rule for a setting, in the form Fastify's `trustProxy` takes. Throws a TypeError
 * naming the first address that is not an IP or CIDR.
 */
export function compileProxyTrust(setting: TrustProxySetting): ProxyTrust | false {
  if (setting === false || setting === 0) return false;
  // Fastify ≥ 5.12.1 ignores a bare number (it trusts no hop then), so the count is passed as
  // a function. It cannot check who the nearest hop is: the port must be reachable only
  // through the proxies (README.md, "Behind a proxy").
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The client's address by Fastify's rule for `request.ip`: walking `X-Forwarded-For` from the
 * right, the first hop that is not a trusted proxy; never an entry the client could write.
 */
export function clientAddressOf(request: IncomingMessage, trust: ProxyTrust | false): string {
  if (!trust) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is (an IPv4-mapped
 * IPv6 one as its IPv4), an IPv6 address by its /64. One subscriber holds a whole /64, so
 * counting single IPv6 addresses would let anyone choose a fresh bucket per request.
 */
export function rateLimitKeyOf(address: string | null | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
