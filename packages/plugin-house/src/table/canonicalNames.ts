import type { PlayerId } from '@the-house/games/engine/types.ts';

/** The fields of a move that name a player (Trust's target, ally, share; Influence's DM recipients, votes and power; Café's lender). */
const NAME_FIELDS = new Set(['target', 'to', 'from', 'ally', 'leave', 'empower', 'expose']);

/**
 * A person's move with every player it names spelled as the match spells it:
 * `!move hf @ada` aims at Ada. Only whole names in name fields change, and
 * only when exactly one player has that name in any case; anything else is
 * left for the game to check (and refuse with what it allows).
 */
export function canonicalNames(decision: unknown, players: readonly PlayerId[]): unknown {
  const byLower = new Map<string, PlayerId | null>();
  for (const p of players) byLower.set(p.toLowerCase(), byLower.has(p.toLowerCase()) ? null : p);
  const name = (value: unknown): unknown => {
    if (typeof value !== 'string' || players.includes(value)) return value;
    return byLower.get(value.toLowerCase()) ?? value;
  };
  const walk = (value: unknown, key: string | null): unknown => {
    if (key !== null && NAME_FIELDS.has(key)) {
      if (typeof value === 'string') return name(value);
      if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? name(v) : walk(v, null)));
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, null));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(decision, null);
}
