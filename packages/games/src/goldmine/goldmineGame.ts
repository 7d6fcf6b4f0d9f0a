import { parsedOnce } from '../engine/parsedOnce.ts';
import { Rng } from '../engine/rng.ts';
import type { GameDefinition, PlayerId } from '../engine/types.ts';
import { applyGoldmineRound } from './applyGoldmineRound.ts';
import { goldmineConfigSchema, type GoldmineConfig } from './goldmineConfig.ts';
import { goldmineDecisionSchema, type GoldmineDecision } from './goldmineDecision.ts';
import { goldminePrompt } from './goldminePrompt.ts';
import { goldmineModelPrompt } from './goldmineModelPrompt.ts';
import { goldmineStrategies } from './goldmineStrategies.ts';
import type { GoldmineState, GoldmineView } from './goldmineTypes.ts';
import { goldmineView } from './goldmineView.ts';
import { goldmineLegalMoves } from './legalMoves.ts';
import { goldmineLegalMoveData } from './goldmineLegalMoveData.ts';
import { validateGoldmineDecision } from './validateGoldmineDecision.ts';
import { goldmineMetrics } from './metrics/goldmineMetrics.ts';
import { alphaByPlot, staminaBySeat } from './resolveTreatments.ts';
import { goldmineNarration } from './goldmineNarration.ts';
import { goldmineViewSchema } from './goldmineViewSchema.ts';
import { goldmineRulesOf, goldmineRulesText } from './goldmineRulesText.ts';

/**
 * Gold mining (specs/goldmine-odd.json as settled by RULES.md Gold mining): the
 * property-rights experiment. One phase, `act`, per round: every player submits
 * an ordered action list at once. Fallback: the empty list (no stamina spent).
 * Score: cumulative gold; the match ends after `rounds` rounds and the richest win.
 */
export const goldmineGame: GameDefinition<GoldmineConfig, GoldmineState, GoldmineDecision, GoldmineView> = {
  id: 'goldmine',
  title: 'Gold mining',
  summary:
    'A 10x10 map (by default) of identical plots, all unowned at first. Every round each player gets 10 stamina (reset each round, no carry-over) and submits an ordered list of actions: ' +
    'claim an unowned plot (1), raid a plot someone else owns (1), defend a plot you own (1, paid even if nobody raids), mine k = 0..cap (3 by default) on a plot you own (k). ' +
    'Illegal and repeated actions are removed, then actions are dropped from the end of the list until the cost fits. Claims resolve first (ties by seeded draw), then raids: ' +
    'a defended plot blocks all raiders, an undefended one goes to its raider (ties by seeded draw). Each plot yields k x alpha gold a round to an owner that kept it; ' +
    'a plot gained this round cannot be mined this round. Highest gold after the last round (200 by default) wins. ' +
    'Treatments (off by default): plotAlpha (rich and poor plots), per-player stamina, talk (one public line a round), authority (raids on long-held plots are undone and fined).',
  rulesText: (state) => goldmineRulesText(goldmineRulesOf(state)).join('\n'),
  minPlayers: 2,
  maxPlayers: 20,
  defaultPlayers: 10,
  configSchema: goldmineConfigSchema,
  decisionSchema: goldmineDecisionSchema,
  phases: [{ name: 'act', collects: 'an ordered action list from every player', endsWhen: 'every player has decided or the deadline passed' }],

  setup(config, seed, players): GoldmineState {
    const cfg = parsedOnce(goldmineConfigSchema, config);
    const plots = cfg.size * cfg.size;
    const zeros = (): number[] => new Array<number>(plots).fill(0);
    return {
      game: 'goldmine',
      seed,
      config: cfg,
      players: [...players],
      round: 1,
      phase: 'act',
      rng: Rng.fromSeed(seed).state(),
      owner: new Array<number>(plots).fill(-1),
      since: zeros(),
      truceUntil: zeros(),
      gold: new Array<number>(players.length).fill(0),
      staminaOf: staminaBySeat(cfg, seed, players),
      alphaOf: alphaByPlot(cfg, seed),
      recent: [],
      own: new Array(players.length).fill(null),
      over: false,
    };
  },
  actors: (state) => (state.over ? [] : [...state.players]),
  legalMoves: goldmineLegalMoves,
  legalMoveData: goldmineLegalMoveData,
  validate: validateGoldmineDecision,
  fallback: () => ({ actions: [] }),
  apply: applyGoldmineRound,
  view: goldmineView,
  viewSchema: goldmineViewSchema,
  outcome(state) {
    if (!state.over) return { over: false, winners: [], kind: null };
    const best = Math.max(...state.gold);
    return { over: true, winners: state.players.filter((_, i) => state.gold[i] === best), kind: 'limit' };
  },
  scoreName: 'gold',
  presentation: { scoreField: 'gold', scoreDecimals: 0, roundDelayMs: 400, lobbySeats: 10 },
  narration: goldmineNarration,
  score: (state, player) => state.gold[state.players.indexOf(player)] ?? 0,
  alive: (state, player) => state.players.includes(player),
  report(state) {
    const players: Record<PlayerId, Record<string, unknown>> = {};
    const plots: number[][] = state.players.map(() => []);
    state.owner.forEach((o, p) => {
      if (o >= 0) plots[o]!.push(p);
    });
    state.players.forEach((id, i) => {
      players[id] = { gold: state.gold[i], plots: plots[i] };
    });
    return { players };
  },
  strategies: goldmineStrategies,
  metrics: goldmineMetrics,
  prompt: goldminePrompt,
  modelPrompt: goldmineModelPrompt,
};
