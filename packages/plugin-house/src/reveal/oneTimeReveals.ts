import { createHash, randomBytes } from 'node:crypto';
import type { IAgentRuntime } from '@elizaos/core';

/** How long a link that was not opened keeps its secret. */
export const REVEAL_MS = 3_600_000;
/** The most links kept at once (the oldest give way). */
export const MAX_REVEALS = 1_000;

/** What a link shows once: what it is, in words, and the secret itself (a seat's or an observer's address). */
export interface Revealed {
  what: string;
  secret: string;
}

const hashOf = (nonce: string): string => createHash('sha256').update(nonce).digest('hex');

/**
 * Secrets a person is given through a link that shows them once, so the
 * message that carries the link holds no secret (a DM on the web GUI can be
 * read back over the REST API; Discord keeps its DMs too): a 256-bit nonce,
 * kept only as its SHA-256, good for one opening within an hour. An opened
 * link is remembered until its hour is up, so a second opening says so: the
 * person then knows someone else read it. Held in memory: a restart forgets
 * every link not yet opened.
 */
export class OneTimeReveals {
  private readonly links = new Map<string, { revealed: Revealed | null; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new link's nonce for `revealed`. */
  put(revealed: Revealed): string {
    const at = this.now();
    for (const [hash, link] of this.links) if (link.until <= at) this.links.delete(hash);
    while (this.links.size >= MAX_REVEALS) this.links.delete(this.links.keys().next().value!);
    const nonce = randomBytes(32).toString('base64url');
    this.links.set(hashOf(nonce), { revealed, until: at + REVEAL_MS });
    return nonce;
  }

  /** The secret, the first time within its hour; after that, that it was opened; for any other nonce, that it is not known. */
  take(nonce: string): ({ ok: true } & Revealed) | { ok: false; why: 'opened' | 'unknown' } {
    const hash = hashOf(nonce);
    const link = this.links.get(hash);
    if (!link || link.until <= this.now()) return { ok: false, why: 'unknown' };
    if (!link.revealed) return { ok: false, why: 'opened' };
    const { what, secret } = link.revealed;
    link.revealed = null;
    return { ok: true, what, secret };
  }
}

const byRuntime = new WeakMap<IAgentRuntime, OneTimeReveals>();

/** The House runtime's links (the routes and the House share them). */
export function revealsOf(runtime: IAgentRuntime): OneTimeReveals {
  let reveals = byRuntime.get(runtime);
  if (!reveals) byRuntime.set(runtime, (reveals = new OneTimeReveals()));
  return reveals;
}

/** Where a link opens: the House's public address. */
export const revealUrl = (publicUrl: string, nonce: string): string => `${publicUrl}/house/reveal/${nonce}`;
