import { goldmineConfigSchema, type GoldmineConfig } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';
import type { GoldmineState } from './goldmineTypes.ts';

/**
 * A small match for tests: a 3x3 map (plots 0..8), players a, b, c (or as
 * many letters as `players`) as seats 0, 1, 2..., and a hand-drawn ownership
 * map (`-` unowned, else a seat letter).
 */
export function smallMatch(map = '--- --- ---', config: Partial<GoldmineConfig> = {}, seed = 7, players = 3): GoldmineState {
  const cfg = goldmineConfigSchema.parse({ size: 3, rounds: 5, ...config });
  const state = goldmineGame.setup(cfg, seed, Array.from({ length: players }, (_, i) => String.fromCharCode(97 + i)));
  const cells = map.replace(/\s+/g, '');
  const owner = [...cells].map((ch) => (ch === '-' ? -1 : ch.charCodeAt(0) - 97));
  return { ...state, owner, since: owner.map(() => 0) };
}

/** The ownership map drawn back as rows of letters, for transcript-style assertions. */
export function drawMap(state: Pick<GoldmineState, 'owner'>, size = 3): string {
  const rows: string[] = [];
  for (let r = 0; r < size; r++) rows.push(state.owner.slice(r * size, r * size + size).map((o) => (o === -1 ? '-' : String.fromCharCode(97 + o))).join(''));
  return rows.join(' ');
}
