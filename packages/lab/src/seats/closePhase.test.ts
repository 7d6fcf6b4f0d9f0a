import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { closePhase } from './closePhase.ts';

const late = { kind: 'human' as const, texts: ['!move hf'], calls: [], outcome: 'valid' as const, errors: [], final: '{"action":"HIGH_FIVE"}' };

test('an answer that comes after the runner closed its phase changes nothing, and the phases stay in the order played', () => {
  const trust = games.trust!;
  const match = Match.create(trust, trust.configSchema.parse({ maxRounds: 3 }), 1, ['valueOf', 'toString']);
  const recorder = new MatchRecorder('m', emptyRecord());
  recorder.answer(1, 'act', 'toString', { kind: 'offline', texts: ['{"action":"BLOCK"}'], calls: [], outcome: 'valid', errors: [] });
  // `valueOf` missed the deadline: the phase is played without it.
  closePhase(recorder, match, { toString: { action: 'BLOCK' } });
  match.step({ decisions: { toString: { action: 'BLOCK' } } });
  recorder.answer(2, 'act', 'toString', { kind: 'offline', texts: ['{"action":"BLOCK"}'], calls: [], outcome: 'valid', errors: [] });
  // Its answer to round 1 arrives now, during round 2.
  recorder.answer(1, 'act', 'valueOf', late);
  const phases = recorder.record.phases;
  expect(phases.map((p) => p.round)).toEqual([1, 2]);
  expect(phases[0]!.answers.valueOf).toMatchObject({ outcome: 'fallback', errors: ['no decision in time'] });
  expect(Object.hasOwn(phases[1]!.answers, 'valueOf')).toBe(false);
  // Whatever else comes late for round 1 goes to round 1's trace, not to a second one at the end.
  expect(recorder.phase(1, 'act')).toBe(phases[0]!);
  expect(phases.length).toBe(2);
});

test('a seat that answered in time with no decision keeps its own reasons; one that never answered is told it had no time', () => {
  const trust = games.trust!;
  const match = Match.create(trust, trust.configSchema.parse({ maxRounds: 3 }), 1, ['ada', 'bo']);
  const recorder = new MatchRecorder('m', emptyRecord());
  const refused = { kind: 'model' as const, texts: [], calls: [0], outcome: 'fallback' as const, errors: ["the agent's answer is over 262144 bytes"] };
  recorder.answer(1, 'act', 'ada', refused);
  closePhase(recorder, match, {});
  expect(recorder.record.phases[0]!.answers.ada).toEqual(refused);
  expect(recorder.record.phases[0]!.answers.bo).toMatchObject({ outcome: 'fallback', errors: ['no decision in time'] });
});
