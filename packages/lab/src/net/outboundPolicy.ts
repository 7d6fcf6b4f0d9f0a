import ipaddr from 'ipaddr.js';
import { z } from 'zod';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The ports an entry lets through: every one (`:*`), or a set (`:8080`; no port given: 80 and 443, the web's own). */
export type AllowedPorts = 'any' | ReadonlySet<number>;

/** What an entry without a port lets through: the ports a URL without one uses. */
export const WEB_PORTS: ReadonlySet<number> = Object.freeze(new Set([80, 443]));

/**
 * What the House may fetch from besides the public internet (`HOUSE_FETCH_ALLOW`).
 * Everything else that is not a public address is refused: loopback, private,
 * link-local, carrier-grade NAT, multicast, unspecified, broadcast, reserved,
 * IPv6 unique local, local names and cloud metadata (`addressVerdict`,
 * `hostVerdict`); `guardedFetch` applies it to every request and every redirect.
 */
export interface OutboundPolicy {
  /** Host names let through on their ports whatever they resolve to (lower case, no trailing dot), cloud metadata addresses still excepted. */
  readonly hosts: ReadonlyMap<string, AllowedPorts>;
  /** Addresses (as a /32 or /128) and CIDR ranges let through on their ports; a metadata address only by itself, never inside a wider range. */
  readonly ranges: ReadonlyArray<readonly [IpAddress, number, AllowedPorts]>;
}

/** Nothing but public addresses. */
export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({ hosts: new Map<string, AllowedPorts>(), ranges: [] });

/** Whether `ports` lets `port` through. */
export const portAllowed = (ports: AllowedPorts, port: number): boolean => ports === 'any' || ports.has(port);

/** The port a URL connects to: its own, else its scheme's (80, 443). */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

const MAX_TEXT = 4096;
const MAX_ENTRIES = 64;
const EXAMPLES = 'for example images.example.org, 127.0.0.1:8080, [::1]:8080, 10.0.0.0/8:* or 2001:db8::7; without a port, 80 and 443';

/** A DNS name: letters, digits, hyphens and underscores in labels of at most 63, at most 253 in all. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;
/** A last label a URL parser reads as a number (so the host is an IPv4 address in some spelling, never a name). */
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|[0-9]+)$/;

type Entry = { host: string; ports: AllowedPorts } | { range: readonly [IpAddress, number, AllowedPorts] };

/** A port suffix: `:8080` or `:*`, after a name, an IPv4 address or range, or an IPv6 one in brackets (a bare IPv6 address has no port). */
const PORT_SUFFIX = /^(.*[^:]):([0-9]{1,5}|\*)$/;

/** `text` and its ports: those it names, or 80 and 443 when it names none; null for a port out of range. */
function splitPort(text: string): { head: string; ports: AllowedPorts } | null {
  const found = PORT_SUFFIX.exec(text);
  const before = found?.[1];
  if (!found || before === undefined || (before.includes(':') && !/\](?:\/[0-9]{1,3})?$/.test(before))) return { head: text, ports: WEB_PORTS };
  if (found[2] === '*') return { head: before, ports: 'any' };
  const port = Number(found[2]);
  return port >= 1 && port <= 65_535 ? { head: before, ports: new Set([port]) } : null;
}

/**
 * One entry of the list, strictly: four-part decimal IPv4, IPv6 (brackets
 * allowed), either with /bits, or a host name; each with `:port` or `:*`
 * after it (an IPv6 address in brackets), else ports 80 and 443.
 */
