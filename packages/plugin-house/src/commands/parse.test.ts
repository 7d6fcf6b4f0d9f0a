import { describe, expect, test } from 'bun:test';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';
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
    expect(parseCommand('!play Trust')).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: [], options: {} } });
  });

  test('!play with players, mentions, commas and a seed', () => {
    expect(parseCommand('!play trust @Alice Bob,Carol --seed 7')).toEqual({
      ok: true,
      command: { kind: 'play', game: 'trust', players: ['Alice', 'Bob', 'Carol'], seed: 7, options: {} },
    });
    expect(parseCommand('!play trust --seed=-3 Dora')).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: ['Dora'], seed: -3, options: {} } });
  });

  test('!play errors say what is allowed', () => {
    const usage = 'usage: `!play GAME [NAMES] [--open] [--seed N] [--fast | --delay MS] [--set KEY=VALUE ...] [--budget-tokens N] [--player-budget-tokens N] [--budget-cost X] [--player-budget-cost X]` (`me` among the names takes a seat for you)';
    expect(parseCommand('!play')).toEqual({ ok: true, command: { kind: 'play', game: '', players: [], options: {} } });
    expect(parseCommand('!play --seed 3')).toEqual({ ok: false, error: `which game? ${usage}` });
    expect(parseCommand('!play trust --seed')).toEqual({ ok: false, error: `--seed needs a whole number, got nothing; ${usage}` });
    expect(parseCommand('!play trust --seed 1.5')).toEqual({ ok: false, error: `--seed needs a whole number, got '1.5'; ${usage}` });
    expect(parseCommand('!play trust --quick')).toEqual({
      ok: false,
      error: `unknown option '--quick' (options: --seed, --budget-tokens, --budget-cost, --player-budget-tokens, --player-budget-cost, --history-rounds); ${usage}`,
    });
    expect(parseCommand('!play trust --fast --delay 500')).toEqual({ ok: false, error: `\`--fast\` plays with no pause between rounds: leave out --delay; ${usage}` });
    expect(parseCommand('!play trust --budget-tokens -5')).toEqual({ ok: false, error: `--budget-tokens must be a whole number from 1 to 1000000000000, got '-5'; ${usage}` });
  });

  test('!play --fast plays with no pause between rounds (and so no countdown)', () => {
    expect(parseCommand('!play trust Ada Bram --fast')).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: ['Ada', 'Bram'], options: { roundDelayMs: 0 } } });
    expect(parseCommand('!play trust --fast --open')).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: [], options: { roundDelayMs: 0 }, open: true } });
  });

  test('!play takes budgets and `me`; !resume names a match and larger budgets', () => {
    expect(parseCommand('!play trust me,Ada --budget-tokens 5000 --player-budget-cost=0.25')).toEqual({
      ok: true,
      command: { kind: 'play', game: 'trust', players: ['me', 'Ada'], options: { budget: { tokens: 5000, playerCost: 0.25 } } },
    });
    expect(parseCommand('!resume trust-1-abc --budget-tokens 9000')).toEqual({ ok: true, command: { kind: 'resume', match: 'trust-1-abc', options: { budget: { tokens: 9000 } } } });
    expect(parseCommand('!resume')).toEqual({ ok: true, command: { kind: 'resume', options: {} } });
    expect(parseCommand('!resume a b')).toEqual({ ok: false, error: "unexpected 'b'; usage: !resume [match id] [--budget-tokens N] [--player-budget-tokens N] [--budget-cost X] [--player-budget-cost X]" });
  });

  test('!play --set key=value sets the game config (numbers, booleans, text); the game checks it', () => {
    expect(parseCommand('!play trust Ada Bram --set maxRounds=10 --set observer=wary --set=missChance=0')).toEqual({
      ok: true,
      command: { kind: 'play', game: 'trust', players: ['Ada', 'Bram'], options: {}, config: { maxRounds: 10, observer: 'wary', missChance: 0 } },
    });
    expect(parseCommand('!play trust --set maxRounds')).toMatchObject({ ok: false });
    expect(parseCommand('!play influence --set timers.whisper=60000 --set timers.vote=30000')).toMatchObject({ ok: true, command: { config: { timers: { whisper: 60000, vote: 30000 } } } });
  });

  test('!play goldmine --set reaches every treatment of RULES G-e, and the game\'s schema takes them', () => {
    const parsed = parseCommand('!play goldmine --set talk=true --set stamina=8/12 --set plotAlpha=gradient --set authority=10 --set authorityFine=5 --set cap=4');
    expect(parsed).toMatchObject({ ok: true, command: { config: { talk: true, stamina: '8/12', plotAlpha: 'gradient', authority: 10, authorityFine: 5, cap: 4 } } });
    const config = goldmineConfigSchema.parse((parsed as { command: { config: unknown } }).command.config);
    expect(config).toMatchObject({ talk: true, stamina: [8, 12], plotAlpha: 'gradient', authority: 10, authorityFine: 5, cap: 4 });
  });

  test('a person moves with !move and hands in with !done', () => {
    expect(parseCommand('!move {"action": "HIGH_FIVE"}')).toEqual({ ok: true, command: { kind: 'move', text: '{"action": "HIGH_FIVE"}' } });
    expect(parseCommand('!move')).toEqual({ ok: false, error: '`!move` needs your move, e.g. `!move hf @Ada` or `!move {"action": "HIGH_FIVE"}`' });
    expect(parseCommand('!done now')).toEqual({ ok: false, error: '!done takes no arguments' });
  });

  test('!grant takes a name, a whole amount and a reason', () => {
    expect(parseCommand('!grant @Alice 5 you asked nicely')).toEqual({ ok: true, command: { kind: 'grant', player: 'Alice', amount: 5, reason: 'you asked nicely' } });
    expect(parseCommand('!grant <@Alice> 3')).toEqual({ ok: true, command: { kind: 'grant', player: 'Alice', amount: 3, reason: 'the observer chose to help' } });
    expect(parseCommand('!grant @Alice lots')).toEqual({ ok: false, error: "the amount must be a whole number of sats, got 'lots'; usage: `!grant @NAME N REASON`" });
    expect(parseCommand('!grant')).toEqual({ ok: false, error: 'whom to grant? usage: `!grant @NAME N REASON`' });
  });

  test('!decline takes a name and a reason', () => {
    expect(parseCommand('!decline @Bob not again')).toEqual({ ok: true, command: { kind: 'decline', player: 'Bob', reason: 'not again' } });
    expect(parseCommand('!decline Bob')).toEqual({ ok: true, command: { kind: 'decline', player: 'Bob', reason: 'the observer declined' } });
    expect(parseCommand('!decline')).toEqual({ ok: false, error: 'whom to decline? usage: `!decline @NAME REASON`' });
  });

  test('an unknown verb lists every allowed command', () => {
    const parsed = parseCommand('!dance');
    expect(parsed?.ok).toBe(false);
    expect(parsed && !parsed.ok && parsed.error).toStartWith("unknown command '!dance'. `!help all` explains them all; allowed: `!help`, `!games`, `!play GAME [NAMES] [--seed N] [--delay MS] [--set KEY=VALUE]`, `!join`");
    // Placeholders survive the web GUI's markdown: no bare <word> anywhere in the table.
    for (const spec of baseCommands) expect(spec.usage).not.toMatch(/<[a-z]/i);
  });

  const errorOf = (text: string): string | undefined => {
    const parsed = parseCommand(text);
    return parsed && !parsed.ok ? parsed.error : undefined;
  };

  test('!help takes one word: a game, a command or all', () => {
    expect(parseCommand('!help')).toEqual({ ok: true, command: { kind: 'help' } });
    expect(parseCommand('!help trust')).toEqual({ ok: true, command: { kind: 'help', topic: 'trust' } });
    expect(parseCommand('!help all')).toEqual({ ok: true, command: { kind: 'help', topic: 'all' } });
    expect(errorOf('!help trust cafe')).toBe('`!help` takes one word at most: a game (`!help trust`), a command (`!help play`) or `all`');
  });

  test('a typo of a command is answered with the command it is close to, not the whole list', () => {
    expect(parseCommand('!stpo')).toEqual({ ok: false, error: "unknown command '!stpo': did you mean `!stop`? `!help all` explains them all." });
    expect(errorOf('!staus')).toStartWith("unknown command '!staus': did you mean `!status");
    expect(errorOf('!plya trust')).toStartWith("unknown command '!plya': did you mean `!play GAME");
    expect(errorOf('!resmue')).toStartWith("unknown command '!resmue': did you mean `!resume");
    // Two edits off a short verb is another word, not a typo: the whole list, as for any unknown verb.
    expect(parseCommand('!xyz')).toEqual({ ok: false, error: expect.stringContaining('allowed: `!help`') });
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
    expect(actionFor({ kind: 'play', game: 'trust', players: [], options: {} })).toBe('HOUSE_PLAY');
    expect(actionFor({ kind: 'game', verb: 'dm', args: [], text: '' }, table)).toBe('INFLUENCE_DM');
    expect(baseCommands.map((c) => c.action)).toEqual(['HOUSE_HELP', 'HOUSE_GAMES', 'HOUSE_PLAY', 'HOUSE_JOIN', 'HOUSE_KICK', 'HOUSE_START', 'HOUSE_STATUS', 'HOUSE_STOP', 'HOUSE_GRANT', 'HOUSE_DECLINE', 'HOUSE_MOVE', 'HOUSE_DONE', 'HOUSE_VIEW', 'HOUSE_NAME', 'HOUSE_ENTER', 'HOUSE_ENTRANTS', 'HOUSE_RESUME', 'HOUSE_FORK']);
  });
});

