import { describe, expect, test } from 'bun:test';
import { verifyChain } from '../engine/eventLog.ts';
import { COMMAND_HELP, commandEvent, parseCommand } from './commandParser.ts';
import { influenceConfigSchema } from './influenceConfig.ts';
import type { InfluenceEffect, InfluenceEvent, InfluenceState, TimedPhase } from './influenceTypes.ts';
import { moderatorLines } from './moderatorLines.ts';
import { brainContext } from '../engine/runner.ts';
import { influenceDecisionSchema } from './influenceDecision.ts';
import { decisionEvents, influenceGame } from './influenceGame.ts';
import { currentTimer, legalPowerActions } from './influenceQueries.ts';
import { initialState, lobbyEffects, transition } from './transition.ts';

const config = influenceConfigSchema.parse({});

function run(state: InfluenceState, events: InfluenceEvent[]): { state: InfluenceState; fx: InfluenceEffect[] } {
  const fx: InfluenceEffect[] = [];
  for (const event of events) {
    const [next, out] = transition(state, event);
    state = next;
    fx.push(...out);
  }
  return { state, fx };
}

function lobby(players: string[], seed = 1): InfluenceState {
  return run(initialState(config, seed), players.map((player) => ({ type: 'join', player }) as InfluenceEvent)).state;
}

/** A started game in RUMOR of round 1 (nobody whispered). */
function atRumor(players: string[], seed = 1): InfluenceState {
  return run(lobby(players, seed), [
    { type: 'start', player: players[0]! },
    { type: 'timeout', phase: 'WHISPER', round: 1 },
  ]).state;
}

/** Four players who never act, timers firing until the game ends. */
function playedToTheEnd(seed = 1): InfluenceState {
  let s = run(lobby(four, seed), [{ type: 'start', player: 'ann' }]).state;
  while (s.phase !== 'END') s = run(s, [{ type: 'timeout', phase: s.phase as TimedPhase, round: s.round }]).state;
  return s;
}

function posts(players: string[]): InfluenceEvent[] {
  return players.map((player) => ({ type: 'public', player, text: `hello from ${player}` }));
}

function ballots(votes: Record<string, [string, string?]>): InfluenceEvent[] {
  return Object.entries(votes).flatMap(([player, [empower, expose]]) => [
    { type: 'empower', player, target: empower } as InfluenceEvent,
    ...(expose ? [{ type: 'expose', player, target: expose } as InfluenceEvent] : []),
  ]);
}

const four = ['ann', 'bob', 'cat', 'dan'];
const texts = (fx: InfluenceEffect[]) => fx.flatMap((e) => (e.kind === 'post' || e.kind === 'reply' ? [e.text] : []));

/** Refused events leave the very same state object and say why plus what is allowed. */
function expectRefused(state: InfluenceState, event: InfluenceEvent, why: RegExp): string {
  const before = JSON.stringify(state);
  const [next, fx] = transition(state, event);
  expect(next).toBe(state);
  expect(JSON.stringify(state)).toBe(before);
  expect(fx).toHaveLength(1);
  const reply = fx[0]!;
  expect(reply.kind).toBe('reply');
  if (reply.kind !== 'reply') throw new Error('not a reply');
  expect(reply.refused).toBe(true);
  expect(reply.text).toMatch(why);
  expect(reply.text).toMatch(/you may use|no one acts|game is over|eliminated/);
  return reply.text;
}

describe('lobby', () => {
  test('players join, the first is host, only the host starts and only with at least 4', () => {
    let s = lobby(['ann', 'bob', 'cat']);
    expect(s.host).toBe('ann');
    expectRefused(s, { type: 'start', player: 'ann' }, /at least 4 players are needed; 3 joined/);
    s = run(s, [{ type: 'join', player: 'dan' }]).state;
    expectRefused(s, { type: 'start', player: 'bob' }, /only the host \(ann\) may !start/);
    const { state, fx } = run(s, [{ type: 'start', player: 'ann' }]);
    expect(state.phase).toBe('WHISPER');
    expect(state.round).toBe(1);
    expect(fx).toContainEqual({ kind: 'post', channel: 'public', text: moderatorLines.whisper(1) });
    expect(fx).toContainEqual({ kind: 'schedule', phase: 'WHISPER', round: 1, ms: 600_000 });
    expectRefused(state, { type: 'join', player: 'eve' }, /only in the lobby/);
  });

  test('the lobby seats 8 by default, up to 12 when configured', () => {
    const eight = lobby(Array.from({ length: 8 }, (_, i) => `p${i}`));
    expectRefused(eight, { type: 'join', player: 'p8' }, /lobby is full \(8 players\)/);
    expectRefused(eight, { type: 'join', player: 'p3' }, /already joined/);
    const big = influenceConfigSchema.parse({ maxPlayers: 12 });
    const twelve = run(initialState(big, 1), Array.from({ length: 12 }, (_, i) => ({ type: 'join', player: `p${i}` }) as InfluenceEvent)).state;
    expect(twelve.players).toHaveLength(12);
    expectRefused(twelve, { type: 'join', player: 'p12' }, /lobby is full \(12 players\)/);
    expectRefused(lobby(['ann']), { type: 'join', player: 'two words' }, /one word without @/);
  });

  test('a lobby opened by a host who does not play: only that host may start', () => {
    let s = initialState(config, 1, { host: 'observer' });
    s = run(s, four.map((player) => ({ type: 'join', player }) as InfluenceEvent)).state;
    expect(s.host).toBe('observer');
    expectRefused(s, { type: 'start', player: 'ann' }, /only the host \(observer\) may !start/);
    const { state } = run(s, [{ type: 'start', player: 'observer' }]);
    expect([state.phase, state.players]).toEqual(['WHISPER', four]);
    expectRefused(state, { type: 'start', player: 'observer' }, /already started/);
  });
});

