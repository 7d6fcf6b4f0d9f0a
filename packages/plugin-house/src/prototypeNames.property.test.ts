import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Match } from '@the-house/games/engine/match.ts';
import { isReservedKey } from '@the-house/games/engine/safeKey.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { labGameOf } from '@the-house/lab/games/labGames.ts';
import { BUNDLE_FORMAT, readBundle, type MatchBundle } from '@the-house/lab/models/matchBundle.ts';
import { emptyRecord, MatchRecorder } from '@the-house/lab/models/matchRecorder.ts';
import { playRecorded, type HeadlessSeat } from '@the-house/lab/seats/playRecorded.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { modelAnswer } from '@the-house/lab/testing/modelAnswer.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from './houseService.ts';
import { nameProblem } from './people.ts';
import type { RoomGateway } from './roomGateway.ts';
import { fakeRuntime } from './testing/fakeRuntime.ts';
import { offlinePlayerRuntime } from './testing/offlinePlayerRuntime.ts';
import type { CommandAuthor } from './types.ts';

/**
 * Issue 23, "Names that Object.prototype already has": every own name of
 * Object.prototype (and `__proto__`) as a player's id, in every game, end to
 * end. Through the House: agents registered under those names (some playing a
 * baseline through the player plugin's own action, some with no action, so
 * the fallback plays them) and people who chose them with `!name` and never
 * type, seated by `!join` at a lobby or by `me`; now and then the House stops
 * mid-match and a new one resumes it from its saves (JSON, as a database
 * gives them back). Headless, as `play --out` records a match: baselines and
 * model-like seats (prompts written and read back) under those names. Each
 * match must finish, leak no function of Object.prototype into any text, and
 * replay from its match file to the same log head. The names that name
 * nothing (`__proto__`, `constructor`) are refused in one line.
 */

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];
const PLAYABLE = NAMES.filter((n) => !isReservedKey(n));
const RESERVED = NAMES.filter((n) => isReservedKey(n));

