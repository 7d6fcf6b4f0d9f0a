import { describe, expect, test } from 'bun:test';
import { verifyChain } from '../engine/eventLog.ts';
import { Match } from '../engine/match.ts';
import { replay } from '../engine/replay.ts';
import { runMatchSync } from '../engine/runner.ts';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import type { MatrixState } from './matrixTypes.ts';

describe('the game carries every part the other layers read', () => {
  test('strategies with traits, a model prompt, metrics, narration, a presentation whose score field every report holds', () => {
    expect(matrixGame.id).toBe('matrix');
    for (const s of Object.values(matrixGame.strategies)) expect(typeof s.traits.stochastic).toBe('boolean');
    expect(matrixGame.modelPrompt).toBeDefined();
    expect(matrixGame.metrics!.defs.length).toBeGreaterThan(5);
    expect(matrixGame.narration.types.size).toBeGreaterThan(0);
    const { presentation } = matrixGame;
    expect(presentation.lobbySeats).toBeGreaterThanOrEqual(matrixGame.minPlayers);
    expect(presentation.lobbySeats).toBeLessThanOrEqual(matrixGame.maxPlayers);
    const report = matrixGame.report(Match.create(matrixGame, matrixGame.configSchema.parse({}), 1, ['p0', 'p1']).state);
    expect(report).toEqual({ players: { p0: { score: 0, gain: 0 }, p1: { score: 0, gain: 0 } } });
  });
});

describe('determinism', () => {
  function run(seed: number) {
    const match = Match.create(matrixGame, matrixConfigSchema.parse({ noise: 0.1, continuation: 0.97, pairing: 'pairs', rounds: 300 }), seed, ['a', 'b', 'c', 'd', 'e']);
    runMatchSync(match, { a: matrixGame.strategies.joss!, b: matrixGame.strategies.random!, c: matrixGame.strategies['tit-for-tat']!, d: matrixGame.strategies.tullock!, e: matrixGame.strategies.grofman! });
    return { jsonl: match.log!.toJSONL(), head: match.log!.head, state: match.state as MatrixState };
  }

  test('the same seed, config and decisions give the same event log, byte for byte, and the same head', () => {
    const a = run(11);
    expect(run(11).jsonl).toBe(a.jsonl);
    expect(run(11).head).toBe(a.head);
    expect(run(12).head).not.toBe(a.head);
    expect(verifyChain(a.jsonl.trim().split('\n').map((l) => JSON.parse(l)), a.head)).toEqual({ ok: true });
  });

  test('state is plain JSON: a saved state resumes to the identical match', () => {
    let state = matrixGame.setup(matrixConfigSchema.parse({ noise: 0.2, continuation: 0.9, pairing: 'pairs' }), 5, ['a', 'b', 'c']);
    const decisions = { a: { action: 'C' }, b: { action: 'D' }, c: { action: 'C' } };
    for (let i = 0; i < 3 && !state.result.over; i++) state = matrixGame.apply(state, { decisions }).state;
    const copy = JSON.parse(JSON.stringify(state)) as MatrixState;
    expect(JSON.stringify(matrixGame.apply(copy, { decisions }))).toBe(JSON.stringify(matrixGame.apply(state, { decisions })));
  });
});

describe('the replay contract', () => {
  test('fixed decisions in, each round’s scores and events out (a missing answer repeats the last move)', () => {
    const result = replay(
      { matrix: matrixGame },
      {
        game: 'matrix',
        seed: 3,
        config: { rounds: 2 },
        players: ['ann', 'bob'],
        rounds: [{ decisions: { ann: { action: 'C' }, bob: { action: 'D' } } }, { decisions: { ann: { action: 'D' } } }, { decisions: {} }],
      },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.rounds.map((r) => r.players)).toEqual([
      { ann: { score: 0, gain: 0 }, bob: { score: 5, gain: 5 } },
      { ann: { score: 1, gain: 1 }, bob: { score: 6, gain: 1 } },
    ]);
    expect(result.value.rounds[1]!.events.map((e) => e.type)).toEqual(['fallback', 'round', 'match_over']);
    expect(result.value.outcome).toEqual({ over: true, winners: ['bob'], kind: 'limit' });
  });
});

