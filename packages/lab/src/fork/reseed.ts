import { Rng } from '@the-house/games/engine/rng.ts';
import type { BaseState } from '@the-house/games/engine/types.ts';
import type { MatchBundle } from '../models/matchBundle.ts';

/** A match's state drawing its randomness from `seed` from here on: the seed every derived draw starts from and the state's own stream. */
export const reseeded = <S extends BaseState>(state: S, seed: number): S => ({ ...state, seed, rng: Rng.fromSeed(seed).state() });

/** Where a match file's randomness was drawn anew (a fork's `--seed`), by the number of phases played before it. */
export const reseedsOf = (bundle: MatchBundle): Map<number, number> => new Map((bundle.provenance?.seeds.reseeded ?? []).map((r) => [r.phase, r.seed]));
