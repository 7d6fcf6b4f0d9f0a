import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { jsonKeyProblem, ownValue } from '@the-house/games/engine/safeKey.ts';

/**
 * Price of a model in currency units (USD by default) per million tokens;
 * `cachedInput` and `cacheWrite`, when given, price the prompt tokens a
 * provider said it read from or wrote to its cache (else they cost `input`).
 */
export const priceSchema = z
  .object({ input: z.number().min(0).max(1_000_000), output: z.number().min(0).max(1_000_000), cachedInput: z.number().min(0).max(1_000_000).optional(), cacheWrite: z.number().min(0).max(1_000_000).optional() })
  .strict();

/** `HOUSE_PRICES`: model name to price; a model not listed costs 0 (and the report says so). */
export const priceTableSchema = z.record(z.string().min(1), priceSchema);

export type PriceTable = z.infer<typeof priceTableSchema>;

export function parsePriceTable(raw: string | undefined): { ok: true; table: PriceTable } | { ok: false; error: string } {
  if (!raw?.trim()) return { ok: true, table: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'HOUSE_PRICES is not valid JSON; expected {"model": {"input": USD per 1M tokens, "output": USD per 1M tokens, "cachedInput"?: ..., "cacheWrite"?: ...}}' };
  }
  // Checked before zod: a `__proto__` model would become the table's prototype, not a model.
  const keys = jsonKeyProblem(json);
  if (keys) return { ok: false, error: `HOUSE_PRICES ${keys}` };
  const parsed = priceTableSchema.safeParse(json);
  return parsed.success ? { ok: true, table: parsed.data } : { ok: false, error: `HOUSE_PRICES: ${formatZodError(parsed.error)}` };
}

/** A call's cost: its prompt tokens at the input price (those the provider read from or wrote to its cache at their own prices, when listed) and its answer's at the output price. */
export function callCost(table: PriceTable, model: string, tokensIn: number, tokensOut: number, cache: { read?: number; written?: number } = {}): number {
  // A model's name comes from settings or the CLI (`model:constructor`): only a listed model has a price.
  const price = ownValue(table, model);
  if (!price) return 0;
  const read = Math.min(cache.read ?? 0, tokensIn);
  const written = Math.min(cache.written ?? 0, tokensIn - read);
  const input = (tokensIn - read - written) * price.input + read * (price.cachedInput ?? price.input) + written * (price.cacheWrite ?? price.input);
  return (input + tokensOut * price.output) / 1_000_000;
}
