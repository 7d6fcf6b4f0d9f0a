import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatrixState } from '@the-house/games/matrix/matrixTypes.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { Rendered } from '../../dashboard/chartSpec.ts';
import type { MatchDetail } from '../../types.ts';

const e = escapeHtml;

/**
 * Who cooperated with whom: a table with a row per player and a column per
 * opponent, each cell the share of their games in which the row player's move
 * landed as C (a reader without the state, the public while the match runs,
 * gets no panel: the moves as they landed are in the room, but the table
 * would be built from the state).
 */
export function matrixPanel(detail: MatchDetail): Rendered | null {
  const state = detail.state as MatrixState | null;
  if (!state || state.game !== 'matrix') return null;
  const seats = state.players;
  const cell = (a: string, b: string): string => {
    if (a === b) return '<td class="muted">·</td>';
    const met = ownValue(ownValue(state.memory, a) ?? {}, b);
    if (!met || !met.mine.length) return '<td class="muted">–</td>';
    const share = [...met.mine].filter((m) => m === 'C').length / met.mine.length;
    const shade = Math.round(share * 100);
    return `<td style="background:rgba(89,161,79,${(share * 0.6).toFixed(2)})" title="${e(a)} played C in ${shade}% of ${met.mine.length} games against ${e(b)}">${shade}%</td>`;
  };
  const head = `<tr><th>played C against →</th>${seats.map((s) => `<th>${e(s)}</th>`).join('')}</tr>`;
  const rows = seats.map((a) => `<tr><th>${e(a)}</th>${seats.map((b) => cell(a, b)).join('')}</tr>`).join('');
  return { html: `<div><h3>Cooperation</h3><table class="cooperation">${head}${rows}</table></div>`, charts: [] };
}
