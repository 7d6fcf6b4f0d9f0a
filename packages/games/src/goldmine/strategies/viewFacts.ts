import type { Rng } from '../../engine/rng.ts';
import type { BrainContext } from '../../engine/types.ts';
import type { GoldmineAction } from '../goldmineDecision.ts';
import type { GoldmineView, RoundPublic } from '../goldmineTypes.ts';

interface PlotIndex {
  bySeat: number[][];
  free: number[];
}

// Every player's view of a round shares the state's map array, so one pass
// per round serves all of them. Keyed weakly by that array: pure, no leak.
const indexes = new WeakMap<readonly number[], PlotIndex>();

function plotIndex(owner: readonly number[]): PlotIndex {
  let index = indexes.get(owner);
  if (!index) {
    index = { bySeat: [], free: [] };
    for (let p = 0; p < owner.length; p++) {
      const o = owner[p]!;
      if (o === -1) index.free.push(p);
      else (index.bySeat[o] ??= []).push(p);
    }
    indexes.set(owner, index);
  }
  return index;
}

const NONE: readonly number[] = [];

/** The player's plots and the unowned plots, each ascending (shared lists: read only). */
export function plotsOf(view: GoldmineView): { mine: readonly number[]; free: readonly number[] } {
  const index = plotIndex(view.owner);
  return { mine: index.bySeat[view.me] ?? NONE, free: index.free };
}

/** Plots owned by `seat`, ascending (read only). */
export function plotsOfSeat(view: GoldmineView, seat: number): readonly number[] {
  return plotIndex(view.owner).bySeat[seat] ?? NONE;
}

/** Plots owned by players other than the viewer, ascending. */
export function othersOf(view: GoldmineView): number[] {
  const { owner, me } = view;
  const out: number[] = [];
  for (let p = 0; p < owner.length; p++) if (owner[p] !== -1 && owner[p] !== me) out.push(p);
  return out;
}

/** The public record of the round just played, if any. */
export function lastRound(view: GoldmineView): RoundPublic | null {
  const last = view.recent[view.recent.length - 1];
  return last && last.round === view.round - 1 ? last : null;
}

/** Up to `count` distinct items, uniformly drawn (a partial Fisher-Yates on a copy). */
export function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = rng.int(i, pool.length - 1);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return pool.slice(0, n);
}

/** Mines every owned plot up to the useful maximum min(3, cap), ascending, while budget lasts; returns the budget left. */
export function mineOwned(view: GoldmineView, mine: readonly number[], budget: number, out: GoldmineAction[]): number {
  const full = Math.min(3, view.cap);
  for (const plot of mine) {
    if (budget <= 0) break;
    const k = Math.min(full, budget);
    out.push({ type: 'mine', plot, k });
    budget -= k;
  }
  return budget;
}

/**
 * Spends what is left on expansion: claims on uniformly drawn unowned plots;
 * once the map is full, raids on uniformly drawn plots of others, preferring
 * those their owners did not defend last round and that no truce protects.
 * The random stream is only touched when there is something to draw.
 */
export function expand(view: GoldmineView, ctx: BrainContext, free: readonly number[], raids: boolean, budget: number, out: GoldmineAction[]): void {
  if (budget <= 0) return;
  if (free.length) {
    for (const plot of pickDistinct(ctx.rng, free, budget)) out.push({ type: 'claim', plot });
    return;
  }
  if (!raids) return;
  const others = othersOf(view);
  if (others.length === 0) return;
  const guarded = new Uint8Array(view.owner.length);
  for (const p of lastRound(view)?.defended ?? NONE) guarded[p] = 1;
  for (const p of view.protectedPlots) guarded[p] = 1;
  const open = others.filter((p) => guarded[p] === 0);
  for (const plot of pickDistinct(ctx.rng, open.length ? open : others, budget)) out.push({ type: 'raid', plot });
}
