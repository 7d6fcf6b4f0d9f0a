import { formatZodError } from '@the-house/games/engine/errors.ts';
import { clockRulesSchema, type ClockRules } from './seatClock.ts';

/**
 * A remote seat's time rules from the environment: HOUSE_REMOTE_MOVE_MS (each
 * move, default 10 s), HOUSE_REMOTE_BANK_MS (the match's bank, default 60 s)
 * and HOUSE_REMOTE_MAX_MISSES (turns in a row, default 3). A setting that
 * cannot be read is one line in `problem`, and the defaults hold.
 */
export function clockSettings(env: Readonly<Record<string, string | undefined>> = process.env): { rules: ClockRules; problem: string | null } {
  const raw: Record<string, number> = {};
  for (const [field, key] of [['moveMs', 'HOUSE_REMOTE_MOVE_MS'], ['bankMs', 'HOUSE_REMOTE_BANK_MS'], ['maxMisses', 'HOUSE_REMOTE_MAX_MISSES']] as const) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    if (!/^\d{1,9}$/.test(value)) return { rules: clockRulesSchema.parse({}), problem: `${key} must be a whole number, got '${value.slice(0, 20)}'` };
    raw[field] = Number(value);
  }
  const parsed = clockRulesSchema.safeParse(raw);
  return parsed.success ? { rules: parsed.data, problem: null } : { rules: clockRulesSchema.parse({}), problem: `remote seat time: ${formatZodError(parsed.error)}` };
}
