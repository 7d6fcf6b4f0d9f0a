import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { SeatConversation } from '../decision/conversation.ts';
import { decisionPrompt } from '../decision/decisionPrompt.ts';
import { decisionOf } from '../seats/decideWithRepair.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { modelAnswer, type ModelAnswerKind, type ModelAnswerOptions } from './modelAnswer.ts';

const TABLES: Array<{ game: string; players: number; config: Record<string, unknown> }> = [
  { game: 'trust', players: 2, config: {} },
  { game: 'trust', players: 4, config: { alliances: true, shocks: { chance: 0.2 } } },
  { game: 'cafe', players: 4, config: { rounds: 8 } },
  { game: 'influence', players: 6, config: {} },
  { game: 'goldmine', players: 5, config: { size: 6, rounds: 12, talk: true, authority: 3 } },
];

/** Plays a match whose every decision is the stub's answer to the House's prompt; tallies the answers' kinds and whether the game took them. */
function play(table: (typeof TABLES)[number], options: ModelAnswerOptions, seed: number) {
  const game = games[table.game]!;
  const ids = Array.from({ length: table.players }, (_, i) => `p${i + 1}`);
  const match = Match.create(game, game.configSchema.parse(table.config), seed, ids, { log: false });
  const seen: Array<{ kind: ModelAnswerKind; valid: boolean; error: string }> = [];
  while (!match.over) {
    const state = match.state;
    const decisions: Record<string, unknown> = {};
    for (const player of match.actors()) {
      const request = decisionRequest(game, state, 'm', game.view(state, player), { player, round: state.round, phase: state.phase });
      const answer = modelAnswer(decisionPrompt(`You are ${player}.`, request, null, { forModel: true, historyRounds: 12 }), options);
      const checked = game.validate(state, player, decisionOf(answer.text));
      seen.push({ kind: answer.kind, valid: checked.ok, error: checked.ok ? '' : checked.error });
      decisions[player] = decisionOf(answer.text);
    }
    match.step({ decisions });
  }
  return seen;
}

describe('a stub that answers like a model, from the prompt alone', () => {
  for (const table of TABLES) {
    test(`${table.game} (${table.players} players): every answer is a legal move`, () => {
      const seen = [1, 2, 3].flatMap((seed) => play(table, {}, seed));
      expect(seen.length).toBeGreaterThan(20);
      expect(seen.filter((s) => !s.valid)).toEqual([]);
      expect(new Set(seen.map((s) => s.kind))).toEqual(new Set(['legal']));
    });

    test(`${table.game} (${table.players} players): prose is read, cut-off and spoiled answers are refused`, () => {
      const seen = [4, 5].flatMap((seed) => play(table, { faults: { prose: 0.2, malformed: 0.2, illegal: 0.2 } }, seed));
      const of = (kind: ModelAnswerKind) => seen.filter((s) => s.kind === kind);
      for (const kind of ['legal', 'prose', 'malformed', 'illegal'] as const) expect(of(kind).length).toBeGreaterThan(0);
      expect(of('legal').every((s) => s.valid) && of('prose').every((s) => s.valid)).toBe(true);
      expect(of('malformed').filter((s) => s.valid)).toEqual([]);
      expect(of('illegal').filter((s) => s.valid)).toEqual([]);
    });
  }

  test('the same prompt gets the same answer; a repair round is answered legally unless asked otherwise', () => {
    const game = games.trust!;
    const match = Match.create(game, {}, 1, ['ann', 'bob']);
    const request = decisionRequest(game, match.state, 'm', game.view(match.state, 'ann'), { player: 'ann', round: 1, phase: 'act' });
    const repair = decisionPrompt('You are ann.', { ...request, error: 'unknown action "JUGGLE"', previous: '{"action":"JUGGLE"}' }, null, { forModel: true, historyRounds: 12 });
    const always = { faults: { malformed: 1 } };
    expect(modelAnswer(repair, always)).toEqual(modelAnswer(repair, always));
    expect(modelAnswer(repair, always).kind).toBe('legal');
    expect(modelAnswer(repair, { ...always, faultyRepairs: true }).kind).toBe('malformed');
    expect(modelAnswer('no signatures here').kind).toBe('unreadable');
  });

  test('in a conversation only the last turn says whether it is a repair round', () => {
    const game = games.trust!;
    const match = Match.create(game, {}, 1, ['ann', 'bob']);
    const request = decisionRequest(game, match.state, 'm', game.view(match.state, 'ann'), { player: 'ann', round: 1, phase: 'act' });
    const conversation = new SeatConversation();
    conversation.prompt('You are ann.', request, null, { historyRounds: 12 });
    conversation.answered('JUGGLE');
    const repair = conversation.prompt('You are ann.', { ...request, error: 'unknown action "JUGGLE"', previous: 'JUGGLE' }, null, { historyRounds: 12 }).text;
    conversation.answered('{"action":"BLOCK"}');
    const next = conversation.prompt('You are ann.', { ...request, round: 2 }, null, { historyRounds: 12 }).text;
    const always = { faults: { malformed: 1 } };
    expect(modelAnswer(repair, always).kind).toBe('legal');
    expect(modelAnswer(next, always).kind).toBe('malformed');
  });
});

test('a stub told to avoid a move never chooses it while another is legal, and otherwise answers as before', () => {
  const game = games.trust!;
  const match = Match.create(game, game.configSchema.parse({}), 5, ['p1', 'p2'], { log: false });
  const request = decisionRequest(game, match.state, 'm', game.view(match.state, 'p1'), { player: 'p1', round: 1, phase: 'act' });
  const prompt = decisionPrompt('You are p1.', request, null, { forModel: true, historyRounds: 12 });
  const chosen = new Set<string>();
  for (let salt = 0; salt < 200; salt++) {
    const answer = modelAnswer(prompt, { salt, avoid: ['BEG'] });
    expect(answer.kind).toBe('legal');
    chosen.add((JSON.parse(answer.text) as { action: string }).action);
    // Nothing avoided: the same draw as an answer with no `avoid` at all.
    expect(modelAnswer(prompt, { salt, avoid: [] }).text).toBe(modelAnswer(prompt, { salt }).text);
  }
  expect(chosen.has('BEG')).toBe(false);
  expect([...chosen].sort()).toEqual(['ATTACK', 'BLOCK', 'DO_NOTHING', 'HIGH_FIVE']);
});
