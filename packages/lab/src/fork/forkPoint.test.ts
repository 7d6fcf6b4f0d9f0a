import { expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import { emptyRecord } from '../models/matchRecorder.ts';
import { forkPoint } from './forkPoint.ts';

test('a match that recorded no phase (stopped before its first) is refused in words, not as a phase range of 1 to 0', async () => {
  const parent = { id: 'trust-1-ab', game: 'trust', record: emptyRecord() } as unknown as MatchBundle;
  expect(await forkPoint({ games, parent, parentPath: '/nowhere/trust-1-ab.match.json', phase: 1, swapped: new Set() })).toEqual({
    ok: false,
    error: 'trust-1-ab recorded no phase (it ended before its first): there is nothing to play on from',
  });
});
