import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import type { MatrixState } from '@the-house/games/matrix/matrixTypes.ts';
import { describeEvents } from '@the-house/lab/report/describeEvent.ts';
import { publicEvents } from '../../roundText.ts';

/** Rounds a room summary covers: a 200-round match is twenty posts, not two hundred. */
export const MATRIX_SUMMARY_EVERY = 10;

/**
 * The room's words for a matrix game: the first round told in full (so the
 * room sees how a round reads), then a summary every MATRIX_SUMMARY_EVERY
 * rounds (its last round in full, and how often the games of the window were
 * mutual cooperation), and the ending. Null keeps the room quiet in between.
 */
export function matrixRoundText(record: RoundRecord, match: Match): string | null {
  const state = match.state as MatrixState;
  const last = match.over && record.round === state.round;
  if (record.round !== 1 && record.round % MATRIX_SUMMARY_EVERY !== 0 && !last) return null;
  // The ending is the post's last line, after the window's summary, not a sentence among the round's.
  const shown = publicEvents(record.events).filter((e) => e.type !== 'match_over');
  const told = describeEvents(shown, { game: 'matrix', players: state.players, over: false, audience: 'room' }).filter((l): l is string => Boolean(l));
  const from = record.round === 1 ? 1 : Math.max(1, record.round - ((record.round - 1) % MATRIX_SUMMARY_EVERY));
  const games = (match.log?.entries ?? []).filter((e) => e.type === 'round' && e.to === undefined && e.round >= from && e.round <= record.round).flatMap((e) => (Array.isArray(e.data?.games) ? (e.data.games as Array<{ moves?: unknown }>) : []));
  const mutual = games.filter((g) => g.moves === 'CC').length;
  const share = games.length && from !== record.round ? ` Over rounds ${from}-${record.round}, ${mutual} of ${games.length} games were mutual cooperation.` : '';
  const lines = [`[matrix] Round ${record.round}: ${told.join(' ')}${share}`];
  if (last) lines.push(`Match over: ${describeOutcome('matrix', state) ?? 'no winner'}.`);
  return lines.join('\n');
}
