import { z } from 'zod';
import { formatZodError } from './errors.ts';
import { idProblem } from './safeKey.ts';
import type { AnyGame } from './types.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Validates a partial config against the game's strict schema; defaults fill the rest. */
export function parseConfig<G extends AnyGame>(game: G, raw: unknown): Parsed<ReturnType<G['configSchema']['parse']>> {
  const result = game.configSchema.safeParse(raw ?? {});
  if (result.success) return { ok: true, value: result.data };
  const allowed = configKeys(game);
  const hint = allowed.length ? ` (allowed keys: ${allowed.join(', ')})` : '';
  return { ok: false, error: `bad ${game.id} config: ${formatZodError(result.error)}${hint}` };
}

export function configKeys(game: AnyGame): string[] {
  const schema = game.configSchema as unknown as { shape?: Record<string, unknown> };
  return schema.shape ? Object.keys(schema.shape) : [];
}

/** Checks a player list: count within the game's limits, ids unique, non-empty, printable, short and never a reserved key (ids index the state's maps). */
export function checkPlayers(game: AnyGame, players: string[]): string | null {
  if (players.length < game.minPlayers || players.length > game.maxPlayers) {
    return `${game.id} needs ${game.minPlayers} to ${game.maxPlayers} players, got ${players.length}`;
  }
  const seen = new Set<string>();
  for (const p of players) {
    if (typeof p === 'string' && !p.trim()) return 'player ids must be non-empty';
    const problem = idProblem(p, 'player id');
    if (problem) return problem;
    if (seen.has(p)) return `player id '${p}' appears twice`;
    seen.add(p);
  }
  return null;
}

export const seedSchema = z.number().int().safe();
