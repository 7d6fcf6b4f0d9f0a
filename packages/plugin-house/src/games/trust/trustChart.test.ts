import { describe, expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { forAudience } from '../../records/audience.ts';
import { matchPageView } from '../../dashboard/matchPageView.ts';
import { playedMatchDetail } from '../../testing/playedMatchDetail.ts';
import { missRounds, trustChart } from './trustChart.ts';

const marksOf = (chart: ReturnType<typeof trustChart>) => Object.fromEntries(chart!.datasets.filter((d) => d.marks).map((d) => [d.label, d.marks]));

describe('trustChart', () => {
  test("the sats race marks each miss on its player's line at its round", () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 99, { config: { maxRounds: 8 } });
    expect([...missRounds(detail.events)]).toEqual([['bob', [2]]]);
    const chart = trustChart(detail)!;
    expect(marksOf(chart)).toEqual({ bob: [chart.labels.indexOf(2)] });
    expect(chart.title).toContain('✕: a high five that missed and landed as an attack');
  });

  test("the room's race has no mark while the match runs, nor in the room's or another seat's view once it is over; the observer's and the missing seat's have it", () => {
    const running = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 4);
    expect(missRounds(running.events).size).toBeGreaterThan(0);
    expect(marksOf(matchPageView(forAudience(games, running, 'public'), 'Trust', 'public').chart)).toEqual({});
    expect(Object.keys(marksOf(matchPageView(running, 'Trust', 'observer').chart)).length).toBeGreaterThan(0);
    const over = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 99, { config: { maxRounds: 8 } });
    const chartAs = (as: string) => marksOf(matchPageView(over, 'Trust', 'public', as).chart);
    expect(chartAs('public')).toEqual({});
    expect(chartAs('seat:ada')).toEqual({});
    expect(Object.keys(chartAs('seat:bob'))).toEqual(['bob']);
    expect(Object.keys(chartAs('everything'))).toEqual(['bob']);
  });
});
