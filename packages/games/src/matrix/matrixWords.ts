import { PRESETS } from './matrixPresets.ts';
import type { MatrixConfig } from './matrixConfig.ts';

const PLAIN = { C: 'cooperate', D: 'defect' } as const;

/** What C and D mean in a match: its preset's words, or cooperate and defect for payoffs of its own. */
export function moveWords(config: Pick<MatrixConfig, 'preset' | 'payoffs' | 'columnPayoffs'>): { C: string; D: string } {
  return config.payoffs === undefined && config.columnPayoffs === undefined ? PRESETS[config.preset].moves : PLAIN;
}

/** The match's game by name: its preset's title, or "a 2x2 game of its own". */
export function gameTitle(config: Pick<MatrixConfig, 'preset' | 'payoffs' | 'columnPayoffs'>): string {
  return config.payoffs === undefined && config.columnPayoffs === undefined ? PRESETS[config.preset].title : 'a 2x2 game with payoffs of its own';
}
