import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import type { MatchProvenance, ParentLink, SeatProvenance } from './matchProvenance.ts';

const seatWords = (seat: SeatProvenance): string =>
  [seat.kind, seat.strategy && `strategy ${seat.strategy}`, seat.model && `model ${seat.model}`, seat.endpoint && `at ${seat.endpoint}`].filter(Boolean).join(', ');

const resultWord = (outcome: Outcome, id: PlayerId): string => (!outcome.over ? 'unfinished' : outcome.winners.includes(id) ? 'winner' : 'not a winner');

function parentLines(link: ParentLink, depth = 0): string[] {
  const line = `${depth === 0 ? 'forked from' : 'which was forked from'}: ${link.match} after phase ${link.phase} (head ${link.head.slice(0, 16)}, signed by key ${link.fingerprint.slice(0, 16)})`;
  return [line, ...(link.parent ? parentLines(link.parent, depth + 1) : [])];
}

/** The file's host changes (a standby took the match over, issue 40), as they read in any file: only well-formed entries, names cut short. */
function hostChangeLines(changes: unknown): string[] {
  if (!Array.isArray(changes)) return [];
  // Printed to a terminal: no control characters from a file anyone may have written.
  const name = (value: unknown) => (typeof value === 'string' ? value.slice(0, 120).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?') : '?');
  return changes.slice(0, 1000).flatMap((change: unknown) => {
    if (!change || typeof change !== 'object') return [];
    const { from, to, gapMs, round } = change as Record<string, unknown>;
    const gap = typeof gapMs === 'number' && Number.isFinite(gapMs) ? ` ${(gapMs / 1000).toFixed(1)} s after its last save` : '';
    const at = typeof round === 'number' && Number.isFinite(round) ? ` at round ${round}` : '';
    return [`host changed${at}: from ${name(from)} to ${name(to)}${gap}`];
  });
}

/** A match file in plain lines: what it is, how it ended for each seat, and what it was played with (or that its file is older than provenance). */
export function provenanceLines(bundle: MatchBundle): string[] {
  const p: MatchProvenance | undefined = bundle.provenance;
  const lines = [`match: ${bundle.id} (${bundle.game}, seed ${bundle.seed}, ${bundle.status}, ${bundle.log.length} log entries, head ${bundle.head.slice(0, 16)})`];
  lines.push(`outcome: ${bundle.outcome.over ? `${bundle.outcome.kind ?? 'over'}; winners: ${bundle.outcome.winners.join(', ') || 'none'}` : 'unfinished'}`);
  for (const id of bundle.players) {
    const seat = p && Object.hasOwn(p.seats, id) ? p.seats[id] : undefined;
    lines.push(`seat ${id}: ${resultWord(bundle.outcome, id)}${seat ? `; ${seatWords(seat)}` : ''}`);
  }
  lines.push(...hostChangeLines(bundle.hostChanges));
  if (!p) return [...lines, 'provenance: none (the file is older than provenance)'];
  lines.push(`code: ${p.git ? `commit ${p.git.commit}${p.git.dirty ? ' with uncommitted changes' : ''}` : 'no git commit known'}`);
  lines.push(`versions: ${Object.entries(p.versions).map(([name, version]) => `${name} ${version}`).join(', ') || 'none known'}`);
  lines.push(`config: ${JSON.stringify(p.config)}`);
  lines.push(`rules text sha256: ${p.rulesSha256}`);
  lines.push(`prompt format: ${p.promptFormat}`);
  lines.push(`seeds: match ${p.seeds.match}${(p.seeds.reseeded ?? []).map((r) => `, ${r.seed} from phase ${r.phase + 1}`).join('')}`);
  if (p.parent) lines.push(...parentLines(p.parent));
  return lines;
}
