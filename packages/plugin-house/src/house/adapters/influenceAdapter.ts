import type { HouseGameAdapter } from '../gameAdapters.ts';

/** Influence in the House. */
export const influenceAdapter: HouseGameAdapter = {
  game: 'influence',
};
