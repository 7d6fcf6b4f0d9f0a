import { parsedOnce } from '../engine/parsedOnce.ts';
import { Rng } from '../engine/rng.ts';
import type { GameDefinition, PlayerId } from '../engine/types.ts';
import { applyTrustRound } from './applyTrustRound.ts';
import { trustRulesText } from './trustRulesText.ts';
import { trustConfigSchema, type TrustConfig } from './trustConfig.ts';
import { trustDecisionSchema, type TrustDecision } from './trustDecision.ts';
import { trustStrategies } from './trustStrategies.ts';
import type { SeenRound, TrustState, TrustView } from './trustTypes.ts';
import { findUnit } from './trustUnits.ts';
import { trustView } from './trustView.ts';
import { trustDigest } from './trustDigest.ts';
import { trustModelPrompt } from './trustModelPrompt.ts';
import { trustMetrics } from './metrics/trustMetrics.ts';
import { trustLegalMoves, validateTrustDecision } from './validateTrustDecision.ts';
import { trustLegalMoveData } from './trustLegalMoveData.ts';
import { nullRecord } from '../engine/safeKey.ts';
import { trustNarration } from './trustNarration.ts';
import { trustViewSchema } from './trustViewSchema.ts';

/**
 * The Trust game (specs/trust-game.md as settled by RULES.md Trust). One phase,
 * `act`, per round: every living unit picks one of six actions at once.
 * Fallback: DO_NOTHING (which still counts towards the idleness penalty).
 * Team scores: a team is an original player and the units it spawned; winners
 * and `score` are by team, summing its living units.
 */
export const trustGame: GameDefinition<TrustConfig, TrustState, TrustDecision, TrustView> = {
  id: 'trust',
  title: 'Trust',
  summary:
    'Each round every player picks HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG or REPLICATE at once. Mutual high fives +3 each; an unmatched high five -2; ' +
    'an attack takes 4 from a non-blocker, but costs the attacker 3 against a blocker (who gets +2); BLOCK costs 1; the 3rd and later consecutive DO_NOTHING cost 3; ' +
    'BEG costs 1 and asks the observer for 1..20 sats with a reason. A high five misses 15% of the time and lands as an attack. ' +
    'With 100 sats at the start of a round, REPLICATE pays 50 and wins. At 0 sats you are out; after 30 rounds the richest wins. ' +
    'House rules, off unless the match sets them: shocks (random gains or losses for everyone, a bonus for high-five streaks) and alliances (3+ players: allies cannot attack each other and may share sats).',
  rulesText: ({ config }) => trustRulesText(config, config.maxRounds).join('\n'),
  minPlayers: 2,
  maxPlayers: 8,
  defaultPlayers: 2,
  configSchema: trustConfigSchema,
  decisionSchema: trustDecisionSchema,
  phases: [{ name: 'act', collects: 'one action from every living unit', endsWhen: 'every living unit has decided or the deadline passed' }],

  setup(config, seed, players): TrustState {
    const cfg = parsedOnce(trustConfigSchema, config);
    return {
      game: 'trust',
      seed,
      config: cfg,
      players: [...players],
      round: 1,
      phase: 'act',
      // Kept for the contract; the rules draw from streams derived from seed, round, kind and subject (RULES.md), so no draw depends on another.
      rng: Rng.fromSeed(seed).state(),
      units: players.map((id) => ({ id, team: id, sats: cfg.startSats, alive: true, idle: 0, begs: 0, fives: 0 })),
      memory: nullRecord<SeenRound[]>(players.map((id) => [id, []])),
      notices: nullRecord(),
      alliances: { pairs: [], offers: [] },
      result: { over: false, winners: [], kind: null },
    };
  },
  actors(state) {
    const out: PlayerId[] = [];
    if (!state.result.over) for (const u of state.units) if (u.alive) out.push(u.id);
    return out;
  },
  legalMoves: trustLegalMoves,
  legalMoveData: trustLegalMoveData,
  validate: validateTrustDecision,
  fallback: () => ({ action: 'DO_NOTHING' }),
  apply: applyTrustRound,
  view: trustView,
  viewSchema: trustViewSchema,
  outcome: (state) => state.result,
  scoreName: 'sats',
  // A lobby seats four: Trust is dull with two (a miss turns a pair into a feud).
  presentation: { scoreField: 'sats', scoreDecimals: 0, roundDelayMs: 3500, lobbySeats: 4 },
  narration: trustNarration,
  score: teamScore,
  alive: (state, player) => state.units.some((u) => u.alive && (u.id === player || u.team === player)),
  report(state) {
    const players: Record<PlayerId, Record<string, unknown>> = {};
    for (const u of state.units) players[u.id] = { sats: u.sats, alive: u.alive };
    return { players };
  },
  digest: trustDigest,
  modelPrompt: trustModelPrompt,
  strategies: trustStrategies,
  metrics: trustMetrics,
};

/** A team's sats on its living units; a spawned unit's id scores that unit alone. */
function teamScore(state: TrustState, player: PlayerId): number {
  const unit = findUnit(state, player);
  if (unit && unit.team !== unit.id) return unit.alive ? unit.sats : 0;
  let total = 0;
  for (const u of state.units) if (u.alive && u.team === player) total += u.sats;
  return total;
}
