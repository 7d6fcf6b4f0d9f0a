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

/** Plots by yield, richest first (plot id among equals); the list itself when every plot yields the same. */
export function richestFirst(view: GoldmineView, plots: readonly number[]): readonly number[] {
  const alpha = view.plotAlpha;
  if (!alpha || plots.length < 2) return plots;
  return [...plots].sort((a, b) => alpha[b]! - alpha[a]! || a - b);
}

/** Mines every owned plot to the cap (RULES G-a: k = cap), richest plots first, while budget lasts; returns the budget left. */
export function mineOwned(view: GoldmineView, mine: readonly number[], budget: number, out: GoldmineAction[]): number {
  for (const plot of richestFirst(view, mine)) {
    if (budget <= 0) break;
    const k = Math.min(view.cap, budget);
    out.push({ type: 'mine', plot, k });
    budget -= k;
  }
  return budget;
}

/** What a retaliator posts when talk is on; `warnedBy` reads it back. */
export const RETALIATION_LINE = 'I never raid first, and I raid back whoever raids me.';

/** Seats whose talk line last round threatened to raid back (the `talk` treatment's deterrence). */
export function warnedBy(view: GoldmineView): Set<number> {
  const out = new Set<number>();
  for (const line of lastRound(view)?.talk ?? NONE_TALK) if (/raid back/i.test(line.text)) out.add(line.seat);
  return out;
}

const NONE_TALK: ReadonlyArray<{ seat: number; text: string }> = [];

/** Up to `count` distinct items, the richest yield band first, uniformly drawn within a band. */
function pickRichest(view: GoldmineView, rng: Rng, items: readonly number[], count: number): number[] {
  const alpha = view.plotAlpha;
  if (!alpha) return pickDistinct(rng, items, count);
  const bands = [...new Set(items.map((p) => alpha[p]!))].sort((a, b) => b - a);
  const out: number[] = [];
  for (const band of bands) {
    if (out.length >= count) break;
    out.push(...pickDistinct(rng, items.filter((p) => alpha[p] === band), count - out.length));
  }
  return out;
}

/**
 * Spends what is left on expansion: claims on unowned plots, uniformly drawn
 * (the richest yield first when plots differ); once the map is full, raids on
 * uniformly drawn plots of others, preferring those their owners did not
 * defend last round, that no truce or authority protects and whose owners did
 * not threaten to raid back. The random stream is only touched when there is
 * something to draw.
 */
export function expand(view: GoldmineView, ctx: BrainContext, free: readonly number[], raids: boolean, budget: number, out: GoldmineAction[]): void {
  if (budget <= 0) return;
  if (free.length) {
    for (const plot of pickRichest(view, ctx.rng, free, budget)) out.push({ type: 'claim', plot });
    return;
  }
  if (!raids) return;
  const others = othersOf(view);
  if (others.length === 0) return;
  const guarded = new Uint8Array(view.owner.length);
  for (const p of lastRound(view)?.defended ?? NONE) guarded[p] = 1;
  for (const p of view.protectedPlots) guarded[p] = 1;
  for (const p of view.authorityPlots) guarded[p] = 1;
  const warned = view.talk ? warnedBy(view) : null;
  const open = others.filter((p) => guarded[p] === 0 && !warned?.has(view.owner[p]!));
  for (const plot of pickDistinct(ctx.rng, open.length ? open : others, budget)) out.push({ type: 'raid', plot });
}
