import { describe, expect, test } from 'bun:test';
import type { NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { influenceGame } from './influenceGame.ts';
import { influenceNarration } from './influenceNarration.ts';

const ctx: NarrationContext = { audience: 'observer', players: ['Ada', 'Bram', 'Cleo', 'Dev'], over: true };
const say = (e: NarratedEvent): string | null => influenceNarration.narrate([e], ctx)[0]!;

describe('influenceNarration: one sentence per event, with names', () => {
  test('the lobby and the phases, WHISPER turns included', () => {
    expect(say({ type: 'join', data: { player: 'Ada' } })).toBe('Ada joined the lobby.');
    expect(say({ type: 'start', data: { players: ['Ada', 'Bram', 'Cleo', 'Dev'], host: 'Ada' } })).toBe('The game began with Ada, Bram, Cleo and Dev (host Ada).');
    expect(say({ type: 'phase', data: { phase: 'WHISPER', round: 2 } })).toBe('Round 2 begins: WHISPER, time to conspire in private channels.');
    expect(say({ type: 'phase', data: { phase: 'WHISPER 2', round: 2 } })).toBe('WHISPER turn 2: players answer the DMs they got, or write new ones.');
    // RULES I-d: a later turn is private to the players; the observer reads it once the game is over, the room never.
    const turn: NarratedEvent = { type: 'whisper_turn', data: { turn: 2, of: 3, round: 2 }, to: ['Ada', 'Bram', 'Cleo', 'Dev'] };
    expect(say(turn)).toBe('WHISPER turn 2 of 3: players answer the DMs they got, or write new ones.');
    expect(influenceNarration.observerMay(turn, { ...ctx, over: false })).toBe(false);
    expect(say({ type: 'phase', data: { phase: 'VOTE', round: 2 } })).toBe('VOTE: each player empowers one player and exposes another.');
  });

  test('DMs, rumours, ballots and the tally', () => {
    const channel = { channel: 'dm:Ada+Bram+Cleo', members: ['Ada', 'Bram', 'Cleo'], by: 'Ada' };
    expect(say({ type: 'channel_opened', data: channel, to: ['Ada', 'Bram', 'Cleo'] })).toBe('Ada opened a private channel with Bram and Cleo.');
    expect(say({ type: 'dm', data: { channel: 'dm:Ada+Bram', from: 'Bram', text: 'Dev is next', turn: 2 }, to: ['Ada', 'Bram'] })).toBe('Bram to Ada (turn 2), privately: “Dev is next”');
    expect(say({ type: 'public', data: { from: 'Cleo', text: 'Trust no one.', auto: true } })).toBe('Cleo posted “Trust no one.” (the House wrote it: Cleo did not post in time)');
    expect(say({ type: 'public', data: { from: 'Dev', text: 'img:https://x/y.png', image: 'https://x/y.png' } })).toBe('Dev posted an image, https://x/y.png');
    expect(say({ type: 'vote', data: { voter: 'Ada', kind: 'expose', target: 'Dev' }, to: ['Ada'] })).toBe('Ada voted to expose Dev.');
    expect(say({ type: 'vote', data: { voter: 'Bram', empower: 'Ada', expose: 'Cleo', auto: true }, to: ['Bram'] })).toBe("The House cast Bram's ballot: empower Ada, expose Cleo.");
    expect(say({ type: 'last_registered', data: { player: 'Dev', text: 'It was Ada.' }, to: ['Dev'] })).toBe('Dev registered a last message: “It was Ada.”');
    expect(say({ type: 'votes', data: { empowerVotes: { Ada: 2, Bram: 2, Cleo: 0 }, exposeVotes: { Dev: 3, Cleo: 1 }, empowered: 'Bram', exposed: ['Dev', 'Cleo'], drawnAmong: ['Ada', 'Bram'] } })).toBe(
      'Bram is empowered with 2 votes, drawn among Ada and Bram after a tie; exposed: Dev (3), Cleo (1).',
    );
  });

  test('power, reveal, timeouts, refusals and the ending', () => {
    expect(say({ type: 'power', data: { by: 'Bram', action: 'protect', target: 'Bram', auto: true } })).toBe('Bram protected themselves (the House chose at random: Bram did not act in time).');
    expect(say({ type: 'power', data: { by: 'Bram', action: 'eliminate', target: 'Dev' } })).toBe('Bram eliminated Dev.');
    expect(say({ type: 'eliminated', data: { player: 'Cleo', reason: 'exposure' } })).toBe('Cleo is out: the most exposed player once the protected one was spared.');
    expect(say({ type: 'eliminated', data: { player: 'Dev', reason: 'inactivity' } })).toBe('Dev is out for inactivity.');
    expect(say({ type: 'last_message', data: { player: 'Dev', text: 'It was Ada.' } })).toBe('Dev\'s last message: “It was Ada.”');
    expect(say({ type: 'channel_locked', data: { channel: 'dm:Ada+Dev', because: 'Dev' }, to: ['Ada', 'Dev'] })).toBe('The channel of Ada and Dev is locked: Dev is out.');
    expect(say({ type: 'timed_out', data: { player: 'Dev', phase: 'VOTE', streak: 2 } })).toBe('Dev did not act in time in VOTE (2 idle rounds in a row).');
    expect(say({ type: 'auto_filled', data: { player: 'Dev', what: '!empower Ada', streak: 2 }, to: ['Dev'] })).toBe('The House chose for Dev: !empower Ada.');
    expect(say({ type: 'refused', data: { player: 'Ada', command: 'empower', reason: 'you cannot empower yourself' }, to: ['Ada'] })).toBe('Ada\'s !empower was refused: “you cannot empower yourself”');
    expect(say({ type: 'game_over', data: { winner: 'Cleo', rounds: 3 } })).toBe('Game over: Cleo is the last one standing after 3 rounds.');
    expect(say({ type: 'game_over', data: { winner: null, rounds: 4 } })).toBe('Game over: no survivor after 4 rounds.');
  });

  test('the observer reads the secrets (DMs, ballots) only once the game is over', () => {
    const dm: NarratedEvent = { type: 'dm', data: {}, to: ['Ada', 'Bram'] };
    expect(influenceNarration.observerMay(dm, { ...ctx, over: false })).toBe(false);
    expect(influenceNarration.observerMay(dm, ctx)).toBe(true);
  });

  test('the ending of a played match', () => {
    const state = influenceGame.setup(influenceGame.configSchema.parse({}), 1, ['Ada', 'Bram', 'Cleo', 'Dev']);
    expect(influenceNarration.ending(state)).toBeNull();
    expect(influenceNarration.ending({ ...state, phase: 'END', winner: 'Cleo', rounds: [{}, {}, {}] as never })).toBe('Cleo is the last one standing after 3 rounds');
  });
});
