import { expect, test } from 'bun:test';
import { extractJson } from './extractJson.ts';

test('a bare object', () => {
  expect(extractJson('{"action":"BLOCK"}')).toEqual({ action: 'BLOCK' });
});

test('a fenced block after some prose', () => {
  expect(extractJson('Sure! Here is my move:\n```json\n{"action": "HIGH_FIVE", "target": "Bob"}\n```')).toEqual({ action: 'HIGH_FIVE', target: 'Bob' });
});

test('an object embedded in a sentence, braces inside strings ignored', () => {
  expect(extractJson('I choose {"action":"BEG","amount":5,"reason":"need {help}"} because.')).toEqual({ action: 'BEG', amount: 5, reason: 'need {help}' });
});

test('no object at all', () => {
  expect(extractJson('I will attack!')).toBeNull();
  expect(extractJson('{"action": ')).toBeNull();
  expect(extractJson('[1,2]')).toBeNull();
});
