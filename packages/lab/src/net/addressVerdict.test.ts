import { describe, expect, test } from 'bun:test';
import { addressVerdict } from './addressVerdict.ts';
import { DEFAULT_OUTBOUND_POLICY, parseFetchAllow, type OutboundPolicy } from './outboundPolicy.ts';

const policyOf = (text: string): OutboundPolicy => {
  const parsed = parseFetchAllow(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.policy;
};

const why = (address: string, policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY, port = 80): string => {
  const verdict = addressVerdict(address, policy, { port });
  return verdict.allowed ? `allowed ${verdict.address}` : verdict.why;
};

describe('which addresses the House connects to', () => {
  test('by default: loopback, private, link-local, CGNAT, multicast, unspecified, broadcast, reserved are refused', () => {
    expect(why('127.0.0.1')).toBe('127.0.0.1 is loopback (127.0.0.0/8)');
    expect(why('127.255.3.4')).toBe('127.255.3.4 is loopback (127.0.0.0/8)');
    expect(why('10.1.2.3')).toBe('10.1.2.3 is private (RFC 1918)');
    expect(why('172.16.0.1')).toBe('172.16.0.1 is private (RFC 1918)');
    expect(why('172.31.255.255')).toBe('172.31.255.255 is private (RFC 1918)');
    expect(why('192.168.1.1')).toBe('192.168.1.1 is private (RFC 1918)');
    expect(why('169.254.1.1')).toBe('169.254.1.1 is link-local (169.254.0.0/16)');
    expect(why('100.64.0.1')).toBe('100.64.0.1 is carrier-grade NAT (100.64.0.0/10)');
    expect(why('224.0.0.251')).toBe('224.0.0.251 is multicast (224.0.0.0/4)');
    expect(why('0.0.0.0')).toBe('0.0.0.0 is unspecified (0.0.0.0/8)');
    expect(why('255.255.255.255')).toBe('255.255.255.255 is the broadcast address');
    expect(why('192.0.2.10')).toBe('192.0.2.10 is reserved (IETF, documentation, benchmarking or future use)');
    expect(why('240.0.0.1')).toBe('240.0.0.1 is reserved (IETF, documentation, benchmarking or future use)');
  });

  test('IPv6: loopback, unspecified, link-local, unique local, multicast, anything outside 2000::/3 or carrying IPv4 is refused', () => {
    expect(why('::1')).toBe('::1 is loopback (::1)');
    expect(why('[::1]')).toBe('::1 is loopback (::1)');
    expect(why('::')).toBe(':: is unspecified (::)');
    expect(why('fe80::1')).toBe('fe80::1 is link-local (fe80::/10)');
    expect(why('fe80::1%eth0')).toBe('"fe80::1%eth0" is a scoped (interface-bound) address');
    expect(why('fc00::1')).toBe('fc00::1 is unique local (fc00::/7)');
    expect(why('fd12:3456::1')).toBe('fd12:3456::1 is unique local (fc00::/7)');
    expect(why('ff02::1')).toBe('ff02::1 is multicast (ff00::/8)');
    expect(why('2002:7f00:1::1')).toBe('2002:7f00:1::1 is 6to4 (2002::/16), which carries an IPv4 address');
    expect(why('2001::7f00:1')).toBe('2001::7f00:1 is Teredo (2001::/32), which carries an IPv4 address');
    expect(why('2001:db8::1')).toBe('2001:db8::1 is reserved (documentation)');
    expect(why('100::1')).toBe('100::1 is special-purpose (discard)');
    expect(why('4000::1')).toBe('4000::1 is outside global unicast (2000::/3)');
  });

  test('every spelling of an IPv4 address is the address it spells: decimal, octal, hex, short, mapped, compatible', () => {
    for (const spelling of ['2130706433', '0177.0.0.1', '0x7f.1', '0x7f000001', '017700000001', '127.1', '127.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:127.0.0.1]', '0:0:0:0:0:ffff:7f00:1']) {
      expect(why(spelling)).toBe('127.0.0.1 is loopback (127.0.0.0/8)');
    }
    expect(why('::127.0.0.1')).toBe('::7f00:1 is IPv4-compatible (::/96), carrying 127.0.0.1');
    expect(why('::a9fe:a9fe')).toBe('::a9fe:a9fe is IPv4-compatible (::/96), carrying 169.254.169.254');
    expect(why('::ffff:0:7f00:1')).toBe('::ffff:0:7f00:1 is IPv4-translated (::ffff:0:0:0/96)');
    expect(why('::ffff:10.0.0.1')).toBe('10.0.0.1 is private (RFC 1918)');
    expect(why('0xa9.0xfe.0xa9.0xfe')).toBe('169.254.169.254 is the cloud metadata address (AWS, Google Cloud, Azure, others)');
  });

  test("NAT64's well-known prefix is judged by the IPv4 address it carries", () => {
    expect(why('64:ff9b::7f00:1')).toBe('64:ff9b::7f00:1 is a NAT64 address of 127.0.0.1, which is loopback (127.0.0.0/8)');
    expect(why('64:ff9b::a9fe:a9fe')).toBe("64:ff9b::a9fe:a9fe is a NAT64 address of 169.254.169.254, which is the cloud metadata address (AWS, Google Cloud, Azure, others)");
    expect(why('64:ff9b::808:808')).toBe('allowed 64:ff9b::808:808');
    expect(why('64:ff9b:1::1')).toBe('64:ff9b:1::1 is NAT64 local-use (64:ff9b:1::/48)');
  });

  test('public addresses pass, and the address to connect to is the canonical one', () => {
    expect(why('8.8.8.8')).toBe('allowed 8.8.8.8');
    expect(why('0x8.8.8.8')).toBe('allowed 8.8.8.8');
    expect(why('::ffff:8.8.8.8')).toBe('allowed 8.8.8.8');
    expect(why('2606:4700:0:0:0:0:0:1111')).toBe('allowed 2606:4700::1111');
    expect(why('[2606:4700::1111]')).toBe('allowed 2606:4700::1111');
    expect(why('not-an-address')).toBe('"not-an-address" is not an IP address');
  });

  test('cloud metadata addresses are refused even inside a range HOUSE_FETCH_ALLOW lets through; only the address itself lets one through', () => {
    const wide = policyOf('169.254.0.0/16, fd00::/8, 100.64.0.0/10, 0.0.0.0/0');
    expect(why('169.254.3.3', wide)).toBe('allowed 169.254.3.3');
    expect(why('169.254.169.254', wide)).toBe('169.254.169.254 is the cloud metadata address (AWS, Google Cloud, Azure, others)');
    expect(why('::ffff:169.254.169.254', wide)).toBe('169.254.169.254 is the cloud metadata address (AWS, Google Cloud, Azure, others)');
    expect(why('fd00:ec2::254', wide)).toBe("fd00:ec2::254 is AWS's IPv6 metadata address");
    expect(why('100.100.100.200', wide)).toBe("100.100.100.200 is Alibaba Cloud's metadata address");
    expect(why('168.63.129.16', wide)).toBe("168.63.129.16 is Azure's host agent address (WireServer)");
    expect(why('169.254.170.2')).toBe('169.254.170.2 is the container credentials address (AWS ECS)');
    expect(why('192.0.0.192')).toBe("192.0.0.192 is Oracle Cloud's metadata address");
    expect(why('169.254.169.254', policyOf('169.254.169.254'))).toBe('allowed 169.254.169.254');
  });

  test('HOUSE_FETCH_ALLOW=127.0.0.1 lets that address through in any spelling on 80 and 443, and no other loopback address', () => {
    const loopback = policyOf('127.0.0.1');
    expect(why('127.0.0.1', loopback, 443)).toBe('allowed 127.0.0.1');
    expect(why('127.0.0.1', loopback, 8080)).toBe('127.0.0.1 is loopback (127.0.0.0/8) (HOUSE_FETCH_ALLOW lists it for other ports than 8080)');
    expect(why('127.0.0.1', loopback)).toBe('allowed 127.0.0.1');
    expect(why('2130706433', loopback)).toBe('allowed 127.0.0.1');
    expect(why('::ffff:127.0.0.1', loopback)).toBe('allowed 127.0.0.1');
    expect(why('127.0.0.2', loopback)).toBe('127.0.0.2 is loopback (127.0.0.0/8)');
    expect(why('::1', loopback)).toBe('::1 is loopback (::1)');
    expect(why('10.0.0.1', loopback)).toBe('10.0.0.1 is private (RFC 1918)');
  });

  test('an entry with a port lets that port through, `:*` every port; a port not known matches only `:*`', () => {
    const one = policyOf('127.0.0.1:8080, [::1]:9000, 10.0.0.0/8:*');
    expect(why('127.0.0.1', one, 8080)).toBe('allowed 127.0.0.1');
    expect(why('127.0.0.1', one, 8081)).toStartWith('127.0.0.1 is loopback');
    expect(why('127.0.0.1', one, 80)).toStartWith('127.0.0.1 is loopback');
    expect(why('::1', one, 9000)).toBe('allowed ::1');
    expect(why('10.9.9.9', one, 5432)).toBe('allowed 10.9.9.9');
    expect(addressVerdict('127.0.0.1', one).allowed).toBe(false);
    expect(addressVerdict('10.9.9.9', one).allowed).toBe(true);
    expect(why('169.254.169.254', policyOf('169.254.169.254:80'), 8080)).toStartWith('169.254.169.254 is the cloud metadata address');
  });

  test('the addresses of a host name HOUSE_FETCH_ALLOW lists pass, metadata excepted', () => {
    const named = policyOf('images.corp.example');
    expect(addressVerdict('10.0.0.9', named, { hostListed: true })).toEqual({ allowed: true, address: '10.0.0.9' });
    expect(addressVerdict('10.0.0.9', named).allowed).toBe(false);
    expect(addressVerdict('169.254.169.254', named, { hostListed: true }).allowed).toBe(false);
  });
});
