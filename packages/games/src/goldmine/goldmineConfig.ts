import { z } from 'zod';

/** Names an outside map may not use as a key: they would reach Object's prototype. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** A map from outside keys: a key that would reach Object's prototype is refused, not silently dropped. */
function safeRecord<K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) {
  return z.preprocess((raw, ctx) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const k of Object.keys(raw)) if (RESERVED.has(k)) ctx.addIssue({ code: 'custom', message: `'${k}' is not allowed as a key` });
    }
    return raw;
  }, z.record(key, value));
}

const staminaValue = z.number().int().min(1).max(100);

/** `8/12`: two stamina classes as text, so a sweep or `!play --set` can give them as one value. */
const TWO_CLASSES = /^\s*(\d+)\s*\/\s*(\d+)\s*$/;

/**
 * Stamina S (RULES G-e: per player). One number for everyone (the baseline);
 * two values `[a, b]` (or the text `"a/b"`) for two classes, the seats drawn
 * into them by seed (half each, the first class taking the odd one out); or a
 * map from player id to S, the players it leaves out getting 10.
 */
export const staminaSchema = z.union([
  staminaValue,
  z.tuple([staminaValue, staminaValue]),
  z
    .string()
    .regex(TWO_CLASSES, 'two stamina classes are written "a/b", e.g. "8/12"')
    .describe('"a/b" (two classes, e.g. 8/12)')
    .transform((text) => {
      const [, a, b] = TWO_CLASSES.exec(text)!;
      return [Number(a), Number(b)] as [number, number];
    })
    .pipe(z.tuple([staminaValue, staminaValue])),
  safeRecord(z.string().describe('player id'), staminaValue).describe('one player; the others get 10'),
]);

/**
 * Per-plot alpha (RULES G-e): `uniform` (every plot yields alpha, the
 * baseline); `gradient` (columns in three bands, west to east: 0.5, 1 and 1.5
 * times alpha); `random` (each plot 0.5, 1 or 1.5 times alpha, drawn by
 * seed); or a map from plot id to its own alpha, the plots it leaves out
 * yielding alpha.
 */
export const plotAlphaSchema = z.union([
  z.enum(['uniform', 'gradient', 'random']),
  safeRecord(z.string().regex(/^\d+$/, 'plot ids are whole numbers').describe('plot'), z.number().positive().max(1000)).describe('one plot; the others yield alpha'),
]);

/**
 * The ODD's parameters as settled by RULES.md Gold mining; `parse({})` gives the
 * baseline: a 10x10 map, 200 rounds, S = 10 refreshed every round, cap 3,
 * alpha 1 gold per mined stamina, a one-round truce on claims, defense that
 * blocks every raider, and the K=5 history summary (the ODD's default
 * visibility). The treatments of RULES G-e (`plotAlpha`, per-player
 * `stamina`, `talk`, `authority`) are off by default.
 */
export const goldmineConfigSchema = z
  .object({
    /** Side of the square map; plots are 0..size*size-1, row-major. */
    size: z.number().int().min(2).max(32).default(10),
    rounds: z.number().int().min(1).max(10_000).default(200),
    /** Stamina S, reset to this at the start of every round; unused stamina is lost. */
    stamina: staminaSchema.describe('stamina per round').default(10),
    /** M_CAP: a mine action's k goes 0..cap (RULES G-a), each mined stamina yielding alpha. */
    cap: z.number().int().min(1).max(10).default(3),
    /** Gold per effectively mined stamina. */
    alpha: z.number().positive().max(1000).default(1),
    plotAlpha: plotAlphaSchema.describe('gold per mined stamina, plot by plot').default('uniform'),
    /** Rounds of raid protection counted from the claim round (RULES 3): 1 = the claim round only. */
    truce: z.number().int().min(0).max(10_000).default(1),
    /** `all`: a defended plot blocks every raider. `perRaid`: one defense point blocks one raider, lowest id first (RULES 4). */
    defense: z.enum(['all', 'perRaid']).default('all'),
    /** What the public history in a view (and a model's prompt, RULES G-f) holds: nothing but the map, the last round only, the last K=5 rounds, or every round played (RULES G-d). */
    history: z.enum(['none', 'last', 'k5', 'full']).describe('what a player sees of past rounds: nothing but the map, the last round, the last 5, or every round').default('k5'),
    /** Cheap talk (RULES G-e): each player may post one public line of at most 200 characters a round, shown to all the next round. */
    talk: z.boolean().describe('one public line a round per player, shown to all the next round').default(false),
    /** Authority (RULES G-e, G-g): a plot raided from a holder of at least this many rounds goes back to it and every raider of it is fined; 0 = no authority. */
    authority: z.number().int().min(0).max(10_000).describe('rounds of holding after which a raided plot goes back and its raiders are fined (0: no authority)').default(0),
    /** Gold the authority fines each raider of a plot it gives back (never more than the raider holds). */
    authorityFine: z.number().min(0).max(1_000_000).describe('gold the authority fines each raider of a plot it gives back').default(10),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (typeof c.plotAlpha === 'object') {
      const plots = c.size * c.size;
      for (const key of Object.keys(c.plotAlpha)) {
        if (Number(key) >= plots) ctx.addIssue({ code: 'custom', path: ['plotAlpha', key], message: `plot ${key} is off the ${c.size}x${c.size} map (plots 0..${plots - 1})` });
      }
    }
  });

export type GoldmineConfig = z.infer<typeof goldmineConfigSchema>;

/** Stamina of a player the `stamina` map leaves out. */
export const DEFAULT_STAMINA = 10;
/** Rounds shown by the `k5` history. */
export const HISTORY_K = 5;
/** Tenure (rounds, counting the acquisition round) from which a holder counts as stable. */
export const STABLE_TENURE = 10;
/** Longest cheap-talk line, in characters. */
export const TALK_MAX = 200;
