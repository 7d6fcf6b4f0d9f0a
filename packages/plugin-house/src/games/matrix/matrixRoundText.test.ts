import { expect, test } from 'bun:test';
import { playedMatch } from '../../testing/playedMatch.ts';
import { matrixEndPictures } from './matrixEndPictures.ts';
import { matrixRoundText } from './matrixRoundText.ts';

test('the room hears round 1 in full, a summary every ten rounds, and the ending with the points race', () => {
  const { match, records } = playedMatch('matrix', ['Ada', 'Bram'], 25, { rounds: 25 });
  const posted = records.map((r) => [r.round, matrixRoundText(r, match)] as const).filter(([, t]) => t !== null);
  expect(posted.map(([r]) => r)).toEqual([1, 10, 20, 25]);
  expect(posted[0]![1]).toStartWith('[matrix] Round 1: ');
  expect(posted[1]![1]).toStartWith('[matrix] Round 10: ');
  expect(posted[1]![1]).toMatch(/Over rounds 1-10, \d+ of 10 games were mutual cooperation\.$/);
  const [ending, ...more] = posted.at(-1)![1]!.split('\n').reverse();
  expect(ending).toStartWith('Match over: after 25 rounds');
  expect(more.join('\n')).not.toContain('Match over');
  expect(more.join('\n')).toMatch(/Over rounds 21-25, \d+ of 5 games were mutual cooperation\.$/);
  const [race] = matrixEndPictures(match);
  expect(race!.name).toBe('matrix-points-race.png');
  expect(race!.alt).toStartWith('The points race over rounds 1 to 25: ');
});
