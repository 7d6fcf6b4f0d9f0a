import { expect, test } from 'bun:test';
import { parseConfig } from '../engine/config.ts';
import { Match } from '../engine/match.ts';
import { replay } from '../engine/replay.ts';
import { brainContext, runMatchSync } from '../engine/runner.ts';
import { goldmineGame } from './goldmineGame.ts';
import { playGoldmineMatch } from './playGoldmineMatch.ts';

const players = ['a', 'b', 'c', 'd'];
const lineup = { a: 'random', b: 'greedy-mine', c: 'defend-then-mine', d: 'tit-for-tat-raid' } as const;

test('parse({}) gives the ODD defaults; unknown keys and bad values are refused with what is allowed', () => {
  expect(goldmineGame.configSchema.parse({})).toEqual({ size: 10, rounds: 200, stamina: 10, cap: 3, alpha: 1, plotAlpha: 'uniform', truce: 1, defense: 'all', history: 'k5', talk: false, authority: 0, authorityFine: 10 });
  const error = (raw: unknown) => {
    const parsed = parseConfig(goldmineGame, raw);
    return parsed.ok ? null : parsed.error;
  };
  expect(error({ stamina: 0, colour: 'red' })).toBe(
    "bad goldmine config: stamina: Too small: expected number to be >=1; unknown key 'colour' (allowed keys: size, rounds, stamina, cap, alpha, plotAlpha, truce, defense, history, talk, authority, authorityFine)",
  );
  expect(error({ defense: 'strong' })).toContain('defense: Invalid option: expected one of "all"|"perRaid"');
  expect(error({ history: 'k7' })).toContain('history: Invalid option: expected one of "none"|"last"|"k5"|"full"');
  for (const bad of [{ size: 1 }, { rounds: 0 }, { cap: 0 }, { alpha: 0 }, { truce: -1 }, { truce: 1.5 }]) expect(error(bad)).not.toBeNull();
  expect(error({ size: 4, rounds: 3, stamina: 8, cap: 2, alpha: 2, truce: 0, defense: 'perRaid', history: 'full' })).toBeNull();
});

test('size sets the map (plots 0..size*size-1) and rounds the length of the match', () => {
  const config = goldmineGame.configSchema.parse({ size: 4, rounds: 3 });
  const state = goldmineGame.setup(config, 1, players);
  expect(state.owner).toHaveLength(16);
  expect(goldmineGame.validate(state, 'a', [{ type: 'claim', plot: 16 }])).toEqual({ ok: false, error: 'actions[0]: plot 16 is off the map (plots are 0..15)' });
  const { logs } = playGoldmineMatch(config, 1, players.map((id) => ({ id, strategy: goldmineGame.strategies.random! })));
  expect(logs.map((l) => l.round)).toEqual([1, 2, 3]);
});

test('a mixed match is reproducible byte for byte, and the fast path equals the Match path', () => {
  const config = goldmineGame.configSchema.parse({ rounds: 30 });
  const run = () => {
    const match = Match.create(goldmineGame, config, 5, players);
    runMatchSync(match, Object.fromEntries(players.map((p) => [p, goldmineGame.strategies[lineup[p as keyof typeof lineup]]!])));
    return match;
  };
  const one = run();
  const two = run();
  expect(one.log!.head).toBe(two.log!.head);
  const fast = playGoldmineMatch(config, 5, players.map((id) => ({ id, strategy: goldmineGame.strategies[lineup[id as keyof typeof lineup]]! })));
  expect(fast.state).toEqual(one.state);
  expect(fast.logs).toHaveLength(30);
  expect(one.outcome().over).toBe(true);
  expect(goldmineGame.score(one.state, 'b')).toBe(one.state.gold[1]!);
});

test('a match saved as JSON after any round and restored ends exactly as the uninterrupted one', () => {
  const config = goldmineGame.configSchema.parse({ rounds: 25, defense: 'perRaid', truce: 2 });
  const table = Object.fromEntries(players.map((p) => [p, goldmineGame.strategies[lineup[p as keyof typeof lineup]]!]));
  const whole = Match.create(goldmineGame, config, 8, players);
  runMatchSync(whole, table);
  const part = Match.create(goldmineGame, config, 8, players);
  while (part.state.round < 11) part.step({ decisions: Object.fromEntries(players.map((p) => [p, table[p]!.decide(goldmineGame.view(part.state, p), brainContext(8, p, part.state.round, 'act'))])) });
  const resumed = Match.restore(goldmineGame, JSON.parse(JSON.stringify(part.snapshot())));
  runMatchSync(resumed, table);
  expect(resumed.log!.head).toBe(whole.log!.head);
  expect(resumed.state).toEqual(whole.state);
});

