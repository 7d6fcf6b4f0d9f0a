import { emptyRecord } from '@the-house/lab/models/matchRecorder.ts';
import { matchOptionsSchema } from '@the-house/lab/seats/matchOptions.ts';
import type { StoredMatch } from '../types.ts';

/** A running Trust match of two agents, `a` and `b`, at round `round`, as the store keeps it: what store and host tests save and read back. */
export function storedMatch(round = 1, more: Partial<StoredMatch> = {}): StoredMatch {
  return {
    id: 'm1',
    game: 'trust',
    seed: 1,
    config: {},
    status: 'running',
    players: ['a', 'b'],
    channelId: null,
    serverId: null,
    state: { round },
    log: [],
    history: [],
    origin: null,
    postedRound: 0,
    options: matchOptionsSchema.parse({}),
    record: emptyRecord(),
    paused: null,
    seats: { a: { kind: 'agent' }, b: { kind: 'agent' } },
    rooms: {},
    createdAt: 0,
    updatedAt: 0,
    ...more,
  };
}
