import { PRESETS, type PresetName } from './matrixPresets.ts';

const PLAIN = { C: 'cooperate', D: 'defect' } as const;

/** What C and D mean in a match: its preset's words, or cooperate and defect for payoffs of its own (`preset` null). */
export function moveWords(preset: PresetName | null): { C: string; D: string } {
  return preset ? PRESETS[preset].moves : PLAIN;
}

/** The match's game by name: its preset's title, or a 2x2 game of its own. */
export function gameTitle(preset: PresetName | null): string {
  return preset ? PRESETS[preset].title : 'a 2x2 game with payoffs of its own';
}