test('replay: rounds report each player\'s cumulative gold and the plots it owns', () => {
  const result = replay(
    { goldmine: goldmineGame },
    {
      game: 'goldmine',
      seed: 3,
      config: { size: 3, rounds: 2 },
      players: ['a', 'b'],
      rounds: [
        { decisions: { a: { actions: [{ type: 'claim', plot: 0 }, { type: 'claim', plot: 1 }] }, b: { actions: [{ type: 'claim', plot: 8 }] } } },
        { decisions: { a: { actions: [{ type: 'mine', plot: 0, k: 3 }, { type: 'raid', plot: 8 }] }, b: '{"actions":[{"type":"mine","plot":8,"k":2}]}' } },
      ],
    },
  );
  if (!result.ok) throw new Error(result.error);
  expect(result.value.rounds.map((r) => r.players)).toEqual([
    { a: { gold: 0, plots: [0, 1] }, b: { gold: 0, plots: [8] } },
    { a: { gold: 3, plots: [0, 1, 8] }, b: { gold: 0, plots: [] } },
  ]);
  expect(result.value.outcome).toEqual({ over: true, winners: ['a'], kind: 'limit' });
});

test('validate accepts well-formed lists and names every malformed action', () => {
  const state = goldmineGame.setup(goldmineGame.configSchema.parse({}), 1, players);
  expect(goldmineGame.validate(state, 'a', '[{"type":"claim","plot":3}]')).toEqual({ ok: true, decision: { actions: [{ type: 'claim', plot: 3 }] } });
  expect(goldmineGame.validate(state, 'a', { actions: [{ type: 'claim', plot: 100 }, { type: 'mine', plot: 1, k: 7 }] })).toEqual({
    ok: false,
    error: 'actions[0]: plot 100 is off the map (plots are 0..99); actions[1]: k must be 0..3 (the mining cap)',
  });
  expect(goldmineGame.validate(state, 'a', 'no')).toEqual({ ok: false, error: 'decision is not valid JSON (JSON Parse error: Unexpected identifier "no")' });
  expect(goldmineGame.validate(state, 'a', { moves: [] })).toEqual({
    ok: false,
    error: 'decision must be {"actions": [...]} with an ordered list of claim, raid, defend and mine actions (or {"defend": [...], "mine": [...], "claim": [...], "raid": [...]})',
  });
  expect(goldmineGame.validate(state, 'a', { claim: [3], raid: [] })).toEqual({ ok: true, decision: { actions: [{ type: 'claim', plot: 3 }] } });
  expect(goldmineGame.validate(state, 'a', [{ type: 'steal', plot: 1 }])).toEqual({ ok: false, error: 'actions[0]: unknown action type "steal" (allowed: claim, raid, defend, mine)' });
  expect(goldmineGame.validate(state, 'a', [{ type: 'mine', plot: 1, k: -1 }])).toEqual({ ok: false, error: 'actions[0]: k must be 0..3 (the mining cap)' });
  expect(goldmineGame.validate(state, 'z', [])).toEqual({ ok: false, error: "'z' is not a player in this match" });
  const flood = Array.from({ length: 500 }, () => ({ type: 'claim', plot: 1000 }));
  expect(goldmineGame.validate(state, 'a', flood)).toEqual({ ok: false, error: [0, 1, 2, 3, 4].map((i) => `actions[${i}]: plot 1000 is off the map (plots are 0..99)`).concat('and 495 more malformed actions').join('; ') });
  const overBudget = Array.from({ length: 60 }, (_, plot) => ({ type: 'claim' as const, plot }));
  expect(goldmineGame.validate(state, 'a', { actions: overBudget })).toEqual({ ok: true, decision: { actions: overBudget } });
  expect(goldmineGame.fallback(state, 'a')).toEqual({ actions: [] });
  expect(goldmineGame.legalMoves(state, 'a')[0]).toBe('claim (1 stamina) an unowned plot: 0-99');
});

test('views share the map and hold only the player\'s own gold and last round', () => {
  const config = goldmineGame.configSchema.parse({ rounds: 3 });
  const { state } = playGoldmineMatch(config, 2, players.map((id) => ({ id, strategy: goldmineGame.strategies['greedy-mine']! })));
  const view = goldmineGame.view(state, 'c');
  expect(view.gold).toBe(state.gold[2]!);
  expect(view.own?.round).toBe(3);
  expect(view.own).toBe(state.own[2]!);
  expect(JSON.stringify(view)).not.toContain(JSON.stringify(state.own[0]!.kept));
});
