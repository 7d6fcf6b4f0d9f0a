import { describe, expect, test } from 'bun:test';
import { seatColor } from '../../dashboard/palette.ts';
import { decodePng } from '../../testing/decodePng.ts';
import { GOLDMINE_MAP_SIZE, goldmineMapPicture } from './goldmineMapPicture.ts';
import { EMPTY_PLOT } from '../../pictures/svgParts.ts';

const players = ['Ada', 'Bram', 'Cleo'];
// Row 0: Ada, Bram, unowned, Cleo; the rest unowned.
const owner = [0, 1, -1, 2, ...Array<number>(12).fill(-1)];

/** The centre of plot `plot` on a 4 x 4 map, as the picture lays it out. */
function centre(plot: number): [number, number] {
  const cell = (356 - 2 * 3) / 4;
  return [20 + (plot % 4) * (cell + 2) + cell / 2, 48 + Math.floor(plot / 4) * (cell + 2) + cell / 2];
}

describe('goldmineMapPicture', () => {
  test('a decodable PNG of its size: each plot in its owner’s colour, unowned ones dark; the words name the plots held and no gold', () => {
    const picture = goldmineMapPicture({ players, owner, size: 4, round: 10, rounds: 200 });
    const png = decodePng(picture.png);
    expect([png.width, png.height]).toEqual([GOLDMINE_MAP_SIZE.width, GOLDMINE_MAP_SIZE.height]);
    expect(png.pixel(...centre(0))).toBe(seatColor(0));
    expect(png.pixel(...centre(1))).toBe(seatColor(1));
    expect(png.pixel(...centre(2))).toBe(EMPTY_PLOT);
    expect(png.pixel(...centre(3))).toBe(seatColor(2));
    expect(picture.name).toBe('goldmine-map-round-10.png');
    expect(picture.alt).toBe("Gold mining's ownership map after round 10 of 200: Ada 1 plot, Bram 1 plot, Cleo 1 plot; 13 unowned.");
    expect(picture.alt).not.toContain('gold,');
  });

  test('at the end: the gold too, each miner with a bar', () => {
    const picture = goldmineMapPicture({ players, owner, size: 4, round: 200, rounds: 200, gold: [120, 30, 0] });
    expect(decodePng(picture.png).width).toBe(GOLDMINE_MAP_SIZE.width);
    expect(picture.alt).toBe("Gold mining's ownership map at the end (round 200) and each miner's gold: Ada 120 gold, 1 plot; Bram 30 gold, 1 plot; Cleo 0 gold, 1 plot; 13 plots unowned.");
  });

  test('a name with markup or control characters is drawn as text', () => {
    const picture = goldmineMapPicture({ players: ['<b>&\u0007', 'x'], owner: [0, 1, -1, -1], size: 2, round: 1, rounds: 2 });
    expect(decodePng(picture.png).height).toBe(GOLDMINE_MAP_SIZE.height);
  });
});
