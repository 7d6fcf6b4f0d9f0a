import { parsedOnce } from '../engine/parsedOnce.ts';
import { Rng } from '../engine/rng.ts';
import type { GameDefinition, PlayerId } from '../engine/types.ts';
import { applyCafeRound } from './applyCafeRound.ts';
import { cafeActors } from './cafeActors.ts';
import { cafeConfigSchema, type CafeConfig } from './cafeConfig.ts';
import { cafeDecisionSchema, type CafeDecision } from './cafeDecision.ts';
import type { CafeState, CafeView } from './cafeTypes.ts';
import { cafeView } from './cafeView.ts';
import { toTokens } from './cents.ts';
import { challengeForRound, challengeOrder, withChallenge } from './challengeOrder.ts';
import { cafeStrategies } from './strategies/cafeStrategies.ts';
import { cafeLegalMoves } from './cafeLegalMoves.ts';
import { cafeLegalMoveData } from './cafeLegalMoveData.ts';
import { cafePrompt } from './cafePrompt.ts';
import { cafeDigest } from './cafeDigest.ts';
import { cafeModelPrompt } from './cafeModelPrompt.ts';
import { cafeMetrics } from './metrics/cafeMetrics.ts';
import { validateCafeDecision } from './validateCafeDecision.ts';
import { nullRecord } from '../engine/safeKey.ts';
import { cafeNarration } from './cafeNarration.ts';
import { cafeViewSchema } from './cafeViewSchema.ts';
import { cafeRulesOf, cafeRulesText } from './cafeRulesText.ts';

/**
 * Café V3 (specs/cafe-v3.md as settled by RULES.md Café). One phase, `round`,
 * per round: every living player sends `{market, response}` at once; the
 * House's judge verdict (or none, for the stand-in judge) comes with the same
 * input as `external.judge`, which is also what a replay round's `"judge"`
 * key becomes. Fallback: no market moves and no response (so the worst).
 * Score: tokens (two decimals).
 */
export const cafeGame: GameDefinition<CafeConfig, CafeState, CafeDecision, CafeView> = {
  id: 'cafe',
  title: 'Café V3',
  summary:
    'Every round each player answers the same challenge; a judge names one best (+1 level, max +3, +500 tokens) and one worst (-1 level); level -6 is elimination. ' +
    'Banks start at 1,000 tokens and earn 5% interest a round, +100 for surviving and +300 each while everyone is alive. ' +
    'Before answering, the MARKET: donate tokens, offer loans (amount, rate, duration; acceptable from the next round; repaid with interest when due or defaulted), ' +
    'accept an offer, rescue yourself (1,000 tokens, +2 levels) or resurrect an eliminated player (2,000 tokens, back at -2). ' +
    'After 20 rounds with everyone alive all win together; a last survivor wins alone; otherwise the richest survivor wins.',
  rulesText: ({ config }) => cafeRulesText(cafeRulesOf(config)).join('\n'),
  minPlayers: 2,
  maxPlayers: 8,
  defaultPlayers: 4,
  configSchema: cafeConfigSchema,
  decisionSchema: cafeDecisionSchema,
  phases: [
    {
      name: 'round',
      collects: 'from every living player its MARKET moves and its answer to the challenge; from the House, optionally, the judge verdict on those answers',
      endsWhen: 'every living player has decided or the deadline passed, and the judge has answered',
    },
  ],

  setup(config, seed, players): CafeState {
    const cfg = parsedOnce(cafeConfigSchema, config);
    const order = challengeOrder(seed);
    return {
      game: 'cafe',
      seed,
      config: cfg,
      players: [...players],
      round: 1,
      phase: 'round',
      rng: Rng.fromSeed(seed).state(),
      table: players.map((id) => ({ id, level: 0, cents: cfg.startTokens * 100, alive: true })),
      offers: [],
      loans: [],
      nextLoanId: 1,
      challengeOrder: order,
      challenge: challengeForRound(order, 1),
      last: null,
      notices: nullRecord(),
      result: { over: false, winners: [], kind: null },
    };
  },
  actors: cafeActors,
  legalMoves: cafeLegalMoves,
  legalMoveData: cafeLegalMoveData,
  validate: validateCafeDecision,
  fallback: () => ({ market: [], response: '' }),
  apply: applyCafeRound,
  view: cafeView,
  viewSchema: cafeViewSchema,
  outcome: (state) => state.result,
  scoreName: 'tokens',
  presentation: { scoreField: 'tokens', scoreDecimals: 2, roundDelayMs: 2500, lobbySeats: 4, title: 'Café' },
  narration: cafeNarration,
  score: (state, player) => toTokens(state.table.find((p) => p.id === player)?.cents ?? 0),
  alive: (state, player) => state.table.some((p) => p.id === player && p.alive),
  report(state) {
    const players: Record<PlayerId, Record<string, unknown>> = {};
    for (const p of state.table) players[p.id] = { tokens: toTokens(p.cents), level: p.level, alive: p.alive };
    const v = state.last?.verdict;
    return { players, extra: v ? { challenge: state.last!.challenge.id, judge: { best: v.best, worst: v.worst, by: v.by } } : undefined };
  },
  digest: cafeDigest,
  strategies: cafeStrategies,
  /** The House's own challenge for the round (`facts.challenge`); a bad one leaves the bank's. */
  pose: (state, facts) => {
    if (facts.challenge === undefined) return state;
    const set = withChallenge(state, facts.challenge);
    return set.ok ? set.value : state;
  },
  prompt: cafePrompt,
  modelPrompt: cafeModelPrompt,
  metrics: cafeMetrics,
};
