import type { LogEntry } from '@the-house/games/engine/eventLog.ts';

const MAX_VALUE = 120;
const MAX_LINE = 220;

/** One line for an event of the log: its type and its data as `key: value` pairs, long values cut. */
export function describeEvent(entry: Pick<LogEntry, 'type' | 'data'>): string {
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
