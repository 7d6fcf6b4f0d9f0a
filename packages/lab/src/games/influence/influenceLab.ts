import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import type { LabGame } from '../labGame.ts';
import { auditCommand } from './auditCommand.ts';
import { renderInfluenceTimeline } from './influenceTimeline.ts';

/**
 * Influence headless: its replay and the House's hash-chained log (whose
 * head the game published), `audit influence` to check it; whispering adds
 * too much each turn for a conversation to pay (97k against 63k).
 */
export const influenceLab: LabGame = {
  game: influenceGame,
  artifacts: (state: InfluenceState) => {
    const log = state.log.map((e) => JSON.stringify(e)).join('\n');
    return { 'report.html': renderInfluenceTimeline(state), 'house-log.jsonl': log ? `${log}\n` : '' };
  },
  verbs: new Map([['audit', { run: auditCommand, usage: 'audit influence <house-log.jsonl> [head] | audit influence <play --out dir>' }]]),
  seatCheckOthers: ['ada', 'bram', 'cleo'],
  conversationPays: false,
  benchSweep: ['--seeds', '50', '--population', 'alliance:4,random:4', '--treatment', 'maxDmRecipients=2,4'],
};
