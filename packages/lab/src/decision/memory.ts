import type { AnyGame } from '@the-house/games/engine/types.ts';
import { renderNotes, updateNotes, type PlayerNotes } from './opponentNotes.ts';

/**
 * Folds the view a player was told after a round into its memory: its notes
 * on each opponent, and the game's digest of the round (once per round, so a
 * round told twice after a restart counts once).
 */
export function remember(notes: PlayerNotes, me: string, game: AnyGame | undefined, view: unknown): PlayerNotes {
  const next = updateNotes(notes, me, (view as { history?: unknown } | null)?.history);
  const digest = game?.digest?.(view as never);
  if (!digest || notes.journal?.some((d) => d.round === digest.round)) return next;
  return { ...next, journal: [...(notes.journal ?? []), digest] };
}

/** A block's counts added up, the ones that are not zero, sorted by name. */
function counted(block: NonNullable<PlayerNotes['journal']>): string {
  const totals = new Map<string, number>();
  for (const d of block) for (const [k, v] of Object.entries(d.tally)) totals.set(k, (totals.get(k) ?? 0) + v);
  const kept = [...totals].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.map(([k, v]) => `${k} ${v}`).join(', ') || 'nothing counted';
}

/** `- Rounds a-b`: the block's counts added up, then where the block ended. */
function blockLine(block: NonNullable<PlayerNotes['journal']>): string {
  const totals = new Map<string, number>();
  for (const d of block) for (const [k, v] of Object.entries(d.tally)) totals.set(k, (totals.get(k) ?? 0) + v);
  // Sorted: the House keeps memory in jsonb, which does not keep key order, and a replay must rebuild the same prompt.
  const counts = [...totals]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `- Rounds ${block[0]!.round}-${block.at(-1)!.round}: ${counts || 'nothing counted'}. At its end: ${block.at(-1)!.line}`;
}

/**
 * The player's memory in words for its prompt: its notes on opponents, then
 * its journal: the last `recent` rounds line by line (unless the view already
 * shows them in full), and every earlier block of `recent` rounds summed up in
 * one line, so a 200-round match costs no more prompt than a 20-round one.
 */
export function renderMemory(notes: PlayerNotes | null, recent: number, viewShowsRecent: boolean): string {
  const parts = [renderNotes(notes)];
  const journal = notes?.journal ?? [];
  if (journal.length) {
    const cut = Math.max(0, journal.length - recent);
    const blocks: string[] = [];
    for (let i = 0; i < cut; i += recent) blocks.push(blockLine(journal.slice(i, Math.min(i + recent, cut))));
    if (blocks.length) parts.push(`Earlier rounds, summed up from your memory:\n${blocks.join('\n')}`);
    if (!viewShowsRecent) parts.push(`Recent rounds, from your memory:\n${journal.slice(cut).map((d) => `- ${d.line}`).join('\n')}`);
  }
  return parts.join('\n');
}

/**
 * The player's memory for a compact prompt (format 2), or '' when there is
 * nothing in it: its notes on each opponent, all rounds before the last
 * `recent` summed up in one line of counts, and the last `recent` rounds line
 * by line unless the view already shows them.
 */
export function compactMemory(notes: PlayerNotes | null, recent: number, viewShowsRecent: boolean): string {
  const parts: string[] = [];
  const opponents = Object.entries(notes?.opponents ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (opponents.length) parts.push(`Your notes (trust: +1 a high five at you, -2 an attack): ${opponents.map(([id, n]) => `${id} trust ${n.trust}, ${n.betrayals} attacks, ${n.debts} unreturned`).join('; ')}`);
  const journal = notes?.journal ?? [];
  const cut = Math.max(0, journal.length - recent);
  if (cut > 0) parts.push(`Rounds 1-${journal[cut - 1]!.round}: ${counted(journal.slice(0, cut))}.`);
  if (!viewShowsRecent && cut < journal.length) parts.push(`Recent rounds:\n${journal.slice(cut).map((d) => d.line).join('\n')}`);
  return parts.join('\n');
}
