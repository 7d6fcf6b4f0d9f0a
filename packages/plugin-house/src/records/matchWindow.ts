import type { MatchDetail } from '../types.ts';

/** Rounds a match route serves when none are asked for: the latest ones. */
export const DEFAULT_WINDOW = 200;
/** The most rounds one request may ask for: a match of any length is served a window at a time. */
export const MAX_WINDOW = 500;

/** The rounds a reader asks for (either end may be left out). */
export interface RoundsWanted {
  from?: number;
  to?: number;
}

/** The rounds served, and the match's whole range (its first and last round): what a page's scrubber walks and asks for. */
export interface RoundWindow {
  from: number;
  to: number;
  first: number;
  last: number;
}

/**
 * The window served for `wanted` in a match whose rounds run from `first`
 * to `last`: within them, at most MAX_WINDOW rounds; nothing asked, the
 * latest DEFAULT_WINDOW; one end asked, a default window from or up to it.
 */
export function windowRange(first: number, last: number, wanted: RoundsWanted = {}): RoundWindow {
  const clamp = (n: number) => Math.min(last, Math.max(first, Math.floor(n)));
  const size = wanted.from !== undefined && wanted.to !== undefined ? Math.min(MAX_WINDOW, Math.max(1, wanted.to - wanted.from + 1)) : DEFAULT_WINDOW;
  let from: number;
  if (wanted.from !== undefined) from = clamp(wanted.from);
  else if (wanted.to !== undefined) from = clamp(wanted.to - size + 1);
  else from = clamp(last - size + 1);
  const to = clamp(Math.min(from + size - 1, wanted.to ?? Infinity));
  return { from, to: Math.max(from, to), first, last };
}

/**
 * Whether an event or a round report of `round` is served in `window`: the
 * window's rounds, and at its ends what comes before the first round (the
 * setup) and after the last (a round being played).
 */
export function inWindow(round: number, window: RoundWindow): boolean {
  return (round >= window.from || window.from <= window.first) && (round <= window.to || window.to >= window.last);
}

/** A match's first and last round: its round reports', else the round it is at. */
export function roundsOf(detail: Pick<MatchDetail, 'history' | 'summary'>): { first: number; last: number } {
  const first = detail.history[0]?.round ?? detail.summary.round;
  return { first, last: Math.max(first, detail.history.at(-1)?.round ?? 0, detail.summary.round) };
}

/** A match held whole (a live table's), cut to the window asked for. */
export function windowOf(detail: MatchDetail, wanted: RoundsWanted = {}): MatchDetail {
  const { first, last } = roundsOf(detail);
  const window = windowRange(first, last, wanted);
  return { ...detail, events: detail.events.filter((e) => inWindow(e.round, window)), history: detail.history.filter((h) => inWindow(h.round, window)), rounds: window };
}
