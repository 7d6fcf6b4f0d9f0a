import ipaddr from 'ipaddr.js';
import { portAllowed, type IpAddress, type OutboundPolicy } from './outboundPolicy.ts';

/** Whether the House may connect to an address, and the address to connect to (IPv4 dotted, IPv6 compressed, no brackets). */
export type AddressVerdict = { allowed: true; address: string } | { allowed: false; why: string };

/**
 * Cloud metadata and host-agent addresses: refused unless HOUSE_FETCH_ALLOW
 * lists the address itself (a wider range that holds one does not let it through).
 */
const METADATA: ReadonlyMap<string, string> = new Map([
  ['169.254.169.254', 'the cloud metadata address (AWS, Google Cloud, Azure, others)'],
  ['169.254.170.2', 'the container credentials address (AWS ECS)'],
  ['fd00:ec2::254', "AWS's IPv6 metadata address"],
  ['100.100.100.200', "Alibaba Cloud's metadata address"],
  ['192.0.0.192', "Oracle Cloud's metadata address"],
  ['168.63.129.16', "Azure's host agent address (WireServer)"],
]);

const IPV4_RANGES: ReadonlyMap<string, string> = new Map([
  ['unspecified', 'unspecified (0.0.0.0/8)'],
  ['broadcast', 'the broadcast address'],
  ['multicast', 'multicast (224.0.0.0/4)'],
  ['linkLocal', 'link-local (169.254.0.0/16)'],
  ['loopback', 'loopback (127.0.0.0/8)'],
  ['carrierGradeNat', 'carrier-grade NAT (100.64.0.0/10)'],
  ['private', 'private (RFC 1918)'],
  ['reserved', 'reserved (IETF, documentation, benchmarking or future use)'],
]);

const IPV6_RANGES: ReadonlyMap<string, string> = new Map([
  ['unspecified', 'unspecified (::)'],
  ['loopback', 'loopback (::1)'],
  ['linkLocal', 'link-local (fe80::/10)'],
  ['multicast', 'multicast (ff00::/8)'],
  ['uniqueLocal', 'unique local (fc00::/7)'],
  ['deprecatedSiteLocal', 'site-local (fec0::/10)'],
  ['rfc6145', 'IPv4-translated (::ffff:0:0:0/96)'],
  ['rfc6052', 'NAT64 local-use (64:ff9b:1::/48)'],
  ['6to4', '6to4 (2002::/16), which carries an IPv4 address'],
  ['teredo', 'Teredo (2001::/32), which carries an IPv4 address'],
  ['reserved', 'reserved (documentation)'],
]);

const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');
const NAT64 = ipaddr.IPv6.parse('64:ff9b::');
const ZERO = ipaddr.IPv6.parse('::');

/** An IP address in any spelling a URL or a resolver may hand over (brackets, decimal, octal, hex, short IPv4 forms), or null. */
export function parseAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // ipaddr.js reads the deprecated ::a.b.c.d as ::ffff:a.b.c.d; it is ::/96, IPv4-compatible (as URLs and inet_ntop have it).
  const compatible = /^::([0-9.]+)$/.exec(bare);
  if (compatible && ipaddr.IPv4.isValidFourPartDecimal(compatible[1]!)) {
    const [a, b, c, d] = ipaddr.IPv4.parse(compatible[1]!).octets as [number, number, number, number];
    return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
  }
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  if (ipaddr.IPv4.isValid(bare)) return ipaddr.IPv4.parse(bare);
  return null;
}

const canonical = (ip: IpAddress): string => (ip instanceof ipaddr.IPv6 ? ip.toRFC5952String() : ip.toString());

const show = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

/** Whether HOUSE_FETCH_ALLOW lists `ip` (itself when `exactly`) for `port`; a port not known matches only an entry for every port. */
function listed(policy: OutboundPolicy, ip: IpAddress, exactly: boolean, port: number | null): boolean {
  const max = ip.kind() === 'ipv4' ? 32 : 128;
  return policy.ranges.some(([net, bits, ports]) => net.kind() === ip.kind() && (!exactly || bits === max) && ip.match(net, bits) && (port === null ? ports === 'any' : portAllowed(ports, port)));
}

/** The IPv4 address in the last 32 bits of an IPv6 one. */
function lastIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const [hi, lo] = [ip.parts[6]!, ip.parts[7]!];
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/** Why the House does not connect to `ip`, or null when it may. */
function problemOf(ip: IpAddress, policy: OutboundPolicy, hostListed: boolean, port: number | null): string | null {
  const metadata = METADATA.get(canonical(ip));
  if (metadata !== undefined) return listed(policy, ip, true, port) ? null : metadata;
  if (hostListed || listed(policy, ip, false, port)) return null;
  if (ip instanceof ipaddr.IPv4) {
    const range = ip.range();
    return range === 'unicast' ? null : (IPV4_RANGES.get(range) ?? `special-purpose (${range})`);
  }
  // NAT64's well-known prefix reaches the IPv4 address it carries: that address is judged.
  if (ip.match(NAT64, 96)) {
    const inner = lastIPv4(ip);
    const problem = problemOf(inner, policy, false, port);
    return problem ? `a NAT64 address of ${inner.toString()}, which is ${problem}` : null;
  }
  const range = ip.range();
  if (range !== 'unicast') return IPV6_RANGES.get(range) ?? `special-purpose (${range})`;
  if (ip.match(GLOBAL_UNICAST, 3)) return null;
  return ip.match(ZERO, 96) ? `IPv4-compatible (::/96), carrying ${lastIPv4(ip).toString()}` : 'outside global unicast (2000::/3)';
}

/**
 * Whether the House may connect to `text` under `policy`: a public address,
 * or one HOUSE_FETCH_ALLOW lets through. Refused by default: loopback,
 * private, link-local, carrier-grade NAT, multicast, unspecified, broadcast,
 * reserved, IPv6 unique local and anything outside 2000::/3, and cloud
 * metadata addresses, in any spelling; an IPv4-mapped IPv6 address is judged
 * (and connected to) as the IPv4 address it maps, a NAT64 one by the IPv4
 * address it carries. `hostListed`: the address is what a host name that
 * HOUSE_FETCH_ALLOW lists resolved to, so only metadata addresses are refused.
 * `port`: the port to connect to, which the entry that lists the address
 * must allow (an entry without a port allows 80 and 443); not given, only an
 * entry for every port (`:*`) lists it.
 */
export function addressVerdict(text: string, policy: OutboundPolicy, opts: { hostListed?: boolean; port?: number } = {}): AddressVerdict {
  const parsed = parseAddress(text);
  if (!parsed) return { allowed: false, why: `${show(text)} is not an IP address` };
  if (parsed instanceof ipaddr.IPv6 && parsed.zoneId !== undefined) return { allowed: false, why: `${show(text)} is a scoped (interface-bound) address` };
  const ip = parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  const address = canonical(ip);
  const port = opts.port ?? null;
  const problem = problemOf(ip, policy, opts.hostListed ?? false, port);
  if (!problem) return { allowed: true, address };
  const everyPort: OutboundPolicy = { hosts: policy.hosts, ranges: policy.ranges.map(([net, bits]) => [net, bits, 'any'] as const) };
  const otherPorts = port !== null && problemOf(ip, everyPort, opts.hostListed ?? false, null) === null;
  return { allowed: false, why: `${address} is ${problem}${otherPorts ? ` (HOUSE_FETCH_ALLOW lists it for other ports than ${port})` : ''}` };
}
