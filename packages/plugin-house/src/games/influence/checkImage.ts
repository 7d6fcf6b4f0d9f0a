import type { ImageCheck } from '@the-house/games/influence/imageCheck.ts';
import { boundedBytes } from '@the-house/lab/net/boundedBytes.ts';
import { guardedFetch } from '@the-house/lab/net/guardedFetch.ts';
import type { OutboundPolicy } from '@the-house/lab/net/outboundPolicy.ts';
import type { Resolver } from '@the-house/lab/net/systemResolver.ts';
import { IMAGE_UNCHECKED } from './imageUnchecked.ts';

/** Influence's image limits (RULES I-a's issue: at most 1 MB and 512x512, png or jpeg). */
export const IMAGE_LIMITS = { maxBytes: 1024 * 1024, maxSide: 512 } as const;

export interface ImageCheckOptions {
  timeoutMs: number;
  maxBytes?: number;
  maxSide?: number;
  signal?: AbortSignal;
  /** What may be fetched (default: HOUSE_FETCH_ALLOW's). */
  policy?: OutboundPolicy;
  /** Default: the machine's resolver. */
  resolve?: Resolver;
  /** The host log, for why an image could not be checked. */
  log?: (line: string) => void;
}

type Sniffed = { type: 'png' | 'jpeg'; width: number; height: number } | { type: 'png' | 'jpeg'; width: null; height: null } | null;

/** PNG: the signature, then the IHDR chunk's width and height (big-endian, bytes 16..23). */
function png(b: Uint8Array): Sniffed {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 8 || signature.some((v, i) => b[i] !== v)) return null;
  if (b.length < 24) return { type: 'png', width: null, height: null };
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { type: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: SOI, then the segments up to the first start-of-frame marker, which holds height and width. */
function jpeg(b: Uint8Array): Sniffed {
  if (b.length < 3 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return { type: 'jpeg', width: null, height: null };
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 8 >= b.length) break;
      return { type: 'jpeg', height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    }
    i += 2 + length;
  }
  return { type: 'jpeg', width: null, height: null };
}

const MB = 1024 * 1024;
/** A size as it is, to the byte (an image 33 bytes over 1 MB is not "1 MB"). */
const bytes = (n: number): string => `${n.toLocaleString('en-US')} bytes`;
/** A limit to the byte, with its MB when it is a whole number of them. */
const limit = (n: number): string => (n % MB === 0 ? `${bytes(n)} (${n / MB} MB)` : bytes(n));

/** A URL in a host-log line: bounded, one line. */
const shown = (url: string): string => JSON.stringify(url.length > 160 ? `${url.slice(0, 160)}...` : url);
/** What a server calls its body, as a reason may quote it: printable, at most 60 characters. */
const quoted = (type: string): string => {
  const printable = type.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 60 ? `${printable.slice(0, 60)}...` : printable;
};

/**
 * Fetches an `img:` URL through the House's outbound policy (`guardedFetch`:
 * no loopback, private, link-local or metadata address in any spelling, DNS
 * checked and pinned, every redirect hop checked; HOUSE_FETCH_ALLOW lets
 * more through), GET, read at most `maxBytes` + 1 bytes, within `timeoutMs`,
 * and checks what came back: a png or a jpeg by its own bytes (a
 * Content-Type other than a generic binary one must agree), at most
 * `maxBytes`, at most `maxSide` x `maxSide` pixels; those refusals say why.
 * Anything else (a refused or unreachable address, a timeout, an error
 * status, a broken body) is `unchecked` with only `IMAGE_UNCHECKED`, the
 * reason in the host log: the post goes out with that note.
 */
export async function checkImage(url: string, opts: ImageCheckOptions): Promise<ImageCheck> {
  const maxBytes = opts.maxBytes ?? IMAGE_LIMITS.maxBytes;
  const maxSide = opts.maxSide ?? IMAGE_LIMITS.maxSide;
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const unchecked = (why: string): ImageCheck => {
    opts.log?.(`image check of ${shown(url)}: ${why}`);
    return { verdict: 'unchecked', why: IMAGE_UNCHECKED };
  };
  const got = await guardedFetch(url, { signal, headers: { accept: 'image/png, image/jpeg' }, ...(opts.policy ? { policy: opts.policy } : {}), ...(opts.resolve ? { resolve: opts.resolve } : {}) });
  if (!got.ok) {
    // The detail names the hop that failed; when that is the URL itself, it is said once.
    const first = `${shown(url)}: `;
    const detail = got.failure.detail.startsWith(first) ? got.failure.detail.slice(first.length) : got.failure.detail;
    return unchecked(timeout.aborted ? `no answer within ${opts.timeoutMs} ms (${detail})` : detail);
  }
  const res = got.response;
  try {
    if (!res.ok) {
      await res.body?.cancel();
      return unchecked(`the server answered ${res.status}${got.redirects ? ` at ${shown(got.url)}` : ''}`);
    }
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel();
      return { verdict: 'refused', why: `the image is ${bytes(declared)}; the limit is ${limit(maxBytes)}` };
    }
    const body = await boundedBytes(res.body, maxBytes);
    if (!body) return { verdict: 'refused', why: `the image is over the limit of ${limit(maxBytes)}` };
    return judgeBytes(body, res.headers.get('content-type'), maxSide);
  } catch (error) {
    return unchecked(timeout.aborted ? `no answer within ${opts.timeoutMs} ms while reading` : `reading the image failed (${error instanceof Error ? error.message.slice(0, 200) : 'error'})`);
  }
}

/** Whether bytes within the size limit are the png or jpeg the server says they are, at most `maxSide` pixels a side. */
function judgeBytes(body: Uint8Array, contentType: string | null, maxSide: number): ImageCheck {
  const sniffed = png(body) ?? jpeg(body);
  if (!sniffed) return { verdict: 'refused', why: 'it is not a png or jpeg image' };
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  // A generic binary type says nothing; a named one must be the image the bytes are.
  const generic = !type || type === 'application/octet-stream' || type === 'binary/octet-stream';
  if (!generic && type !== `image/${sniffed.type}` && !(sniffed.type === 'jpeg' && type === 'image/jpg')) {
    return { verdict: 'refused', why: `the server calls it ${quoted(type)}, but it is a ${sniffed.type}` };
  }
  if (sniffed.width === null) return { verdict: 'refused', why: `the ${sniffed.type} is cut short: its size cannot be read` };
  if (sniffed.width > maxSide || sniffed.height > maxSide) {
    return { verdict: 'refused', why: `the image is ${sniffed.width}x${sniffed.height} pixels; the limit is ${maxSide}x${maxSide}` };
  }
  return { verdict: 'ok' };
}
