import ipaddr from 'ipaddr.js';
import { z } from 'zod';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * What the House may fetch from besides the public internet (`HOUSE_FETCH_ALLOW`).
 * Everything else that is not a public address is refused: loopback, private,
 * link-local, carrier-grade NAT, multicast, unspecified, broadcast, reserved,
 * IPv6 unique local, local names and cloud metadata (`addressVerdict`,
 * `hostVerdict`); `guardedFetch` applies it to every request and every redirect.
 */
export interface OutboundPolicy {
  /** Host names let through whatever they resolve to (lower case, no trailing dot), cloud metadata addresses still excepted. */
  readonly hosts: ReadonlySet<string>;
  /** Addresses (as a /32 or /128) and CIDR ranges let through; a metadata address only by itself, never inside a wider range. */
  readonly ranges: ReadonlyArray<readonly [IpAddress, number]>;
}

/** Nothing but public addresses. */
export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({ hosts: new Set<string>(), ranges: [] });

const MAX_TEXT = 4096;
const MAX_ENTRIES = 64;
const EXAMPLES = 'for example images.example.org, 203.0.113.7, 2001:db8::7 or 10.0.0.0/8';

/** A DNS name: letters, digits, hyphens and underscores in labels of at most 63, at most 253 in all. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;
/** A last label a URL parser reads as a number (so the host is an IPv4 address in some spelling, never a name). */
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|[0-9]+)$/;

type Entry = { host: string } | { range: readonly [IpAddress, number] };

/** One entry of the list, strictly: four-part decimal IPv4, IPv6 (brackets allowed), either with /bits, or a host name. */
function entryOf(raw: string): Entry | null {
  const text = raw.trim().toLowerCase();
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
    if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() && bits >= 96) return { range: [ip.toIPv4Address(), bits - 96] };
    return { range: [ip, bits] };
  }
  if (slash !== -1) return null;
  const name = bare.endsWith('.') ? bare.slice(0, -1) : bare;
  return HOST_NAME.test(name) && !NUMERIC_LAST_LABEL.test(name) ? { host: name } : null;
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
          if (!parsed) ctx.addIssue({ code: 'custom', message: `HOUSE_FETCH_ALLOW: ${shown(entry)} is not a host name, an IP address or a CIDR range (${EXAMPLES})` });
          return parsed ?? { host: '' };
        }),
      )
      .max(MAX_ENTRIES, `HOUSE_FETCH_ALLOW lists more than ${MAX_ENTRIES} entries`),
  );

/** `HOUSE_FETCH_ALLOW` (hosts or CIDRs, comma-separated) as a policy, or the first reason it cannot be used, in one line. */
export function parseFetchAllow(text: string | undefined): { ok: true; policy: OutboundPolicy } | { ok: false; error: string } {
  if (!text?.trim()) return { ok: true, policy: DEFAULT_OUTBOUND_POLICY };
  const parsed = allowSchema.safeParse(text);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'HOUSE_FETCH_ALLOW cannot be read' };
  const hosts = new Set<string>();
  const ranges: Array<readonly [IpAddress, number]> = [];
  for (const entry of parsed.data) {
    if ('host' in entry) hosts.add(entry.host);
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
