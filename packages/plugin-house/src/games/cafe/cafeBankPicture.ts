import { seatColor } from '../../dashboard/palette.ts';
import { tokensText } from '../../dashboard/formatScore.ts';
import { legendSvg } from '../../pictures/legendSvg.ts';
import { lineChartSvg, type Series } from '../../pictures/lineChartSvg.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';
import { svgDocument } from '../../pictures/svgParts.ts';
import { svgToPng } from '../../pictures/svgToPng.ts';

export const CAFE_BANK_SIZE = { width: 760, height: 560 } as const;

export interface CafeBankInput {
  players: readonly string[];
  rounds: readonly number[];
  /** Tokens after each round, by player. */
  tokens: ReadonlyMap<string, ReadonlyArray<number | null>>;
  /** Level after each round, by player. */
  levels: ReadonlyMap<string, ReadonlyArray<number | null>>;
  /** Who is still in at the end. */
  alive: ReadonlySet<string>;
}

/** Café's banks and levels round by round (two charts, one above the other), with the final tokens and level beside them. */
export function cafeBankPicture(input: CafeBankInput): RoomPicture {
  const { width, height } = CAFE_BANK_SIZE;
  const series = (values: CafeBankInput['tokens']): Series[] => input.players.map((p, i) => ({ label: p, color: seatColor(i), values: [...(values.get(p) ?? [])] }));
  const last = (values: ReadonlyArray<number | null> | undefined) => [...(values ?? [])].reverse().find((v) => v !== null) ?? 0;
  const rows = input.players
    .map((p, i) => ({ p, i, tokens: last(input.tokens.get(p)), level: last(input.levels.get(p)) }))
    .sort((a, b) => b.tokens - a.tokens)
    .map(({ p, i, tokens, level }) => ({ label: p, color: seatColor(i), value: `${tokensText(tokens)} · L${level}`, out: !input.alive.has(p), words: `${p} ${tokensText(tokens)} tokens, level ${level}${input.alive.has(p) ? '' : ' (out)'}` }));
  const half = (height - 24) / 2;
  const body = `${lineChartSvg({ x: 16, y: 12, width: 520, height: half }, input.rounds, series(input.tokens), 'Café: each bank, in tokens')}${lineChartSvg({ x: 16, y: 12 + half, width: 520, height: half }, input.rounds, series(input.levels), 'Café: each level')}${legendSvg(556, 48, 190, rows)}`;
  const alt = `Café's banks and levels over ${input.rounds.length} rounds: ${rows.map((r) => r.words).join(', ')}.`;
  return { name: 'cafe-banks-and-levels.png', png: svgToPng(svgDocument(width, height, body)), alt, width, height };
}
