import type { GameNarration, NarratedEvent, NarrationContext } from './engine/narration.ts';
import { gameById } from './registry.ts';

/** A registered game's narration (each game carries its own, `GameDefinition.narration`); undefined for an unknown id. */
export function narrationOf(game: string): GameNarration | undefined {
  return gameById(game)?.narration;
}

/** Whether the audience may read the event: public events everyone; private ones the observer, where its game allows (never for a game without narration). */
export function mayRead(game: string, event: NarratedEvent, ctx: NarrationContext): boolean {
  if (event.to === undefined) return true;
  const narration = narrationOf(game);
  return narration !== undefined && ctx.audience === 'observer' && narration.types.has(event.type) && narration.observerMay(event, ctx);
}

/**
 * A batch of one match's events in words, one entry per event: its sentence;
 * null when the audience may not read it, or another sentence of the batch
 * already tells it; undefined when the game (or the event type) has no
 * narration, for the caller's own fallback.
 */
export function narrateEvents(game: string, events: readonly NarratedEvent[], ctx: NarrationContext): Array<string | null | undefined> {
  const narration = narrationOf(game);
  if (!narration) return events.map(() => undefined);
  const shown: NarratedEvent[] = [];
  const at: number[] = [];
  events.forEach((e, i) => {
    if (narration.types.has(e.type) && mayRead(game, e, ctx)) {
      shown.push(e);
      at.push(i);
    }
  });
  const told = narration.narrate(shown, ctx);
  const out: Array<string | null | undefined> = events.map((e) => (narration.types.has(e.type) ? null : undefined));
  at.forEach((i, k) => (out[i] = told[k] ?? null));
  return out;
}

/** The report fields (and score) of a game the public may not read while its match runs. */
export function secretWhilePlaying(game: string): ReadonlySet<string> {
  return narrationOf(game)?.secretWhilePlaying ?? new Set();
}

/** How a finished match ended, in words ("round limit reached: Ada richest with 66 sats"); null while it runs or for a game without narration. */
export function describeOutcome(game: string, state: unknown): string | null {
  return narrationOf(game)?.ending(state) ?? null;
}
