import { plainListCut } from '../engine/plainWords.ts';
import { ownValue } from '../engine/safeKey.ts';
import type { RoundDigest } from '../engine/types.ts';
import { payoff } from './matrixPresets.ts';
import type { MatrixView, Meeting } from './matrixTypes.ts';

/** Opponents a digest line names before it says "and N more". */
const NAMED = 6;

/**
 * The round just played as this player saw it: each game's moves and what it
 * got, and its score; the counts are what a block of rounds sums up. Null
 * before the first round, and for a round it sat out.
 */
export function matrixDigest(view: MatrixView): RoundDigest | null {
  const played = view.over ? view.round : view.round - 1;
  if (played < 1) return null;
  const tally: Record<string, number> = { 'your C': 0, 'your D': 0, 'their C': 0, 'their D': 0, 'your flipped moves': 0, points: 0 };
  const parts: string[] = [];
  for (const [id, m] of Object.entries(view.met)) {
    if (!lastRound(m, played)) continue;
    const mine = m.mine.at(-1) as 'C' | 'D';
    const theirs = m.theirs.at(-1) as 'C' | 'D';
    const got = payoff(m.role === 'row' ? view.payoffs.row : view.payoffs.column, mine, theirs);
    const flipped = m.meant.at(-1) !== mine;
    tally[`your ${mine}`]! += 1;
    tally[`their ${theirs}`]! += 1;
    tally.points! += got;
    if (flipped) tally['your flipped moves']! += 1;
    parts.push(`${id} ${mine}${flipped ? ' (flipped)' : ''}/${theirs} ${got >= 0 ? '+' : ''}${got}`);
  }
  if (!parts.length) return null;
  return { round: played, line: `Round ${played}: ${plainListCut(parts, NAMED)}; your score ${ownValue(view.scores, view.you) ?? view.score}.`, tally };
}

/** Whether a meeting's last game was in round `round` (meeting k is round k in a round robin). */
function lastRound(m: Meeting, round: number): boolean {
  return m.rounds ? m.rounds.at(-1) === round : m.mine.length === round;
}
