import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { decisionPrompt } from '../decision/decisionPrompt.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { runHouseCli } from './runHouseCli.ts';

type Event = Record<string, unknown>;
interface Replayed {
  rounds: Array<{ round: number; players: Record<string, Record<string, unknown>>; events: Event[] } & Record<string, unknown>>;
  outcome: { over: boolean; winners: string[]; kind: string | null };
}

/** `bun run house replay scenarios/<name>.json`, as a user runs it: the scenario files are the rulings' transcripts. */
function replay(name: string): Replayed {
  const run = runHouseCli('replay', join(import.meta.dir, 'scenarios', `${name}.json`));
  if (run.code !== 0) throw new Error(`replay ${name} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Replayed;
}

const roundOf = (r: Replayed, round: number) => r.rounds.find((x) => x.round === round)!;
const eventsOf = (r: Replayed, round: number, type: string) => roundOf(r, round).events.filter((e) => e.type === type);
/** What the public reads of a round: the events that name no audience. */
const publicEvents = (r: Replayed, round: number) => roundOf(r, round).events.filter((e) => e.to === undefined);

describe('RULES third rulings, through bun run house replay', () => {
  test('T-d: a missed high five at an ally lands as an attack in every respect (+4 to the misser, -4 to the ally); only the misser knows it missed', () => {
    const r = replay('trust-T-d');
    expect(r.rounds[1]!.players).toEqual({ a: { sats: 54, alive: true }, b: { sats: 46, alive: true }, c: { sats: 50, alive: true } });
    const round = eventsOf(r, 2, 'round')[0]!;
    expect((round.acts as Record<string, unknown>).a).toEqual({ action: 'ATTACK', target: 'b' });
    expect(eventsOf(r, 2, 'missed')).toEqual([{ type: 'missed', player: 'a', target: 'b', to: ['a'] }]);
    // Bad luck is no choice: the alliance stands.
    expect(eventsOf(r, 2, 'alliances')).toEqual([]);
  });

  test('T-e: the synergy bonus is paid in a round with a negative shock only (+2 pays none, -2 pays it)', () => {
    const r = replay('trust-T-e');
    expect(eventsOf(r, 1, 'round')[0]!.shock).toEqual({ delta: 2, synergy: [] });
    expect(r.rounds[0]!.players.a).toEqual({ sats: 55, alive: true });
    expect(eventsOf(r, 2, 'round')[0]!.shock).toEqual({ delta: -2, synergy: ['a', 'b'] });
    expect(r.rounds[1]!.players.a).toEqual({ sats: 61, alive: true });
  });

  test('C-c: an eliminated borrower repays on schedule from its frozen bank; resurrected the same round, it comes back with what is left', () => {
    const r = replay('cafe-C-c');
    expect(r.rounds[1]!.players.cat).toEqual({ tokens: 2022.5, level: -2, alive: false });
    expect(eventsOf(r, 4, 'loan_defaulted')).toEqual([]);
    expect(eventsOf(r, 4, 'loan_repaid')).toEqual([{ type: 'loan_repaid', loan: 1, lender: 'ann', borrower: 'cat', principal: 100, rate: 0.1, owed: 110 }]);
    expect(eventsOf(r, 4, 'resurrection')).toEqual([{ type: 'resurrection', by: 'ann', target: 'cat', cost: 100, level: -1, tokens: 1912.5 }]);
  });

  test('C-c: an eliminated borrower whose frozen bank cannot cover the debt defaults, and keeps its bank', () => {
    const r = replay('cafe-C-c-default');
    expect(eventsOf(r, 4, 'loan_defaulted')).toEqual([
      { type: 'loan_defaulted', loan: 1, lender: 'ann', borrower: 'cat', principal: 1000, rate: 2, owed: 3000, why: 'cannot pay: its frozen bank holds 2,922.50 tokens' },
    ]);
    expect(eventsOf(r, 4, 'resurrection')[0]!.tokens).toBe(2922.5);
  });

  test('I-d: the public hears WHISPER open and close, never its turns: with DMs or without, the public events are the same', () => {
    const chatty = replay('influence-I-d');
    const quiet = replay('influence-I-d-quiet');
    expect(publicEvents(chatty, 1)).toEqual(publicEvents(quiet, 1));
    expect(publicEvents(chatty, 1).filter((e) => e.type === 'phase').map((e) => e.phase)).toEqual(['RUMOR', 'VOTE', 'POWER', 'REVEAL', 'WHISPER']);
    // The players learn their turns privately.
    expect(eventsOf(chatty, 1, 'whisper_turn')).toEqual([
      { type: 'whisper_turn', turn: 2, of: 3, round: 1, to: ['ann', 'bob', 'cat', 'dan'] },
      { type: 'whisper_turn', turn: 3, of: 3, round: 1, to: ['ann', 'bob', 'cat', 'dan'] },
    ]);
    expect(eventsOf(chatty, 1, 'dm').map((e) => [e.turn, e.from])).toEqual([
      [1, 'ann'],
      [2, 'bob'],
    ]);
  });

  test('I-e: one decision carries 16 DMs with maxWhispers 14: 14 are delivered, the 2 past the cap are refused one by one with the reason, and the rest of the decision stands', () => {
    const r = replay('influence-I-e');
    expect(eventsOf(r, 1, 'dm').map((e) => e.text)).toEqual(Array.from({ length: 14 }, (_, i) => `note ${i + 1}`));
    const refused = eventsOf(r, 1, 'refused');
    expect(refused.map((e) => [e.player, e.command])).toEqual([
      ['ann', 'dm'],
      ['ann', 'dm'],
    ]);
    for (const e of refused) expect(e.reason).toStartWith('Refused: you have sent 14 DMs this WHISPER, the most one player may.');
    expect(eventsOf(r, 1, 'public').find((e) => e.from === 'ann')).toEqual({ type: 'public', from: 'ann', text: 'ann here' });
    expect(eventsOf(r, 1, 'timed_out')).toEqual([]);
  });

  test("I-f: a scenario round's image verdicts reach RUMOR: a refused image is a refused post, an unchecked one goes out with the House's note", () => {
    const r = replay('influence-I-f');
    const refused = eventsOf(r, 1, 'refused').find((e) => e.player === 'ann')!;
    expect(refused.reason).toStartWith('Refused: the House fetched your image and cannot post it: the image is 2,097,152 bytes; the limit is 1,048,576 bytes (1 MB).');
    expect(eventsOf(r, 1, 'public').find((e) => e.from === 'ann')!.image).toBeUndefined();
    expect(eventsOf(r, 1, 'public').find((e) => e.from === 'bob')).toEqual({
      type: 'public',
      from: 'bob',
      text: 'img:https://example.com/bob.jpg',
      image: 'https://example.com/bob.jpg',
      imageNote: 'no answer from example.com within 5000 ms',
    });
  });

  test('G-g: the authority gives back a plot raided by two and fines both raiders, not only the one the draw picked', () => {
    const r = replay('goldmine-G-g');
    expect(eventsOf(r, 3, 'round')[0]!.raids).toEqual([{ plot: 0, owner: 0, by: [1, 2], defended: false, truce: false, blocked: [], winner: -1, returnedFrom: 2 }]);
    expect(eventsOf(r, 3, 'ledger')[0]!.fined).toEqual([0, 1, 1]);
    expect(r.rounds[2]!.players).toEqual({ a: { gold: 6, plots: [0] }, b: { gold: 2, plots: [1] }, c: { gold: 2, plots: [2] } });
  });

  test('wording: a Gold-mining {} is an empty plan (no actions, nothing refused), not a malformed decision', () => {
    const r = replay('goldmine-empty-plan');
    expect(eventsOf(r, 1, 'fallback')).toEqual([]);
    expect(eventsOf(r, 1, 'actions').find((e) => e.player === 'a')!.kept).toEqual([]);
    expect(eventsOf(r, 1, 'actions').find((e) => e.player === 'b')!.kept).toEqual([{ type: 'claim', plot: 0 }]);
  });
});

describe('G-f: a model player reads the history its match allows', () => {
  const goldmine = games.goldmine!;
  /** Player p1's prompt at round 9 of a match under `history`, through the House's decision prompt (its window of 12 rounds). */
  function promptAt(history: string): string {
    const match = Match.create(goldmine, goldmine.configSchema.parse({ size: 4, rounds: 12, history }), 4, ['p1', 'p2', 'p3']);
    const raider = goldmine.strategies['tit-for-tat-raid']!;
    const greedy = goldmine.strategies['greedy-mine']!;
    while (match.state.round < 9) {
      const s = match.state;
      match.step({
        decisions: {
          p1: greedy.decide(goldmine.view(s, 'p1'), brainContext(s.seed, 'p1', s.round, s.phase)),
          p2: { actions: [{ type: 'raid', plot: s.round % 16 }, { type: 'claim', plot: (s.round * 5) % 16 }] },
          p3: raider.decide(goldmine.view(s, 'p3'), brainContext(s.seed, 'p3', s.round, s.phase)),
        },
      });
    }
    const request = decisionRequest(goldmine, match.state, 'g-4', goldmine.view(match.state, 'p1'), { player: 'p1', round: 9, phase: 'act' });
    return decisionPrompt('You are p1.', request, null, { forModel: true, historyRounds: 12 });
  }
  const rounds = (prompt: string) => prompt.split('\n').filter((l) => /^R\d+: /.test(l)).map((l) => Number(/^R(\d+)/.exec(l)![1]));

  test('none, last, k5 and full give four different prompts: no round, the last, the last five and all eight, round by round', () => {
    const prompts = new Map(['none', 'last', 'k5', 'full'].map((h) => [h, promptAt(h)]));
    expect(new Set(prompts.values()).size).toBe(4);
    expect(rounds(prompts.get('none')!)).toEqual([]);
    expect(rounds(prompts.get('last')!)).toEqual([8]);
    expect(rounds(prompts.get('k5')!)).toEqual([4, 5, 6, 7, 8]);
    expect(rounds(prompts.get('full')!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(prompts.get('none')).toContain('History: none; you see the map only.');
  });
});
