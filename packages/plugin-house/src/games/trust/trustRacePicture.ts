import { seatColor } from '../../dashboard/palette.ts';
import { legendSvg } from '../../pictures/legendSvg.ts';
import { lineChartSvg, type Series } from '../../pictures/lineChartSvg.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';
import { svgDocument } from '../../pictures/svgParts.ts';
import { svgToPng } from '../../pictures/svgToPng.ts';

export const TRUST_RACE_SIZE = { width: 720, height: 400 } as const;

export interface TrustRaceInput {
  /** The seats, in order (a spawned unit `ada#2` takes its team's colour). */
  seats: readonly string[];
  rounds: readonly number[];
  /** Sats after each round, by player or unit (null: not in play that round). */
  sats: ReadonlyMap<string, ReadonlyArray<number | null>>;
}

/** A unit spawned by a replicator takes its team's colour. */
function colorOf(id: string, seats: readonly string[], index: number): string {
  const team = seats.indexOf(id.split('#')[0]!);
  return seatColor(team >= 0 ? team : index);
}

/** Trust's sats race: every player's sats after each round, and the final sats beside the lines. */
export function trustRacePicture(input: TrustRaceInput): RoomPicture {
  const { width, height } = TRUST_RACE_SIZE;
  const ids = [...input.sats.keys()];
  const series: Series[] = ids.map((id, i) => ({ label: id, color: colorOf(id, input.seats, i), values: [...input.sats.get(id)!] }));
  const last = (s: Series) => [...s.values].reverse().find((v) => v !== null) ?? null;
  const finals = series.map((s) => ({ s, v: last(s), out: s.values.at(-1) === null || (s.values.at(-1) ?? 1) <= 0 }));
  const legend = [...finals].sort((a, b) => (b.v ?? -Infinity) - (a.v ?? -Infinity)).map(({ s, v, out }) => ({ label: s.label, color: s.color, value: `${v ?? 0} sats`, out }));
  const body = `${lineChartSvg({ x: 16, y: 12, width: 500, height: height - 24 }, input.rounds, series, 'Trust: the sats race, round by round')}${legendSvg(536, 48, 168, legend)}`;
  const first = input.rounds[0] ?? 0;
  const end = input.rounds.at(-1) ?? 0;
  const alt = `Trust's sats race over rounds ${first} to ${end}: ${legend.map((r) => `${r.label} ended with ${r.value}`).join(', ')}.`;
  return { name: 'trust-sats-race.png', png: svgToPng(svgDocument(width, height, body)), alt, width, height };
}
