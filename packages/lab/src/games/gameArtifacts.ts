import type { GameLogEvent } from '@the-house/games/engine/types.ts';
import { roundLogsFromEvents } from '@the-house/games/goldmine/roundLogsFromEvents.ts';
import type { GoldmineState } from '@the-house/games/goldmine/goldmineTypes.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { narratedTimeline } from '../report/narratedTimeline.ts';
import { cafeArtifacts } from './cafe/cafeArtifacts.ts';
import { goldmineMatchReport } from './goldmine/matchReport.ts';
import { renderInfluenceTimeline } from './influence/influenceTimeline.ts';

/** The files `play --out` writes for one finished match, by name, beside events.jsonl and state.json. */
export type Artifacts = (state: any, events: readonly GameLogEvent[]) => Record<string, string>;

/**
 * Each game's own report files: Café's analysis and per-round logs, Gold
 * mining's match report, Influence's replay and the House's hash-chained log
 * (whose head the game published). A game without an entry gets the generic
 * match report.
 */
export const gameArtifacts: ReadonlyMap<string, Artifacts> = new Map<string, Artifacts>([
  ['cafe', (state: CafeState, events) => cafeArtifacts(state, events)],
  [
    'goldmine',
    (state: GoldmineState, events) => {
      const story = { ending: describeOutcome('goldmine', state), timeline: narratedTimeline(events, { game: 'goldmine', players: state.players, over: state.over }, false) };
      return { 'report.html': goldmineMatchReport(state, roundLogsFromEvents(events), undefined, story) };
    },
  ],
  [
    'influence',
    (state: InfluenceState) => {
      const log = state.log.map((e) => JSON.stringify(e)).join('\n');
      return { 'report.html': renderInfluenceTimeline(state), 'house-log.jsonl': log ? `${log}\n` : '' };
    },
  ],
]);
