import { describe, expect, test } from 'bun:test';
import { addressVerdict } from './addressVerdict.ts';
import { DEFAULT_OUTBOUND_POLICY, outboundPolicy, parseFetchAllow, type AllowedPorts, type OutboundPolicy } from './outboundPolicy.ts';

const policyOf = (text: string): OutboundPolicy => {
  const parsed = parseFetchAllow(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.policy;
};

describe('HOUSE_FETCH_ALLOW', () => {
  test('unset or blank lets nothing but public addresses through', () => {
    expect(parseFetchAllow(undefined)).toEqual({ ok: true, policy: DEFAULT_OUTBOUND_POLICY });
    expect(parseFetchAllow(' , ')).toEqual({ ok: true, policy: DEFAULT_OUTBOUND_POLICY });
    expect(outboundPolicy({})).toEqual({ policy: DEFAULT_OUTBOUND_POLICY, problem: null });
  });

  test('hosts, addresses and CIDR ranges, IPv4 and IPv6, comma-separated', () => {
    const policy = policyOf(' Images.Corp.Example. , 127.0.0.1,10.0.0.0/8, [fd00::]/8, 2001:db8::7, ::ffff:192.168.0.0/112 ');
    expect([...policy.hosts.keys()]).toEqual(['images.corp.example']);
    expect(policy.ranges.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual(['127.0.0.1/32', '10.0.0.0/8', 'fd00::/8', '2001:db8::7/128', '192.168.0.0/16']);
    const https = { port: 443 };
    expect(addressVerdict('127.0.0.1', policy, https)).toEqual({ allowed: true, address: '127.0.0.1' });
    expect(addressVerdict('127.0.0.2', policy, https).allowed).toBe(false);
    expect(addressVerdict('10.200.3.4', policy, https).allowed).toBe(true);
    expect(addressVerdict('fd12::1', policy, https).allowed).toBe(true);
    expect(addressVerdict('192.168.7.7', policy, https).allowed).toBe(true);
    expect(addressVerdict('192.169.0.0', policy, https).allowed).toBe(true);
  });

  test('an entry carries its port (`:8080`), every port (`:*`) or none (80 and 443); a bare IPv6 address has none', () => {
    const policy = policyOf('127.0.0.1:8080, 127.0.0.1:9090, Agent.Lan:7000, agent.lan, [::1]:8080, [fd00::]/8:*, 10.0.0.0/8:5432, 2001:db8::7:80');
    const ports = (p: AllowedPorts | undefined) => (p === 'any' || p === undefined ? p : [...p].sort((a, b) => a - b));
    expect(ports(policy.hosts.get('agent.lan'))).toEqual([80, 443, 7000]);
    expect(policy.ranges.map(([ip, bits, p]) => [`${ip.toString()}/${bits}`, ports(p)])).toEqual([
      ['127.0.0.1/32', [8080]],
      ['127.0.0.1/32', [9090]],
      ['::1/128', [8080]],
      ['fd00::/8', 'any'],
      ['10.0.0.0/8', [5432]],
      ['2001:db8::7:80/128', [80, 443]],
    ]);
    expect(policyOf('intranet:*').hosts.get('intranet')).toBe('any');
    for (const bad of ['127.0.0.1:0', '127.0.0.1:65536', '127.0.0.1:', 'x.org:http', '[x.org]:80', '::1]:80', '127.0.0.1:80:80']) expect(parseFetchAllow(bad).ok).toBe(false);
  });

  test('an entry that is not a host, an address or a range is refused in one line naming it', () => {
    for (const bad of ['images example', '127.1', '0x7f.0.0.1', '2130706433', '10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/8/8', 'fd00::/129', 'fe80::1%eth0', '*.example.org', 'a..b', 'http://x.org', 'x.org:99999', `${'a'.repeat(64)}.org`, '1.2.3.4.5']) {
      const parsed = parseFetchAllow(`images.example.org, ${bad}`);
      expect(parsed.ok).toBe(false);
      const error = (parsed as { error: string }).error;
      expect(error).toStartWith('HOUSE_FETCH_ALLOW: ');
      expect(error).toContain('is not a host name, an IP address or a CIDR range, with a port or none');
      expect(error).not.toContain('\n');
    }
  });

  test('bounded: at most 64 entries and 4,096 characters', () => {
    const many = Array.from({ length: 65 }, (_, i) => `h${i}.example.org`).join(',');
    expect(parseFetchAllow(many)).toEqual({ ok: false, error: 'HOUSE_FETCH_ALLOW lists more than 64 entries' });
    expect(parseFetchAllow(`${'a'.repeat(4097)}`)).toEqual({ ok: false, error: 'HOUSE_FETCH_ALLOW is over 4096 characters' });
    expect(policyOf(Array.from({ length: 64 }, (_, i) => `h${i}.example.org`).join(',')).hosts.size).toBe(64);
  });

  test('names Object.prototype has are hosts in a Set, nothing more', () => {
    const policy = policyOf('__proto__, constructor.example, hasownproperty.example');
    expect(policy.hosts.has('__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('from the environment: an unreadable list lets nothing extra through and says why', () => {
    const { policy, problem } = outboundPolicy({ HOUSE_FETCH_ALLOW: '127.0.0.1, not a host' });
    expect(policy).toBe(DEFAULT_OUTBOUND_POLICY);
    expect(problem).toBe('HOUSE_FETCH_ALLOW: "not a host" is not a host name, an IP address or a CIDR range, with a port or none (for example images.example.org, 127.0.0.1:8080, [::1]:8080, 10.0.0.0/8:* or 2001:db8::7; without a port, 80 and 443); nothing but public addresses is fetched');
    expect(addressVerdict('127.0.0.1', policy, { port: 80 }).allowed).toBe(false);
    expect(addressVerdict('127.0.0.1', outboundPolicy({ HOUSE_FETCH_ALLOW: '127.0.0.1' }).policy, { port: 80 }).allowed).toBe(true);
  });
});
