import { parsedOnce } from '../engine/parsedOnce.ts';
import { Rng } from '../engine/rng.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import type { GameDefinition, PlayerId } from '../engine/types.ts';
import { applyMatrixRound } from './applyMatrixRound.ts';
import { MAX_PLAYERS, matrixConfigSchema, type MatrixConfig } from './matrixConfig.ts';
import { matrixDecisionSchema, type MatrixDecision } from './matrixDecision.ts';
import { matrixDigest } from './matrixDigest.ts';
import { matrixLegalMoveData } from './matrixLegalMoveData.ts';
import { matrixModelPrompt } from './matrixModelPrompt.ts';
import { opponentsOf } from './matrixOpponents.ts';
import { matrixNarration } from './matrixNarration.ts';
import { matrixPrompt } from './matrixPrompt.ts';
import { matrixStrategies } from './matrixStrategies.ts';
import { drawPairs, roundRobinTable } from './matrixTable.ts';
import type { MatrixState, MatrixView } from './matrixTypes.ts';
import { matrixView } from './matrixView.ts';
import { matrixMetrics } from './metrics/matrixMetrics.ts';
import { matrixFallback, matrixLegalMoves, validateMatrixDecision } from './validateMatrixDecision.ts';
import { matrixViewSchema } from './matrixViewSchema.ts';
import { matrixRulesOf, matrixRulesText } from './matrixRulesText.ts';

/**
 * Iterated 2x2 matrix games: the Prisoner's Dilemma with Axelrod's payoffs by
 * default, or Stag Hunt, Chicken, Battle of the Sexes, The Evolution of
 * Trust, or payoffs of the match's own. One phase, `play`, per round: every
 * player with a game this round answers C or D, for all its opponents at
 * once or one by one. Fallback: the player's last meant move against each
 * opponent, C at a first meeting. Score: the sum of its payoffs; the highest
 * wins.
 */
export const matrixGame: GameDefinition<MatrixConfig, MatrixState, MatrixDecision, MatrixView> = {
  id: 'matrix',
  title: 'Matrix games',
  summary:
    "An iterated 2x2 game, the Prisoner's Dilemma by default: each round every player plays C (cooperate) or D (defect) against each opponent at once. " +
    'Both C: 3 each; C against D: 0 for the cooperator, 5 for the defector; both D: 1 each (Axelrod’s payoffs). Scores add up over 200 rounds; the highest wins. ' +
    'Presets: Stag Hunt, Chicken, Battle of the Sexes and The Evolution of Trust; pairing by round robin or random pairs; a fixed or an unknown length; noise that flips moves.',
  rulesText: ({ config }) => matrixRulesText(matrixRulesOf(config)).join('\n'),
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 2,
  configSchema: matrixConfigSchema,
  decisionSchema: matrixDecisionSchema,
  phases: [{ name: 'play', collects: 'a move (C or D) from every player with a game this round, for all its opponents or one per opponent', endsWhen: 'every such player has decided or the deadline passed' }],

  setup(config, seed, players): MatrixState {
    const cfg = parsedOnce(matrixConfigSchema, config);
    const seats = [...players];
    const byes = nullRecord<number>(seats.map((p) => [p, 0]));
    const table = cfg.pairing === 'pairs' ? drawPairs(seats, seed, 1, byes) : { table: roundRobinTable(seats), sitting: null };
    return {
      game: 'matrix',
      seed,
      config: cfg,
      players: seats,
      round: 1,
      phase: 'play',
      // The continuation draws come from this stream, one after each round; pairs and noise from streams derived from seed and round.
      // Derived rather than seeded straight: the first draw of a stream seeded with a small number is close to 1.
      rng: Rng.derive(seed, 'continuation').state(),
      table: table.table,
      sitting: table.sitting,
      byes,
      scores: nullRecord(seats.map((p) => [p, 0])),
      gains: nullRecord(seats.map((p) => [p, 0])),
      memory: nullRecord(seats.map((p) => [p, nullRecord()])),
      notices: nullRecord(),
      result: { over: false, winners: [], kind: null },
    };
  },
  actors: (state) => (state.result.over ? [] : state.players.filter((p) => opponentsOf(state, p).length > 0)),
  legalMoves: matrixLegalMoves,
  legalMoveData: matrixLegalMoveData,
  validate: validateMatrixDecision,
  fallback: matrixFallback,
  apply: applyMatrixRound,
  view: matrixView,
  viewSchema: matrixViewSchema,
  outcome: (state) => state.result,
  scoreName: 'points',
  // Two seats by default (a match of two is Axelrod's pairing); a round of a bot table is quick to follow.
  presentation: { scoreField: 'score', scoreDecimals: 0, roundDelayMs: 600, lobbySeats: 2 },
  narration: matrixNarration,
  score: (state, player) => ownValue(state.scores, player) ?? 0,
  alive: (state, player) => state.players.includes(player),
  report(state) {
    const players: Record<PlayerId, Record<string, unknown>> = {};
    for (const p of state.players) players[p] = { score: ownValue(state.scores, p) ?? 0, gain: ownValue(state.gains, p) ?? 0 };
    return { players };
  },
  digest: matrixDigest,
  prompt: matrixPrompt,
  modelPrompt: matrixModelPrompt,
  strategies: matrixStrategies,
  metrics: matrixMetrics,
};