describe('checkSituation', () => {
  test('commands that fit the phase pass', () => {
    expect(checkSituation({ kind: 'play', game: 'trust', players: [], options: {} }, 'idle')).toBeNull();
    expect(checkSituation({ kind: 'join' }, 'lobby')).toBeNull();
    expect(checkSituation({ kind: 'grant', player: 'A', amount: 1, reason: 'r' }, 'running')).toBeNull();
  });

  test('wrong-phase commands say what is allowed now', () => {
    expect(checkSituation({ kind: 'join' }, 'idle')).toBe('!join is not possible now: no match is open. Allowed now: !help, !games, !name, !play, !status, !resume.');
    expect(checkSituation({ kind: 'play', game: 'trust', players: [], options: {} }, 'running')).toBe('!play is not possible now: a match is being played. Allowed now: !help, !games, !name, !status, !stop, !grant, !decline, !move, !done, !view, !resume.');
    expect(checkSituation({ kind: 'grant', player: 'A', amount: 1, reason: 'r' }, 'lobby')).toBe('!grant is not possible now: a match is waiting in the lobby. Allowed now: !help, !games, !name, !join, !kick, !start, !status, !stop, !resume.');
  });
});

test('mentionName strips @ and Discord brackets', () => {
  expect(mentionName('@Ann')).toBe('Ann');
  expect(mentionName('<@!Ann>')).toBe('Ann');
});