/** What a function of Object.prototype looks like once it has become text (`String(Object.prototype.valueOf)`). */
const LEAK = /\[native code\]|function (?:valueOf|toString|toLocaleString|hasOwnProperty|isPrototypeOf|propertyIsEnumerable|__\w+__)\(/;

/** Matches through the House and headless: with the audience property test's 520, more than a thousand played matches. */
const HOUSE_RUNS = 80;
const HEADLESS_RUNS = 400;

/**
 * A person's turn is handed in 250 ms before the deadline (`personSeat.ts`),
 * so with this deadline a silent person costs a few milliseconds a turn while
 * an agent still has a quarter of a second to answer.
 */
const DEADLINE_MS = 252;
const TIMERS = { whisper: DEADLINE_MS, rumor: DEADLINE_MS, vote: DEADLINE_MS, power: DEADLINE_MS, reveal: DEADLINE_MS };

/** Small matches, so that hundreds of them run in seconds; Influence's phases take their deadline from its timers. */
const SMALL: Record<string, { config: Record<string, unknown>; seats: [number, number] }> = {
  trust: { config: { maxRounds: 4 }, seats: [2, 6] },
  cafe: { config: { rounds: 2 }, seats: [2, 6] },
  influence: { config: { timers: TIMERS, whisperTurns: 1 }, seats: [4, 6] },
  goldmine: { config: { rounds: 4 }, seats: [2, 6] },
};

/** Headless matches cost no waiting: longer ones, with the variants that key a config or a record by player (Gold mining's stamina by id). */
const HEADLESS: Record<string, { config: (names: readonly string[]) => Record<string, unknown>; seats: [number, number] }> = {
  trust: { config: () => ({ maxRounds: 6, noise: 0.1, alliances: true }), seats: [2, 8] },
  cafe: { config: () => ({ rounds: 3 }), seats: [2, 8] },
  influence: { config: () => ({ whisperTurns: 2 }), seats: [4, 6] },
  goldmine: { config: (names) => ({ rounds: 6, size: 6, talk: true, authority: 3, stamina: { [names[0]!]: 12 } }), seats: [2, 8] },
};

/** How many agents a lobby seats by itself (`openMatch.ts`). */
const lobbySeats = (game: string): number => (game === 'trust' ? 4 : games[game]!.defaultPlayers);

const dir = mkdtempSync(join(tmpdir(), 'house-prototype-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every string in a value, deeply (keys too): what a reader could be shown of it. */
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(k), texts(v, out);
  return out;
}

const leaks = (value: unknown): string[] => texts(value).filter((t) => LEAK.test(t));

interface HouseCase {
  game: string;
  seed: number;
  /** The line-up's names: agents first, then people. */
  names: string[];
  people: number;
  /** People join a lobby the owner opened, or the one person opens with `me`. */
  lobby: boolean;
  /** Reserved names tried as a person's name and in a line-up. */
  reserved: string[];
  /** Each agent's baseline (by index into the game's strategies), or none: it never answers and the fallback plays it. */
  brains: Array<number | null>;
  /** The House stops once a round is saved, and a new House resumes the match from its saves. */
  restart: boolean;
}

const houseCases: fc.Arbitrary<HouseCase> = fc
  .constantFrom(...Object.keys(SMALL))
  .chain((game) => {
    const [min, max] = SMALL[game]!.seats;
    return fc.record({
      game: fc.constant(game),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      names: fc.shuffledSubarray(PLAYABLE, { minLength: min, maxLength: max }),
      people: fc.integer({ min: 1, max: 3 }),
      lobby: fc.boolean(),
      reserved: fc.subarray(RESERVED),
      brains: fc.array(fc.option(fc.nat({ max: Object.keys(games[game]!.strategies).length - 1 })), { minLength: max, maxLength: max }),
      restart: fc.nat({ max: 4 }).map((n) => n === 0),
    });
  })
  .map((c) => {
    // People take the names a person may choose (`__defineGetter__` starts with '_': no name for a person); agents the rest.
    const names = [...c.names.filter((n) => nameProblem(n) !== null), ...c.names.filter((n) => nameProblem(n) === null)];
    const personable = c.names.filter((n) => nameProblem(n) === null).length;
    // A lobby seats the game's least number of agents by itself; when that leaves no seat for a person, the person opens with `me`.
    const joining = Math.min(c.people, personable, c.names.length - SMALL[c.game]!.seats[0]);
    const lobby = personable === 0 || (c.lobby && joining > 0);
    const people = lobby ? Math.max(0, joining) : Math.min(1, personable);
    // A lobby seats at most its default count of agents (Trust four): the rest of the line-up would not sit.
    return { ...c, names: lobby ? names.slice(Math.max(0, names.length - people - lobbySeats(c.game))) : names, lobby, people };
  });

/** A gateway that keeps every post (the game room, DM rooms, a person's own chat), for the leak check. */
function keptGateway(posts: string[]): RoomGateway {
  let rooms = 0;
  return {
    createRoom: async () => ({ channelId: `room-${++rooms}`, serverId: 'srv' }),
    post: async (_room, text, _key, author) => void posts.push(author ? `${author.name}: ${text}` : text),
  };
}

const person = (name: string, i: number): CommandAuthor => ({ id: `person-${i}-${name}`, name, room: { channelId: `dm-${i}`, serverId: 'srv' } });

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await Bun.sleep(2);
}

async function playInTheHouse(c: HouseCase): Promise<void> {
  const errors: string[] = [];
  const posts: string[] = [];
  const runtime = fakeRuntime('The House', {
    HOUSE_ROUND_DELAY_MS: '0',
    HOUSE_LOBBY_MS: '600000',
    HOUSE_DECISION_DEADLINE_MS: String(DEADLINE_MS),
    HOUSE_BEG_TIMEOUT_MS: '1',
    HOUSE_PLAYER_WAIT_MS: '0',
    HOUSE_MATCH_DIR: dir,
    HOUSE_MISSED_TURNS: '1000',
  });
  runtime.logger.error = ((line: string) => void errors.push(line)) as typeof runtime.logger.error;
  const house = () => Object.assign(new HouseService(runtime), { gateway: keptGateway(posts) });
  let h = house();
  const agentNames = c.names.slice(0, c.names.length - c.people);
  const strategies = Object.keys(games[c.game]!.strategies);
  const agents = agentNames.map((n, i) => {
    const brain = c.brains[i];
    return brain === null || brain === undefined ? fakeRuntime(n) : offlinePlayerRuntime(n, { [c.game]: strategies[brain]! });
  });
  for (const a of agents) registerPlayer(a);
  try {
    const owner = { id: 'person-owner', name: 'Owner', room: { channelId: 'dm-owner', serverId: 'srv' } };
    const people = c.names.slice(agentNames.length).map((n, i) => person(n, i));
    const config = SMALL[c.game]!.config;
    for (const [i, n] of c.reserved.entries()) {
      const refused = await h.handleCommand({ kind: 'name', name: n }, person(n, 100 + i));
      expect(refused).toStartWith('Not changed: ');
      expect(refused).not.toContain('\n');
      const agent = fakeRuntime(n);
      registerPlayer(agent);
      const lineUp = await h.handleCommand({ kind: 'play', game: c.game, players: [n, ...agentNames].slice(0, games[c.game]!.maxPlayers), seed: c.seed, options: {}, config }, owner);
      unregisterPlayer(agent);
      expect(lineUp).toContain(`'${n}' is a reserved word`);
      expect(lineUp).not.toContain('\n');
    }
    for (const p of people) expect(await h.handleCommand({ kind: 'name', name: p.name }, p)).toContain(`sit down as ${p.name}`);
    if (c.lobby) {
      await h.handleCommand({ kind: 'play', game: c.game, players: [], seed: c.seed, options: {}, config, open: true }, owner);
      for (const p of people) expect(await h.handleCommand({ kind: 'join' }, { ...p, room: owner.room })).toStartWith(`${p.name} joins `);
      expect(await h.handleCommand({ kind: 'start' }, owner)).toContain('has started');
    } else {
      expect(await h.handleCommand({ kind: 'play', game: c.game, players: ['me', ...agentNames], seed: c.seed, options: {}, config }, people[0]!)).toContain('has started');
    }
    const id = h.openMatches()[0]!.id;
    expect(h.openMatches()[0]!.players.map((p) => p.name).sort()).toEqual([...c.names].sort());
    if (c.restart) {
      await waitFor(() => (h.liveMatch(id)?.history.length ?? 1) >= 1);
      await h.stop();
      await h.finished(id);
      h = house();
      await h.resumeAll();
    }
    const summary = await h.finished(id);
    expect(summary?.status, errors.join('\n')).toBe('finished');
    const detail = (await h.getMatch(id))!;
    expect(detail.outcome.over).toBe(true);
    expect(detail.damage ?? null).toBeNull();
    expect(leaks([detail.state, detail.events, detail.history, posts])).toEqual([]);
    const read = readBundle(id, dir, { byName: true });
    if (!read.ok) throw new Error(read.error);
    const replayed = await replayMatch(games, read.bundle);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report.divergence).toBeNull();
    expect(replayed.report.head).toBe(read.bundle.head);
    expect(replayed.report.reproduced).toBe(true);
    await h.stop();
  } finally {
    for (const a of agents) unregisterPlayer(a);
  }
}

