import { payoffsOf, presetOf, type MatrixConfig } from './matrixConfig.ts';
import { symmetric, type Bimatrix } from './matrixPresets.ts';
import type { MatrixView } from './matrixTypes.ts';
import { gameTitle, moveWords } from './matrixWords.ts';

/** The settings a player is told, as its view carries them (the length only when it is fixed and known). */
export type MatrixRules = Pick<MatrixView, 'preset' | 'payoffs' | 'pairing' | 'rounds' | 'continuation' | 'noise'>;

/** A probability as the rules text says it: 0.05 is "5%". */
export const percent = (p: number): string => `${Math.round(p * 10_000) / 100}%`;

/** A config's rules as its players are told them (matrixView gives each player the same). */
export function matrixRulesOf(config: MatrixConfig): MatrixRules {
  return {
    preset: presetOf(config),
    payoffs: payoffsOf(config),
    pairing: config.pairing,
    rounds: config.continuation === 1 && config.horizon === 'known' ? config.rounds : null,
    continuation: config.continuation,
    noise: config.noise,
  };
}

function payoffLine(p: Bimatrix): string {
  if (symmetric(p)) return `Payoffs (you/them): CC ${p.row.R}/${p.row.R}, CD ${p.row.S}/${p.row.T}, DC ${p.row.T}/${p.row.S}, DD ${p.row.P}/${p.row.P}.`;
  return `Payoffs by role (row/column, the row's move first): CC ${p.row.R}/${p.column.R}, CD ${p.row.S}/${p.column.T}, DC ${p.row.T}/${p.column.S}, DD ${p.row.P}/${p.column.P}.`;
}

function lengthLine(r: MatrixRules): string {
  if (r.rounds !== null) return `Length: ${r.rounds} rounds.`;
  if (r.continuation < 1) return `Length: after each round another follows with probability ${percent(r.continuation)}; nobody knows the last.`;
  return 'Length: a fixed number of rounds, not told.';
}

/**
 * A Matrix games match's rules in words, a line each: the room hears them as
 * the match begins and a model reads them atop its prompt. The room may hold
 * players, so it is told no more than they are (a hidden length stays hidden).
 */
export function matrixRulesText(r: MatrixRules): string[] {
  const words = moveWords(r.preset);
  const lines = [
    `Matrix games, run by The House: ${gameTitle(r.preset)}. Each round you play C or D against each opponent of the round, all at once; payoffs add up to your score; the highest score wins.`,
    payoffLine(r.payoffs),
    `C: ${words.C}. D: ${words.D}.`,
    r.pairing === 'round-robin' ? 'Pairing: a round robin, every round you meet every other player.' : 'Pairing: each round players are paired at random; with an odd count one sits out.',
    lengthLine(r),
  ];
  if (r.noise > 0) lines.push(`Noise: each move is flipped with probability ${percent(r.noise)}; a flipped move of yours shows in lowercase (c: you meant D), seen by you alone.`);
  return lines;
}
