import { expect, test } from 'bun:test';
import type { FieldSchema } from '../engine/legalMoveData.ts';
import { influenceGame } from './influenceGame.ts';
import type { InfluenceState } from './influenceTypes.ts';

const config = influenceGame.configSchema.parse({});
const four = ['ann', 'bob', 'cat', 'dan'];
const text: FieldSchema = { type: 'string', maxLength: 500 };
const others: FieldSchema = { type: 'string', enum: ['bob', 'cat', 'dan'] };

/** The state after `n` phases nobody decided in. */
function after(n: number): InfluenceState {
  let s = influenceGame.setup(config, 1, four);
  for (let i = 0; i < n; i++) s = influenceGame.apply(s, { decisions: {} }).state;
  return s;
}

test('Influence as data: what each phase asks, WHISPER a list of DMs, then one post, one ballot, the power', () => {
  const whisper = influenceGame.legalMoveData!(after(0), 'ann');
  expect(whisper).toEqual({
    list: { field: 'whispers', maxItems: 12 },
    moves: [{ move: 'WHISPER', is: {}, fields: { to: { type: 'array', items: others, minItems: 1, maxItems: 3, uniqueItems: true }, text }, required: ['to', 'text'], note: 'a DM; turn 1 of 3: answer the DMs you received or write new ones' }],
    fields: {},
    required: [],
  });
  const rumor = after(1);
  expect(rumor.phase).toBe('RUMOR');
  expect(influenceGame.legalMoveData!(rumor, 'ann').moves).toEqual([{ move: 'RUMOR', is: {}, fields: { public: text }, required: ['public'], note: 'one public message, or img:<http(s) URL to a png/jpeg>' }]);
  const vote = after(2);
  expect(vote.phase).toBe('VOTE');
  expect(influenceGame.legalMoveData!(vote, 'ann').moves).toEqual([{ move: 'VOTE', is: {}, fields: { empower: others, expose: others, last: text }, required: ['empower', 'expose'], note: 'last: your last message, posted if you are eliminated' }]);
  const power = after(3);
  expect(power.phase).toBe('POWER');
  const empowered = power.empowered!;
  const moves = influenceGame.legalMoveData!(power, empowered).moves;
  expect(moves.length).toBeGreaterThan(0);
  for (const m of moves) expect(m.fields.power).toMatchObject({ type: 'object', properties: { action: { const: m.move } }, required: ['action', 'target'] });
  expect(influenceGame.legalMoveData!(power, four.find((p) => p !== empowered)!)).toEqual({ moves: [], fields: {}, required: [] });
});
