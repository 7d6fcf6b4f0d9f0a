import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { hostVerdict } from './hostVerdict.ts';
import { DEFAULT_OUTBOUND_POLICY } from './outboundPolicy.ts';

/**
 * Every spelling of an IPv4 address a URL allows (decimal, octal and hex
 * parts, one to four parts, a trailing dot, percent-encoding, IPv4-mapped
 * IPv6 in dotted or hex form) is judged as the address it spells: one in a
 * refused range is refused, a public one is connected to as that address.
 */

const SEED = 2323;

/** Refused ranges as [first address, prefix bits]. */
const REFUSED: ReadonlyArray<readonly [number, number]> = [
  [0x7f000000, 8], // loopback
  [0x0a000000, 8], // private
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xa9fe0000, 16], // link-local, metadata
  [0x64400000, 10], // carrier-grade NAT
  [0xe0000000, 4], // multicast
  [0x00000000, 8], // unspecified
  [0xf0000000, 4], // reserved, broadcast
];
/** Public ranges (none of them special). */
const PUBLIC: ReadonlyArray<readonly [number, number]> = [
  [0x08000000, 8],
  [0x5d000000, 8],
  [0x8e000000, 8],
];

const inRange = (ranges: ReadonlyArray<readonly [number, number]>) =>
  fc.tuple(fc.constantFrom(...ranges), fc.integer({ min: 0, max: 0xffffffff })).map(([[base, bits], r]) => (base | (bits === 0 ? r : r & (0xffffffff >>> bits))) >>> 0);

const radix = fc.constantFrom<'dec' | 'oct' | 'hex' | 'HEX'>('dec', 'oct', 'hex', 'HEX');
const part = (n: number, r: 'dec' | 'oct' | 'hex' | 'HEX'): string => (r === 'dec' ? String(n) : r === 'oct' ? `0${n.toString(8)}` : r === 'hex' ? `0x${n.toString(16)}` : `0X${n.toString(16).toUpperCase()}`);

/** `n` spelled one way or another. */
const spelled = (n: number) =>
  fc.tuple(fc.integer({ min: 0, max: 7 }), fc.array(radix, { minLength: 4, maxLength: 4 }), fc.boolean(), fc.nat()).map(([shape, radixes, dot, pick]) => {
    const [a, b, c, d] = [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
    const r = (i: number) => radixes[i]!;
    const hex = (x: number) => x.toString(16);
    let host: string;
    switch (shape) {
      case 0:
        host = [a, b, c, d].map((x, i) => part(x, r(i))).join('.');
        break;
      case 1:
        host = part(n, r(0));
        break;
      case 2:
        host = `${part(a, r(0))}.${part((b << 16) | (c << 8) | d, r(1))}`;
        break;
      case 3:
        host = `${part(a, r(0))}.${part(b, r(1))}.${part((c << 8) | d, r(2))}`;
        break;
      case 4:
        return `[::ffff:${a}.${b}.${c}.${d}]`;
      case 5:
        return `[::ffff:${hex((a << 8) | b)}:${hex((c << 8) | d)}]`;
      case 6:
        return `[0:0:0:0:0:FFFF:${hex((a << 8) | b).toUpperCase()}:${hex((c << 8) | d)}]`;
      default: {
        // One character percent-encoded.
        const plain = `${a}.${b}.${c}.${d}`;
        const at = pick % plain.length;
        host = `${plain.slice(0, at)}%${plain.charCodeAt(at).toString(16)}${plain.slice(at + 1)}`;
      }
    }
    return dot ? `${host}.` : host;
  });

const dotted = (n: number): string => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');

test('an address in a refused range is refused in every spelling a URL allows', () => {
  fc.assert(
    fc.property(inRange(REFUSED).chain((n) => fc.tuple(fc.constant(n), spelled(n))), ([n, host]) => {
      const url = new URL(`http://${host}:8080/a.png`);
      const verdict = hostVerdict(url.hostname, DEFAULT_OUTBOUND_POLICY);
      expect(verdict.kind).toBe('refused');
      expect((verdict as { why: string }).why).toStartWith(`${dotted(n)} is `);
    }),
    { seed: SEED, numRuns: 3000 },
  );
});

test('a public address is connected to as itself in every spelling', () => {
  fc.assert(
    fc.property(inRange(PUBLIC).chain((n) => fc.tuple(fc.constant(n), spelled(n))), ([n, host]) => {
      const verdict = hostVerdict(new URL(`https://${host}/a.png`).hostname, DEFAULT_OUTBOUND_POLICY);
      expect(verdict).toEqual({ kind: 'address', address: dotted(n) });
    }),
    { seed: SEED, numRuns: 1000 },
  );
});
