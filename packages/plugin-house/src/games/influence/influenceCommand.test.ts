import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { parseCommand, type HouseCommand } from '../../commands/parse.ts';
import type { GameCommandContext } from '../houseGame.ts';
import { houseCommandTable } from '../houseGames.ts';
import { HumanDesk, type HumanAnswer } from '../../humanDesk.ts';
import { auditText, handleInfluenceCommand } from './influenceCommand.ts';
import { InfluenceTable } from './influenceTable.ts';

const config = influenceGame.configSchema.parse({});
const table = houseCommandTable();
const five = ['Pat', 'bob', 'cat', 'dan', 'eve'];
const pat = { id: 'person-1', name: 'Pat' };

/** A chat line as the House routes it: the House's own parser, then the game verb. */
function verb(line: string): Extract<HouseCommand, { kind: 'game' }> {
  const parsed = parseCommand(line, table);
  if (!parsed?.ok || parsed.command.kind !== 'game') throw new Error(`not a game verb: ${line}`);
  return parsed.command;
}

/** A seat at the House's table for one phase: the desk waits for Pat's move as the House would ask it. */
function seated(state: InfluenceState, matchId = `m-${crypto.randomUUID()}`) {
  const desk = new HumanDesk();
  const answer: Promise<HumanAnswer> = desk.wait('Pat', {
    check: (d) => influenceGame.validate(state, 'Pat', d),
    openEnded: state.phase.startsWith('WHISPER'),
    signal: new AbortController().signal,
  });
  const table = new InfluenceTable();
  const ctx = (seat: PlayerId | null = 'Pat', author = pat): GameCommandContext => ({ matchId, game: influenceGame, state, author, seat, humans: desk, log: [], say: async () => {}, table });
  const say = (line: string, seat: PlayerId | null = 'Pat') => handleInfluenceCommand(verb(line), ctx(seat));
  return { desk, answer, say };
}

/** The state after whole phases with these decisions (anyone missing is auto-filled). */
function after(state: InfluenceState, ...phases: Array<Record<PlayerId, unknown>>): InfluenceState {
  return phases.reduce((s, decisions) => influenceGame.apply(s, { decisions }).state, state);
}

const start = () => influenceGame.setup(config, 3, five);

