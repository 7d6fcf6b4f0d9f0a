import { describe, expect, test } from 'bun:test';
import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import { tokensText } from '../../dashboard/formatScore.ts';
import { decodePng } from '../../testing/decodePng.ts';
import { playedMatch } from '../../testing/playedMatch.ts';
import { CAFE_BANK_SIZE } from './cafeBankPicture.ts';
import { cafeEndPictures } from './cafeEndPictures.ts';

describe('cafeEndPictures', () => {
  test('none while the match runs; at the end banks and levels, the words giving each bank to two decimals and each level', () => {
    expect(cafeEndPictures(playedMatch('cafe', ['Ada', 'Bram', 'Cleo'], 2, { rounds: 4 }).match)).toEqual([]);
    const { match } = playedMatch('cafe', ['Ada', 'Bram', 'Cleo'], 99, { rounds: 4 });
    expect(match.over).toBe(true);
    const [picture] = cafeEndPictures(match);
    const png = decodePng(picture!.png);
    expect([png.width, png.height]).toEqual([CAFE_BANK_SIZE.width, CAFE_BANK_SIZE.height]);
    for (const p of (match.state as CafeState).table) expect(picture!.alt).toContain(`${p.id} ${tokensText(p.cents / 100)} tokens, level ${p.level}`);
    expect(picture!.alt).toMatch(/\d\.\d\d tokens/);
  });
});
