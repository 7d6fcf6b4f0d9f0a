import { describe, expect, test } from 'bun:test';
import type { Challenge } from './cafeTypes.ts';
import { rubricScore, standInJudge } from './standInJudge.ts';

const tipJar: Challenge = { id: 'tip-jar', prompt: 'Design a tipping policy.', keywords: ['tip', 'barista', 'fair', 'customer'] };

describe('the stand-in judge', () => {
  test('the rubric rewards relevance, a fitting length, numbers and structure', () => {
    expect(rubricScore('', tipJar)).toEqual({ relevance: 0, length: 0, specificity: 0, structure: 0, total: 0 });
    expect(rubricScore('Tips are nice I guess', tipJar)).toEqual({ relevance: 0.25, length: 0, specificity: 0, structure: 0, total: 1 });
    const good = 'Pool every tip and split it by hours worked, so each barista gets a fair share. Show customers the rule on the jar. Review it every 4 weeks; aim for 90% of staff agreeing, and cap card tips at 15%.';
    expect(rubricScore(good, tipJar)).toEqual({ relevance: 1, length: 1, specificity: 1, structure: 1, total: 8.5 });
  });

  test('best is the highest score, worst the lowest; a silent player is always the worst', () => {
    const responses = { a: 'Tip the barista a fair 10% and tell every customer. Then review it.', b: 'tips?', c: '' };
    expect(standInJudge(1, 1, tipJar, responses, ['a', 'b', 'c'])).toMatchObject({ best: 'a', worst: 'c', reason: 'stand-in judge: a scored 6.5 on the rubric; c gave no answer' });
    expect(standInJudge(1, 1, tipJar, { ...responses, c: 'no idea' }, ['a', 'b', 'c'])).toMatchObject({ best: 'a', worst: 'c' });
  });

  test('ties go by a draw from the seed and round, and best and worst always differ', () => {
    const same = { a: 'same words', b: 'same words', c: 'same words' };
    const picks = new Set<string>();
    for (let round = 1; round <= 30; round++) {
      const v = standInJudge(5, round, tipJar, same, ['a', 'b', 'c']);
      expect(v.best).not.toBe(v.worst);
      expect(standInJudge(5, round, tipJar, same, ['a', 'b', 'c'])).toEqual(v);
      picks.add(v.best);
    }
    expect(picks.size).toBe(3);
    const silent = standInJudge(5, 1, tipJar, { a: '', b: '' }, ['a', 'b']);
    expect(silent.best).not.toBe(silent.worst);
  });
});
