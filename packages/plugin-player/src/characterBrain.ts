import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { games } from '@the-house/games/registry.ts';
import type { StrategyChoice } from '@the-house/lab/decision/strategyMove.ts';

export type CharacterBrain = { kind: 'model'; fallback: StrategyChoice } | { kind: 'offline'; strategies: StrategyChoice };

/**
 * A player character's `settings`: `brain` is `model` (think with the
 * configured model) or `offline`; `strategies` names its baseline per game,
 * played offline and, for a model brain, whenever the model is unavailable or
 * its budget is spent. A strategy name as `brain` (the older form) counts for
 * every game that has a strategy of that name.
 */
export const brainSettingsSchema = z.object({
  brain: z.string().min(1).default('offline'),
  strategies: z.record(z.string(), z.string()).default({}),
  offlineStrategy: z.string().optional(),
});

/** Unknown games or strategy names in `strategies`, as messages naming what exists. */
export function strategyProblems(choice: StrategyChoice): string[] {
  const problems: string[] = [];
  for (const [gameId, name] of Object.entries(choice)) {
    const game = ownValue(games, gameId);
    if (!game) problems.push(`unknown game '${gameId}' (games: ${Object.keys(games).join(', ')})`);
    else if (!ownValue(game.strategies, name)) problems.push(`${gameId} has no strategy '${name}' (strategies: ${Object.keys(game.strategies).join(', ')})`);
  }
  return problems;
}

/** Reads a character's brain; problems (bad settings, unknown names) are returned for the host to log, never thrown. */
export function characterBrain(settings: unknown, hasModel: boolean): { brain: CharacterBrain; problems: string[] } {
  const parsed = brainSettingsSchema.safeParse(settings ?? {});
  const problems: string[] = [];
  if (!parsed.success) problems.push(`bad brain settings: ${formatZodError(parsed.error)}`);
  const s = parsed.success ? parsed.data : brainSettingsSchema.parse({});
  const strategies: StrategyChoice = {};
  for (const legacy of [s.brain, s.offlineStrategy]) {
    if (!legacy) continue;
    for (const game of Object.values(games)) if (ownValue(game.strategies, legacy)) strategies[game.id] ??= legacy;
  }
  Object.assign(strategies, s.strategies);
  problems.push(...strategyProblems(s.strategies));
  if (s.brain === 'model') return { brain: hasModel ? { kind: 'model', fallback: strategies } : { kind: 'offline', strategies }, problems };
  if (s.brain !== 'offline' && !Object.values(games).some((g) => ownValue(g.strategies, s.brain))) problems.push(`brain '${s.brain}' is neither 'model', 'offline' nor a strategy name`);
  return { brain: { kind: 'offline', strategies }, problems };
}