describe('a round, as a transcript', () => {
  test('whisper, rumour, vote, power, reveal, next round', () => {
    let { state: s, fx } = run(lobby(four), [
      { type: 'start', player: 'ann' },
      { type: 'dm', player: 'ann', to: ['bob', 'cat'], text: 'pact against dan?' },
      { type: 'chat', player: 'bob', channel: 'dm:ann+bob+cat', text: 'deal' },
      { type: 'timeout', phase: 'WHISPER', round: 1 },
    ]);
    expect(fx).toContainEqual({ kind: 'openChannel', channel: 'dm:ann+bob+cat', members: ['ann', 'bob', 'cat'] });
    expect(s.channels[0]!.messages.map((m) => `${m.from}: ${m.text}`)).toEqual(['ann: pact against dan?', 'bob: deal']);
    expect(s.phase).toBe('RUMOR');

    ({ state: s, fx } = run(s, posts(four)));
    expect(s.phase).toBe('VOTE');
    expect(texts(fx)).toContain(moderatorLines.vote(false));

    ({ state: s, fx } = run(s, [
      { type: 'last', player: 'dan', text: 'You will regret this.' },
      ...ballots({ ann: ['bob', 'dan'], bob: ['ann', 'dan'], cat: ['ann', 'dan'], dan: ['cat', 'ann'] }),
    ]));
    expect(s.phase).toBe('POWER');
    expect(s.empowered).toBe('ann');
    expect(s.exposed).toEqual(['ann', 'dan']);
    expect(s.exposeVotes).toEqual({ ann: 1, bob: 0, cat: 0, dan: 3 });
    expect(texts(fx)).toContain(moderatorLines.power('ann', ['ann', 'dan']));
    expect(legalPowerActions(s)).toEqual([
      { action: 'eliminate', target: 'dan' },
      { action: 'protect', target: 'ann' },
      { action: 'protect', target: 'dan' },
    ]);

    ({ state: s, fx } = run(s, [{ type: 'eliminate', player: 'ann', target: 'dan' }]));
    expect(s.phase).toBe('REVEAL');
    expect(s.alive.dan).toBe(false);
    expect(texts(fx)).toEqual([
      moderatorLines.reveal('dan', 1),
      moderatorLines.lastWords('dan', 'You will regret this.'),
      moderatorLines.remain(['ann', 'bob', 'cat']),
    ]);
    expect(fx).toContainEqual({ kind: 'leaveChannel', channel: 'public', player: 'dan' });
    expect(fx).toContainEqual({ kind: 'schedule', phase: 'REVEAL', round: 1, ms: 30_000 });
    expect(s.rounds[0]).toMatchObject({ round: 1, empowered: 'ann', exposed: ['ann', 'dan'], eliminated: [{ player: 'dan', round: 1, reason: 'power', last: 'You will regret this.' }] });

    ({ state: s, fx } = run(s, [{ type: 'timeout', phase: 'REVEAL', round: 1 }]));
    expect(s.phase).toBe('WHISPER');
    expect(s.round).toBe(2);
    expect(s.exposed).toEqual([]);
  });

  test('a stale timer does nothing', () => {
    const s = atRumor(four);
    const [next, fx] = transition(s, { type: 'timeout', phase: 'WHISPER', round: 1 });
    expect(next).toBe(s);
    expect(fx).toEqual([]);
  });

  test('an empower tie is a seeded draw, the same for the same seed', () => {
    const tie = ballots({ ann: ['bob', 'cat'], bob: ['cat', 'dan'], cat: ['dan', 'ann'], dan: ['ann', 'bob'] });
    const a = run(atRumor(four, 5), [...posts(four), ...tie]).state;
    const b = run(atRumor(four, 5), [...posts(four), ...tie]).state;
    expect(a.empowered).toBe(b.empowered!);
    expect(a.log.find((e) => e.type === 'votes')!.data).toMatchObject({ drawnAmong: four });
    const seen = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => run(atRumor(four, seed), [...posts(four), ...tie]).state.empowered));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('power (RULES Influence 7)', () => {
  const six = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];
  /** ann empowered; bob exposed twice, cat once, dan once. */
  const atPower = () =>
    run(atRumor(six), [
      ...posts(six),
      ...ballots({ ann: ['bob', 'bob'], bob: ['ann', 'cat'], cat: ['ann', 'bob'], dan: ['ann', 'dan'.replace('dan', 'cat')], eve: ['ann', 'dan'], fay: ['ann', 'bob'] }),
    ]).state;

  test('protect clears that flag; the most-exposed unprotected player is eliminated', () => {
    const s = atPower();
    expect(s.exposeVotes).toMatchObject({ bob: 3, cat: 2, dan: 1 });
    const { state, fx } = run(s, [{ type: 'protect', player: 'ann', target: 'bob' }]);
    expect(texts(fx)[0]).toBe(moderatorLines.protected('ann', 'bob'));
    expect(state.eliminations).toEqual([{ player: 'cat', round: 1, reason: 'exposure' }]);
    expect(state.rounds[0]).toMatchObject({ protected: 'bob', exposed: ['cat', 'dan'], exposedAtVote: ['bob', 'cat', 'dan'] });
  });

  test('protecting the only exposed player eliminates no one', () => {
    const s = run(atRumor(four), [...posts(four), ...ballots({ ann: ['bob', 'dan'], bob: ['ann', 'dan'], cat: ['ann', 'dan'], dan: ['ann', 'bob'] })]).state;
    const exposedOnlyBobAndDan = run(s, [{ type: 'protect', player: 'ann', target: 'dan' }]);
    expect(exposedOnlyBobAndDan.state.eliminations.map((e) => e.player)).toEqual(['bob']);
    const lone = structuredClone(s);
    lone.exposed = ['dan'];
    const { state, fx } = run(lone, [{ type: 'protect', player: 'ann', target: 'dan' }]);
    expect(state.eliminations).toEqual([]);
    expect(texts(fx)).toContain(moderatorLines.noElimination(1));
  });

  test('with no one exposed the empowered must eliminate someone else', () => {
    const s = structuredClone(atPower());
    s.exposed = [];
    expect(legalPowerActions(s).map((a) => `${a.action} ${a.target}`)).toEqual(['eliminate bob', 'eliminate cat', 'eliminate dan', 'eliminate eve', 'eliminate fay']);
    expectRefused(s, { type: 'protect', player: 'ann', target: 'bob' }, /no one is exposed, so you must !eliminate/);
    expectRefused(s, { type: 'eliminate', player: 'ann', target: 'ann' }, /cannot eliminate yourself/);
    expect(run(s, [{ type: 'eliminate', player: 'ann', target: 'eve' }]).state.alive.eve).toBe(false);
  });

  test('at timeout the House picks a seeded legal action for the empowered', () => {
    const s = atPower();
    const a = run(s, [{ type: 'timeout', phase: 'POWER', round: 1 }]).state;
    const b = run(s, [{ type: 'timeout', phase: 'POWER', round: 1 }]).state;
    expect(a.rounds[0]!.action).toEqual(b.rounds[0]!.action);
    expect(a.rounds[0]!.action!.auto).toBe(true);
    expect(a.autoFills.ann).toBe(1);
  });
});

describe('endgame', () => {
  test('two left: no expose, the empowered eliminates the other and wins; the head is published and audits', () => {
    let s = run(atRumor(['ann', 'bob', 'cat', 'dan']), [...posts(four), ...ballots({ ann: ['bob', 'dan'], bob: ['ann', 'dan'], cat: ['ann', 'dan'], dan: ['ann', 'bob'] })]).state;
    s = run(s, [{ type: 'eliminate', player: 'ann', target: 'dan' }, { type: 'timeout', phase: 'REVEAL', round: 1 }, { type: 'timeout', phase: 'WHISPER', round: 2 }]).state;
    s = run(s, [...posts(['ann', 'bob', 'cat']), ...ballots({ ann: ['bob', 'cat'], bob: ['cat', 'cat'], cat: ['bob', 'ann'] })]).state;
    expect(s.empowered).toBe('bob');
    s = run(s, [{ type: 'eliminate', player: 'bob', target: 'cat' }, { type: 'timeout', phase: 'REVEAL', round: 2 }, { type: 'timeout', phase: 'WHISPER', round: 3 }]).state;
    s = run(s, posts(['ann', 'bob'])).state;
    expect(s.phase).toBe('VOTE');
    expectRefused(s, { type: 'expose', player: 'ann', target: 'bob' }, /two operatives left there is no expose/);
    s = run(s, ballots({ ann: ['bob'], bob: ['ann'] })).state;
    expect(s.phase).toBe('POWER');
    const other = s.empowered === 'ann' ? 'bob' : 'ann';
    expect(legalPowerActions(s)).toEqual([{ action: 'eliminate', target: other }]);
    expectRefused(s, { type: 'protect', player: s.empowered!, target: other }, /with two left you must !eliminate the other/);
    const { state, fx } = run(s, [{ type: 'eliminate', player: s.empowered!, target: other }]);
    expect(state.phase).toBe('END');
    expect(state.winner).toBe(s.empowered!);
    expect(texts(fx)).toContain(moderatorLines.win(s.empowered!));
    const head = fx.find((e) => e.kind === 'publishHead');
    expect(head).toEqual({ kind: 'publishHead', head: state.log[state.log.length - 1]!.hash, entries: state.log.length });
    expect(state.publishedHead).toBe(state.log[state.log.length - 1]!.hash);
    expect(verifyChain(state.log, state.publishedHead!)).toEqual({ ok: true });
    const [, audit] = transition(state, { type: 'audit', player: 'cat' });
    expect(audit[0]).toMatchObject({ kind: 'reply', to: 'cat', refused: false });
    expect(texts(audit)[0]).toMatch(/^Audit passed: \d+ entries, the chain matches the published head/);
  });

  test('RULES I-c: the streak counts rounds, not actions; three idle rounds in a row eliminate at REVEAL, a full round resets it', () => {
    const six = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];
    let s = atRumor(six);
    const round = (active: string[], expose: string, talkers: string[]) => {
      const votes = Object.fromEntries(active.map((p) => [p, [p === 'ann' ? 'bob' : 'ann', expose] as [string, string]]));
      s = run(s, [...posts(talkers), { type: 'timeout', phase: 'RUMOR', round: s.round }, ...ballots(votes), { type: 'timeout', phase: 'VOTE', round: s.round }]).state;
      s = run(s, [{ type: 'eliminate', player: s.empowered!, target: expose }]).state;
    };
    // dan posts but never votes; eve does nothing; the others act in full.
    round(['ann', 'bob', 'cat', 'fay'], 'fay', ['ann', 'bob', 'cat', 'dan', 'fay']);
    expect(s.autoFills).toMatchObject({ ann: 0, bob: 0, cat: 0, dan: 1, eve: 1 });
    s = run(s, [{ type: 'timeout', phase: 'REVEAL', round: 1 }, { type: 'timeout', phase: 'WHISPER', round: 2 }]).state;
    round(['ann', 'bob', 'cat', 'eve'], 'cat', ['ann', 'bob', 'cat', 'dan', 'eve']);
    expect(s.autoFills).toMatchObject({ dan: 2, eve: 0 });
    s = run(s, [{ type: 'timeout', phase: 'REVEAL', round: 2 }, { type: 'timeout', phase: 'WHISPER', round: 3 }]).state;
    const { state, fx } = run(s, [...posts(['ann', 'bob', 'dan', 'eve']), { type: 'timeout', phase: 'RUMOR', round: 3 }, ...ballots({ ann: ['bob', 'eve'], bob: ['ann', 'eve'], eve: ['ann', 'bob'] }), { type: 'timeout', phase: 'VOTE', round: 3 }]);
    const after = run(state, [{ type: 'eliminate', player: state.empowered!, target: 'eve' }]);
    expect(after.state.eliminations.filter((e) => e.round === 3)).toEqual([
      { player: 'eve', round: 3, reason: 'power' },
      { player: 'dan', round: 3, reason: 'inactivity' },
    ]);
    expect(texts(after.fx)).toContain(moderatorLines.inactive('dan'));
    expect(after.state.log.filter((e) => e.type === 'timed_out' && e.data?.player === 'dan').map((e) => e.data?.streak)).toEqual([1, 2, 3]);
    expect(fx.length).toBeGreaterThan(0);
  });

  test('RULES I-b: an auto-filled ballot is as secret as a cast one; the public log says only who did not act', () => {
    const s = run(atRumor(four), [...posts(four), ...ballots({ ann: ['bob', 'cat'], bob: ['ann', 'cat'], cat: ['ann', 'bob'] }), { type: 'timeout', phase: 'VOTE', round: 1 }]).state;
    const dan = s.log.filter((e) => e.type !== 'join' && (e.data?.player === 'dan' || e.data?.voter === 'dan'));
    expect(dan.map((e) => [e.type, e.to ?? 'public'])).toEqual([
      ['vote', ['dan']],
      ['timed_out', 'public'],
      ['auto_filled', ['dan']],
    ]);
    expect(dan[1]!.data).toEqual({ player: 'dan', phase: 'VOTE', streak: 1 });
    expect(s.log.filter((e) => !e.to).some((e) => /empower|expose/.test(JSON.stringify(e.data)) && e.type !== 'votes' && e.type !== 'phase')).toBe(false);
  });

  test('RULES I-c: when inactivity eliminates every living player the game ends with no winner', () => {
    const state = playedToTheEnd(2);
    expect(state.winner).toBeNull();
    expect(state.eliminations.at(-1)!.reason).toBe('inactivity');
    expect(influenceGame.outcome(state)).toEqual({ over: true, winners: [], kind: 'no-survivor' });
  });
});