function entryOf(raw: string): Entry | null {
  const split = splitPort(raw.trim().toLowerCase());
  if (!split) return null;
  const { head: text, ports } = split;
  const slash = text.indexOf('/');
  const head = slash === -1 ? text : text.slice(0, slash);
  const bare = head.startsWith('[') && head.endsWith(']') ? head.slice(1, -1) : head;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare) || (ipaddr.IPv6.isValid(bare) && !bare.includes('%'))) {
    const ip: IpAddress = ipaddr.parse(bare);
    const max = ip.kind() === 'ipv4' ? 32 : 128;
    const suffix = slash === -1 ? String(max) : text.slice(slash + 1);
    const bits = /^[0-9]{1,3}$/.test(suffix) ? Number(suffix) : NaN;
    if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
    // ::ffff:10.0.0.0/104 is 10.0.0.0/8: mapped addresses are judged as the IPv4 they carry.
    if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() && bits >= 96) return { range: [ip.toIPv4Address(), bits - 96, ports] };
    return { range: [ip, bits, ports] };
  }
  if (slash !== -1 || head !== bare) return null;
  const name = bare.endsWith('.') ? bare.slice(0, -1) : bare;
  return HOST_NAME.test(name) && !NUMERIC_LAST_LABEL.test(name) ? { host: name, ports } : null;
}

const shown = (entry: string): string => JSON.stringify(entry.length > 80 ? `${entry.slice(0, 80)}...` : entry);

const allowSchema = z
  .string()
  .max(MAX_TEXT, `HOUSE_FETCH_ALLOW is over ${MAX_TEXT} characters`)
  .transform((text) => text.split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0))
  .pipe(
    z
      .array(
        z.string().transform((entry, ctx): Entry => {
          const parsed = entryOf(entry);
          if (!parsed) ctx.addIssue({ code: 'custom', message: `HOUSE_FETCH_ALLOW: ${shown(entry)} is not a host name, an IP address or a CIDR range, with a port or none (${EXAMPLES})` });
          return parsed ?? { host: '', ports: WEB_PORTS };
        }),
      )
      .max(MAX_ENTRIES, `HOUSE_FETCH_ALLOW lists more than ${MAX_ENTRIES} entries`),
  );

/** Both entries' ports together. */
function unitePorts(a: AllowedPorts | undefined, b: AllowedPorts): AllowedPorts {
  if (a === undefined) return b;
  if (a === 'any' || b === 'any') return 'any';
  return new Set([...a, ...b]);
}

/**
 * `HOUSE_FETCH_ALLOW` (hosts, addresses or CIDRs, each with a port, `:*` or
 * none, comma-separated) as a policy, or the first reason it cannot be used,
 * in one line. An entry without a port lets through 80 and 443 only: a
 * local agent on another port is listed with it (`127.0.0.1:8080`).
 */
export function parseFetchAllow(text: string | undefined): { ok: true; policy: OutboundPolicy } | { ok: false; error: string } {
  if (!text?.trim()) return { ok: true, policy: DEFAULT_OUTBOUND_POLICY };
  const parsed = allowSchema.safeParse(text);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'HOUSE_FETCH_ALLOW cannot be read' };
  const hosts = new Map<string, AllowedPorts>();
  const ranges: Array<readonly [IpAddress, number, AllowedPorts]> = [];
  for (const entry of parsed.data) {
    if ('host' in entry) hosts.set(entry.host, unitePorts(hosts.get(entry.host), entry.ports));
    else ranges.push(entry.range);
  }
  return { ok: true, policy: Object.freeze({ hosts, ranges }) };
}

let memo: { text: string | undefined; result: { policy: OutboundPolicy; problem: string | null } } | null = null;

/**
 * The House's policy from its environment. A `HOUSE_FETCH_ALLOW` that cannot
 * be read lets nothing extra through (the default policy) and says why in
 * `problem`, one line, for the host log or a refusal to start.
 */
export function outboundPolicy(env: Readonly<Record<string, string | undefined>> = process.env): { policy: OutboundPolicy; problem: string | null } {
  const text = env.HOUSE_FETCH_ALLOW;
  if (memo && memo.text === text) return memo.result;
  const parsed = parseFetchAllow(text);
  const result = parsed.ok ? { policy: parsed.policy, problem: null } : { policy: DEFAULT_OUTBOUND_POLICY, problem: `${parsed.error}; nothing but public addresses is fetched` };
  memo = { text, result };
  return result;
}