test('through the House: every game, players named after Object.prototype’s own names, plays to its end (across a restart too) and replays to the same head', async () => {
  let played = 0;
  await fc.assert(
    fc.asyncProperty(houseCases, async (c) => {
      await playInTheHouse(c);
      played += 1;
    }),
    { numRuns: HOUSE_RUNS, seed: 23, endOnFailure: true },
  );
  expect(played).toBe(HOUSE_RUNS);
}, 180_000);

interface HeadlessCase {
  game: string;
  seed: number;
  names: string[];
  /** Each seat: a baseline by index, or a model-like seat (the stub reads its prompt and answers, now and then badly) in a prompt mode. */
  seats: Array<{ strategy: number } | { model: 'compact' | 'conversation'; salt: number }>;
}

const headlessCases: fc.Arbitrary<HeadlessCase> = fc.constantFrom(...Object.keys(HEADLESS)).chain((game) => {
  const [min, max] = HEADLESS[game]!.seats;
  const strategies = Object.keys(games[game]!.strategies).length;
  return fc.record({
    game: fc.constant(game),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    names: fc.shuffledSubarray(PLAYABLE, { minLength: min, maxLength: Math.min(max, PLAYABLE.length) }),
    seats: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.record({ strategy: fc.nat({ max: strategies - 1 }) }) },
        { weight: 1, arbitrary: fc.record({ model: fc.constantFrom('compact' as const, 'conversation' as const), salt: fc.nat() }) },
      ),
      { minLength: max, maxLength: max },
    ),
  });
});

