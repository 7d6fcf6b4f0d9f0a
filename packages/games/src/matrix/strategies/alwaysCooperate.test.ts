import { expect, test } from 'bun:test';
import { alwaysCooperate } from './alwaysCooperate.ts';
import { alwaysDefect } from './alwaysDefect.ts';
import { transcript } from './transcript.ts';

test('always-cooperate against always-defect: C every round, and the sucker’s payoff each time', () => {
  expect(transcript(alwaysCooperate, alwaysDefect, { rounds: 5 })).toEqual({ me: 'CCCCC', them: 'DDDDD', scores: { me: 0, them: 25 } });
});
