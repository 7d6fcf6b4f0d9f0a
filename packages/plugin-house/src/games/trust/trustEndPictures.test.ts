import { describe, expect, test } from 'bun:test';
import type { TrustState } from '@the-house/games/trust/trustTypes.ts';
import { decodePng } from '../../testing/decodePng.ts';
import { playedMatch } from '../../testing/playedMatch.ts';
import { TRUST_RACE_SIZE } from './trustRacePicture.ts';
import { trustEndPictures } from './trustEndPictures.ts';

describe('trustEndPictures', () => {
  test('none while the match runs; at the end the sats race, its words naming each final sats', () => {
    const running = playedMatch('trust', ['Ada', 'Bram', 'Cleo'], 3, { maxRounds: 8 });
    expect(trustEndPictures(running.match)).toEqual([]);
    const { match } = playedMatch('trust', ['Ada', 'Bram', 'Cleo'], 99, { maxRounds: 8 });
    expect(match.over).toBe(true);
    const [picture, ...more] = trustEndPictures(match);
    expect(more).toEqual([]);
    const png = decodePng(picture!.png);
    expect([png.width, png.height]).toEqual([TRUST_RACE_SIZE.width, TRUST_RACE_SIZE.height]);
    expect(picture!.name).toBe('trust-sats-race.png');
    for (const u of (match.state as TrustState).units) expect(picture!.alt).toContain(`${u.id} ended with ${u.sats} sats`);
  });
});
