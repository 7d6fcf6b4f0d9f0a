import type { AnyGame } from '@the-house/games/engine/types.ts';

/**
 * How long a match could hold its table at most: every round taking its
 * phases' full deadlines (a game with timers of its own, Influence, its
 * timers), plus the pause between rounds. Rounds come from the config
 * (`rounds`, `maxRounds`); a game without a round limit (Influence) plays at
 * most one round per player it can eliminate.
 */
export function worstCaseMs(game: AnyGame, config: unknown, players: number, deadlineMs: number, delayMs: number): number {
  const c = (config ?? {}) as { rounds?: unknown; maxRounds?: unknown; timers?: unknown };
  const rounds = typeof c.rounds === 'number' ? c.rounds : typeof c.maxRounds === 'number' ? c.maxRounds : Math.max(1, players - 1);
  const timers = c.timers && typeof c.timers === 'object' ? Object.values(c.timers).filter((t): t is number => typeof t === 'number') : [];
  const perRound = timers.length ? timers.reduce((a, b) => a + b, 0) : game.phases.length * deadlineMs;
  return rounds * (perRound + delayMs);
}

/** Hours as a person reads them: "7 days", "41 hours", "2.5 hours". */
export function hoursText(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 72) return `${Math.round(hours / 24)} days`;
  return hours >= 10 ? `${Math.round(hours)} hours` : `${Math.round(hours * 10) / 10} hours`;
}
