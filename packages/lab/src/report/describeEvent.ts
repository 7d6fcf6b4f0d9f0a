import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { Audience, NarratedEvent } from '@the-house/games/engine/narration.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { mayRead, narrateEvents } from '@the-house/games/narrations.ts';

const MAX_VALUE = 120;
const MAX_LINE = 220;

/** Whose words: the game, its seats (Gold mining names seats by index), whether it is over, and who reads (the observer unless said). */
export interface Narrating {
  game: string;
  players: readonly PlayerId[];
  over: boolean;
  audience?: Audience;
}

/**
 * A match's events in words, one entry per event, from its game's narration
 * (`packages/games/src/narrations.ts`): null for an event the audience may not
 * read, or one another sentence already tells (a Trust miss, told with its
 * round). An event no narration knows is dumped as `type (key: value; ...)`
 * when public, withheld when private.
 */
export function describeEvents(entries: readonly NarratedEvent[], how: Narrating): Array<string | null> {
  const ctx = { audience: how.audience ?? 'observer', players: how.players, over: how.over };
  const told = narrateEvents(how.game, entries, ctx);
  return entries.map((e, i) => {
    const line = told[i];
    if (line !== undefined) return line;
    return mayRead(how.game, e, ctx) ? rawEvent(e) : null;
  });
}

/** One event in words: its game's sentence when `how` names the game, else (and for a type no narration knows) the raw dump. */
export function describeEvent(entry: Pick<LogEntry, 'type' | 'data'> & { to?: readonly string[] }, how?: Narrating): string {
  if (!how) return rawEvent(entry);
  return describeEvents([entry], how)[0] ?? '';
}

/** The last resort for an event no narration knows: its type and its data as `key: value` pairs, long values cut. */
export function rawEvent(entry: Pick<NarratedEvent, 'type' | 'data'>): string {
  const parts = Object.entries(entry.data ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${shortValue(v)}`);
  const line = parts.length ? `${entry.type} (${parts.join('; ')})` : entry.type;
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A move as games write it (`{action, target}`), e.g. `HIGH_FIVE→bob`. */
function move(value: unknown): string | null {
  if (!isPlain(value) || typeof value.action !== 'string') return null;
  return typeof value.target === 'string' ? `${value.action}→${value.target}` : value.action;
}

function shortValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) text = value.join(', ');
  else if (isPlain(value) && Object.values(value).every((v) => typeof v !== 'object')) text = Object.entries(value).map(([k, v]) => `${k} ${v}`).join(', ');
  else if (isPlain(value) && Object.values(value).every((v) => move(v) !== null)) text = Object.entries(value).map(([k, v]) => `${k} ${move(v)}`).join(', ');
  else text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}
