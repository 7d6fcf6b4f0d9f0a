import { describe, expect, test } from 'bun:test';
import { playedDecisions } from '@the-house/games/engine/modelPromptRoundTrip.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { readLegal, readSignatures } from '@the-house/games/engine/moveSignatures.ts';
import { compactParts } from './decisionPrompt.ts';
import { decodeRequest, type DecisionRequest } from './decisionRequest.ts';
import { SeatConversation, viewDelta } from './conversation.ts';

const WINDOW = { historyRounds: 12 };

/** Every decision of one seat in a match of the game's strategies, as requests, with the strategy's answer. */
function seatTurns(gameId: string, players: number, config: unknown, seat = 'p1') {
  const game = games[gameId]!;
  const ids = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  const cast = Object.keys(game.strategies);
  return playedDecisions(game, game.configSchema.parse(config), ids, cast, 4)
    .filter((d) => d.player === seat)
    .map((d) => {
      const request: DecisionRequest = { matchId: `${gameId}-4`, game: gameId, seed: d.seed, player: d.player, round: d.round, phase: d.phase, view: d.view, legalMoves: [], schema: null };
      const strategy = game.strategies[cast[0]!]!;
      return { request, answer: JSON.stringify(strategy.decide(d.view, brainContext(d.seed, d.player, d.round, d.phase))) };
    });
}

describe('a seat’s conversation', () => {
  test('a turn shows the round line, then the lines that are new, each under its heading; own words and lines gone are not repeated', () => {
    const before = ['Round 2, VOTE. You: p3.', 'Alive: p1 p2 p3', '', 'Posts R2:', 'p1: "hi"', '', 'DMs R2:', 'p2: "pact?"'].join('\n');
    const next = ['Round 2, POWER. You: p3.', 'Alive: p1 p2 p3', 'This round: empowered p3', '', 'Posts R2:', 'p1: "hi"', 'p3: "mine"', '', 'DMs R2:', 'p2: "pact?"', 'p3>p2: "yes"', 'p1: "and me?"'].join('\n');
    expect(viewDelta(before, next, 'p3').split('\n')).toEqual(['Round 2, POWER. You: p3.', 'This round: empowered p3', 'DMs R2:', 'p1: "and me?"']);
    expect(viewDelta(before, before)).toBe('Round 2, VOTE. You: p3.');
  });

  for (const [gameId, players, config] of [
    ['trust', 2, { maxRounds: 12 }],
    ['cafe', 4, { rounds: 6 }],
    ['influence', 6, {}],
    ['goldmine', 4, { rounds: 12 }],
  ] as const) {
    test(`${gameId}: each prompt is the one before, its answer and the new turn; every line of the full view has been said by then`, () => {
      const conversation = new SeatConversation(Infinity);
      let previous = '';
      const turns = seatTurns(gameId, players, config);
      expect(turns.length).toBeGreaterThan(4);
      for (const [i, { request, answer }] of turns.entries()) {
        const prompt = conversation.prompt(`You are p1.`, request, null, WINDOW);
        expect(prompt.turn).toBe(i);
        expect(prompt.text).toStartWith(previous);
        expect(prompt.shape.blocks.join('')).toBe(prompt.text);
        expect(prompt.shape.cacheAt).toEqual([0, prompt.shape.blocks.length - 1]);
        // What a reader of the text takes: the last request marker and legal moves are this turn's; the signatures are every move's.
        expect(decodeRequest(prompt.text)).toMatchObject({ player: 'p1', round: request.round, phase: request.phase });
        const parts = compactParts(request, null, Infinity)!;
        expect(readLegal(prompt.text)).toEqual(readLegal(parts.legal));
        expect(readSignatures(prompt.text)).toEqual(readSignatures(parts.rules));
        const said = new Set(prompt.text.split('\n'));
        // Headings come with the lines under them; the player's own words are in its answers.
        const missing = parts.view.split('\n').filter((line) => line && !line.endsWith(':') && !said.has(line) && !line.startsWith('p1>') && !line.startsWith('p1: '));
        expect(missing).toEqual([]);
        conversation.answered(answer);
        previous = `${prompt.text}\n\nYou answered: ${answer}`;
      }
    });
  }

  test('a repair follows the refused answer; past its token budget a conversation starts afresh, and `fresh` starts it where a record says', () => {
    const turns = seatTurns('trust', 2, { maxRounds: 30 });
    const conversation = new SeatConversation(1500);
    const first = conversation.prompt('You are p1.', turns[0]!.request, null, WINDOW);
    conversation.answered('I juggle.');
    const repair = conversation.prompt('You are p1.', { ...turns[0]!.request, error: 'unknown action', previous: 'I juggle.' }, null, WINDOW);
    expect(repair.turn).toBe(1);
    expect(repair.text).toStartWith(`${first.text}\n\nYou answered: I juggle.\n\nYour previous answer was refused: unknown action\nAnswer again`);
    expect(repair.text).not.toContain('Your previous answer was: ');
    expect(decodeRequest(repair.text)?.error).toBe('unknown action');
    conversation.answered(turns[0]!.answer);
    const starts: number[] = [];
    for (const { request, answer } of turns.slice(1)) {
      const p = conversation.prompt('You are p1.', request, null, WINDOW);
      if (p.turn === 0) starts.push(request.round);
      conversation.answered(answer);
    }
    expect(starts.length).toBeGreaterThan(0);
    const again = new SeatConversation(Infinity);
    again.prompt('You are p1.', turns[0]!.request, null, WINDOW);
    again.answered(turns[0]!.answer);
    const restarted = again.prompt('You are p1.', turns[5]!.request, null, WINDOW, true);
    expect(restarted.turn).toBe(0);
    expect(restarted.text).toBe(new SeatConversation().prompt('You are p1.', turns[5]!.request, null, WINDOW).text);
  });
});
