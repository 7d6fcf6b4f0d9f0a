import { describe, expect, test } from 'bun:test';
import { verifyChain } from '../engine/eventLog.ts';
import { Match } from '../engine/match.ts';
import { replay } from '../engine/replay.ts';
import { runMatchSync } from '../engine/runner.ts';
import { games } from '../registry.ts';
import { Rng } from '../engine/rng.ts';
import { influenceGame } from './influenceGame.ts';
import { allies } from './strategies/allianceFormer.ts';

const config = influenceGame.configSchema.parse({});
const four = ['ann', 'bob', 'cat', 'dan'];

function playHeadless(players: string[], seed: number) {
  const names = Object.keys(influenceGame.strategies);
  const strategies = Object.fromEntries(players.map((p, i) => [p, influenceGame.strategies[names[i % names.length]!]!]));
  const match = Match.create(influenceGame, config, seed, players);
  const rounds: number[] = [];
  const outcome = runMatchSync(match, strategies, (r) => rounds.push(r.round));
  return { match, outcome, rounds };
}

describe('influence as a GameDefinition', () => {
  test('defaults and setup: 8 players by default, the game starts in WHISPER of round 1', () => {
    expect(config).toMatchObject({ minPlayers: 4, maxPlayers: 8, maxDmRecipients: 4, maxMessageLength: 500, inactivityLimit: 3, whisperTurns: 3, maxWhispers: 12 });
    expect(config.timers).toEqual({ whisper: 600_000, rumor: 300_000, vote: 180_000, power: 120_000, reveal: 30_000 });
    expect(influenceGame.defaultPlayers).toBe(8);
    expect(influenceGame.configSchema.safeParse({ bogus: 1 }).success).toBe(false);
    expect(influenceGame.configSchema.safeParse({ maxDmRecipients: 1 }).success).toBe(false);
    expect(influenceGame.configSchema.safeParse({ minPlayers: 10, maxPlayers: 6 }).success).toBe(false);
    expect(influenceGame.configSchema.parse({ timers: { whisper: 1000 } }).timers).toMatchObject({ whisper: 1000, rumor: 300_000 });
    const s = influenceGame.setup(config, 1, four);
    expect([s.phase, s.round, s.host]).toEqual(['WHISPER', 1, 'ann']);
    expect(influenceGame.actors(s)).toEqual(four);
    expect(influenceGame.legalMoves(s, 'ann')).toEqual([
      'whispers: [{to: [up to 4 of bob, cat, dan], text}] (optional; turn 1 of 3: answer the DMs you received or write new ones; 12 more DMs this WHISPER)',
    ]);
  });

  test('offline brains play 8- and 12-player games to a single winner, deterministically, with an intact log', () => {
    for (const size of [8, 12]) {
      const players = Array.from({ length: size }, (_, i) => `p${i + 1}`);
      const a = playHeadless(players, 11);
      const b = playHeadless(players, 11);
      expect(a.outcome.over).toBe(true);
      expect(a.outcome.winners).toHaveLength(1);
      expect(a.outcome.kind).toBe('last-survivor');
      expect(a.match.state.log.map((e) => e.hash)).toEqual(b.match.state.log.map((e) => e.hash));
      expect(a.match.log!.head).toBe(b.match.log!.head);
      expect(verifyChain(a.match.state.log, a.match.state.publishedHead!)).toEqual({ ok: true });
      expect(a.rounds).toEqual(a.match.state.rounds.map((r) => r.round));
    }
  });

  test("rounds survived: the winner's is the rounds played, never more (issue 25); each other player's the rounds before its elimination", () => {
    const { match } = playHeadless(four, 3);
    const s = match.state;
    expect(s.winner).not.toBeNull();
    expect(influenceGame.score(s, s.winner!)).toBe(s.rounds.length);
    for (const e of s.eliminations) expect(influenceGame.score(s, e.player)).toBe(e.round - 1);
    expect(Math.max(...four.map((p) => influenceGame.score(s, p)))).toBe(s.rounds.length);
  });

  test('in POWER only the empowered acts; once over, no one', () => {
    let s = influenceGame.setup(config, 2, four);
    for (let i = 0; i < 3; i++) s = influenceGame.apply(s, { decisions: {} }).state;
    expect(s.phase).toBe('POWER');
    expect(influenceGame.actors(s)).toEqual([s.empowered!]);
    expect(influenceGame.actors(playHeadless(four, 2).match.state)).toEqual([]);
  });

  test('a table where nobody ever acts ends with no winner: every idle player goes for inactivity (RULES I-c)', () => {
    const match = Match.create(influenceGame, config, 8, four);
    const outcome = runMatchSync(match, {});
    expect(outcome).toEqual({ over: true, winners: [], kind: 'no-survivor' });
    expect(match.state.eliminations.map((e) => e.reason)).toEqual(['power', 'power', 'power', 'inactivity']);
  });

  test('the lobby limits of the config do not block a headless start; ids are seated as given', () => {
    const s = influenceGame.setup(influenceGame.configSchema.parse({ minPlayers: 6 }), 1, four);
    expect([s.phase, s.players.length, s.config.minPlayers]).toEqual(['WHISPER', 4, 6]);
    const twelve = Array.from({ length: 12 }, (_, i) => `p${i}`);
    expect(influenceGame.setup(config, 1, twelve).players).toEqual(twelve);
    const odd = ['Ann Smith', '@bob', 'cat', 'dan'];
    const match = Match.create(influenceGame, config, 1, odd);
    expect(runMatchSync(match, {}).over).toBe(true);
    expect(() => influenceGame.setup(config, 1, ['ann', 'bob'])).toThrow('influence needs 4 to 12 distinct players, got 2');
  });

  test('validate: zod shape, the phase needs, and the rules through the FSM', () => {
    const s = influenceGame.setup(config, 1, four);
    expect(influenceGame.validate(s, 'ann', { whispers: [{ to: ['bob'], text: 'hi' }] })).toMatchObject({ ok: true });
    expect(influenceGame.validate(s, 'ann', { whispers: [{ to: ['ann'], text: 'hi' }] })).toMatchObject({ ok: false, error: expect.stringMatching(/cannot DM yourself/) });
    expect(influenceGame.validate(s, 'ann', { whisper: [{ to: ['@bob'], msg: 'spec spelling' }] })).toMatchObject({ ok: true });
    expect(influenceGame.validate(s, 'ann', { whispers: 'bob' })).toMatchObject({ ok: false, error: expect.stringMatching(/^whispers: /) });
    const vote = influenceGame.apply(influenceGame.apply(s, { decisions: {} }).state, { decisions: {} }).state;
    expect(vote.phase).toBe('VOTE');
    expect(influenceGame.validate(vote, 'ann', { empower: 'bob' })).toMatchObject({ ok: false, error: 'VOTE needs expose' });
    expect(influenceGame.validate(vote, 'ann', { empower: 'ann', expose: 'bob' })).toMatchObject({ ok: false, error: expect.stringMatching(/cannot empower yourself/) });
    expect(influenceGame.validate(vote, 'ann', { empower: 'bob', expose: 'cat', last: 'bye' })).toMatchObject({ ok: true });
  });

  test('each apply plays one phase: a headless phase ends as soon as every living player has decided', () => {
    let s = influenceGame.setup(config, 1, four);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(`${s.round}:${s.phase}`);
      s = influenceGame.apply(s, { decisions: {} }).state;
    }
    expect(seen).toEqual(['1:WHISPER', '1:RUMOR', '1:VOTE', '1:POWER', '2:WHISPER']);
  });

  test('with two left an expose in a decision is ignored, not refused', () => {
    let s = influenceGame.setup(config, 2, four);
    while (s.players.filter((p) => s.alive[p]).length > 2 || s.phase !== 'VOTE') s = influenceGame.apply(s, { decisions: {} }).state;
    const [a, b] = s.players.filter((p) => s.alive[p]) as [string, string];
    expect(influenceGame.validate(s, a, { empower: b })).toMatchObject({ ok: true });
    expect(influenceGame.validate(s, a, { empower: b, expose: b })).toMatchObject({ ok: true });
    expect(influenceGame.legalMoves(s, a)).toEqual([`empower: one of ${b}`, 'last: your last message, posted if you are eliminated (optional)']);
    const next = influenceGame.apply(s, { decisions: { [a]: { empower: b, expose: b }, [b]: { empower: a } } });
    expect(next.events.filter((e) => e.type === 'refused' || e.type === 'auto_filled')).toEqual([]);
    expect(next.state.exposed).toEqual([]);
  });

  test('views: a player never sees DMs it was not in; eliminated players keep theirs, locked', () => {
    const s = influenceGame.setup(config, 1, four);
    const step = influenceGame.apply(s, {
      decisions: { ann: { whispers: [{ to: ['bob'], text: 'just us' }] }, cat: { whispers: [{ to: ['dan'], text: 'cat and dan' }] } },
    });
    expect(influenceGame.view(step.state, 'ann').channels.map((c) => c.id)).toEqual(['dm:ann+bob']);
    expect(influenceGame.view(step.state, 'dan').channels.map((c) => c.id)).toEqual(['dm:cat+dan']);
    expect(JSON.stringify(influenceGame.view(step.state, 'bob'))).not.toContain('cat and dan');
    expect(step.events.find((e) => e.type === 'dm' && e.data?.text === 'just us')?.to).toEqual(['ann', 'bob']);
  });
});