describe('bad input: a clear reply, no change of state', () => {
  const eight = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];
  const whisper = run(lobby(eight), [{ type: 'start', player: 'ann' }]).state;
  const rumor = run(whisper, [{ type: 'timeout', phase: 'WHISPER', round: 1 }]).state;

  test('commands in the wrong phase', () => {
    expectRefused(whisper, { type: 'public', player: 'bob', text: 'hi' }, /!public works during RUMOR; it is WHISPER now/);
    expectRefused(whisper, { type: 'empower', player: 'bob', target: 'cat' }, /!empower works during VOTE/);
    expectRefused(rumor, { type: 'dm', player: 'bob', to: ['cat'], text: 'psst' }, /!dm works during WHISPER; it is RUMOR now/);
    expectRefused(rumor, { type: 'eliminate', player: 'bob', target: 'cat' }, /works during POWER/);
    expectRefused(initialState(config, 1), { type: 'public', player: 'bob', text: 'hi' }, /not started/);
  });

  test('unknown or dead targets, yourself', () => {
    expectRefused(whisper, { type: 'dm', player: 'bob', to: ['zed'], text: 'hi' }, /there is no player 'zed'/);
    expectRefused(whisper, { type: 'dm', player: 'bob', to: ['bob'], text: 'hi' }, /cannot DM yourself/);
    const vote = run(rumor, posts(eight)).state;
    expectRefused(vote, { type: 'empower', player: 'bob', target: 'bob' }, /cannot empower yourself/);
    expectRefused(vote, { type: 'expose', player: 'bob', target: 'bob' }, /cannot expose yourself/);
    const dead = structuredClone(vote);
    dead.alive.cat = false;
    expectRefused(dead, { type: 'expose', player: 'bob', target: 'cat' }, /cat has been eliminated/);
    expectRefused(dead, { type: 'empower', player: 'cat', target: 'bob' }, /you have been eliminated/);
  });

  test('a DM to too many players', () => {
    expectRefused(whisper, { type: 'dm', player: 'ann', to: ['bob', 'cat', 'dan', 'eve', 'fay'] }, /at most 4 others; you named 5/);
    expect(run(whisper, [{ type: 'dm', player: 'ann', to: ['bob', 'cat', 'dan', 'eve'] }]).state.channels).toHaveLength(1);
  });

  test('a second public post', () => {
    const once = run(rumor, [{ type: 'public', player: 'bob', text: 'first' }]).state;
    expectRefused(once, { type: 'public', player: 'bob', text: 'second' }, /already posted your one public message/);
  });

  test('a non-empowered player using power', () => {
    const power = run(rumor, [...posts(eight), ...eight.flatMap((p, i) => ballots({ [p]: [p === 'ann' ? 'bob' : 'ann', eight[(i + 2) % 8]!] }))]).state;
    expect(power.empowered).toBe('ann');
    expectRefused(power, { type: 'eliminate', player: 'bob', target: 'cat' }, /only the empowered player \(ann\)/);
    expectRefused(power, { type: 'eliminate', player: 'ann', target: 'zed' }, /no player 'zed'/);
  });

  test('player text imitating the House', () => {
    expectRefused(rumor, { type: 'public', player: 'bob', text: 'The House ▸ cat has been eliminated.' }, /imitates The House/);
    expectRefused(rumor, { type: 'public', player: 'bob', text: '[REVEAL] Agent cat has been eliminated.' }, /imitates The House/);
    expectRefused(whisper, { type: 'dm', player: 'bob', to: ['cat'], text: '[WHISPER] the house says vote ann' }, /imitates The House/);
    expect(run(rumor, [{ type: 'public', player: 'bob', text: 'I do not trust the house rules' }]).state.posts).toHaveLength(1);
  });

  test('an oversized message, an empty one, a bad image', () => {
    expectRefused(rumor, { type: 'public', player: 'bob', text: 'x'.repeat(501) }, /501 characters; the limit is 500/);
    expectRefused(rumor, { type: 'public', player: 'bob', text: '   ' }, /empty/);
    expectRefused(rumor, { type: 'public', player: 'bob', text: 'img:https://x.test/cat.gif' }, /png, .jpg or .jpeg/);
    expectRefused(rumor, { type: 'public', player: 'bob', text: 'img:ftp://x.test/cat.png' }, /http:\/\/ or https:\/\//);
    const ok = run(rumor, [{ type: 'public', player: 'bob', text: 'img:https://x.test/cat.JPG?size=1' }]).state;
    expect(ok.posts[0]).toEqual({ round: 1, from: 'bob', text: 'img:https://x.test/cat.JPG?size=1', image: 'https://x.test/cat.JPG?size=1' });
  });

  test('plain text in the game room, or text posing as the House anywhere', () => {
    expectRefused(rumor, { type: 'chat', player: 'bob', channel: 'public', text: 'hi all' }, /game room takes commands only/);
    expectRefused(rumor, { type: 'chat', player: 'bob', channel: 'public', text: '[VOTE] The House ▸ vote cat' }, /imitates The House/);
    const open = run(whisper, [{ type: 'dm', player: 'bob', to: ['cat'] }]).state;
    expectRefused(open, { type: 'chat', player: 'bob', channel: 'dm:bob+cat', text: 'listen\n[REVEAL] Agent cat has been eliminated.' }, /imitates The House/);
    expectRefused(open, { type: 'chat', player: 'bob', channel: 'dm:bob+cat', text: 'The\u200bHouse ▸ rules changed' }, /imitates The House/);
    expectRefused(open, { type: 'chat', player: 'dan', channel: 'dm:bob+cat', text: 'let me in' }, /you have no channel 'dm:bob\+cat'/);
    expectRefused(rumor, { type: 'last', player: 'bob', text: 'The House ▸ bob was innocent' }, /imitates The House/);
  });

  test('oversized text is refused wherever it goes: DM, chat, public, last message', () => {
    const long = 'x'.repeat(501);
    expectRefused(whisper, { type: 'dm', player: 'bob', to: ['cat'], text: long }, /501 characters; the limit is 500/);
    const open = run(whisper, [{ type: 'dm', player: 'bob', to: ['cat'] }]).state;
    expectRefused(open, { type: 'chat', player: 'cat', channel: 'dm:bob+cat', text: long }, /the limit is 500/);
    expectRefused(rumor, { type: 'last', player: 'bob', text: long }, /the limit is 500/);
    const short = initialState(influenceConfigSchema.parse({ maxMessageLength: 20 }), 1);
    const started = run(short, [...four.map((player) => ({ type: 'join', player }) as InfluenceEvent), { type: 'start', player: 'ann' }]).state;
    expectRefused(started, { type: 'dm', player: 'ann', to: ['bob'], text: 'this is twenty-one ch' }, /21 characters; the limit is 20/);
  });

  test('spectators, the eliminated, and commands out of their phase', () => {
    expectRefused(rumor, { type: 'public', player: 'zed', text: 'hi' }, /you are not a player in this game/);
    expectRefused(rumor, { type: 'start', player: 'ann' }, /already started/);
    expectRefused(rumor, { type: 'join', player: 'zed' }, /only in the lobby/);
    const vote = run(rumor, posts(eight)).state;
    const power = run(vote, [{ type: 'timeout', phase: 'VOTE', round: 1 }]).state;
    expectRefused(power, { type: 'last', player: 'bob', text: 'too late' }, /registered up to the vote; it is POWER now/);
    expectRefused(power, { type: 'empower', player: 'bob', target: 'cat' }, /works during VOTE; it is POWER now/);
    const over = run(power, [{ type: 'timeout', phase: 'POWER', round: 1 }]).state;
    const out = over.eliminations[0]!.player;
    expectRefused(over, { type: 'public', player: out, text: 'I am still here' }, /you have been eliminated/);
  });

  test('a locked channel stays readable and takes no new message', () => {
    const open = run(whisper, [{ type: 'dm', player: 'bob', to: ['cat'], text: 'pact?' }, { type: 'timeout', phase: 'WHISPER', round: 1 }]).state;
    const vote = run(open, posts(eight)).state;
    const everyoneOnCat = eight.flatMap((p) => ballots({ [p]: [p === 'ann' ? 'bob' : 'ann', p === 'cat' ? 'dan' : 'cat'] }));
    const power = run(vote, everyoneOnCat).state;
    const { state: reveal, fx } = run(power, [{ type: 'eliminate', player: power.empowered!, target: 'cat' }]);
    expect(fx).toContainEqual({ kind: 'lockChannel', channel: 'dm:bob+cat' });
    expect(fx.filter((e) => e.kind === 'leaveChannel')).toEqual([{ kind: 'leaveChannel', channel: 'public', player: 'cat' }]);
    const next = run(reveal, [{ type: 'timeout', phase: 'REVEAL', round: 1 }]).state;
    expect(next.channels[0]).toMatchObject({ id: 'dm:bob+cat', locked: true, messages: [{ from: 'bob', text: 'pact?', round: 1 }] });
    expectRefused(next, { type: 'chat', player: 'bob', channel: 'dm:bob+cat', text: 'still there?' }, /channel dm:bob\+cat is locked/);
    expectRefused(next, { type: 'dm', player: 'bob', to: ['cat'], text: 'hello?' }, /cat has been eliminated/);
  });

  test('names are matched ignoring case and a leading @; a name that fits no one is quoted back', () => {
    const vote = run(rumor, posts(eight)).state;
    const { state } = run(vote, [{ type: 'empower', player: 'bob', target: '@Cat' }]);
    expect(state.ballots.bob).toEqual({ empower: 'cat' });
    expectRefused(vote, { type: 'expose', player: 'bob', target: 'Zed' }, /there is no player 'Zed' \(players: ann, bob/);
  });

  test('status and audit answer without changing state', () => {
    const [next, fx] = transition(rumor, { type: 'status', player: 'bob' });
    expect(next).toBe(rumor);
    expect(texts(fx)[0]).toMatch(/^Round 1, phase RUMOR\. Alive: ann, bob, .*During RUMOR you may use: !public/);
  });
});

describe('the log', () => {
  test('every message and action is chained; DMs and ballots are private to their members', () => {
    const s = run(lobby(four), [
      { type: 'start', player: 'ann' },
      { type: 'dm', player: 'ann', to: ['bob'], text: 'secret' },
      { type: 'timeout', phase: 'WHISPER', round: 1 },
      ...posts(four),
      { type: 'empower', player: 'cat', target: 'dan' },
    ]).state;
    expect(verifyChain(s.log)).toEqual({ ok: true });
    expect(s.log.find((e) => e.type === 'dm')).toMatchObject({ data: { from: 'ann', text: 'secret' }, to: ['ann', 'bob'] });
    expect(s.log.find((e) => e.type === 'vote')).toMatchObject({ data: { voter: 'cat', kind: 'empower', target: 'dan' }, to: ['cat'] });
    const forged = structuredClone(s.log);
    forged[5]!.data = { from: 'bob', text: 'forged' };
    expect(verifyChain(forged).ok).toBe(false);
  });

  test('!audit checks the log the House holds against the published head, and catches tampering', () => {
    const done = playedToTheEnd();
    const [same, ok] = transition(done, { type: 'audit', player: 'ann' });
    expect(same).toBe(done);
    expect(texts(ok)).toEqual([`Audit passed: ${done.log.length} entries, the chain matches the published head ${done.publishedHead}.`]);
    const edited = structuredClone(done);
    const dm = edited.log.find((e) => e.type === 'vote')!;
    dm.data = { ...dm.data, target: 'someone else' };
    expect(texts(transition(edited, { type: 'audit', player: 'ann' })[1])[0]).toMatch(/^Audit FAILED at entry \d+: entry hash does not match its content\.$/);
    const truncated = { ...done, log: done.log.slice(0, -1) };
    expect(texts(transition(truncated, { type: 'audit', player: 'ann' })[1])[0]).toBe(`Audit FAILED at entry ${done.log.length - 1}: chain head differs from the published head.`);
    const rehashed = { ...done, log: done.log.map((e, i) => (i === 0 ? { ...e, hash: 'f'.repeat(64) } : e)) };
    expect(texts(transition(rehashed, { type: 'audit', player: 'ann' })[1])[0]).toMatch(/^Audit FAILED at entry 0/);
  });
});

describe('a live game, driven as the House adapter drives it', () => {
  test('offline brains through decisionEvents and transition, timers fired by their schedule effects: no refusal, one winner, the head published once', () => {
    const eight = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];
    const names = Object.keys(influenceGame.strategies);
    let s = initialState(influenceConfigSchema.parse({ timers: { whisper: 1000, rumor: 1000, vote: 1000, power: 1000, reveal: 1000 } }), 7);
    const all: InfluenceEffect[] = [...lobbyEffects(s)];
    const timers: Array<{ phase: TimedPhase; round: number }> = [];
    const fire = (event: InfluenceEvent) => {
      const [next, fx] = transition(s, event);
      s = next;
      all.push(...fx);
      for (const e of fx) if (e.kind === 'schedule') timers.push({ phase: e.phase, round: e.round });
    };
    for (const player of eight) fire({ type: 'join', player });
    fire({ type: 'start', player: 'ann' });
    while (s.phase !== 'END') {
      const { phase, round } = s;
      for (const [i, p] of eight.entries()) {
        if (!influenceGame.actors(s).includes(p) || s.phase !== phase) continue;
        const decision = influenceDecisionSchema.parse(influenceGame.strategies[names[i % names.length]!]!.decide(influenceGame.view(s, p), brainContext(7, p, round, phase)));
        for (const event of decisionEvents(s, p, decision)) fire(event);
      }
      const due = timers.shift()!;
      fire({ type: 'timeout', ...due });
    }
    expect(all.filter((e) => e.kind === 'reply' && e.refused)).toEqual([]);
    expect(all.filter((e) => e.kind === 'schedule').every((e) => e.kind === 'schedule' && e.ms === 1000)).toBe(true);
    expect(all.filter((e) => e.kind === 'gameOver')).toEqual([{ kind: 'gameOver', winner: s.winner }]);
    expect(all.filter((e) => e.kind === 'publishHead')).toEqual([{ kind: 'publishHead', head: s.publishedHead!, entries: s.log.length }]);
    expect(all.at(-1)).toEqual({ kind: 'gameOver', winner: s.winner });
    expect(texts(all)).toContain(moderatorLines.win(s.winner!));
    expect(verifyChain(s.log, s.publishedHead!)).toEqual({ ok: true });
    expect(currentTimer(s)).toBeNull();
  });

  test('currentTimer re-arms the phase a saved game waits in', () => {
    const s = atRumor(four);
    expect(currentTimer(s)).toEqual({ kind: 'schedule', phase: 'RUMOR', round: 1, ms: 300_000 });
    expect(currentTimer(lobby(four))).toBeNull();
  });
});

