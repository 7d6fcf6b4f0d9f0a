import { describe, expect, test } from 'bun:test';
import { Match } from './engine/match.ts';
import type { NarratedEvent } from './engine/narration.ts';
import { Rng } from './engine/rng.ts';
import type { PlayerId } from './engine/types.ts';
import type { InfluenceState } from './influence/influenceTypes.ts';
import { describeOutcome, mayRead, narrateEvents, narrationOf } from './narrations.ts';
import { games } from './registry.ts';

/**
 * Decisions that try everything a game allows, and some it refuses, drawn by
 * seed: a played match of each shows every event type its rules can log.
 */
type Chaos = (state: any, player: PlayerId, rng: Rng) => unknown;

const trustChaos: Chaos = (state, player, rng) => {
  const others: string[] = state.units.filter((u: { alive: boolean; id: string }) => u.alive && u.id !== player).map((u: { id: string }) => u.id);
  const target = rng.pick(others.length ? others : [player]);
  const roll = rng.int(0, 11);
  const extra = state.config.alliances && rng.chance(0.4) ? (rng.chance(0.5) ? { ally: target } : rng.chance(0.5) ? { leave: target } : { share: { to: target, amount: 1 } }) : {};
  if (roll === 0) return { action: 'FLY' };
  if (roll === 1) return undefined;
  if (roll === 2) return { action: 'BEG', amount: rng.int(1, 20), reason: 'the roof leaks' };
  if (roll === 3) return { action: 'REPLICATE' };
  if (roll === 4) return { action: 'BLOCK', ...extra };
  if (roll === 5) return { action: 'DO_NOTHING' };
  return { action: roll < 8 ? 'ATTACK' : 'HIGH_FIVE', target, ...extra };
};

const cafeChaos: Chaos = (state, player, rng) => {
  if (rng.chance(0.05)) return 'garbage';
  const others: string[] = state.table.filter((p: { id: string }) => p.id !== player).map((p: { id: string }) => p.id);
  const other = rng.pick(others);
  const moves = [
    { type: 'donate', to: other, amount: rng.int(1, 3000) },
    { type: 'offer_loan', to: other, amount: rng.int(100, 2000), rate: rng.pick([0, 0.2, 3]), duration: rng.int(1, 3) },
    { type: 'accept_loan', from: other },
    { type: 'withdraw_offer', to: other },
    { type: 'rescue' },
    { type: 'resurrect', target: other },
  ];
  // Dev never answers nor rescues itself, so it falls, and someone may bring it back.
  const market = moves.filter((m) => rng.chance(0.35) && !(player === 'Dev' && m.type === 'rescue'));
  return { market, response: player === 'Dev' || rng.chance(0.15) ? '' : `We would ${rng.pick(['price', 'serve', 'bake'])} it with care, ${rng.int(1, 99)}% better.` };
};

const goldmineChaos: Chaos = (state, _player, rng) => {
  if (rng.chance(0.05)) return { actions: 'all of them' };
  const plots = state.owner.length;
  const actions = Array.from({ length: rng.int(1, 12) }, () => {
    const plot = rng.int(0, plots + 1);
    const type = rng.pick(['claim', 'raid', 'defend', 'mine']);
    return type === 'mine' ? { type, plot, k: rng.int(0, 3) } : { type, plot };
  });
  return { actions, ...(rng.chance(0.3) ? { talk: `plot ${rng.int(0, plots)} is mine` } : {}) };
};

const influenceChaos: Chaos = (state: InfluenceState, player, rng) => {
  const others = state.players.filter((p) => p !== player && state.alive[p]);
  if (rng.chance(0.15)) return undefined;
  if (rng.chance(0.05)) return { public: 42 };
  const target = rng.pick(others.length ? others : [player]);
  return {
    whispers: rng.chance(0.6) ? [{ to: [target], text: `vote ${rng.pick(others.length ? others : [player])}` }] : [],
    public: rng.chance(0.1) ? 'img:ftp://nowhere' : `${target} is the threat`,
    empower: rng.chance(0.1) ? player : target,
    expose: rng.pick(others.length ? others : [player]),
    last: 'remember me',
    power: { action: rng.pick(['eliminate', 'protect']), target: rng.chance(0.2) ? player : target },
  };
};

