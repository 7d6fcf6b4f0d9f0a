import { z } from 'zod';
import { PRESET_NAMES, PRESETS, type Bimatrix, type PresetName } from './matrixPresets.ts';

/** Every payoff is a whole number in this range: totals stay exact and a score reads as it is. */
export const PAYOFF_LIMIT = 100;

const payoff = z.number().int('a payoff is a whole number').min(-PAYOFF_LIMIT).max(PAYOFF_LIMIT);

/** One role's payoffs: R both C, S you C they D, T you D they C, P both D. */
export const payoffsSchema = z.object({ R: payoff, S: payoff, T: payoff, P: payoff }).strict();

/** Most players at a table: a population of 25 (The Evolution of Trust) fits, and a round robin stays 496 games a round. */
export const MAX_PLAYERS = 32;

/** Most rounds a match may last (the fixed length, or the cap under a continuation probability). */
export const MAX_ROUNDS = 10_000;

/**
 * An iterated 2x2 game. `preset` names the payoffs; `payoffs` replaces them
 * (for both roles unless `columnPayoffs` gives the column role its own).
 * `pairing`: `round-robin`, every round each player meets every other once;
 * `pairs`, every round players are paired by a seeded draw, and with an odd
 * count the one who has sat out least (ties by the draw) sits the round out
 * with no payoff. Length: `rounds`, and with `continuation` below 1 each
 * round after the first is played only with that probability (drawn from the
 * state's Rng), `rounds` then being a cap nobody is told. `horizon`: whether
 * players are told a fixed length. `noise`: each move is flipped with this
 * probability, and only its mover learns it was. `parse({})` is Axelrod's
 * tournament: the Prisoner's Dilemma, 3/0/5/1, 200 rounds, known length, no noise.
 */
export const matrixConfigSchema = z
  .object({
    preset: z.enum(PRESET_NAMES).default('prisoners-dilemma'),
    payoffs: payoffsSchema.optional(),
    columnPayoffs: payoffsSchema.optional(),
    pairing: z.enum(['round-robin', 'pairs']).default('round-robin'),
    rounds: z.number().int().min(1).max(MAX_ROUNDS).default(200),
    continuation: z.number().min(0).max(1).default(1),
    horizon: z.enum(['known', 'hidden']).default('known'),
    noise: z.number().min(0).max(0.5).default(0),
  })
  .strict();

export type MatrixConfig = z.infer<typeof matrixConfigSchema>;

const resolved = new WeakMap<MatrixConfig, Bimatrix>();

/** The payoffs a config plays: its own `payoffs` (and `columnPayoffs`) over its preset's. */
export function payoffsOf(config: MatrixConfig): Bimatrix {
  let out = resolved.get(config);
  if (!out) {
    const preset = PRESETS[config.preset].payoffs;
    const row = config.payoffs ?? preset.row;
    out = { row, column: config.columnPayoffs ?? config.payoffs ?? preset.column };
    resolved.set(config, out);
  }
  return out;
}

/** The preset whose payoffs a config plays, or null when its own numbers replace them. */
export function presetOf(config: MatrixConfig): PresetName | null {
  return config.payoffs === undefined && config.columnPayoffs === undefined ? config.preset : null;
}

/** Whether the match may end after any round (a continuation probability below 1). */
export function openEnded(config: MatrixConfig): boolean {
  return config.continuation < 1;
}
