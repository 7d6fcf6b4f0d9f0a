import { niceTicks } from '../../pictures/lineChartSvg.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';
import { MUTED, RULE, shortName, svgDocument, svgText } from '../../pictures/svgParts.ts';
import { svgToPng } from '../../pictures/svgToPng.ts';

export const INFLUENCE_VOTES_SIZE = { width: 640, height: 360 } as const;
const EMPOWER = '#59a14f';
const EXPOSE = '#e15759';

export interface InfluenceVotesInput {
  round: number;
  /** The players who could be voted for, in seat order. */
  players: readonly string[];
  empower: ReadonlyMap<string, number>;
  expose: ReadonlyMap<string, number>;
  empowered: string | null;
}

/**
 * Influence's vote count of a round, as the room hears it at REVEAL (the
 * tallies are public; each ballot stays secret, RULES I-b): for each player a
 * green bar of empower votes beside a red bar of expose votes, the empowered
 * named under its bars.
 */
export function influenceVotesPicture(input: InfluenceVotesInput): RoomPicture {
  const { width, height } = INFLUENCE_VOTES_SIZE;
  const { players } = input;
  const count = (m: ReadonlyMap<string, number>, p: string) => m.get(p) ?? 0;
  const most = Math.max(1, ...players.map((p) => Math.max(count(input.empower, p), count(input.expose, p))));
  const ticks = niceTicks(0, most).filter((t) => Number.isInteger(t));
  const top = Math.max(most, ticks.at(-1) ?? most);
  const plot = { x: 56, y: 56, width: width - 76, height: height - 120 };
  const yAt = (v: number) => plot.y + plot.height - (v / top) * plot.height;
  const slot = plot.width / Math.max(1, players.length);
  const bar = Math.min(28, slot / 3);
  const grid = ticks.map((t) => `<line x1="${plot.x}" x2="${plot.x + plot.width}" y1="${yAt(t).toFixed(1)}" y2="${yAt(t).toFixed(1)}" stroke="${RULE}"/>${svgText(plot.x - 6, yAt(t) + 4, String(t), { size: 11, anchor: 'end', color: MUTED })}`).join('');
  const bars = players
    .map((p, i) => {
      const mid = plot.x + slot * i + slot / 2;
      const rect = (x: number, v: number, color: string) => `<rect x="${x.toFixed(1)}" y="${yAt(v).toFixed(1)}" width="${bar.toFixed(1)}" height="${(plot.y + plot.height - yAt(v)).toFixed(1)}" fill="${color}"/>`;
      const named = svgText(mid, plot.y + plot.height + 18, shortName(p, 10), { size: 12, anchor: 'middle', bold: p === input.empowered });
      const mark = p === input.empowered ? svgText(mid, plot.y + plot.height + 34, 'empowered', { size: 10, anchor: 'middle', color: MUTED }) : '';
      return `${rect(mid - bar - 1, count(input.empower, p), EMPOWER)}${rect(mid + 1, count(input.expose, p), EXPOSE)}${named}${mark}`;
    })
    .join('');
  const key = `<rect x="${width - 250}" y="18" width="12" height="12" fill="${EMPOWER}"/>${svgText(width - 232, 29, 'empower', { size: 12, color: MUTED })}<rect x="${width - 150}" y="18" width="12" height="12" fill="${EXPOSE}"/>${svgText(width - 132, 29, 'expose', { size: 12, color: MUTED })}`;
  const body = `${svgText(20, 30, `Influence, round ${input.round}: the votes`, { size: 16, bold: true })}${key}${svgText(14, plot.y - 10, 'votes', { size: 11, color: MUTED })}${grid}<line x1="${plot.x}" x2="${plot.x + plot.width}" y1="${plot.y + plot.height}" y2="${plot.y + plot.height}" stroke="${MUTED}"/>${bars}`;
  const tally = (m: ReadonlyMap<string, number>) => players.filter((p) => count(m, p) > 0).map((p) => `${p} ${count(m, p)}`).join(', ') || 'none';
  const alt = `Influence's votes in round ${input.round}: empower ${tally(input.empower)}; expose ${tally(input.expose)}${input.empowered ? `; ${input.empowered} empowered` : ''}.`;
  return { name: `influence-votes-round-${input.round}.png`, png: svgToPng(svgDocument(width, height, body)), alt, width, height };
}