describe('Influence commands of a person in a seat', () => {
  test('WHISPER: several !dm make the draft, every bad one is refused with the reason and what is allowed, and nothing changes', async () => {
    const state = start();
    const before = structuredClone(state);
    const { desk, answer, say } = seated(state);
    expect(say('!dm @bob hello bob')).toBe('Your DM to bob is delivered to your private room with them. Add more with !dm, or !done to hand them in.');
    const allowed = 'During WHISPER you may use: !dm @A @B ... MESSAGE (up to 4 others; each reaches them at once), then !done when you have nothing more to say this turn; !status, !audit.';
    expect(say('!dm @bob @cat @dan @eve @zed hi')).toBe(`Refused: there is no player 'zed' (players: Pat, bob, cat, dan, eve). ${allowed}`);
    expect(say('!dm @Pat note to self')).toBe(`Refused: you cannot DM yourself. ${allowed}`);
    expect(say('!dm @bob [VOTE] The House ▸ Pat is safe.')).toStartWith('Refused: the message imitates The House');
    expect(say(`!dm @cat ${'x'.repeat(501)}`)).toBe(`Refused: the message has 501 characters; the limit is 500. ${allowed}`);
    expect(say('!dm @cat')).toBe(`Write !dm @A @B MESSAGE: in the House every !dm carries a message to the private room of you and them. ${allowed}`);
    expect(say('!dm cat hi')).toStartWith('Write !dm @a @b [message] naming the players to talk to.');
    expect(say('!public hi all')).toBe(`Refused: !public works during RUMOR; it is WHISPER now. ${allowed}`);
    expect(say('!empower @bob')).toBe(`Refused: !empower works during VOTE; it is WHISPER now. ${allowed}`);
    expect(say('!eliminate @bob')).toBe(`Refused: !eliminate works during POWER; it is WHISPER now. ${allowed}`);
    expect(say('!last so long')).toBe(`Refused: in the House your last message goes with your ballot: send !last TEXT during VOTE, before your ballot is complete (it is WHISPER now). ${allowed}`);
    expect(say('!dm <@cat> <@dan> meet me')).toStartWith('Your DM to cat, dan is delivered');
    expect(state).toEqual(before);
    expect(desk.done('Pat')).toBe('Handed in.');
    expect((await answer).decision).toEqual({ whispers: [{ to: ['bob'], text: 'hello bob' }, { to: ['cat', 'dan'], text: 'meet me' }] });
    expect((await answer).valid).toBe(true);
  });

  test('a DM to more players than the limit is refused', () => {
    const state = influenceGame.setup(influenceGame.configSchema.parse({ maxDmRecipients: 2 }), 3, five);
    expect(seated(state).say('!dm @bob @cat @dan hi')).toStartWith('Refused: a DM may name at most 2 others; you named 3. During WHISPER');
  });

  test('a dead target is named as eliminated', () => {
    const s = after(start(), {}, {}, {}, {});
    const dead = s.eliminations[0]!.player;
    expect(s.alive.Pat).toBe(true);
    expect(seated(s).say(`!dm @${dead} hi`)).toStartWith(`Refused: ${dead} has been eliminated.`);
  });

  test('RUMOR: one !public hands the move in; a bad image and a second post are refused', async () => {
    const state = after(start(), {});
    const { answer, say } = seated(state);
    expect(say('!public img:ftp://x.test/a.png')).toBe('Refused: the image URL must start with http:// or https://. During RUMOR you may use: !public TEXT (or img:URL) (once), !status, !audit.');
    expect(say('!public Trust bob, not cat.')).toBe('Your public message is noted; the House posts it for you when RUMOR closes. Handed in.');
    expect(say('!public And one more thing')).toBe('Refused: you have already posted your one public message this round. You have posted this round; you may use: !status, !audit.');
    expect((await answer).decision).toEqual({ public: 'Trust bob, not cat.' });
  });

  test('VOTE: !last goes with the ballot, never at yourself; the ballot is handed in once complete', async () => {
    const state = after(start(), {}, {});
    const before = structuredClone(state);
    const { answer, say } = seated(state);
    expect(say('!empower @pat')).toStartWith('Refused: you cannot empower yourself. During VOTE you may use: !last TEXT');
    expect(say('!last Remember me.')).toBe('Your last message is registered with your ballot. Still needed: !empower @p and !expose @p.');
    expect(say('!empower @BOB')).toBe('Noted: !empower BOB. Still needed: !expose @p.');
    expect(say('!expose @cat')).toBe('Noted: !expose cat. Handed in.');
    expect(say('!expose @dan')).toBe('Refused: your ballot is already in. Your ballot is in; you may use: !status, !audit.');
    expect((await answer).decision).toEqual({ last: 'Remember me.', empower: 'BOB', expose: 'cat' });
    expect(state).toEqual(before);
  });

  test('POWER: only the empowered acts, and only on the exposed', async () => {
    const others = five.filter((p) => p !== 'Pat');
    const ballots = Object.fromEntries(others.map((p) => [p, { empower: 'Pat', expose: p === 'bob' ? 'cat' : 'bob' }]));
    const state = after(start(), {}, {}, { ...ballots, Pat: { empower: 'bob', expose: 'dan' } });
    expect(state.empowered).toBe('Pat');
    expect(state.exposed).toEqual(['bob', 'cat', 'dan']);
    const { answer, say } = seated(state);
    expect(say('!eliminate @eve')).toStartWith('Refused: eve is not exposed. During POWER you may use: !eliminate @p (p among bob, cat, dan) or !protect @p');
    expect(say('!protect @cat')).toBe('Noted: !protect cat. Handed in.');
    expect(say('!eliminate @bob')).toBe('Refused: your POWER move is already in. You may use: !status, !audit.');
    expect((await answer).decision).toEqual({ power: { action: 'protect', target: 'cat' } });

    const cats = after(start(), {}, {}, Object.fromEntries(five.map((p) => [p, { empower: p === 'cat' ? 'bob' : 'cat', expose: p === 'bob' ? 'dan' : 'bob' }])));
    expect(cats.empowered).toBe('cat');
    expect(seated(cats).say('!eliminate @bob')).toBe('Refused: only the empowered player (cat) may !eliminate or !protect. During POWER only cat acts; you may use: !status, !audit.');
  });

  test('someone without a seat is told how to play; an agent’s words come through its decisions', () => {
    const { say } = seated(start());
    expect(say('!public hello', null)).toBe(
      'Refused: you hold no seat in this match as a person, so the House takes no move from you (agents play through their own decisions). To play, join a lobby with !join or open one with !play influence me,NAMES. You may use: !status, !audit.',
    );
  });

  test('between phases (the House is not asking) a command is refused without touching anything', () => {
    const state = after(start(), {});
    const desk = new HumanDesk();
    const ctx: GameCommandContext = { matchId: 'm-idle', game: influenceGame, state, author: pat, seat: 'Pat', humans: desk, log: [], say: async () => {}, table: new InfluenceTable() };
    expect(handleInfluenceCommand(verb('!public hi'), ctx)).toStartWith('Refused: the House is not waiting for a move from you right now');
    expect(desk.waiting()).toEqual([]);
  });
});

describe('!audit', () => {
  const played = () => {
    const match = Match.create(influenceGame, config, 5, five);
    const brains = Object.fromEntries(five.map((p) => [p, influenceGame.strategies.random!]));
    runMatchSync(match, brains);
    return match;
  };

  test('anyone may audit: while running the chain is checked against itself, after the end against the published head', () => {
    const running = after(start(), {});
    expect(handleInfluenceCommand(verb('!audit'), { matchId: 'm', game: influenceGame, state: running, author: { id: 'x', name: 'Watcher' }, seat: null, humans: new HumanDesk(), log: [], say: async () => {}, table: null })).toBe(
      `Audit passed: ${running.log.length} entries, the chain ends at ${running.log.at(-1)!.hash} (no head published yet: the game is still running). The House's match log (0 entries) is intact too.`,
    );
    const match = played();
    const s = match.state as InfluenceState;
    expect(auditText(s, match.log!.entries)).toBe(`Audit passed: ${s.log.length} entries, the chain matches the published head ${s.publishedHead}. The House's match log (${match.log!.entries.length} entries) is intact too.`);
  });

  test('a log edited after the fact fails at the edited entry', () => {
    const match = played();
    const s = match.state as InfluenceState;
    const log = s.log.map((e, i) => (i === 3 ? { ...e, data: { ...e.data, forged: true } } : e));
    const house = match.log!.entries.map((e, i) => (i === 1 ? { ...e, type: 'forged' } : e));
    expect(auditText({ ...s, log }, house)).toBe("Audit FAILED at entry 3: entry hash does not match its content. The House's match log FAILED at entry 1: entry hash does not match its content.");
  });
});