describe('a chat transcript through the parser', () => {
  /** Feeds `who: line` chat lines through parseCommand and the FSM; returns what the House says. */
  function chat(state: InfluenceState, lines: string[]): { state: InfluenceState; said: string[] } {
    const said: string[] = [];
    for (const entry of lines) {
      const [who, line] = entry.split(/: (.*)/s) as [string, string];
      const parsed = parseCommand(line);
      if (parsed.kind === 'guidance') said.push(`→ ${who}: ${parsed.text}`);
      if (parsed.kind === 'text') said.push(`(${who} says, as a player${parsed.imitation ? ', flagged as imitating the House' : ''}: ${parsed.text})`);
      if (parsed.kind !== 'command') continue;
      const [next, fx] = transition(state, commandEvent(who, parsed.command));
      state = next;
      for (const e of fx) {
        if (e.kind === 'post') said.push(e.channel === 'public' ? (e.from ? `${e.from}: ${e.text}` : e.text) : `[${e.channel}] ${e.from}: ${e.text}`);
        if (e.kind === 'reply') said.push(`→ ${e.to}: ${e.text}`);
      }
    }
    return { state, said };
  }

  test('lobby to whisper', () => {
    const { state, said } = chat(initialState(config, 1), [
      'ann: !join',
      'bob: !join',
      'cat: !join',
      'bob: !start',
      'dan: !join',
      'ann: !start',
      'bob: !dm @cat hello cat',
      'cat: The House ▸ bob is out',
      'dan: !public too early',
      'dan: !expose',
    ]);
    expect(state.phase).toBe('WHISPER');
    expect(said).toEqual([
      moderatorLines.joined('ann', 1, 'ann'),
      moderatorLines.joined('bob', 2, 'ann'),
      moderatorLines.joined('cat', 3, 'ann'),
      '→ bob: Refused: only the host (ann) may !start. In the lobby you may use: !status, !audit.',
      moderatorLines.joined('dan', 4, 'ann'),
      moderatorLines.whisper(1),
      '[dm:bob+cat] bob: hello cat',
      '(cat says, as a player, flagged as imitating the House: The House ▸ bob is out)',
      '→ dan: Refused: !public works during RUMOR; it is WHISPER now. During WHISPER you may use: !dm @a @b ... [text] (up to 4 others), plain text in your open DM channels, !last TEXT, !status, !audit.',
      `→ dan: Write !expose @name with exactly one player name. ${COMMAND_HELP}`,
    ]);
  });
});
