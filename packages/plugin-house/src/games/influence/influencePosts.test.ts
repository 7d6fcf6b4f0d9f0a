import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { moderatorLines as line } from '@the-house/games/influence/moderatorLines.ts';
import { openingPost, phasePosts, playedRound, type RoomPost } from './influencePosts.ts';
import { influenceRoundSummary, influenceRoundText } from './influenceRoundText.ts';

const config = influenceGame.configSchema.parse({});
const six = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];

/** A whole match of the four offline brains, as the House plays it: the opening before each phase, the phase's posts after it. */
function playAsHouse(players: PlayerId[], seed: number) {
  const names = Object.keys(influenceGame.strategies);
  const match = Match.create(influenceGame, config, seed, players);
  const posts: RoomPost[] = [];
  const phases: Array<{ before: InfluenceState; events: GameEvent[]; after: InfluenceState }> = [];
  while (!match.over) {
    const before = match.state;
    const opening = openingPost(before);
    if (opening) posts.push(opening);
    const decisions: Record<PlayerId, unknown> = {};
    for (const p of influenceGame.actors(before)) {
      const strategy = influenceGame.strategies[names[players.indexOf(p) % names.length]!]!;
      decisions[p] = strategy.decide(influenceGame.view(before, p), brainContext(before.seed, p, before.round, before.phase));
    }
    const { events } = match.step({ decisions });
    posts.push(...phasePosts(events, match.state, playedRound(events, match.state)));
    phases.push({ before, events, after: match.state });
  }
  return { match, posts, phases, state: match.state };
}

describe('what the House posts for an Influence match', () => {
  const { posts, phases, state } = playAsHouse(six, 7);
  const room = posts.filter((p) => p.room === 'game');
  const dms = posts.filter((p): p is Extract<RoomPost, { room: 'dm' }> => p.room === 'dm');

  test('every key is used once, so a phase posted again after a restart lands once', () => {
    expect(new Set(posts.map((p) => `${p.room === 'dm' ? p.members.join('+') : 'game'} ${p.key}`)).size).toBe(posts.length);
  });

  test('each phase opens with the spec line; POWER names the empowered and the exposed', () => {
    const first = state.rounds[0]!;
    expect(room[0]).toEqual({ room: 'game', text: line.whisper(1), key: 'open:1:WHISPER' });
    expect(room.map((p) => p.text)).toContain(line.rumor());
    expect(room.find((p) => p.key === 'open:1:VOTE')!.text).toBe(line.vote(false));
    expect(room.find((p) => p.key === 'open:1:POWER')!.text).toBe(line.power(first.empowered, first.exposedAtVote));
    // Later WHISPER turns open in silence (RULES I-d): the room never learns how many turns ran.
    const turns = phases.filter((p) => p.before.phase.startsWith('WHISPER ')).length;
    expect(turns).toBeGreaterThan(0);
    expect(room.filter((p) => p.key.startsWith('open:')).length).toBe(phases.length - turns);
    expect(room.some((p) => p.text.includes('WHISPER turn'))).toBe(false);
  });

  test('every DM goes to the room of its channel’s members, carried for its sender; nothing else does', () => {
    const sent = state.channels.flatMap((c) => c.messages.map((m) => ({ members: c.members, as: m.from, text: m.text })));
    expect(dms.map((p) => ({ members: p.members, as: p.as, text: p.text }))).toEqual(expect.arrayContaining(sent));
    expect(dms.length).toBe(sent.length);
    for (const p of dms) expect(p.members).toContain(p.as);
  });

  test('every rumour is posted in the game room for its author, once per living player per round', () => {
    const rumours = room.filter((p) => p.as !== undefined);
    expect(rumours.map((p) => [p.as, p.text, p.key])).toEqual(state.posts.map((p) => [p.from, p.image ?? p.text, `public:${p.round}:${p.from}`]));
  });

  test('tally, power action, reveal with last message, who remains, the last round summed up before the win, the sealed head, in order', () => {
    const texts = room.filter((p) => p.as === undefined).map((p) => p.text);
    for (const r of state.rounds) {
      const tally = texts.indexOf(line.tally(r.empowered, r.exposedAtVote));
      const power = texts.indexOf(line.powerTaken(r.empowered, r.action!.action, r.action!.target, r.action!.auto));
      expect(tally).toBeGreaterThan(-1);
      expect(power).toBeGreaterThan(tally);
      for (const e of r.eliminated) {
        const out = texts.indexOf(e.reason === 'inactivity' ? line.inactive(e.player) : line.reveal(e.player, r.round));
        expect(out).toBeGreaterThan(power);
        if (e.last !== undefined) expect(texts.indexOf(line.lastWords(e.player, e.last))).toBe(out + 1);
      }
      if (r.eliminated.length === 0) expect(texts).toContain(line.noElimination(r.round));
    }
    const final = state.rounds.at(-1)!.round;
    expect(texts.slice(-3)).toEqual([influenceRoundSummary(final, state)!, line.win(state.winner!), line.head(state.publishedHead!, state.log.length)]);
    expect(room.find((p) => p.text === texts.at(-3))!.key).toBe(`round:${final}`);
    const remain = texts.filter((t) => t.startsWith('[REVEAL] The House ▸ ') && t.includes('operatives remain'));
    expect(remain.length).toBe(state.rounds.length - 1);
  });

  test('a phase’s round: POWER’s events run into the next WHISPER, the others stay in their round', () => {
    for (const { before, events, after } of phases) expect(playedRound(events, after)).toBe(before.round);
  });

  test('an image rumour is posted as its URL; private events reach no room', () => {
    const after = { ...state, channels: [], rounds: [], phase: 'VOTE' } as InfluenceState;
    const events: GameEvent[] = [
      { type: 'public', data: { from: 'ann', text: 'img: https://x.test/a.png', image: 'https://x.test/a.png' } },
      { type: 'vote', data: { voter: 'ann', kind: 'empower', target: 'bob' }, to: ['ann'] },
      { type: 'auto_filled', data: { player: 'bob', what: 'x', streak: 1 }, to: ['bob'] },
      { type: 'refused', data: { player: 'cat', reason: 'no' }, to: ['cat'] },
      { type: 'last_registered', data: { player: 'ann', text: 'bye' }, to: ['ann'] },
    ];
    expect(phasePosts(events, after, 2)).toEqual([{ room: 'game', text: 'https://x.test/a.png', key: 'public:2:ann', as: 'ann' }]);
  });

  test('the round text gives the vote counts, the action, who went out and who is left', () => {
    const r = state.rounds[0]!;
    const text = influenceRoundText(1, state)!;
    expect(text).toStartWith('[influence] Round 1: empower votes ');
    const top = Object.entries(r.empowerVotes).sort((a, b) => b[1] - a[1])[0]!;
    expect(text).toContain(`${top[0]} ${top[1]}`);
    expect(text).toContain(`${r.empowered} chose to ${r.action!.action} ${r.action!.target}`);
    expect(text).toEndWith(`Alive: ${r.alive.join(', ')}.`);
    expect(influenceRoundText(99, state)).toBeNull();
    // The round that ended the game is summed up by the phase's posts, before the win line.
    expect(influenceRoundText(state.rounds.at(-1)!.round, state)).toBeNull();
    expect(influenceRoundSummary(state.rounds.at(-1)!.round, state)).toStartWith(`[influence] Round ${state.rounds.at(-1)!.round}: `);
  });
});