describe('RULES I-a: WHISPER is a conversation, in whisperTurns turns', () => {
  const dm = (to: string, text: string) => ({ whispers: [{ to: [to], text }] });

  test('a DM sent in turn 1 is seen in turn 2 and answered in the same round; each turn is a phase of its own', () => {
    let s = influenceGame.setup(config, 1, four);
    const phases: string[] = [s.phase];
    s = influenceGame.apply(s, { decisions: { ann: dm('bob', 'pact against cat?') } }).state;
    phases.push(s.phase);
    const bob = influenceGame.view(s, 'bob');
    expect([bob.phase, bob.whisperTurn]).toEqual(['WHISPER', 2]);
    expect(bob.channels[0]!.messages).toEqual([{ from: 'ann', text: 'pact against cat?', round: 1, turn: 1 }]);
    expect(influenceGame.actors(s)).toEqual(four);
    const answered = influenceGame.apply(s, { decisions: { bob: dm('ann', 'deal') } });
    expect(answered.events.find((e) => e.type === 'dm')).toEqual({ type: 'dm', data: { channel: 'dm:ann+bob', from: 'bob', text: 'deal', turn: 2 }, to: ['ann', 'bob'] });
    s = answered.state;
    phases.push(s.phase);
    s = influenceGame.apply(s, { decisions: { ann: dm('bob', 'good') } }).state;
    phases.push(s.phase);
    expect(phases).toEqual(['WHISPER', 'WHISPER 2', 'WHISPER 3', 'RUMOR']);
    expect(s.channels[0]!.messages.map((m) => `${m.turn}:${m.from}`)).toEqual(['1:ann', '2:bob', '3:ann']);
  });

  test('a turn in which no one writes closes WHISPER; whisperTurns 1 is the old single batch', () => {
    let s = influenceGame.setup(config, 1, four);
    s = influenceGame.apply(s, { decisions: { ann: dm('bob', 'hello') } }).state;
    expect(influenceGame.apply(s, { decisions: {} }).state.phase).toBe('RUMOR');
    const single = influenceGame.setup(influenceGame.configSchema.parse({ whisperTurns: 1 }), 1, four);
    expect(influenceGame.apply(single, { decisions: { ann: dm('bob', 'hello') } }).state.phase).toBe('RUMOR');
  });

  test('a player may send at most maxWhispers DMs in one WHISPER, over all its turns', () => {
    let s = influenceGame.setup(influenceGame.configSchema.parse({ maxWhispers: 2 }), 1, four);
    s = influenceGame.apply(s, { decisions: { ann: { whispers: [{ to: ['bob'], text: 'one' }, { to: ['cat'], text: 'two' }] } } }).state;
    expect(influenceGame.view(s, 'ann').whispersLeft).toBe(0);
    const third = influenceGame.apply(s, { decisions: { ann: dm('dan', 'three'), bob: dm('ann', 'hi') } });
    expect(third.events.find((e) => e.type === 'refused')?.data?.reason).toMatch(/^Refused: you have sent 2 DMs this WHISPER, the most one player may/);
    expect(third.state.phase).toBe('WHISPER 3');
  });

  test('the offline brains answer what reaches them: the alliance brain accepts a pact offer, the rumour brain names its mark', () => {
    const alliance = influenceGame.strategies.alliance!;
    const rumour = influenceGame.strategies.rumour!;
    let s = influenceGame.setup(config, 1, ['ann', 'bob', 'cat', 'dan', 'eve']);
    s = influenceGame.apply(s, { decisions: { ann: dm('bob', 'Pact: we protect each other and go after cat.'), dan: dm('eve', 'what do you think of ann?') } }).state;
    const ctx = (p: string) => ({ player: p, round: s.round, phase: s.phase, rng: Rng.derive(1, p) });
    const reply = alliance.decide(influenceGame.view(s, 'bob'), ctx('bob'));
    expect(reply.whispers).toHaveLength(1);
    expect(reply.whispers![0]!.to).toEqual(['ann']);
    expect(reply.whispers![0]!.text).toMatch(/cat/);
    const rumours = rumour.decide(influenceGame.view(s, 'eve'), ctx('eve'));
    expect(rumours.whispers!.map((w) => w.to)).toEqual([['dan']]);
    expect(alliance.decide(influenceGame.view(s, 'cat'), ctx('cat'))).toEqual({ whispers: [] });
    const next = influenceGame.apply(s, { decisions: { bob: reply, eve: rumours } }).state;
    expect(allies(influenceGame.view(next, 'ann'))).toEqual(['bob']);
  });
});