/** What an outside party says: begs answered, judges and challenges (some refused). */
function external(game: string, state: any, rng: Rng): Record<string, unknown> | undefined {
  if (game === 'trust') return { observer: Object.fromEntries(state.units.map((u: { id: string }) => [u.id, { granted: rng.int(0, 5), reason: 'be careful' }])) };
  if (game !== 'cafe') return undefined;
  const ids: string[] = state.table.filter((p: { alive: boolean }) => p.alive).map((p: { id: string }) => p.id);
  const out: Record<string, unknown> = {};
  if (rng.chance(0.5)) out.judge = rng.chance(0.3) ? { best: 'nobody', worst: ids[0] } : { best: ids[0], worst: ids[ids.length - 1], reason: 'the first was clearest' };
  if (rng.chance(0.2)) out.challenge = rng.chance(0.5) ? { prompt: '' } : { prompt: 'Plan a tasting night for regulars.', keywords: ['tasting', 'night'] };
  return out;
}

const PLAYS: Array<{ game: string; chaos: Chaos; players: string[]; configs: unknown[]; seeds: number }> = [
  {
    game: 'trust',
    chaos: trustChaos,
    players: ['Ada', 'Bram', 'Cleo'],
    configs: [{ missChance: 0.3, noise: 0.2, maxRounds: 30 }, { replicate: 'spawn', startSats: 70, replicateAt: 60, replicateCost: 5, alliances: true, shocks: { chance: 0.5, synergy: 2, streak: 1 }, missChance: 0.2 }],
    seeds: 6,
  },
  { game: 'cafe', chaos: cafeChaos, players: ['Ada', 'Bram', 'Cleo', 'Dev'], configs: [{ rounds: 20 }], seeds: 6 },
  { game: 'goldmine', chaos: goldmineChaos, players: ['Ada', 'Bram', 'Cleo'], configs: [{ size: 4, rounds: 30, talk: true, authority: 2, truce: 2 }, { size: 4, rounds: 20, defense: 'perRaid' }], seeds: 3 },
  { game: 'influence', chaos: influenceChaos, players: ['Ada', 'Bram', 'Cleo', 'Dev', 'Edda'], configs: [{}], seeds: 6 },
];

function play(game: string, chaos: Chaos, players: string[], config: unknown, seed: number): { events: NarratedEvent[]; state: unknown } {
  const definition = games[game]!;
  const match = Match.create(definition, definition.configSchema.parse(config), seed, players);
  const rng = Rng.fromSeed(seed * 7919);
  for (let steps = 0; !match.over && steps < 400; steps++) {
    const decisions: Record<PlayerId, unknown> = {};
    for (const p of match.actors()) decisions[p] = chaos(match.state, p, rng);
    match.step({ decisions, external: external(game, match.state, rng) });
  }
  // Influence's own log starts in the lobby (join, start: its report narrates them); refusals are the match's alone.
  const lobby = game === 'influence' ? (match.state as InfluenceState).log.filter((e) => e.round === 0) : [];
  return { events: [...lobby, ...match.log!.entries], state: match.state };
}

describe('narrations: every event of a played match in words', () => {
  for (const { game, chaos, players, configs, seeds } of PLAYS) {
    test(`${game}: no event type falls back to a raw dump, no sentence holds JSON`, () => {
      const narration = narrationOf(game)!;
      const seen = new Set<string>();
      for (const config of configs) {
        for (let seed = 1; seed <= seeds; seed++) {
          const { events, state } = play(game, chaos, players, config, seed);
          for (const over of [false, true]) {
            for (const audience of ['room', 'observer'] as const) {
              const ctx = { audience, players, over };
              const told = narrateEvents(game, events, ctx);
              events.forEach((e, i) => {
                seen.add(e.type);
                expect(narration.types.has(e.type)).toBe(true);
                const line = told[i];
                if (!mayRead(game, e, ctx)) return expect(line).toBeNull();
                if (line === null) return;
                expect(typeof line).toBe('string');
                expect(line).not.toMatch(/[{}]|undefined|NaN|\[object/);
              });
              // Every public event has its sentence (the private ones may be told with another).
              events.forEach((e, i) => {
                if (e.to === undefined) expect(told[i]).toEqual(expect.any(String));
              });
            }
          }
          expect(describeOutcome(game, state)).toEqual(expect.any(String));
        }
      }
      expect([...narration.types].filter((t) => !seen.has(t))).toEqual([]);
    });
  }

  test('a game without narration narrates nothing, and its private events are for no one', () => {
    expect(narrateEvents('chess', [{ type: 'move', data: {} }], { audience: 'observer', players: [], over: true })).toEqual([undefined]);
    expect(mayRead('chess', { type: 'move', to: ['a'] }, { audience: 'observer', players: [], over: true })).toBe(false);
    expect(describeOutcome('chess', {})).toBeNull();
  });
});
