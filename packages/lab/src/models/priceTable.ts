import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { jsonKeyProblem, ownValue } from '@the-house/games/engine/safeKey.ts';

/** Price of a model in currency units (USD by default) per million tokens. */
export const priceSchema = z.object({ input: z.number().min(0).max(1_000_000), output: z.number().min(0).max(1_000_000) }).strict();

/** `HOUSE_PRICES`: model name to price; a model not listed costs 0 (and the report says so). */
export const priceTableSchema = z.record(z.string().min(1), priceSchema);

export type PriceTable = z.infer<typeof priceTableSchema>;

export function parsePriceTable(raw: string | undefined): { ok: true; table: PriceTable } | { ok: false; error: string } {
  if (!raw?.trim()) return { ok: true, table: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'HOUSE_PRICES is not valid JSON; expected {"model": {"input": USD per 1M tokens, "output": USD per 1M tokens}}' };
  }
  // Checked before zod: a `__proto__` model would become the table's prototype, not a model.
  const keys = jsonKeyProblem(json);
  if (keys) return { ok: false, error: `HOUSE_PRICES ${keys}` };
  const parsed = priceTableSchema.safeParse(json);
  return parsed.success ? { ok: true, table: parsed.data } : { ok: false, error: `HOUSE_PRICES: ${formatZodError(parsed.error)}` };
}

export function callCost(table: PriceTable, model: string, tokensIn: number, tokensOut: number): number {
  // A model's name comes from settings or the CLI (`model:constructor`): only a listed model has a price.
  const price = ownValue(table, model);
  return price ? (tokensIn * price.input + tokensOut * price.output) / 1_000_000 : 0;
}