describe('images the House checked (external.images)', () => {
  test('a refused image is a refused post; an unchecked one is posted with its note; malformed or outside keys count as no check', () => {
    const rumor = influenceGame.apply(influenceGame.setup(config, 1, four), { decisions: {} }).state;
    const decisions = { ann: { public: 'img:https://x.test/a.png' }, bob: { public: 'img:https://x.test/b.png' }, cat: { public: 'img:https://x.test/c.png' } };
    const images = JSON.parse('{"ann": {"verdict": "refused", "why": "the image is 600x600 pixels"}, "bob": {"verdict": "unchecked", "why": "offline"}, "__proto__": {"verdict": "ok"}}');
    const { events, state } = influenceGame.apply(rumor, { decisions, external: { images } });
    expect(events.find((e) => e.type === 'refused')!.data!.reason).toStartWith('Refused: the House fetched your image and cannot post it: the image is 600x600 pixels.');
    expect(state.posts.filter((p) => p.image).map((p) => [p.from, p.imageNote ?? null])).toEqual([
      ['bob', 'offline'],
      ['cat', null],
    ]);
    expect(influenceGame.apply(rumor, { decisions, external: { images: 'nonsense' } }).state.posts.filter((p) => p.image)).toHaveLength(3);
  });
});

describe('the replay contract', () => {
  const round = (power: { action: string; target: string }) => ({
    decisions: {
      ann: { whispers: [{ to: ['bob'], text: 'vote dan' }], public: 'dan is dangerous', empower: 'bob', expose: 'dan', last: 'ann out' },
      bob: { whispers: [], public: 'agreed', empower: 'ann', expose: 'dan' },
      cat: { public: 'hmm', empower: 'bob', expose: 'ann' },
      dan: { whispers: [{ to: ['cat'], text: 'cat, save me' }], public: 'not me', empower: 'cat', expose: 'ann', last: 'I was framed' },
    },
    power,
  });

  test('rounds apply WHISPER, RUMOR, VOTE then POWER by whoever was empowered, and report alive, exposed, empowered', () => {
    const result = replay(games, { game: 'influence', seed: 3, players: four, rounds: [round({ action: 'eliminate', target: 'dan' })] });
    if (!result.ok) throw new Error(result.error);
    const [r1] = result.value.rounds;
    expect(r1!.round).toBe(1);
    expect(r1!.empowered).toBe('bob');
    expect(r1!.eliminated).toEqual(['dan']);
    expect(r1!.players).toEqual({
      ann: { alive: true, exposed: true },
      bob: { alive: true, exposed: false },
      cat: { alive: true, exposed: false },
      dan: { alive: false, exposed: true },
    });
    expect(r1!.events).toContainEqual({ type: 'last_message', player: 'dan', text: 'I was framed' });
    expect(r1!.events.filter((e) => e.type === 'auto_filled')).toEqual([]);
  });

  test('the eliminated keep reading their DMs, now locked; others never see them', () => {
    let s = influenceGame.setup(config, 3, four);
    for (const input of influenceGame.replayInputs!(s, round({ action: 'eliminate', target: 'dan' }))) s = influenceGame.apply(s, input).state;
    expect(s.alive.dan).toBe(false);
    expect(influenceGame.view(s, 'dan').channels).toEqual([
      { id: 'dm:cat+dan', members: ['cat', 'dan'], openedBy: 'dan', round: 1, messages: [{ from: 'dan', text: 'cat, save me', round: 1, turn: 1 }], locked: true },
    ]);
    expect(influenceGame.view(s, 'ann').channels.map((c) => c.id)).toEqual(['dm:ann+bob']);
  });

  test('rounds after the end are ignored; the outcome names the last operative', () => {
    const idle = { decisions: {} };
    const result = replay(games, { game: 'influence', seed: 3, config: { inactivityLimit: 20 }, players: four, rounds: Array.from({ length: 12 }, () => idle) });
    if (!result.ok) throw new Error(result.error);
    expect(result.value.outcome).toMatchObject({ over: true, kind: 'last-survivor' });
    const lastRound = result.value.rounds[result.value.rounds.length - 1]!;
    expect(Object.values(lastRound.players).filter((p) => p.alive)).toHaveLength(1);
    expect(result.value.rounds.length).toBeLessThan(12);
  });

  test('an illegal power action is refused privately and the House auto-fills a legal one', () => {
    const result = replay(games, { game: 'influence', seed: 3, players: four, rounds: [round({ action: 'eliminate', target: 'bob' })] });
    if (!result.ok) throw new Error(result.error);
    const events = result.value.rounds[0]!.events;
    expect(events).toContainEqual(expect.objectContaining({ type: 'refused', player: 'bob', command: 'eliminate', to: ['bob'] }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'power', by: 'bob', auto: true }));
  });

  test('without a round-level power, the empowered player\'s own power field is used', () => {
    const r = round({ action: 'eliminate', target: 'dan' });
    const { power, ...rest } = r;
    (rest.decisions as Record<string, Record<string, unknown>>).bob!.power = power;
    const result = replay(games, { game: 'influence', seed: 3, players: four, rounds: [rest] });
    if (!result.ok) throw new Error(result.error);
    expect(result.value.rounds[0]!.eliminated).toEqual(['dan']);
    expect(result.value.rounds[0]!.events).toContainEqual({ type: 'power', by: 'bob', action: 'eliminate', target: 'dan' });
  });

  test('protect: the flag is cleared and the next most-exposed player goes', () => {
    const result = replay(games, { game: 'influence', seed: 3, players: four, rounds: [round({ action: 'protect', target: 'dan' })] });
    if (!result.ok) throw new Error(result.error);
    const r1 = result.value.rounds[0]!;
    expect(r1.eliminated).toEqual(['ann']);
    expect(r1.protected).toBe('dan');
    expect(r1.players).toMatchObject({ ann: { alive: false, exposed: true }, dan: { alive: true, exposed: false } });
    expect(r1.events).toContainEqual({ type: 'last_message', player: 'ann', text: 'ann out' });
  });

  test('a bad decision becomes a private refusal plus an auto-fill', () => {
    const bad = round({ action: 'eliminate', target: 'dan' });
    (bad.decisions as Record<string, unknown>).cat = { public: 42 };
    const result = replay(games, { game: 'influence', seed: 3, players: four, rounds: [bad] });
    if (!result.ok) throw new Error(result.error);
    const events = result.value.rounds[0]!.events;
    expect(events).toContainEqual(expect.objectContaining({ type: 'refused', player: 'cat', to: ['cat'], reason: expect.stringMatching(/^bad decision: public: /) }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'auto_filled', player: 'cat', streak: 1 }));
  });
});
