import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';
import type { LabGame } from '../labGame.ts';
import { cafeArtifacts } from './cafeArtifacts.ts';
import { analyzeCommand, logsCommand } from './cafeCommands.ts';

/** Café headless: its analysis and per-round logs, two verbs to read them again; each turn adds too much for a conversation to pay. */
export const cafeLab: LabGame = {
  game: cafeGame,
  artifacts: (state: CafeState, events) => cafeArtifacts(state, events),
  verbs: new Map([
    ['analyze', { run: analyzeCommand, usage: 'analyze cafe <out-dir|events.jsonl> [--html report.html]' }],
    ['logs', { run: logsCommand, usage: 'logs cafe <out-dir|events.jsonl> [--out dir]' }],
  ]),
  seatCheckOthers: ['ada'],
  conversationPays: false,
  benchSweep: ['--seeds', '100', '--population', 'credit-union:2,free-rider:2', '--treatment', 'interestRate=0,0.05'],
};
