import { z } from 'zod';
import { checkPlayers, parseConfig, seedSchema, type Parsed } from './config.ts';
import { formatZodError } from './errors.ts';
import { Match } from './match.ts';
import { jsonKeyProblem, ownValue } from './safeKey.ts';
import type { AnyGame, GameEvent, Outcome, PhaseInput } from './types.ts';

export const scenarioSchema = z.object({
  game: z.string(),
  seed: seedSchema.default(1),
  config: z.record(z.string(), z.unknown()).default({}),
  players: z.array(z.string().min(1)),
  rounds: z.array(z.record(z.string(), z.unknown())).default([]),
});

export type Scenario = z.infer<typeof scenarioSchema>;

export interface ReplayRound {
  round: number;
  players: Record<string, Record<string, unknown>>;
  events: Array<Record<string, unknown>>;
  [extra: string]: unknown;
}

export interface ReplayResult {
  game: string;
  rounds: ReplayRound[];
  outcome: Outcome;
}

function eventJson(e: GameEvent): Record<string, unknown> {
  return { type: e.type, ...e.data, ...(e.to ? { to: e.to } : {}) };
}

/** Default split of a scenario round: `decisions` for the phase, the other keys as external input. */
export function defaultReplayInputs(round: Record<string, unknown>): PhaseInput[] {
  const { decisions, ...external } = round;
  return [{ decisions: (decisions ?? {}) as Record<string, unknown>, external }];
}

/** The replay contract: fixed decisions in, the resulting rounds out. Rounds after the end are ignored; a scenario with a reserved key or a bad player id is refused. */
export function replay(games: Record<string, AnyGame>, raw: unknown): Parsed<ReplayResult> {
  // Checked before zod: a `__proto__` key in a record would become the parsed object's prototype, not a field.
  const keys = jsonKeyProblem(raw);
  if (keys) return { ok: false, error: `bad scenario: it ${keys}` };
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `bad scenario: ${formatZodError(parsed.error)}` };
  const scenario = parsed.data;
  const game = ownValue(games, scenario.game);
  if (!game) return { ok: false, error: `unknown game '${scenario.game}' (known: ${Object.keys(games).join(', ')})` };
  const config = parseConfig(game, scenario.config);
  if (!config.ok) return config;
  const playersError = checkPlayers(game, scenario.players);
  if (playersError) return { ok: false, error: playersError };

  const match = Match.create(game, config.value, scenario.seed, scenario.players);
  const rounds: ReplayRound[] = [];
  for (const round of scenario.rounds) {
    if (match.over) break;
    const inputs = game.replayInputs ? game.replayInputs(match.state, round) : defaultReplayInputs(round);
    for (const input of inputs) {
      if (match.over) break;
      const { finished } = match.step(input);
      if (finished) {
        rounds.push({ round: finished.round, players: finished.report.players, ...finished.report.extra, events: finished.events.map(eventJson) });
      }
    }
  }
  return { ok: true, value: { game: game.id, rounds, outcome: match.outcome() } };
}
