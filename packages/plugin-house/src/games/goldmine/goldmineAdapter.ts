import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import type { GoldmineState, RoundMap } from '@the-house/games/goldmine/goldmineTypes.ts';
import type { HouseGame } from '../houseGame.ts';
import { goldmineRoundPictures } from './goldmineRoundPictures.ts';
import { goldmineMove, goldmineMoveForms, goldmineTurnText } from './goldmineSeat.ts';
import type { GoldmineView } from '@the-house/games/goldmine/goldmineTypes.ts';
import { goldmineBoard } from './goldmineBoard.ts';
import { goldmineChart } from './goldmineChart.ts';
import { goldminePanel } from './goldminePanel.ts';

const EVERY_DEFAULT = 10;

function every(): number {
  const n = Number(process.env.HOUSE_GOLDMINE_SUMMARY_EVERY);
  return Number.isInteger(n) && n > 0 ? n : EVERY_DEFAULT;
}

/** The public `round` events of rounds `from..to` in the match's log. */
function roundMaps(match: Match, from: number, to: number): RoundMap[] {
  return (match.log?.entries ?? []).filter((e) => e.type === 'round' && e.round >= from && e.round <= to && e.data).map((e) => e.data as unknown as RoundMap);
}

/**
 * A summary of the rounds since the last one, in public facts only (the ODD
 * keeps each miner's gold its own business until the end): plots held, claims,
 * raids, captures and defenses over the window, and once the match is over
 * its ending in words and the final gold.
 */
export function goldmineSummary(record: RoundRecord, match: Match, window: number): string | null {
  const state = match.state as GoldmineState;
  const over = match.over;
  if (record.round % window !== 0 && !over) return null;
  const from = record.round - ((record.round - 1) % window);
  const maps = roundMaps(match, from, record.round);
  const last = maps.at(-1);
  if (!last) return null;
  const sum = (k: keyof RoundMap['tally']) => maps.reduce((n, m) => n + (m.tally[k] ?? 0), 0);
  const plots = state.players.map((p, i) => `${p} ${last.held[i] ?? 0}`).join(', ');
  const lines = [
    `[goldmine] Rounds ${from}-${record.round} of ${state.config.rounds}`,
    `Plots held: ${plots} (${last.owner.filter((o) => o >= 0).length} of ${last.owner.length} owned).`,
    `Over these rounds: ${sum('claims')} plots claimed (${sum('contested')} contested), ${sum('raids')} raids, ${sum('captures')} captures, ${sum('defenses')} plots defended.`,
  ];
  if (over) {
    const gold = state.players.map((p, i) => ({ p, g: state.gold[i] ?? 0 })).sort((a, b) => b.g - a.g);
    const ending = describeOutcome('goldmine', state) ?? `${match.outcome().winners.join(', ') || 'no winner'}`;
    lines.push(`Match over: ${ending}. Final gold: ${gold.map(({ p, g }) => `${p} ${g}`).join(', ')}.`);
  }
  return lines.join('\n');
}

/**
 * Gold mining in the House: 200 rounds would be 200 walls of text, so the
 * game room gets a summary every `HOUSE_GOLDMINE_SUMMARY_EVERY` rounds (10
 * by default) and at the end; the House tab shows the live map and gold.
 */
export const goldmineAdapter: HouseGame = {
  game: 'goldmine',
  board: goldmineBoard,
  chart: goldmineChart,
  // The match page's board already draws the map of every round: the panel (the map now, plots over rounds) is the House tab's.
  panel: { render: goldminePanel, onPage: false },
  roundText: (record, match) => goldmineSummary(record, match, every()),
  // The map with each summary (the room reads plots held in its text too); the gold once it is public, at the end.
  roundPictures: (record, match) => goldmineRoundPictures(record, match, every()),
  parseMove: (text) => goldmineMove(text),
  turnText: (_state, _player, view) => goldmineTurnText(view as GoldmineView),
  moveForms: (_state, _player, view) => goldmineMoveForms(view as GoldmineView),
};
