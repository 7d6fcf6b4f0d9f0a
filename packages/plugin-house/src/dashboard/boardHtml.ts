import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { BoardFrame, MatchBoard } from './boardTypes.ts';
import { ownershipGrid } from './ownershipGrid.ts';

/**
 * One round's board as HTML (the House tab's panel of a match the public
 * watches live): the map where the game has one, each player's line with its
 * marks, and what the reader's board leaves out.
 */
export function boardHtml(board: MatchBoard, frame: BoardFrame): string {
  const map = frame.owner && board.size ? `<div><h3>Ownership map</h3>${ownershipGrid(frame.owner, board.size, board.seats.map((s) => s.name))}</div>` : '';
  const head = `<tr><th>player</th>${board.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const rows = frame.rows
    .map((r) => {
      const marks = r.marks.map((m) => ` <span class="badge">${escapeHtml(m)}</span>`).join('');
      return `<tr data-player="${escapeHtml(r.player)}"${r.out ? ' class="eliminated"' : ''}><td><span class="dot" style="background:${r.color}"></span>${escapeHtml(r.player)}${marks}</td>${r.cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
    })
    .join('');
  const hidden = board.hidden ? `<p class="muted">${escapeHtml(board.hidden)}</p>` : '';
  return `<div class="board" data-round="${frame.round}"><div class="grid">${map}<div><h3>After round ${frame.round}</h3><table class="board-rows"><thead>${head}</thead><tbody>${rows}</tbody></table>${hidden}</div></div></div>`;
}
