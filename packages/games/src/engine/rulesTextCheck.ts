import type { AnyGame, PlayerId } from './types.ts';

/** Per rule setting, the words its value is stated in (none where the value plays no part, e.g. a shock's size while shocks are off). */
export type RuleWords<C> = Record<string, (config: C) => readonly string[]>;

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every setting of a config as a dotted path (`shocks.chance`), nested objects opened. */
export function settingPaths(config: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(config).flatMap(([key, value]) => (isPlain(value) ? settingPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

function valueAt(config: unknown, path: string): unknown {
  let at: unknown = config;
  for (const key of path.split('.')) at = isPlain(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return at;
}

/** The two rules texts of a match: the room's (from the config) and the model prompt's (from the first player's first view). */
export function rulesTexts(game: AnyGame, config: unknown, players: PlayerId[], seed = 1): { room: string; prompt: string } {
  const state = game.setup(game.configSchema.parse(config), seed, players);
  return { room: game.rulesText(state), prompt: game.modelPrompt!.rules(game.view(state, players[0]!)) };
}

/**
 * What either rules text leaves out: for each rule setting whose value differs
 * from the default, every word it is stated in must be in both texts.
 */
export function missingRuleWords<C>(game: AnyGame, raw: unknown, words: RuleWords<C>, players: PlayerId[]): string[] {
  const config = game.configSchema.parse(raw) as C;
  const defaults = game.configSchema.parse({}) as C;
  const texts = rulesTexts(game, config, players);
  const missing: string[] = [];
  for (const [path, say] of Object.entries(words)) {
    if (JSON.stringify(valueAt(config, path)) === JSON.stringify(valueAt(defaults, path))) continue;
    for (const word of say(config)) {
      for (const [where, text] of Object.entries(texts)) if (!text.includes(word)) missing.push(`${where} lacks "${word}" for ${path}=${JSON.stringify(valueAt(config, path))}`);
    }
  }
  return missing;
}
