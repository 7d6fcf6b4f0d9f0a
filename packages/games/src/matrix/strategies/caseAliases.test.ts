import { expect, test } from 'bun:test';
import { matrixStrategies } from '../matrixStrategies.ts';
import { random } from './random.ts';
import { transcript } from './transcript.ts';

test("Case's names play the same rules as Axelrod's names", () => {
  const pairs = [
    ['copycat', 'tit-for-tat'],
    ['copykitten', 'tit-for-two-tats'],
    ['cheater', 'always-defect'],
    ['cooperator', 'always-cooperate'],
    ['simpleton', 'pavlov'],
  ] as const;
  for (const [caseName, axelrodName] of pairs) {
    const a = transcript(matrixStrategies[caseName]!, random, { rounds: 40 });
    const b = transcript(matrixStrategies[axelrodName]!, random, { rounds: 40 });
    expect([caseName, a]).toEqual([caseName, b]);
    expect(matrixStrategies[caseName]!.traits).toEqual(matrixStrategies[axelrodName]!.traits);
  }
});
