import { addressVerdict, parseAddress } from './addressVerdict.ts';
import { portAllowed, type OutboundPolicy } from './outboundPolicy.ts';

/**
 * What to do with a URL's host before any connection: connect to an address
 * (an IP literal, checked), resolve a name (then check every address it has),
 * or refuse.
 */
export type HostVerdict =
  | { kind: 'address'; address: string }
  | { kind: 'name'; name: string; listed: boolean }
  | { kind: 'refused'; why: string };

/** Names that mean this machine, its network or its cloud's metadata service, refused without asking DNS. */
const LOCAL_NAMES: ReadonlyMap<string, string> = new Map([
  ['metadata.google.internal', 'the cloud metadata name (Google Cloud)'],
  ['metadata.goog', 'the cloud metadata name (Google Cloud)'],
  ['instance-data.ec2.internal', 'the cloud metadata name (AWS)'],
]);
/** Suffixes reserved for local use: RFC 6761's localhost, mDNS's local, ICANN's internal, RFC 8375's home.arpa. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa'];

/** Letters, digits, hyphens, underscores and dots: what a URL parser leaves of a name (IDNs as punycode). */
const NAME = /^[a-z0-9_.-]{1,253}$/;
/** A last label a URL parser or a resolver reads as a number: an address in a spelling not parsed above, never a name. */
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|[0-9]+)$/;

const show = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

/**
 * `hostname` as a URL has it (`new URL(...).hostname`: IPv4 in any spelling
 * already made dotted decimal, IPv6 in brackets), judged under `policy`. An IP
 * address is judged here (`addressVerdict`); a name HOUSE_FETCH_ALLOW lists
 * is resolved and let through; a name without a dot (reached through the
 * machine's search domains), one under localhost, local, internal or
 * home.arpa, or a metadata name is refused; any other name is resolved, and
 * every address it has must pass. `port` is the one the URL connects to: a
 * listing lets a host or address through on its own ports only (not given,
 * only on an entry for every port).
 */
export function hostVerdict(hostname: string, policy: OutboundPolicy, port?: number): HostVerdict {
  const lower = hostname.toLowerCase();
  const bare = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  // A trailing dot is the same host (127.0.0.1., localhost.).
  const host = bare.endsWith('.') ? bare.slice(0, -1) : bare;
  if (parseAddress(host) || parseAddress(bare)) {
    const verdict = addressVerdict(parseAddress(host) ? host : bare, policy, port === undefined ? {} : { port });
    return verdict.allowed ? { kind: 'address', address: verdict.address } : { kind: 'refused', why: verdict.why };
  }
  if (!NAME.test(host) || host.split('.').some((label) => label.length === 0 || label.length > 63)) return { kind: 'refused', why: `${show(hostname)} is not a host name` };
  if (NUMERIC_LAST_LABEL.test(host)) return { kind: 'refused', why: `${show(hostname)} is neither a host name nor an address` };
  const ports = policy.hosts.get(host);
  if (ports !== undefined && (port === undefined ? ports === 'any' : portAllowed(ports, port))) return { kind: 'name', name: host, listed: true };
  const local = LOCAL_NAMES.get(host);
  if (local !== undefined) return { kind: 'refused', why: `${host} is ${local}` };
  const suffix = LOCAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix !== undefined) return { kind: 'refused', why: `${host} is under .${suffix}, a name for local use` };
  if (!host.includes('.')) return { kind: 'refused', why: `${host} is a name without a dot (this machine or its local network)` };
  return { kind: 'name', name: host, listed: false };
}