describe('the digest: the round just played as the player saw it', () => {
  test('each game, its payoff and the score; counts a block of rounds sums up', () => {
    let state = matrixGame.setup(matrixConfigSchema.parse({}), 1, ['ann', 'bob', 'cy']);
    expect(matrixGame.digest!(matrixGame.view(state, 'ann'))).toBeNull();
    state = matrixGame.apply(state, { decisions: { ann: { moves: { bob: 'C', cy: 'D' } }, bob: { action: 'D' }, cy: { action: 'C' } } }).state;
    expect(matrixGame.digest!(matrixGame.view(state, 'ann'))).toEqual({
      round: 1,
      line: 'Round 1: bob C/D +0 and cy D/C +5; your score 5.',
      tally: { 'your C': 1, 'your D': 1, 'their C': 1, 'their D': 1, 'your flipped moves': 0, points: 5 },
    });
  });

  test('a flipped move is marked; a round sat out has no digest', () => {
    let state = matrixGame.setup(matrixConfigSchema.parse({ noise: 0.5, pairing: 'pairs', rounds: 12 }), 2, ['a', 'b', 'c']);
    let marked = false;
    while (!state.result.over) {
      const played = new Set(matrixGame.actors(state));
      state = matrixGame.apply(state, { decisions: { a: { action: 'C' }, b: { action: 'C' }, c: { action: 'C' } } }).state;
      for (const p of ['a', 'b', 'c']) {
        const digest = matrixGame.digest!(matrixGame.view(state, p));
        expect([p, digest === null]).toEqual([p, !played.has(p)]);
        if (digest?.line.includes('(flipped)')) marked = true;
      }
    }
    expect(marked).toBe(true);
  });
});

describe('the person prompt', () => {
  test('the game, its payoffs, the length, the scores, the games so far and how to answer', () => {
    let state = matrixGame.setup(matrixConfigSchema.parse({ rounds: 10 }), 1, ['ann', 'bob', 'cy']);
    state = matrixGame.apply(state, { decisions: { ann: { action: 'C' }, bob: { action: 'D' }, cy: { action: 'C' } } }).state;
    expect(matrixGame.prompt!(matrixGame.view(state, 'ann'))).toBe(
      [
        "Prisoner's Dilemma, round 2 of 10. You are ann, with 3 points.",
        'Each game you and your opponent choose C or D at once. You get: both C: 3; you C and they D: 0; you D and they C: 5; both D: 1. C means cooperate, D means defect.',
        'The match lasts 10 rounds.',
        'Scores: bob 10, cy 3.',
        'This round you play bob and cy.',
        'Against bob, oldest first: you C; bob D.',
        'Against cy, oldest first: you C; cy C.',
        'Answer {"action": "C"} to cooperate or {"action": "D"} to defect against everyone, or a move per opponent: {"moves": {"bob": "C", "cy": "C"}}.',
      ].join('\n'),
    );
  });

  test('roles in an asymmetric game; an unknown end; noise; a seat sat out', () => {
    const config = matrixConfigSchema.parse({ preset: 'battle-of-the-sexes', continuation: 0.8, noise: 0.05, pairing: 'pairs' });
    const state = matrixGame.setup(config, 1, ['ann', 'bob', 'cy']);
    const seated = matrixGame.actors(state)[0]!;
    const text = matrixGame.prompt!(matrixGame.view(state, seated));
    expect(text).toContain('As the row player: both C: 2; you C and they D: 0; you D and they C: 0; both D: 1.');
    expect(text).toContain('After each round another follows with probability 80%, so nobody knows which round is the last.');
    expect(text).toContain('Noise: each move is flipped with probability 5%; only its mover is told.');
    expect(text).toMatch(/\(against \S+ you are (row|column)\)/);
    expect(matrixGame.prompt!(matrixGame.view(state, state.sitting!))).toContain('You sit this round out.');
  });
});
