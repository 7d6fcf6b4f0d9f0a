import { seatColor } from '../../dashboard/palette.ts';
import { legendSvg } from '../../pictures/legendSvg.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';
import { EMPTY_PLOT, MUTED, svgDocument, svgText } from '../../pictures/svgParts.ts';
import { svgToPng } from '../../pictures/svgToPng.ts';

export const GOLDMINE_MAP_SIZE = { width: 640, height: 420 } as const;

export interface GoldmineMapInput {
  players: readonly string[];
  /** Owner of every plot after the round, by seat (-1: unowned), row by row. */
  owner: readonly number[];
  size: number;
  round: number;
  rounds: number;
  /** Each seat's gold: only once the match is over (RULES S-a: a miner's gold is its own business until then). */
  gold?: readonly number[];
}

const plots = (n: number): string => `${n} plot${n === 1 ? '' : 's'}`;

/**
 * Gold mining's ownership map after a round: one square per plot in its
 * owner's colour (dark when unowned), and beside it each miner's plots held;
 * at the end, each miner's gold as a bar as well.
 */
export function goldmineMapPicture(input: GoldmineMapInput): RoomPicture {
  const { width, height } = GOLDMINE_MAP_SIZE;
  const { players, owner, size, gold } = input;
  const area = 356;
  const gap = size > 20 ? 0 : 2;
  const cell = (area - gap * (size - 1)) / size;
  const cells = owner
    .map((o, plot) => {
      const x = 20 + (plot % size) * (cell + gap);
      const y = 48 + Math.floor(plot / size) * (cell + gap);
      return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}" rx="${gap ? 2 : 0}" fill="${o >= 0 ? seatColor(o) : EMPTY_PLOT}"/>`;
    })
    .join('');
  const held = players.map((_, i) => owner.filter((o) => o === i).length);
  const most = Math.max(1, ...(gold ?? []));
  const rows = players.map((p, i) => ({
    label: p,
    color: seatColor(i),
    value: gold ? `${gold[i] ?? 0} gold, ${plots(held[i]!)}` : plots(held[i]!),
    ...(gold ? { bar: (gold[i] ?? 0) / most } : {}),
  }));
  const unowned = owner.filter((o) => o < 0).length;
  const title = gold ? `Gold mining, final (round ${input.round}): the map and the gold` : `Gold mining after round ${input.round} of ${input.rounds}: who holds each plot`;
  const body = `${svgText(20, 28, title, { size: 16, bold: true })}${cells}${svgText(400, 62, gold ? 'gold and plots' : 'plots held', { size: 12, color: MUTED })}${legendSvg(400, 72, 220, rows, gold ? 28 : 26)}<rect x="400" y="${height - 40}" width="14" height="14" rx="3" fill="${EMPTY_PLOT}"/>${svgText(422, height - 28, `unowned: ${unowned} of ${owner.length}`, { size: 13, color: MUTED })}`;
  const alt = gold
    ? `Gold mining's ownership map at the end (round ${input.round}) and each miner's gold: ${players.map((p, i) => `${p} ${gold[i] ?? 0} gold, ${plots(held[i]!)}`).join('; ')}; ${plots(unowned)} unowned.`
    : `Gold mining's ownership map after round ${input.round} of ${input.rounds}: ${players.map((p, i) => `${p} ${plots(held[i]!)}`).join(', ')}; ${unowned} unowned.`;
  const name = `goldmine-map-round-${input.round}.png`;
  return { name, png: svgToPng(svgDocument(width, height, body)), alt, width, height };
}
