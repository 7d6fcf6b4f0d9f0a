import { trustGame } from '@the-house/games/trust/trustGame.ts';
import type { LabGame } from '../labGame.ts';

/**
 * Trust headless: the generic match report; a model seat plays it as a
 * conversation where caching pays (27.0k against 35.1k billed-equivalent
 * tokens a game under gpt-5-mini's rules, 27.8k under Claude Sonnet's).
 */
export const trustLab: LabGame = {
  game: trustGame,
  seatCheckOthers: ['ada'],
  conversationPays: true,
  benchSweep: ['--seeds', '200', '--population', 'copycat:1,always-cheat:1', '--treatment', 'missChance=0,0.15'],
};
