import { describe, expect, test } from 'bun:test';
import { decodePng } from '../../testing/decodePng.ts';
import { playedMatch } from '../../testing/playedMatch.ts';
import { INFLUENCE_VOTES_SIZE } from './influenceVotesPicture.ts';
import { influenceRoundPictures } from './influenceRoundPictures.ts';

describe('influenceRoundPictures', () => {
  test("a finished round's public vote count, its words giving the same counts; no ballot", () => {
    const { match, records } = playedMatch('influence', ['a', 'b', 'c', 'd', 'e'], 1);
    const record = records[0]!;
    const votes = record.events.find((e) => e.type === 'votes')!.data as { empowerVotes: Record<string, number>; exposeVotes: Record<string, number>; empowered: string };
    const [picture] = influenceRoundPictures(record, match);
    const png = decodePng(picture!.png);
    expect([png.width, png.height]).toEqual([INFLUENCE_VOTES_SIZE.width, INFLUENCE_VOTES_SIZE.height]);
    const named = (tally: Record<string, number>) => ['a', 'b', 'c', 'd', 'e'].filter((p) => (tally[p] ?? 0) > 0).map((p) => `${p} ${tally[p]}`).join(', ');
    expect(picture!.alt).toBe(`Influence's votes in round 1: empower ${named(votes.empowerVotes)}; expose ${named(votes.exposeVotes)}; ${votes.empowered} empowered.`);
    expect(picture!.alt).not.toContain('voted');
  });

  test('a round without a vote count has no picture', () => {
    const { match, records } = playedMatch('influence', ['a', 'b', 'c', 'd'], 1);
    expect(influenceRoundPictures({ ...records[0]!, events: [] }, match)).toEqual([]);
  });
});
