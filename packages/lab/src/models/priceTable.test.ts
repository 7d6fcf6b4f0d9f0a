import { expect, test } from 'bun:test';
import { callCost, parsePriceTable } from './priceTable.ts';

test('prices: a model named like a prototype field costs nothing rather than NaN; reserved keys and absurd prices are refused', () => {
  const parsed = parsePriceTable('{"gpt-4o": {"input": 2.5, "output": 10}}');
  if (!parsed.ok) throw new Error(parsed.error);
  expect(callCost(parsed.table, 'gpt-4o', 1_000_000, 100_000)).toBe(3.5);
  for (const model of ['constructor', 'toString', '__proto__', 'unlisted']) expect(callCost(parsed.table, model, 1000, 1000)).toBe(0);
  expect(parsePriceTable('{"__proto__": {"input": 1, "output": 1}}')).toEqual({ ok: false, error: "HOUSE_PRICES has the reserved key '__proto__' at __proto__" });
  expect(parsePriceTable('{"m": {"input": 1e300, "output": 1}}')).toMatchObject({ ok: false, error: expect.stringMatching(/^HOUSE_PRICES: m.input: /) });
});