/** A model-like client: it reads the prompt it is sent (kept in `prompts`) and answers as a model would, with some prose, cut-off JSON and illegal moves. */
function stubClient(salt: number, prompts: string[]): Extract<HeadlessSeat, { kind: 'model' }>['client'] {
  return {
    provider: 'stub',
    model: 'stub',
    free: true,
    complete: async (prompt) => {
      prompts.push(prompt);
      return modelAnswer(prompt, { salt, faults: { prose: 0.1, malformed: 0.05, illegal: 0.05 } }).text;
    },
  };
}

async function playHeadless(c: HeadlessCase): Promise<void> {
  const game = games[c.game]!;
  const strategies = Object.values(game.strategies);
  const prompts: string[] = [];
  const seats: Record<PlayerId, HeadlessSeat> = {};
  c.names.forEach((name, i) => {
    const seat = c.seats[i]!;
    seats[name] = 'strategy' in seat ? { kind: 'offline', strategy: strategies[seat.strategy]! } : { kind: 'model', client: stubClient(seat.salt, prompts), gate: null, persona: `You are ${name}.`, system: '', fallback: null, prompts: seat.model };
  });
  const config = game.configSchema.parse(HEADLESS[c.game]!.config(c.names));
  const match = Match.create(game, config, c.seed, c.names);
  const matchId = `${c.game}-${c.seed}`;
  const recorder = new MatchRecorder(matchId, emptyRecord());
  const { outcome, paused } = await playRecorded(match, seats, recorder, {
    matchId,
    budget: {},
    window: { historyRounds: 12 },
    onRound: () => {
      // Every view as the House sends it: a structured clone of it holds no function (Influence's failed so).
      for (const p of c.names) expect(() => structuredClone(game.view(match.state, p))).not.toThrow();
    },
  });
  // The state as the House keeps it: JSON, and a structured clone.
  const state = JSON.stringify(match.state);
  expect(JSON.stringify(structuredClone(match.state))).toBe(state);
  expect(paused).toBeNull();
  expect(outcome.over).toBe(true);
  const artifacts = labGameOf(c.game)?.artifacts?.(match.state, match.log!.entries) ?? {};
  expect(leaks([state, match.log!.entries, prompts, recorder.record, Object.values(artifacts)])).toEqual([]);
  const bundle: MatchBundle = {
    format: BUNDLE_FORMAT,
    id: matchId,
    game: c.game,
    seed: c.seed,
    config,
    players: c.names,
    options: { historyRounds: 12 },
    status: 'finished',
    outcome,
    head: match.log!.head,
    log: [...match.log!.entries],
    record: recorder.record,
  };
  // As replay-match reads it: the match file's JSON.
  const replayed = await replayMatch(games, JSON.parse(JSON.stringify(bundle)) as MatchBundle);
  if (!replayed.ok) throw new Error(replayed.error);
  expect(replayed.report.divergence).toBeNull();
  expect(replayed.report.reproduced).toBe(true);
  expect(replayed.report.prompts.changed).toEqual([]);
}

test('headless, as `play --out` records it: every game with those names (baselines and model-like seats) finishes, keeps its state clonable and replays to the same head with the same prompts', async () => {
  let played = 0;
  await fc.assert(
    fc.asyncProperty(headlessCases, async (c) => {
      await playHeadless(c);
      played += 1;
    }),
    { numRuns: HEADLESS_RUNS, seed: 23, endOnFailure: true },
  );
  expect(played).toBe(HEADLESS_RUNS);
}, 180_000);
