import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { readBundle, type MatchBundle } from '../models/matchBundle.ts';
import type { ParentLink } from '../provenance/matchProvenance.ts';
import { checkSignature, readSignature } from '../signing/matchSignature.ts';

export interface ChainLine {
  ok: boolean;
  text: string;
}

const sameLink = (a: ParentLink | null, b: ParentLink | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/** One parent link against the parent's file: its signature by the key the link names, its whole chain, the head the link names in its log, and the fork's log beginning with the parent's up to there. */
function checkLink(link: ParentLink, child: MatchBundle, parent: MatchBundle, parentPath: string): string | null {
  if (parent.id !== link.match) return `the file holds match ${parent.id}`;
  const signature = readSignature(parentPath);
  if (!signature.ok) return signature.error;
  const signed = checkSignature(parentPath, parent.head, signature.signature);
  if (!signed.ok) return signed.error;
  if (signature.signature.fingerprint !== link.fingerprint) return `signed by key ${signature.signature.fingerprint}, not the key the link names (${link.fingerprint})`;
  const chain = verifyChain(parent.log, parent.head);
  if (!chain.ok) return `its log breaks at entry ${chain.at}: ${chain.reason}`;
  const at = parent.log.findIndex((e) => e.hash === link.head);
  if (at < 0) return `its log has no entry with the head the link names (${link.head.slice(0, 16)})`;
  if (link.phase < 1 || link.phase > parent.record.phases.length) return `it recorded ${parent.record.phases.length} phases, not the ${link.phase} the link names`;
  const differs = parent.log.slice(0, at + 1).findIndex((e, i) => child.log[i]?.hash !== e.hash);
  if (differs >= 0) return `the fork's log does not begin with it (they differ at entry ${differs})`;
  if (!sameLink(link.parent, parent.provenance?.parent ?? null)) return "its own parent link is not the one the fork names";
  return null;
}

/**
 * verify-match's lines for a fork: each parent up the chain, read from the
 * files given (`--parent`) or found beside its child as `<id>.match.json`
 * (where `fork` puts them), checked by `checkLink`. A parent whose file is
 * not there is said to be unchecked; a link its file does not bear out fails.
 */
export function parentChainLines(bundle: MatchBundle, path: string, given: readonly string[]): ChainLine[] {
  const byId = new Map<string, string>();
  for (const file of given) {
    const read = readBundle(file, '.');
    if (!read.ok) return [{ ok: false, text: `parent: ${read.error}` }];
    byId.set(read.bundle.id, read.path);
  }
  const lines: ChainLine[] = [];
  let child = bundle;
  let childPath = path;
  for (let link = bundle.provenance?.parent ?? null; link; link = link.parent) {
    const beside = join(dirname(childPath), `${link.match}.match.json`);
    const parentPath = byId.get(link.match) ?? (existsSync(beside) ? beside : null);
    if (!parentPath) {
      lines.push({ ok: true, text: `parent: ${link.match} not checked (its file is not beside it; pass --parent FILE)` });
      break;
    }
    const read = readBundle(parentPath, '.');
    const problem = read.ok ? checkLink(link, child, read.bundle, read.path) : read.error;
    if (problem || !read.ok) {
      lines.push({ ok: false, text: `parent: ${link.match}: ${problem}` });
      break;
    }
    lines.push({ ok: true, text: `parent: ${link.match}, signed by key ${link.fingerprint.slice(0, 16)}; its log up to phase ${link.phase} (head ${link.head.slice(0, 16)}) begins this one` });
    child = read.bundle;
    childPath = read.path;
  }
  return lines;
}
