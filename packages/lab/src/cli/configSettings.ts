import { configKeys } from '@the-house/games/engine/config.ts';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { CliError } from './cliError.ts';

/** A setting's value as typed on a command line: a number, true/false, or text (the game's zod schema then checks it). */
export type SettingValue = string | number | boolean;

/** Names a dotted key may not hold: they would reach Object's prototype. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Refuses a (possibly dotted) key that would reach Object's prototype, or has an empty part. */
function checkPath(key: string, flag: string): string[] {
  const path = key.split('.');
  if (path.some((p) => RESERVED.has(p) || p === '')) throw new CliError(`${flag} key '${key}' is not allowed`);
  return path;
}

/** A config with one (possibly dotted) key set, refusing keys that would reach Object's prototype. */
export function withSetting(config: Record<string, unknown>, key: string, value: unknown, flag = 'treatment'): Record<string, unknown> {
  const path = checkPath(key, flag);
  const out: Record<string, unknown> = { ...config };
  let at = out;
  for (const part of path.slice(0, -1)) {
    const inner = Object.hasOwn(at, part) && at[part] && typeof at[part] === 'object' ? (at[part] as Record<string, unknown>) : {};
    at[part] = { ...inner };
    at = at[part] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return out;
}

/** A value as typed: a number, `true`/`false`, or text. */
export function settingValue(raw: string): SettingValue {
  if (/^-?(\d+(\.\d+)?|\.\d+)(e[-+]?\d+)?$/i.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}

/**
 * `--set KEY=VALUE` flags, in order, each checked on top of `base` and the
 * ones before it (a dotted key sets a nested field: `shocks.chance=0.3`,
 * `plotAlpha.5=2`): the settings by key, or a one-line CliError naming the
 * flag that is wrong and why.
 */
export function parseSets(game: AnyGame, sets: readonly string[], base: Record<string, unknown> = {}): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  let config = base;
  for (const text of sets) {
    const eq = text.indexOf('=');
    if (eq < 1) throw new CliError(`--set needs KEY=VALUE (a key of ${game.id}'s config), got '${text}'`);
    const key = text.slice(0, eq);
    const raw = text.slice(eq + 1);
    checkPath(key, '--set');
    const allowed = configKeys(game);
    if (!allowed.includes(key.split('.')[0]!)) throw new CliError(`unknown --set key '${key}' (allowed: ${allowed.join(', ')})`);
    if (Object.hasOwn(out, key)) throw new CliError(`--set ${key} is given twice`);
    const value = settingValue(raw);
    config = withSetting(config, key, value, '--set');
    const checked = game.configSchema.safeParse(config);
    if (raw === '' || !checked.success) throw new CliError(`bad value '${raw}' for --set ${key}: ${checked.success ? 'give a value' : formatZodError(checked.error)}`);
    out[key] = value;
  }
  return out;
}

/** `base` with the settings applied, in order. */
export function applySettings(base: Record<string, unknown>, settings: Record<string, SettingValue>): Record<string, unknown> {
  let config = base;
  for (const [key, value] of Object.entries(settings)) config = withSetting(config, key, value, '--set');
  return config;
}
