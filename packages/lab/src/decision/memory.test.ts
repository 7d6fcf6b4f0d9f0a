import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { NotesBook } from '../seats/notesBook.ts';
import { decisionPrompt } from './decisionPrompt.ts';
import { remember, renderMemory } from './memory.ts';
import { emptyNotes } from './opponentNotes.ts';

describe("a player's memory", () => {
  test('a Trust round goes in once, as the player saw it (its own miss stays a high five)', () => {
    const trust = games.trust!;
    const match = Match.create(trust, { missChance: 1 }, 2, ['ann', 'bob']);
    match.step({ decisions: { ann: { action: 'HIGH_FIVE' }, bob: { action: 'BLOCK' } } });
    const view = trust.view(match.state, 'ann');
    const once = remember(emptyNotes('m'), 'ann', trust, view);
    expect(remember(once, 'ann', trust, view).journal).toEqual(once.journal);
    expect(once.journal).toEqual([
      {
        round: 1,
        line: 'Round 1: you HIGH_FIVE at bob (missed); nothing aimed at you; your sats 47.',
        tally: { 'high fives at you': 0, 'attacks on you': 0, 'your high fives': 1, 'your attacks': 0, 'your blocks': 0, 'your begs': 0 },
      },
    ]);
    expect(remember(emptyNotes('m'), 'bob', trust, trust.view(match.state, 'bob')).journal![0]!.line).toBe('Round 1: you BLOCK; at you: ann ATTACK; your sats 51.');
  });

  test('the last rounds line by line, each earlier block summed up in one line', () => {
    const journal = Array.from({ length: 30 }, (_, i) => ({ round: i + 1, line: `Round ${i + 1}: x`, tally: { best: i % 2 } }));
    const text = renderMemory({ matchId: 'm', round: 30, opponents: {}, journal }, 12, false);
    expect(text).toContain('- Rounds 1-12: best 6. At its end: Round 12: x');
    expect(text).toContain('- Rounds 13-18: best 3. At its end: Round 18: x');
    expect(text).toContain('Recent rounds, from your memory:\n- Round 19: x');
    expect(text.split('\n').filter((l) => l.startsWith('- Round ')).length).toBe(12);
    expect(renderMemory({ matchId: 'm', round: 30, opponents: {}, journal }, 12, true)).not.toContain('Recent rounds');
  });

  test("a Café player's prompt at round 20 remembers every round, and stays short", () => {
    const cafe = games.cafe!;
    const players = ['ann', 'bob', 'cy', 'dee'];
    const match = Match.create(cafe, {}, 5, players);
    const notes = new NotesBook('cafe-5');
    const cast = ['credit-union', 'predatory-lender', 'hoarder', 'free-rider'];
    const lengths: number[] = [];
    runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, cafe.strategies[cast[i]!]!])), (record) => {
      notes.afterRound(match, players);
      const request = decisionRequest(cafe, match.state, 'cafe-5', cafe.view(match.state, 'ann'), { player: 'ann', round: match.state.round, phase: match.state.phase });
      const prompt = decisionPrompt('You are ann.', request, notes.of('ann'), { forModel: true, historyRounds: 5 });
      lengths.push(prompt.length);
      if (record.round === 19) {
        // The window is the game's own (Café: the last 3 rounds), shorter than the match's 5.
        expect(prompt).toMatch(/\nRounds 1-16: times judged [^\n]+\.\nRecent rounds:\nRound 17: best /);
        expect(prompt.slice(prompt.indexOf('Recent rounds:')).match(/\nRound \d+: best /g)).toHaveLength(3);
      }
    });
    expect(notes.of('ann')!.journal).toHaveLength(20);
    expect(Math.max(...lengths) / Math.min(...lengths)).toBeLessThan(1.6);
  });
});
