import { describe, expect, test } from 'bun:test';
import { playedMatchDetail } from '../../testing/playedMatchDetail.ts';
import { goldminePanel } from './goldminePanel.ts';
import { seatColor } from '../../dashboard/palette.ts';

describe('goldminePanel', () => {
  test('draws one cell per plot in its owner colour, and the plots each player holds over rounds', () => {
    const detail = playedMatchDetail('goldmine', ['ada', 'bob'], 3, { config: { size: 4 } });
    const panel = goldminePanel(detail)!;
    const cells = [...panel.html.matchAll(/class="plot" title="plot (\d+): ([^"]+)" style="background:([^"]+)"/g)];
    expect(cells).toHaveLength(16);
    const owner = (detail.state as { owner: number[] }).owner;
    cells.forEach(([, plot, who, colour]) => {
      const o = owner[Number(plot)]!;
      expect(who).toBe(o >= 0 ? ['ada', 'bob'][o] : 'unowned');
      if (o >= 0) expect(colour).toBe(seatColor(o));
    });
    expect(panel.charts[0]!.labels).toEqual([1, 2, 3]);
    expect(panel.charts[0]!.datasets.map((d) => d.label)).toEqual(['ada', 'bob']);
  });

  test('gives nothing for a state it cannot read', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob'], 1);
    expect(goldminePanel(detail)).toBeNull();
  });
});
