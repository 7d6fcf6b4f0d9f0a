import { Rng } from '../engine/rng.ts';
import type { PlayerId } from '../engine/types.ts';
import { DEFAULT_STAMINA, type GoldmineConfig } from './goldmineConfig.ts';

/** The three yields of `gradient` and `random` plots, as multiples of alpha: poor, plain, rich. */
export const ALPHA_BANDS = [0.5, 1, 1.5] as const;

/**
 * Each seat's stamina S (RULES G-e). Two classes split the seats by a seeded
 * shuffle (stream: seed, 'stamina-classes'): the first ceil(n/2) shuffled
 * seats get the first value. A map gives the players it names their value
 * and everyone else DEFAULT_STAMINA.
 */
export function staminaBySeat(config: Pick<GoldmineConfig, 'stamina'>, seed: number, players: readonly PlayerId[]): number[] {
  const s = config.stamina;
  if (typeof s === 'number') return players.map(() => s);
  if (Array.isArray(s)) {
    const out = new Array<number>(players.length);
    const first = Math.ceil(players.length / 2);
    Rng.derive(seed, 'stamina-classes')
      .shuffle(players.map((_, i) => i))
      .forEach((seat, rank) => (out[seat] = rank < first ? s[0] : s[1]));
    return out;
  }
  return players.map((id) => (Object.hasOwn(s, id) ? s[id]! : DEFAULT_STAMINA));
}

/**
 * Each plot's alpha (RULES G-e), or null when every plot yields `alpha`.
 * `gradient`: the columns in three bands, west to east 0.5, 1 and 1.5 times
 * alpha; `random`: each plot one of those, drawn by seed (stream: seed,
 * 'plot-alpha'); a map: its plots their own alpha, the rest `alpha`.
 */
export function alphaByPlot(config: Pick<GoldmineConfig, 'plotAlpha' | 'alpha' | 'size'>, seed: number): number[] | null {
  const { plotAlpha, alpha, size } = config;
  if (plotAlpha === 'uniform') return null;
  const plots = size * size;
  if (plotAlpha === 'gradient') return Array.from({ length: plots }, (_, p) => alpha * ALPHA_BANDS[Math.floor(((p % size) * 3) / size)]!);
  if (plotAlpha === 'random') {
    const rng = Rng.derive(seed, 'plot-alpha');
    return Array.from({ length: plots }, () => alpha * rng.pick(ALPHA_BANDS));
  }
  return Array.from({ length: plots }, (_, p) => (Object.hasOwn(plotAlpha, String(p)) ? plotAlpha[String(p)]! : alpha));
}
