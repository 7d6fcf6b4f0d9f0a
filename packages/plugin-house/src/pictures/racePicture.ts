import { seatColor } from '../dashboard/palette.ts';
import { legendSvg } from './legendSvg.ts';
import { lineChartSvg, type Series } from './lineChartSvg.ts';
import type { RoomPicture } from './roomPicture.ts';
import { svgDocument } from './svgParts.ts';
import { svgToPng } from './svgToPng.ts';

export const RACE_SIZE = { width: 720, height: 400 } as const;

/** A score race: each player's score after every round, drawn as lines, with the final scores beside them. */
export interface RaceInput {
  /** The seats, in order (a spawned unit `ada#2` takes its team's colour). */
  seats: readonly string[];
  rounds: readonly number[];
  /** The score after each round, by player or unit (null: not in play that round). */
  values: ReadonlyMap<string, ReadonlyArray<number | null>>;
  /** The file's name (`trust-sats-race.png`), the chart's title, the score's unit, and the alt text's opening words. */
  name: string;
  title: string;
  unit: string;
  about: string;
}

/** A unit spawned by a replicator takes its team's colour. */
function colorOf(id: string, seats: readonly string[], index: number): string {
  const team = seats.indexOf(id.split('#')[0]!);
  return seatColor(team >= 0 ? team : index);
}

/** A game's score race as a picture for its room, its alt text naming every final score. */
export function racePicture(input: RaceInput): RoomPicture {
  const { width, height } = RACE_SIZE;
  const ids = [...input.values.keys()];
  const series: Series[] = ids.map((id, i) => ({ label: id, color: colorOf(id, input.seats, i), values: [...input.values.get(id)!] }));
  const last = (s: Series) => [...s.values].reverse().find((v) => v !== null) ?? null;
  const finals = series.map((s) => ({ s, v: last(s), out: s.values.at(-1) === null || (s.values.at(-1) ?? 1) <= 0 }));
  const legend = [...finals].sort((a, b) => (b.v ?? -Infinity) - (a.v ?? -Infinity)).map(({ s, v, out }) => ({ label: s.label, color: s.color, value: `${v ?? 0} ${input.unit}`, out }));
  const body = `${lineChartSvg({ x: 16, y: 12, width: 500, height: height - 24 }, input.rounds, series, input.title)}${legendSvg(536, 48, 168, legend)}`;
  const first = input.rounds[0] ?? 0;
  const end = input.rounds.at(-1) ?? 0;
  const alt = `${input.about} over rounds ${first} to ${end}: ${legend.map((r) => `${r.label} ended with ${r.value}`).join(', ')}.`;
  return { name: input.name, png: svgToPng(svgDocument(width, height, body)), alt, width, height };
}
