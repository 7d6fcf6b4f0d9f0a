import { describe, expect, test } from 'bun:test';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';
import { migrateSeats } from './migrateSeats.ts';
import { personSeats, remoteSeats, seatSpecOf } from './seatSpec.ts';

const ada = { id: 'user-ada', room: { channelId: 'c1', serverId: 's1' }, origin: null, missed: 2 };
const remote: RemoteSeatRecord = {
  entrant: 'mybot',
  kind: 'mcp',
  url: null,
  owner: { id: 'user-ada', name: 'Ada' },
  clock: { timeouts: 0, unreachable: 0, invalid: 0, missesInRow: 0, substituted: null } as unknown as RemoteSeatRecord['clock'],
  fallback: 'copycat',
  tokenHash: 'h',
};

/** A head row as the House saved it before `seats`. */
const old = () => ({
  id: 'trust-1-abc',
  players: ['Ada', 'Bram', 'mybot', 'grudger'],
  humans: { Ada: ada },
  remotes: { mybot: remote },
  bots: { grudger: 'grudger' },
  rooms: {},
});

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('migrateSeats', () => {
  test('an old record: each map becomes its kind of seat, every other player an agent, and the maps go', () => {
    const migrated = migrateSeats(old());
    expect(plain(migrated)).toEqual({
      id: 'trust-1-abc',
      players: ['Ada', 'Bram', 'mybot', 'grudger'],
      rooms: {},
      seats: {
        Ada: { kind: 'person', person: ada },
        Bram: { kind: 'agent' },
        mybot: { kind: 'remote', remote },
        grudger: { kind: 'strategy', strategy: 'grudger' },
      },
    });
    expect(Object.keys(migrated.seats)).toEqual(['Ada', 'Bram', 'mybot', 'grudger']);
    expect(personSeats(migrated)).toEqual([['Ada', ada]]);
    expect(remoteSeats(migrated)).toEqual([['mybot', remote]]);
  });

  test('a person seat is the same object, so what the House counts on it (missed turns) lands in the match', () => {
    const stored = old();
    expect(migrateSeats(stored).seats.Ada).toMatchObject({ person: stored.humans.Ada });
    expect((migrateSeats(stored).seats.Ada as { person: unknown }).person).toBe(stored.humans.Ada);
  });

  test('idempotent: a migrated record, and a new one saved with seats, come back the same', () => {
    const once = migrateSeats(old());
    expect(plain(migrateSeats(plain(once)))).toEqual(plain(once));
    expect(plain(migrateSeats(once))).toEqual(plain(once));
  });

  test('a new record keeps its seats as saved, even where old maps linger', () => {
    const stored = { players: ['Ada', 'Bram'], seats: { Ada: { kind: 'strategy' as const, strategy: 'copycat' }, Bram: { kind: 'agent' as const } }, humans: { Ada: ada } };
    expect(plain(migrateSeats(stored))).toEqual({ players: ['Ada', 'Bram'], seats: { Ada: { kind: 'strategy', strategy: 'copycat' }, Bram: { kind: 'agent' } } });
  });

  test('missing maps count as empty: a record with humans alone, or none at all, seats agents', () => {
    expect(plain(migrateSeats({ players: ['Ada', 'Bram'], humans: { Ada: ada } })).seats).toEqual({ Ada: { kind: 'person', person: ada }, Bram: { kind: 'agent' } });
    expect(plain(migrateSeats({ players: ['Ada'] })).seats).toEqual({ Ada: { kind: 'agent' } });
    expect(plain(migrateSeats({ players: ['Ada'], humans: null, remotes: 'x', bots: [] })).seats).toEqual({ Ada: { kind: 'agent' } });
    expect(plain(migrateSeats({})).seats).toEqual({});
  });

  test('a new record missing a player gets an agent seat for it', () => {
    expect(plain(migrateSeats({ players: ['Ada', 'Bram'], seats: { Ada: { kind: 'person' as const, person: ada } } })).seats).toEqual({ Ada: { kind: 'person', person: ada }, Bram: { kind: 'agent' } });
  });

  test('a seat an old map held for someone no longer among the players is kept; a prototype name stays a field', () => {
    const migrated = migrateSeats(JSON.parse('{"players":["Ada"],"humans":{"Gone":{"id":"u","room":null,"origin":null}},"bots":{"__proto__":"copycat"}}'));
    expect(plain(migrated.seats)).toEqual({ Ada: { kind: 'agent' }, Gone: { kind: 'person', person: { id: 'u', room: null, origin: null } }, ['__proto__']: { kind: 'strategy', strategy: 'copycat' } });
    expect(Object.getPrototypeOf(migrated.seats)).not.toBe(Object.prototype);
    expect(seatSpecOf(migrated, 'constructor')).toEqual({ kind: 'agent' });
  });
});
