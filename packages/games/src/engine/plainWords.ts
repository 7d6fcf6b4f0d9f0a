/** Small helpers for the narrations: names listed as people write them, quotes cut to a length. */

/** "Ada", "Ada and Bram", "Ada, Bram and Cleo". */
export function plainList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** At most `max` items listed, then "and N more" (a long map or a crowded round stays one readable line). */
export function plainListCut(items: readonly string[], max: number): string {
  if (items.length <= max) return plainList(items);
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** "four" for 4, digits past twelve. */
export function numberWord(n: number): string {
  return Number.isInteger(n) && n >= 0 && n < WORDS.length ? WORDS[n]! : String(n);
}

/** "1 plot", "3 plots". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Someone's words in quotes on one line, cut to `max` characters (whitespace
 * runs, line breaks too, become one space). Curly double quotes inside
 * become straight ones, so the words cannot close the quotation and go on as
 * someone else's (the House's).
 */
export function quoted(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim().replace(/[“”„‟〝〞＂]/g, '"');
  return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`;
}

/**
 * A refusal's reason for a narration: the game's own words, unless they show
 * the player the JSON form it expects (meant for the model, not a reader):
 * then `plain` says it.
 */
export function plainReason(reason: string, plain: string): string {
  return /[{}]/.test(reason) ? plain : reason;
}

/** A value the log holds as a string (player ids, reasons); anything else becomes empty. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A number the log holds, or 0. */
export function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A list of strings the log holds (player ids), or empty. */
export function strs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A plain object of the log (a map by player id), or an empty one; read it with `Object.entries` or `Object.hasOwn`. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
