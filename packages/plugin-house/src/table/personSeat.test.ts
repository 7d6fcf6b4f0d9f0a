import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { DiscordOutbox } from '../discord/discordOutbox.ts';
import { houseGameOf } from '../games/houseGames.ts';
import { AGAIN_LINE, PersonSeat, turnMessage } from './personSeat.ts';
import type { TableCore } from './tableCore.ts';

const turnOf = (id: string, players: string[]) => {
  const game = games[id]!;
  const match = Match.create(game, game.configSchema.parse({}), 1, players);
  const state = match.state as { round: number; phase: string };
  return turnMessage({ match, matchId: `${id}-1`, adapter: houseGameOf(id) }, game.view(match.state, players[0]!), players[0]!, state.round, state.phase, 60);
};

describe("a person's turn message", () => {
  test("names the phase only in a game of several phases: Café's first turn is 'round 1.', not 'round 1, round.'", () => {
    expect(turnOf('cafe', ['Pat', 'Ada', 'Bram', 'Cleo'])).toStartWith('Pat, your move in Café V3 (cafe-1), round 1.\n');
    expect(turnOf('trust', ['Pat', 'Ada'])).toStartWith('Pat, your move in Trust (trust-1), round 1.\n');
    expect(turnOf('matrix', ['Pat', 'Ada'])).toStartWith('Pat, your move in Matrix games (matrix-1), round 1.\n');
    expect(turnOf('influence', ['Pat', 'Ada', 'Bram', 'Cleo'])).toStartWith('Pat, your move in Influence (influence-1), round 1, WHISPER.\n');
  });
});

describe('a turn asked again after a restart', () => {
  const trust = games.trust!;
  /** The House's cache as the database keeps it for every host: rows in, rows out. */
  const cacheOf = () => {
    const rows = new Map<string, unknown>();
    const quiet = () => {};
    return { getCache: async (key: string) => rows.get(key), setCache: async (key: string, value: unknown) => (rows.set(key, structuredClone(value)), true), deleteCache: async (key: string) => rows.delete(key), logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } } as unknown as ConstructorParameters<typeof DiscordOutbox>[0];
  };
  /** A table as the person's seat sees it: what it told (through the match's outbox in `cache`), and a desk that takes a move at once. */
  const tableOf = (stored: { id: string; players: string[]; seats: Record<string, unknown>; log: unknown[] }, cache = cacheOf()) => {
    const match = Match.create(trust, trust.configSchema.parse({}), 1, stored.players);
    const told: string[] = [];
    const outbox = new DiscordOutbox(cache, stored.id);
    const table = {
      match,
      stored,
      adapter: houseGameOf('trust'),
      abort: new AbortController(),
      host: { settings: { missedTurns: 3 } },
      humans: { wait: async () => ({ decision: { move: 'cooperate' }, texts: ['!move cooperate'], valid: true, error: null }) },
      voice: {
        tellPerson: async (_player: string, text: string) => void told.push(text),
        toldTurnBefore: (player: string, turn: string) => outbox.toldBefore(`turn:${player}:${turn}`),
        toldNoticeBefore: (player: string, round: number, text: string) => outbox.toldBefore(`notice:${player}:${round}:${text}`),
      },
    };
    return { table: table as unknown as TableCore, told };
  };
  const turn = (round: number) => ({ view: trust.view(Match.create(trust, trust.configSchema.parse({}), 1, ['Pat', 'Ada']).state, 'Pat'), ctx: { player: 'Pat', round, phase: 'move', rng: null as never }, request: null as never });

  test('the turn a resumed phase asks again says so; the first ask, and the next phase, do not', async () => {
    const stored = { id: 'trust-1', players: ['Pat', 'Ada'], seats: { Pat: { kind: 'person', person: { id: 'u', room: null, origin: null } }, Ada: { kind: 'strategy', strategy: 'copycat' } }, log: [] as unknown[] };
    const first = tableOf(stored);
    await new PersonSeat(first.table, 'Pat').decide(turn(1));
    expect(first.told[0]).toStartWith('Pat, your move in Trust (trust-1), round 1.');

    // Saved while the phase ran, the host killed before the phase's own save: another host resumes the same phase.
    const saved = JSON.parse(JSON.stringify(stored)) as typeof stored;
    const second = tableOf(saved);
    const seat = new PersonSeat(second.table, 'Pat');
    await seat.decide(turn(1));
    expect(second.told[0]).toStartWith(`${AGAIN_LINE}\nPat, your move in Trust (trust-1), round 1.`);

    saved.log.push({ round: 1 });
    await seat.decide(turn(2));
    expect(second.told[1]).toStartWith('Pat, your move in Trust (trust-1), round 2.');
  });

  test('a turn told after the last save (a pause between rounds saved the phase before it asked) is told as the same turn by the host that takes over', async () => {
    const stored = { id: 'trust-2', players: ['Pat', 'Ada'], seats: { Pat: { kind: 'person', person: { id: 'u', room: null, origin: null } }, Ada: { kind: 'strategy', strategy: 'copycat' } }, log: [] as unknown[] };
    // The save a host that takes over reads: written before round 1 asked Pat, so it has no mark of the turn.
    const saved = JSON.parse(JSON.stringify(stored)) as typeof stored;
    const cache = cacheOf();
    const first = tableOf(stored, cache);
    await new PersonSeat(first.table, 'Pat').decide(turn(1));
    expect(first.told[0]).toStartWith('Pat, your move in Trust (trust-2), round 1.');

    const second = tableOf(saved, cache);
    const seat = new PersonSeat(second.table, 'Pat');
    await seat.decide(turn(1));
    expect(second.told[0]).toStartWith(`${AGAIN_LINE}\nPat, your move in Trust (trust-2), round 1.`);
    saved.log.push({ round: 1 });
    await seat.decide(turn(2));
    expect(second.told[1]).toStartWith('Pat, your move in Trust (trust-2), round 2.');
    // Another match's turns are its own.
    const other = tableOf({ ...JSON.parse(JSON.stringify(stored)), id: 'trust-3', seats: { ...stored.seats, Pat: { kind: 'person', person: { id: 'u', room: null, origin: null } } } }, cache);
    await new PersonSeat(other.table, 'Pat').decide(turn(1));
    expect(other.told[0]).toStartWith('Pat, your move in Trust (trust-3), round 1.');
  });

  test("a person's private word on a round, told before a host died, is not told again by the host that plays the round again; other words are", async () => {
    const stored = { id: 'trust-4', players: ['Pat', 'Ada'], seats: { Pat: { kind: 'person', person: { id: 'u', room: null, origin: null } }, Ada: { kind: 'strategy', strategy: 'copycat' } }, log: [] as unknown[] };
    const cache = cacheOf();
    /** A table whose round has ended with `notices` for Pat, who is not asked next (the match is over). */
    const endedWith = (notices: string[]) => {
      const { table, told } = tableOf(stored, cache);
      Object.assign(table, { match: { over: true, state: {}, game: { actors: () => [], view: () => ({ notices }) } } });
      return { seat: new PersonSeat(table, 'Pat'), told };
    };
    const first = endedWith(['Your beg was declined.']);
    await first.seat.tell(3);
    expect(first.told).toHaveLength(1);
    const again = endedWith(['Your beg was declined.']);
    await again.seat.tell(3);
    expect(again.told).toEqual([]);
    const otherwise = endedWith(['The observer gave you 2 sats.']);
    await otherwise.seat.tell(3);
    expect(otherwise.told).toHaveLength(1);
  });
});
