import type { z } from 'zod';

const parsed = new WeakMap<object, WeakMap<object, unknown>>();

/**
 * `schema.parse(config)`, worked out once per config object: experiments set
 * up thousands of matches from one config, and a game's zod parse costs more
 * than a short match. Configs are never modified once made (rules copy what
 * they change), so the same object always parses the same way.
 */
export function parsedOnce<S extends z.ZodType>(schema: S, config: unknown): z.output<S> {
  if (config === null || typeof config !== 'object') return schema.parse(config);
  let bySchema = parsed.get(schema);
  if (!bySchema) parsed.set(schema, (bySchema = new WeakMap()));
  if (bySchema.has(config)) return bySchema.get(config) as z.output<S>;
  const value = schema.parse(config);
  bySchema.set(config, value);
  // A parsed config parses to itself, so the match's own copy is found too.
  if (value && typeof value === 'object') bySchema.set(value, value);
  return value;
}
