import type { RoundHistoryEntry } from '../types.ts';
import type { ChartDataset } from './chartSpec.ts';
import { seatColor } from './palette.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { gameById } from '@the-house/games/registry.ts';

/** A numeric field of the per-player report, scaled (e.g. cents to tokens). */
export interface FieldPick {
  field: string;
  scale?: number;
}

/**
 * Which report field to chart as the score: the game's own, else the first
 * numeric field any player reports (null when there is none, as in Influence).
 */
export function scoreField(game: string, history: readonly RoundHistoryEntry[]): string | null {
  const known = gameById(game)?.presentation.scoreField;
  if (known && history.some((h) => Object.values(h.players).some((p) => typeof p[known] === 'number'))) return known;
  for (const h of history) {
    for (const p of Object.values(h.players)) {
      const field = Object.keys(p).find((k) => typeof p[k] === 'number');
      if (field) return field;
    }
  }
  return null;
}

/**
 * One dataset per player (seated players first, then any others the reports
 * name, e.g. Trust's spawned units), one point per finished round; null where a
 * player reported nothing that round.
 */
export function seriesOverRounds(history: readonly RoundHistoryEntry[], pick: FieldPick, seats: readonly string[]): { labels: number[]; datasets: ChartDataset[] } {
  const ids = [...seats];
  for (const h of history) for (const id of Object.keys(h.players)) if (!ids.includes(id)) ids.push(id);
  const scale = pick.scale ?? 1;
  const datasets = ids
    .map((id, i) => ({
      label: id,
      color: seatColor(colorSeat(id, i, seats)),
      data: history.map((h) => {
        const v = ownValue(h.players, id)?.[pick.field];
        return typeof v === 'number' ? v * scale : null;
      }),
    }))
    .filter((d) => d.data.some((v) => v !== null));
  return { labels: history.map((h) => h.round), datasets };
}

/** A spawned unit (`a#2`) takes its team's colour; anyone else keeps its own seat. */
function colorSeat(id: string, index: number, seats: readonly string[]): number {
  const team = seats.indexOf(id.split('#')[0]!);
  return team >= 0 ? team : index;
}
