import { describeOutcome } from '@the-house/games/narrations.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import type { GoldmineState } from '@the-house/games/goldmine/goldmineTypes.ts';
import { roundLogsFromEvents } from '@the-house/games/goldmine/roundLogsFromEvents.ts';
import { narratedTimeline } from '../../report/narratedTimeline.ts';
import type { LabGame } from '../labGame.ts';
import { checkCommand } from './checkCommand.ts';
import { goldmineMatchReport } from './matchReport.ts';
import { ownershipMaps } from './ownershipMaps.ts';

/**
 * Gold mining headless: its match report (maps, gold, the story), `check
 * goldmine` against the ODD's invariants, ownership maps in sweep reports;
 * a conversation pays (300k and 316k against 354k billed-equivalent tokens).
 */
export const goldmineLab: LabGame = {
  game: goldmineGame,
  artifacts: (state: GoldmineState, events) => {
    const story = { ending: describeOutcome('goldmine', state), timeline: narratedTimeline(events, { game: 'goldmine', players: state.players, over: state.over }, false) };
    return { 'report.html': goldmineMatchReport(state, roundLogsFromEvents(events), undefined, story) };
  },
  verbs: new Map([['check', { run: checkCommand, usage: 'check goldmine <play --out dir>' }]]),
  snapshots: ownershipMaps,
  seatCheckOthers: ['ada'],
  conversationPays: true,
  benchSweep: ['--seeds', '20', '--population', 'greedy-mine:5,defend-then-mine:5', '--treatment', 'truce=1,3'],
};
