import { describe, expect, test } from 'bun:test';
import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { describeEvent } from '@the-house/lab/report/describeEvent.ts';
import { renderTimeline } from './renderTimeline.ts';

const entry = (seq: number, round: number, type: string, data?: Record<string, unknown>, to?: string[]): LogEntry => ({ seq, round, phase: 'act', type, data, to, prev: '', hash: '' });

describe('describeEvent', () => {
  test('writes moves, scoreboards and lists in one line', () => {
    expect(
      describeEvent(entry(0, 2, 'round', { acts: { ada: { action: 'HIGH_FIVE', target: 'bob' }, bob: { action: 'BLOCK' } }, sats: { ada: 47, bob: 57 }, out: ['cy'] })),
    ).toBe('round (acts: ada HIGH_FIVE→bob, bob BLOCK; sats: ada 47, bob 57; out: cy)');
    expect(describeEvent(entry(0, 1, 'start'))).toBe('start');
  });

  test('cuts long values', () => {
    expect(describeEvent(entry(0, 1, 'say', { text: 'x'.repeat(500) })).length).toBeLessThan(200);
  });
});

describe('renderTimeline', () => {
  test('shows rounds newest first, public events only, and counts the private ones', () => {
    const html = renderTimeline([
      entry(0, 1, 'round', { winner: 'ada' }),
      entry(1, 1, 'fallback', { player: 'bob' }, ['bob']),
      entry(2, 2, 'round', { winner: 'bob' }),
    ]);
    expect([...html.matchAll(/data-round="(\d+)"/g)].map((m) => m[1])).toEqual(['2', '1']);
    expect(html).toContain('<li>round (winner: ada)</li><li class="muted">1 private event</li>');
    expect(html).not.toContain('fallback');
  });

  test('keeps the last rounds only', () => {
    const events = Array.from({ length: 20 }, (_, i) => entry(i, i + 1, 'round'));
    expect([...renderTimeline(events, 3).matchAll(/data-round="(\d+)"/g)].map((m) => m[1])).toEqual(['20', '19', '18']);
  });

  test('cuts a busy round short', () => {
    const events = Array.from({ length: 5 }, (_, i) => entry(i, 1, `e${i}`));
    expect(renderTimeline(events, 6, 2)).toContain('<li>e0</li><li>e1</li><li class="muted">3 more</li>');
  });

  test('says so when nothing happened yet', () => {
    expect(renderTimeline([])).toContain('No events yet');
  });
});
