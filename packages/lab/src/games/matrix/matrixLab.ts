import { matrixGame } from '@the-house/games/matrix/matrixGame.ts';
import type { LabGame } from '../labGame.ts';

/** Matrix games headless: the generic match report; compact prompts (a round's view is a few lines). */
export const matrixLab: LabGame = {
  game: matrixGame,
  seatCheckOthers: ['ada'],
  conversationPays: false,
  benchSweep: ['--seeds', '50', '--population', 'tit-for-tat:2,always-defect:2', '--treatment', 'noise=0,0.05'],
};
