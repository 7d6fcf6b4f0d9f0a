import { describe, expect, test } from 'bun:test';
import type { GoldmineState, RoundMap } from '@the-house/games/goldmine/goldmineTypes.ts';
import { seatColor } from '../../dashboard/palette.ts';
import { decodePng } from '../../testing/decodePng.ts';
import { playedMatch } from '../../testing/playedMatch.ts';
import { GOLDMINE_MAP_SIZE } from './goldmineMapPicture.ts';
import { goldmineRoundPictures } from './goldmineRoundPictures.ts';

const players = ['Ada', 'Bram', 'Cleo'];

describe('goldmineRoundPictures', () => {
  test('every 10 rounds the public map of that round, with no gold (RULES S-a); other rounds none', () => {
    const { match, records } = playedMatch('goldmine', players, 12, { rounds: 30 });
    expect(goldmineRoundPictures(records[6]!, match, 10)).toEqual([]);
    const [picture, ...more] = goldmineRoundPictures(records[9]!, match, 10);
    expect(more).toEqual([]);
    const png = decodePng(picture!.png);
    expect([png.width, png.height]).toEqual([GOLDMINE_MAP_SIZE.width, GOLDMINE_MAP_SIZE.height]);
    const map = records[9]!.events.find((e) => e.type === 'round')!.data as unknown as RoundMap;
    const owned = map.owner.findIndex((o) => o >= 0);
    const cell = (356 - 2 * 9) / 10;
    expect(png.pixel(20 + (owned % 10) * (cell + 2) + cell / 2, 48 + Math.floor(owned / 10) * (cell + 2) + cell / 2)).toBe(seatColor(map.owner[owned]!));
    expect(picture!.alt).toStartWith("Gold mining's ownership map after round 10 of 30: ");
    for (const [i, p] of players.entries()) expect(picture!.alt).toContain(`${p} ${map.held[i]} plot`);
    expect(picture!.alt).not.toContain('gold');
  });

  test('at the end: the map and each miner’s gold, as the state holds it', () => {
    const { match, records } = playedMatch('goldmine', players, 99, { rounds: 13 });
    expect(match.over).toBe(true);
    const [picture] = goldmineRoundPictures(records.at(-1)!, match, 10);
    const gold = (match.state as GoldmineState).gold;
    for (const [i, p] of players.entries()) expect(picture!.alt).toContain(`${p} ${gold[i]} gold`);
  });
});
