import { describe, expect, test } from 'bun:test';
import { Match } from '../engine/match.ts';
import type { NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { runMatchSync } from '../engine/runner.ts';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import { matrixEndingText, matrixNarration } from './matrixNarration.ts';
import type { MatrixState } from './matrixTypes.ts';

const observer: NarrationContext = { audience: 'observer', players: ['Ada', 'Bram', 'Cleo'], over: false };
const room: NarrationContext = { ...observer, audience: 'room' };

const game = (row: string, column: string, moves: string, payoffs: [number, number]) => ({ row, column, moves, payoffs });
const round = (n: number, games: ReturnType<typeof game>[], scores: Record<string, number>, sitting?: string): NarratedEvent => ({
  round: n,
  type: 'round',
  data: sitting ? { round: n, games, scores, sitting } : { round: n, games, scores },
});

describe('matrixNarration: one sentence a round, with names', () => {
  test('each game with its moves and payoffs, then the scores, leader first', () => {
    const events = [round(3, [game('Ada', 'Bram', 'CC', [3, 3]), game('Cleo', 'Ada', 'CD', [0, 5]), game('Bram', 'Cleo', 'DD', [1, 1])], { Ada: 20, Bram: 14, Cleo: 9 })];
    expect(matrixNarration.narrate(events, room)).toEqual([
      'Ada and Bram both cooperated (3 each); Cleo cooperated and Ada defected (0 and 5); Bram and Cleo both defected (1 each). Scores: Ada 20, Bram 14 and Cleo 9.',
    ]);
  });

  test('the observer hears a flip and a refused answer with their round; the room only what landed', () => {
    const events: NarratedEvent[] = [
      { round: 4, type: 'fallback', data: { player: 'Bram', decision: { action: 'C' }, reason: 'no decision arrived. You played C this round (your last move against each opponent, C at a first meeting). Allowed: C' }, to: ['Bram'] },
      { round: 4, type: 'noise', data: { player: 'Ada', opponent: 'Bram', meant: 'C', played: 'D' }, to: ['Ada'] },
      round(4, [game('Ada', 'Bram', 'DC', [5, 0])], { Ada: 5, Bram: 0 }),
    ];
    expect(matrixNarration.narrate(events, observer)).toEqual([
      null,
      null,
      "Ada defected (noise flipped a cooperation) and Bram cooperated (5 and 0); Bram's answer was refused (no decision arrived), so the House played its last move. Scores: Ada 5 and Bram 0.",
    ]);
    expect(matrixNarration.narrate([events[2]!], room)).toEqual(['Ada defected and Bram cooperated (5 and 0). Scores: Ada 5 and Bram 0.']);
    expect(matrixNarration.narrate(events.slice(0, 2), observer)).toEqual([
      "Bram's answer was refused (no decision arrived), so the House played its last move.",
      "Noise flipped Ada's cooperation against Bram into a defection.",
    ]);
    expect(matrixNarration.observerMay(events[1]!, observer)).toBe(true);
  });

  test('a crowded round is counted, not listed; who sat out is said', () => {
    const games = [...Array.from({ length: 5 }, () => game('a', 'b', 'CC', [3, 3])), game('c', 'd', 'DD', [1, 1]), game('e', 'f', 'CD', [0, 5])];
    expect(matrixNarration.narrate([round(2, games, { a: 6, b: 6, c: 2, d: 2, e: 0, f: 5, g: 0 }, 'g')], room)).toEqual([
      'of 7 games, 5 were mutual cooperation, 1 mutual defection and 1 split; g sat out. Scores: a 6, b 6, f 5, c 2, d 2, e 0 and g 0.',
    ]);
  });

  test('the ending, from the event and from the state', () => {
    expect(matrixNarration.narrate([{ type: 'match_over', data: { winners: ['Ada'], kind: 'limit', rounds: 200, scores: { Ada: 600, Bram: 595 } } }], room)).toEqual([
      'Match over: after 200 rounds, Ada won with 600 points.',
    ]);
    expect(matrixEndingText('stopped', ['Bram'], 37, { Ada: 90, Bram: 111 })).toBe('the continuation draw ended the match after 37 rounds: Bram won with 111 points');
    expect(matrixEndingText('shared', ['Ada', 'Bram'], 10, { Ada: 30, Bram: 30, Cleo: 2 })).toBe('after 10 rounds, Ada and Bram share the lead with 30 points');
    expect(matrixEndingText('draw', [], 1, { Ada: 3, Bram: 3 })).toBe('after 1 round, everyone has 3 points: a draw');
    const match = Match.create(matrixGame, matrixConfigSchema.parse({ rounds: 5 }), 1, ['Ada', 'Bram']);
    expect(matrixNarration.ending(match.state as MatrixState)).toBeNull();
    runMatchSync(match, { Ada: matrixGame.strategies['tit-for-tat']!, Bram: matrixGame.strategies['always-defect']! });
    expect(matrixNarration.ending(match.state as MatrixState)).toBe('after 5 rounds, Bram won with 9 points');
    for (const kind of ['limit', 'stopped', 'shared', 'draw']) expect(matrixNarration.kinds.has(kind)).toBe(true);
  });

  test('every event type a played match logs has a sentence without JSON', () => {
    const match = Match.create(matrixGame, matrixConfigSchema.parse({ noise: 0.2, rounds: 12, pairing: 'pairs' }), 2, ['Ada', 'Bram', 'Cleo']);
    for (let r = 0; !match.over; r++) {
      const decisions: Record<string, unknown> = {};
      for (const p of match.actors()) if ((r + p.length) % 4) decisions[p] = r % 3 ? { action: 'C' } : { action: 'Q' };
      match.step({ decisions });
    }
    const events = match.log!.entries as unknown as NarratedEvent[];
    const told = matrixNarration.narrate(events, { ...observer, over: true });
    expect(new Set(events.map((e) => e.type))).toEqual(matrixNarration.types as Set<string>);
    events.forEach((e, i) => {
      if (told[i] === null) expect(matrixNarration.observerMay(e, observer)).toBe(true);
      else expect(told[i]).not.toMatch(/[{}]/);
    });
  });
});
