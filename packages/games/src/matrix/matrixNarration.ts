import type { GameNarration, NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { num, plainList, plainListCut, plainReason, record, str, strs } from '../engine/plainWords.ts';
import { ownValue } from '../engine/safeKey.ts';
import type { PlayerId } from '../engine/types.ts';
import type { MatrixState } from './matrixTypes.ts';

/**
 * Private events the observer may read, and why: `noise` is the House's
 * draw, and it explains a move the public saw; `fallback` is the House
 * playing a move for a player whose answer it refused. Neither reaches the
 * room: the players sit there, and a flip is its mover's secret.
 */
const OBSERVER_READS: ReadonlySet<string> = new Set(['noise', 'fallback']);
const TYPES: ReadonlySet<string> = new Set(['round', 'match_over', ...OBSERVER_READS]);

/** Games a round's sentence tells one by one; past this it counts them. */
const TOLD = 6;
/** Scores a sentence lists before "and N more". */
const LISTED = 8;

const VERB = { C: 'cooperated', D: 'defected' } as const;
const NOUN = { C: 'cooperation', D: 'defection' } as const;

interface Game {
  row: PlayerId;
  column: PlayerId;
  moves: string;
  payoffs: [number, number];
}

function gamesOf(d: Record<string, unknown>): Game[] {
  if (!Array.isArray(d.games)) return [];
  return d.games.map(record).map((g) => {
    const paid = Array.isArray(g.payoffs) ? g.payoffs : [];
    return { row: str(g.row), column: str(g.column), moves: str(g.moves), payoffs: [num(paid[0]), num(paid[1])] };
  });
}

/** What the observer knows of a round beyond the games: flipped moves (mover and opponent) and refused answers. */
interface Private {
  flipped: Set<string>;
  refused: Map<PlayerId, string>;
}

const flipKey = (mover: PlayerId, opponent: PlayerId): string => `${mover}\u0000${opponent}`;

const move = (m: string | undefined): 'C' | 'D' => (m === 'D' ? 'D' : 'C');

function sideWords(who: PlayerId, against: PlayerId, played: 'C' | 'D', p: Private | null): string {
  const flipped = p?.flipped.has(flipKey(who, against));
  return `${who} ${VERB[played]}${flipped ? ` (noise flipped a ${NOUN[played === 'C' ? 'D' : 'C']})` : ''}`;
}

/** One game in words: "Ada and Bram both cooperated (3 each)", "Ada cooperated and Bram defected (0 and 5)". */
function gameWords(g: Game, p: Private | null): string {
  const [a, b] = [move(g.moves[0]), move(g.moves[1])];
  const paid = g.payoffs[0] === g.payoffs[1] ? `${g.payoffs[0]} each` : `${g.payoffs[0]} and ${g.payoffs[1]}`;
  const anyFlip = p && (p.flipped.has(flipKey(g.row, g.column)) || p.flipped.has(flipKey(g.column, g.row)));
  if (a === b && !anyFlip) return `${g.row} and ${g.column} both ${VERB[a]} (${paid})`;
  return `${sideWords(g.row, g.column, a, p)} and ${sideWords(g.column, g.row, b, p)} (${paid})`;
}

function scoreWords(scores: Record<string, unknown>): string {
  const ranked = Object.entries(scores)
    .map(([id, s]) => [id, num(s)] as const)
    .sort((x, y) => y[1] - x[1]);
  return plainListCut(
    ranked.map(([id, s]) => `${id} ${s}`),
    LISTED,
  );
}

function roundSentence(d: Record<string, unknown>, p: Private | null): string {
  const games = gamesOf(d);
  const sitting = str(d.sitting);
  let told: string;
  if (games.length <= TOLD) told = games.length ? games.map((g) => gameWords(g, p)).join('; ') : 'no games were played';
  else {
    const both = (m: string) => games.filter((g) => g.moves === m).length;
    told = `of ${games.length} games, ${both('CC')} were mutual cooperation, ${both('DD')} mutual defection and ${games.length - both('CC') - both('DD')} split`;
    if (p?.flipped.size) told += `; noise flipped ${p.flipped.size} move${p.flipped.size === 1 ? '' : 's'}`;
  }
  const refused = p ? [...p.refused].map(([id, why]) => `${id}'s answer was refused (${why}), so the House played its last move`) : [];
  const extra = [sitting ? `${sitting} sat out` : '', ...refused].filter(Boolean);
  return `${told}${extra.length ? `; ${extra.join('; ')}` : ''}. Scores: ${scoreWords(record(d.scores))}.`;
}

function refusalWhy(reason: string): string {
  return plainReason(reason.split('. You played')[0]!.trim(), 'not a move the game can read');
}

/** How a match ended, from its kind, winners, last round and scores. */
export function matrixEndingText(kind: string | null, winners: readonly PlayerId[], rounds: number, scores: Readonly<Record<PlayerId, number>>): string {
  const score = ownValue(scores, winners[0] ?? '') ?? Math.max(0, ...Object.values(scores));
  const after = `after ${rounds} round${rounds === 1 ? '' : 's'}`;
  switch (kind) {
    case 'limit':
      return `${after}, ${winners[0]} won with ${score} points`;
    case 'stopped':
      return `the continuation draw ended the match ${after}: ${winners[0]} won with ${score} points`;
    case 'shared':
      return `${after}, ${plainList(winners)} share the lead with ${score} points`;
    case 'draw':
      return `${after}, everyone has ${Object.values(scores)[0] ?? 0} points: a draw`;
    default:
      return winners.length ? `the match is over: ${plainList(winners)} won` : 'the match is over: no winner';
  }
}

/**
 * Matrix games in words. A round is one sentence: each game with its moves
 * and payoffs (past six games, counts of mutual cooperation, mutual
 * defection and split games), who sat out, and the scores. The observer also
 * hears, with the round, which moves noise flipped and whose answer was
 * refused (their own entries are then null).
 */
function narrate(events: readonly NarratedEvent[], ctx: NarrationContext): Array<string | null> {
  const observer = ctx.audience === 'observer';
  // A round's private events come before its `round` event (applyMatrixRound's order).
  const folded = new Map<number, Private>();
  let pending: number[] = [];
  events.forEach((e, i) => {
    if (OBSERVER_READS.has(e.type)) pending.push(i);
    else if (e.type === 'round') {
      const p: Private = { flipped: new Set(), refused: new Map() };
      for (const j of pending) {
        const d = events[j]!.data ?? {};
        if (events[j]!.type === 'noise') p.flipped.add(flipKey(str(d.player), str(d.opponent)));
        else p.refused.set(str(d.player), refusalWhy(str(d.reason)));
      }
      folded.set(i, p);
      pending = [];
    }
  });
  const foldedAway = new Set<number>();
  for (const [i] of folded) for (let j = i - 1; j >= 0 && OBSERVER_READS.has(events[j]!.type); j--) foldedAway.add(j);
  return events.map((e, i) => {
    const d = e.data ?? {};
    switch (e.type) {
      case 'round':
        return roundSentence(d, observer ? folded.get(i)! : null);
      case 'noise':
        return foldedAway.has(i) ? null : `Noise flipped ${str(d.player)}'s ${NOUN[move(str(d.meant))]} against ${str(d.opponent)} into a ${NOUN[move(str(d.played))]}.`;
      case 'fallback':
        return foldedAway.has(i) ? null : `${str(d.player)}'s answer was refused (${refusalWhy(str(d.reason))}), so the House played its last move.`;
      case 'match_over': {
        const scores = Object.fromEntries(Object.entries(record(d.scores)).map(([id, s]) => [id, num(s)]));
        return `Match over: ${matrixEndingText(typeof d.kind === 'string' ? d.kind : null, strs(d.winners), num(d.rounds), scores)}.`;
      }
      default:
        return null;
    }
  });
}

export const matrixNarration: GameNarration<MatrixState> = {
  types: TYPES,
  observerMay: (event) => OBSERVER_READS.has(event.type),
  narrate,
  ending: (state) => (state.result.over ? matrixEndingText(state.result.kind, state.result.winners, state.round, state.scores) : null),
  kinds: new Map([
    ['limit', 'the last round was played: the highest score won'],
    ['stopped', 'the continuation draw ended the match: the highest score won'],
    ['shared', 'several players share the highest score'],
    ['draw', 'a draw: every player has the same score'],
  ]),
};
