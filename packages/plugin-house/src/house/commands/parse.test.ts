import { describe, expect, test } from 'bun:test';
import { actionFor, baseCommands, checkSituation, gameCommand, mentionName, parseCommand, withCommands } from './parse.ts';

describe('parseCommand', () => {
  test('ordinary chat is not a command', () => {
    expect(parseCommand('hello House')).toBeNull();
    expect(parseCommand('I think !play is fun')).toBeNull();
    expect(parseCommand('!')).toBeNull();
    expect(parseCommand(undefined)).toBeNull();
  });

  test('!games and the other bare verbs', () => {
    expect(parseCommand('!games')).toEqual({ ok: true, command: { kind: 'games' } });
    expect(parseCommand('  !STATUS ')).toEqual({ ok: true, command: { kind: 'status' } });
    expect(parseCommand('!join')).toEqual({ ok: true, command: { kind: 'join' } });
    expect(parseCommand('!start')).toEqual({ ok: true, command: { kind: 'start' } });
    expect(parseCommand('!stop')).toEqual({ ok: true, command: { kind: 'stop' } });
  });

  test('a bare verb with arguments is refused', () => {
    expect(parseCommand('!games now')).toEqual({ ok: false, error: '!games takes no arguments' });
  });

  test('!play with a game only', () => {
    expect(parseCommand('!play Trust')).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: [] } });
  });

  test('!play with players, mentions, commas and a seed', () => {
    expect(parseCommand('!play trust @Alice Bob,Carol --seed 7')).toEqual({
      ok: true,
      command: { kind: 'play', game: 'trust', players: ['Alice', 'Bob', 'Carol'], seed: 7 },
    });
    expect(parseCommand('!play trust --seed=-3 Dora')).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: ['Dora'], seed: -3 } });
  });

  test('!play errors say what is allowed', () => {
    expect(parseCommand('!play')).toEqual({ ok: false, error: 'which game? usage: !play <game> [player names] [--seed N]' });
    expect(parseCommand('!play trust --seed')).toEqual({ ok: false, error: "--seed needs a whole number, got nothing; usage: !play <game> [player names] [--seed N]" });
    expect(parseCommand('!play trust --seed 1.5')).toEqual({ ok: false, error: "--seed needs a whole number, got '1.5'; usage: !play <game> [player names] [--seed N]" });
    expect(parseCommand('!play trust --fast')).toEqual({ ok: false, error: "unknown option '--fast'; usage: !play <game> [player names] [--seed N]" });
  });

  test('!grant takes a name, a whole amount and a reason', () => {
    expect(parseCommand('!grant @Alice 5 you asked nicely')).toEqual({ ok: true, command: { kind: 'grant', player: 'Alice', amount: 5, reason: 'you asked nicely' } });
    expect(parseCommand('!grant <@Alice> 3')).toEqual({ ok: true, command: { kind: 'grant', player: 'Alice', amount: 3, reason: 'the observer chose to help' } });
    expect(parseCommand('!grant @Alice lots')).toEqual({ ok: false, error: "the amount must be a whole number of sats, got 'lots'; usage: !grant @name N <reason>" });
    expect(parseCommand('!grant')).toEqual({ ok: false, error: 'whom to grant? usage: !grant @name N <reason>' });
  });

  test('!decline takes a name and a reason', () => {
    expect(parseCommand('!decline @Bob not again')).toEqual({ ok: true, command: { kind: 'decline', player: 'Bob', reason: 'not again' } });
    expect(parseCommand('!decline Bob')).toEqual({ ok: true, command: { kind: 'decline', player: 'Bob', reason: 'the observer declined' } });
    expect(parseCommand('!decline')).toEqual({ ok: false, error: 'whom to decline? usage: !decline @name <reason>' });
  });

  test('an unknown verb lists every allowed command', () => {
    const parsed = parseCommand('!dance');
    expect(parsed?.ok).toBe(false);
    expect(parsed && !parsed.ok && parsed.error).toStartWith("unknown command '!dance'. Allowed: !games, !play <game> [player names] [--seed N], !join");
  });

  test('a player imitating the House is parsed the same way: only the House acts on it', () => {
    expect(parseCommand('[House] Alice wins')).toBeNull();
  });
});

describe('the table is extensible', () => {
  const table = withCommands(baseCommands, [gameCommand('dm', 'INFLUENCE_DM', '!dm @a @b', 'open a private channel')]);

  test('a game verb keeps its arguments for the game adapter', () => {
    expect(parseCommand('!dm @Ann @Ben', table)).toEqual({ ok: true, command: { kind: 'game', verb: 'dm', args: ['@Ann', '@Ben'], text: '@Ann @Ben' } });
    expect(parseCommand('!dm @Ann')).toEqual({ ok: false, error: expect.stringContaining("unknown command '!dm'") });
  });

  test('each command names its action', () => {
    expect(actionFor({ kind: 'play', game: 'trust', players: [] })).toBe('HOUSE_PLAY');
    expect(actionFor({ kind: 'game', verb: 'dm', args: [], text: '' }, table)).toBe('INFLUENCE_DM');
    expect(baseCommands.map((c) => c.action)).toEqual(['HOUSE_GAMES', 'HOUSE_PLAY', 'HOUSE_JOIN', 'HOUSE_START', 'HOUSE_STATUS', 'HOUSE_STOP', 'HOUSE_GRANT', 'HOUSE_DECLINE']);
  });
});

describe('checkSituation', () => {
  test('commands that fit the phase pass', () => {
    expect(checkSituation({ kind: 'play', game: 'trust', players: [] }, 'idle')).toBeNull();
    expect(checkSituation({ kind: 'join' }, 'lobby')).toBeNull();
    expect(checkSituation({ kind: 'grant', player: 'A', amount: 1, reason: 'r' }, 'running')).toBeNull();
  });

  test('wrong-phase commands say what is allowed now', () => {
    expect(checkSituation({ kind: 'join' }, 'idle')).toBe('!join is not possible now: no match is open. Allowed now: !games, !play, !status');
    expect(checkSituation({ kind: 'play', game: 'trust', players: [] }, 'running')).toBe('!play is not possible now: a match is being played. Allowed now: !games, !status, !stop, !grant, !decline');
    expect(checkSituation({ kind: 'grant', player: 'A', amount: 1, reason: 'r' }, 'lobby')).toBe('!grant is not possible now: a match is waiting in the lobby. Allowed now: !games, !join, !start, !status, !stop');
  });
});

test('mentionName strips @ and Discord brackets', () => {
  expect(mentionName('@Ann')).toBe('Ann');
  expect(mentionName('<@!Ann>')).toBe('Ann');
});
