import { describe, expect, test } from 'bun:test';
import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { describeEvent } from '@the-house/lab/report/describeEvent.ts';
import { renderTimeline } from './renderTimeline.ts';

const entry = (seq: number, round: number, type: string, data?: Record<string, unknown>, to?: string[]): LogEntry => ({ seq, round, phase: 'act', type, data, to, prev: '', hash: '' });
const trust = { game: 'trust', players: ['Ada', 'Bram'], over: false };
const fives = (round: number, a: string, b: string, sats = [50, 50]): Record<string, unknown> => ({
  round,
  acts: { Ada: { action: a, target: 'Bram' }, Bram: { action: b, target: 'Ada' } },
  sats: { Ada: sats[0], Bram: sats[1] },
});

describe('describeEvent', () => {
  test('without a game, the last resort: moves, scoreboards and lists in one line', () => {
    expect(
      describeEvent(entry(0, 2, 'round', { acts: { ada: { action: 'HIGH_FIVE', target: 'bob' }, bob: { action: 'BLOCK' } }, sats: { ada: 47, bob: 57 }, out: ['cy'] })),
    ).toBe('round (acts: ada HIGH_FIVE→bob, bob BLOCK; sats: ada 47, bob 57; out: cy)');
    expect(describeEvent(entry(0, 1, 'start'))).toBe('start');
  });

  test('with its game, in the game’s words', () => {
    expect(describeEvent(entry(0, 2, 'round', fives(2, 'HIGH_FIVE', 'BLOCK', [48, 49])), trust)).toBe('Ada high-fived Bram, unanswered; Bram blocked. Sats: Ada 48, Bram 49.');
  });

  test('cuts long values', () => {
    expect(describeEvent(entry(0, 1, 'say', { text: 'x'.repeat(500) })).length).toBeLessThan(200);
  });
});

describe('renderTimeline', () => {
  test('shows rounds newest first in words; tells a miss the observer may read, counts what it may not once the match is over (uncounted while it runs, RULES I-d)', () => {
    const html = renderTimeline(
      [
        entry(0, 1, 'round', fives(1, 'HIGH_FIVE', 'HIGH_FIVE', [53, 53])),
        entry(1, 2, 'missed', { player: 'Ada', target: 'Bram' }, ['Ada']),
        entry(2, 2, 'round', fives(2, 'ATTACK', 'HIGH_FIVE', [57, 45])),
        entry(3, 2, 'secret', { note: 'x' }, ['Bram']),
      ],
      { ...trust, over: true },
    );
    expect([...html.matchAll(/data-round="(\d+)"/g)].map((m) => m[1])).toEqual(['2', '1']);
    expect(html).toContain('<li>Ada&#39;s high five missed and landed as an attack on Bram; Bram high-fived Ada, unanswered. Sats: Ada 57, Bram 45.</li><li class="muted">1 private event</li>');
    const running = renderTimeline([entry(0, 1, 'secret', { note: 'x' }, ['Bram']), entry(1, 1, 'secret', { note: 'y' }, ['Ada'])], trust);
    expect(running).toContain('<li class="muted">and private events</li>');
    expect(running).not.toMatch(/\d private event/);
    expect(html).toContain('<li>Ada and Bram high-fived each other. Sats: Ada 53, Bram 53.</li>');
    expect(html).not.toContain('secret');
  });

  test('keeps the last rounds only', () => {
    const events = Array.from({ length: 20 }, (_, i) => entry(i, i + 1, 'round', fives(i + 1, 'BLOCK', 'BLOCK')));
    expect([...renderTimeline(events, trust, 3).matchAll(/data-round="(\d+)"/g)].map((m) => m[1])).toEqual(['20', '19', '18']);
  });

  test('cuts a busy round short', () => {
    const events = Array.from({ length: 5 }, (_, i) => entry(i, 1, `e${i}`));
    expect(renderTimeline(events, trust, 6, 2)).toContain('<li>e0</li><li>e1</li><li class="muted">3 more</li>');
  });

  test('says so when nothing happened yet', () => {
    expect(renderTimeline([], trust)).toContain('No events yet');
  });
});
