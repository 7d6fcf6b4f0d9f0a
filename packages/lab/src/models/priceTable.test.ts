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

test('prompt tokens a provider read from or wrote to its cache cost their own listed prices, else the input price', () => {
  const parsed = parsePriceTable('{"claude-sonnet-4-5": {"input": 3, "output": 15, "cachedInput": 0.3, "cacheWrite": 3.75}, "plain": {"input": 1, "output": 2}}');
  if (!parsed.ok) throw new Error(parsed.error);
  expect(callCost(parsed.table, 'claude-sonnet-4-5', 2_000_000, 0, { read: 1_000_000, written: 500_000 })).toBeCloseTo(1.5 + 0.3 + 1.875, 9);
  expect(callCost(parsed.table, 'plain', 1_000_000, 1_000_000, { read: 600_000 })).toBe(3);
  expect(callCost(parsed.table, 'claude-sonnet-4-5', 100, 0, { read: 500 })).toBeCloseTo((100 * 0.3) / 1e6, 12);
});
