import { describe, expect, test } from 'bun:test';
import { hostVerdict } from './hostVerdict.ts';
import { DEFAULT_OUTBOUND_POLICY, parseFetchAllow, type OutboundPolicy } from './outboundPolicy.ts';

const policyOf = (text: string): OutboundPolicy => {
  const parsed = parseFetchAllow(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.policy;
};

/** The host of a URL as the House receives it (the URL parser's hostname), judged. */
const verdictOf = (url: string, policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY) => {
  const parsed = new URL(url);
  return hostVerdict(parsed.hostname, policy, parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80);
};

describe("a URL's host, judged before any connection or DNS question", () => {
  test('loopback in every spelling a URL allows is refused: decimal, octal, hex, short, trailing dot, IPv6, mapped, compatible', () => {
    for (const url of ['http://127.0.0.1/', 'http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://127.1/', 'http://127.0.0.1./', 'http://%31%32%37.0.0.1/', 'http://１２７.0.0.1/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/']) {
      expect(verdictOf(url)).toEqual({ kind: 'refused', why: '127.0.0.1 is loopback (127.0.0.0/8)' });
    }
    expect(verdictOf('http://[::1]/')).toEqual({ kind: 'refused', why: '::1 is loopback (::1)' });
    expect(verdictOf('http://[::127.0.0.1]/')).toEqual({ kind: 'refused', why: '::7f00:1 is IPv4-compatible (::/96), carrying 127.0.0.1' });
    expect(verdictOf('http://0/')).toEqual({ kind: 'refused', why: '0.0.0.0 is unspecified (0.0.0.0/8)' });
  });

  test('private, link-local, metadata and CGNAT addresses and metadata names are refused', () => {
    expect(verdictOf('http://169.254.169.254/latest/meta-data/')).toMatchObject({ kind: 'refused', why: expect.stringMatching(/^169\.254\.169\.254 is the cloud metadata address/) });
    expect(verdictOf('http://2852039166/')).toMatchObject({ kind: 'refused', why: expect.stringMatching(/^169\.254\.169\.254 is the cloud metadata address/) });
    expect(verdictOf('http://[fd00:ec2::254]/')).toEqual({ kind: 'refused', why: "fd00:ec2::254 is AWS's IPv6 metadata address" });
    expect(verdictOf('http://metadata.google.internal/computeMetadata/v1/')).toEqual({ kind: 'refused', why: 'metadata.google.internal is the cloud metadata name (Google Cloud)' });
    expect(verdictOf('http://METADATA.google.internal./')).toEqual({ kind: 'refused', why: 'metadata.google.internal is the cloud metadata name (Google Cloud)' });
    expect(verdictOf('http://10.0.0.1/')).toEqual({ kind: 'refused', why: '10.0.0.1 is private (RFC 1918)' });
    expect(verdictOf('http://012.0.0.1/')).toEqual({ kind: 'refused', why: '10.0.0.1 is private (RFC 1918)' });
    expect(verdictOf('http://[::ffff:192.168.0.1]/')).toEqual({ kind: 'refused', why: '192.168.0.1 is private (RFC 1918)' });
    expect(verdictOf('http://100.64.1.1/')).toEqual({ kind: 'refused', why: '100.64.1.1 is carrier-grade NAT (100.64.0.0/10)' });
    expect(verdictOf('http://[fe80::1]/')).toEqual({ kind: 'refused', why: 'fe80::1 is link-local (fe80::/10)' });
  });

  test('names for this machine or its network are refused without asking DNS: no dot, localhost, .local, .internal, .home.arpa', () => {
    expect(verdictOf('http://localhost/')).toEqual({ kind: 'refused', why: 'localhost is under .localhost, a name for local use' });
    expect(verdictOf('http://LOCALHOST./')).toEqual({ kind: 'refused', why: 'localhost is under .localhost, a name for local use' });
    expect(verdictOf('http://api.localhost/')).toEqual({ kind: 'refused', why: 'api.localhost is under .localhost, a name for local use' });
    expect(verdictOf('http://intranet/')).toEqual({ kind: 'refused', why: 'intranet is a name without a dot (this machine or its local network)' });
    expect(verdictOf('http://printer.local/')).toEqual({ kind: 'refused', why: 'printer.local is under .local, a name for local use' });
    expect(verdictOf('http://db.corp.internal/')).toEqual({ kind: 'refused', why: 'db.corp.internal is under .internal, a name for local use' });
    expect(verdictOf('http://nas.home.arpa/')).toEqual({ kind: 'refused', why: 'nas.home.arpa is under .home.arpa, a name for local use' });
  });

  test('a public address is connected to as it is; any other name is resolved and its addresses judged', () => {
    expect(verdictOf('https://8.8.8.8/a.png')).toEqual({ kind: 'address', address: '8.8.8.8' });
    expect(verdictOf('https://[2606:4700::1111]/a.png')).toEqual({ kind: 'address', address: '2606:4700::1111' });
    expect(verdictOf('https://Images.Example.org./a.png')).toEqual({ kind: 'name', name: 'images.example.org', listed: false });
    expect(verdictOf('https://bücher.example/a.png')).toEqual({ kind: 'name', name: 'xn--bcher-kva.example', listed: false });
  });

  test('HOUSE_FETCH_ALLOW lets its hosts and addresses through on their ports, and nothing next to them', () => {
    const policy = policyOf('127.0.0.1, 127.0.0.1:8080, images.corp.internal, intranet');
    expect(verdictOf('http://127.0.0.1:8080/', policy)).toEqual({ kind: 'address', address: '127.0.0.1' });
    expect(verdictOf('http://127.0.0.1:8081/', policy)).toMatchObject({ kind: 'refused', why: expect.stringContaining('lists it for other ports than 8081') });
    expect(verdictOf('http://images.corp.internal:8443/', policy)).toEqual({ kind: 'refused', why: 'images.corp.internal is under .internal, a name for local use' });
    expect(hostVerdict('images.corp.internal', policy)).toMatchObject({ kind: 'refused' });
    expect(verdictOf('http://2130706433/', policy)).toEqual({ kind: 'address', address: '127.0.0.1' });
    expect(verdictOf('http://127.0.0.2/', policy)).toEqual({ kind: 'refused', why: '127.0.0.2 is loopback (127.0.0.0/8)' });
    expect(verdictOf('http://images.corp.internal/', policy)).toEqual({ kind: 'name', name: 'images.corp.internal', listed: true });
    expect(verdictOf('http://intranet./', policy)).toEqual({ kind: 'name', name: 'intranet', listed: true });
    expect(verdictOf('http://other.corp.internal/', policy).kind).toBe('refused');
  });

  test('a host that is neither a name nor an address is refused', () => {
    expect(hostVerdict('', DEFAULT_OUTBOUND_POLICY)).toEqual({ kind: 'refused', why: '"" is not a host name' });
    expect(hostVerdict('a b.example', DEFAULT_OUTBOUND_POLICY)).toEqual({ kind: 'refused', why: '"a b.example" is not a host name' });
    expect(hostVerdict('a..example', DEFAULT_OUTBOUND_POLICY)).toEqual({ kind: 'refused', why: '"a..example" is not a host name' });
    expect(hostVerdict('1.2.3.4.5', DEFAULT_OUTBOUND_POLICY)).toEqual({ kind: 'refused', why: '"1.2.3.4.5" is neither a host name nor an address' });
    expect(hostVerdict('example.0x10', DEFAULT_OUTBOUND_POLICY)).toEqual({ kind: 'refused', why: '"example.0x10" is neither a host name nor an address' });
  });
});
