import { Match } from '@the-house/games/engine/match.ts';
import { PROMPT_MODES, type PromptMode } from '../decision/conversation.ts';
import { games } from '@the-house/games/registry.ts';
import { promptSections, type PromptSection } from '../decision/decisionPrompt.ts';
import { budgetSchema } from '../models/budget.ts';
import { countTokens } from '../models/countTokens.ts';
import { httpModelClient } from '../models/httpModelClient.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import type { ModelClient } from '../models/modelCall.ts';
import { billCalls, CACHE_RULES, type CacheCall } from '../models/promptCache.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import type { ModelFaults } from '../testing/modelAnswer.ts';
import { startOpenAiStub, type OpenAiStub } from '../testing/openaiStub.ts';

/**
 * The tables of issue 17, every seat a model player. `listMax` caps the lists
 * the stub writes: Influence is measured twice, with players that whisper
 * (each WHISPER then runs its three turns, 182 calls a game) and with players
 * that never do (WHISPER ends after its first turn: the 112 calls).
 */
export const TOKEN_TABLES = [
  { name: 'influence', game: 'influence', players: 8, config: {}, listMax: 2 },
  { name: 'influence_quiet', game: 'influence', players: 8, config: {}, listMax: 0 },
  { name: 'cafe', game: 'cafe', players: 4, config: { rounds: 20 }, listMax: 2 },
  { name: 'trust', game: 'trust', players: 2, config: { maxRounds: 30 }, listMax: 2 },
  { name: 'goldmine', game: 'goldmine', players: 10, config: { rounds: 50 }, listMax: 2 },
] as const;

const SEEDS = [1, 2, 3, 4, 5];

/** The broken answers the repair rate is measured against: a tenth in prose, a twentieth cut off, a twentieth illegal. */
export const BENCH_FAULTS: ModelFaults = { prose: 0.1, malformed: 0.05, illegal: 0.05 };

interface Tally {
  games: number;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  cached: number;
  sections: Map<PromptSection, number>;
  decisions: number;
  /** First answers the stub broke (cut off or illegal), and the phases that needed a repair round. */
  broken: number;
  repairs: number;
  fallbacks: number;
  /** Every call of each game, as a provider's cache sees it. */
  games_calls: CacheCall[][];
}

/** A client that counts the tokens of each compact prompt's sections, and keeps every call as a cache would see it, before asking the stub. */
function counted(client: ModelClient, tally: Tally, mode: PromptMode, calls: () => CacheCall[]): ModelClient {
  return {
    ...client,
    async complete(prompt, signal, onUsage, shape) {
      if (mode === 'compact') for (const { section, text } of promptSections(prompt)) tally.sections.set(section, (tally.sections.get(section) ?? 0) + countTokens(text));
      const call: CacheCall = { system: '', prompt, shape, tokensOut: 0 };
      calls().push(call);
      const answer = await client.complete(prompt, signal, onUsage, shape);
      call.tokensOut = countTokens(answer);
      return answer;
    },
  };
}

/** Plays the table's match for each seed, every seat asking the stub, and adds up what the calls cost. */
export async function measureTable(stub: OpenAiStub, table: (typeof TOKEN_TABLES)[number], seeds: readonly number[] = SEEDS, mode: PromptMode = 'compact'): Promise<Tally> {
  const game = games[table.game]!;
  const tally: Tally = { games: 0, calls: 0, tokensIn: 0, tokensOut: 0, cached: 0, sections: new Map(), decisions: 0, broken: 0, repairs: 0, fallbacks: 0, games_calls: [] };
  const answered = stub.calls.length;
  for (const seed of seeds) {
    const ids = Array.from({ length: table.players }, (_, i) => `p${i + 1}`);
    const seats: Record<string, HeadlessSeat> = {};
    const calls: CacheCall[] = [];
    tally.games_calls.push(calls);
    for (const id of ids) {
      const client = counted(httpModelClient({ baseUrl: stub.baseUrl, apiKey: 'stub', model: 'gpt-4o-mini', system: '' }), tally, mode, () => calls);
      seats[id] = { kind: 'model', client, gate: null, persona: `You are ${id}, a player of ${game.title}. Play to win.`, system: '', fallback: Object.values(game.strategies)[0]!, prompts: mode };
    }
    const matchId = `${table.game}-${seed}`;
    const match = Match.create(game, game.configSchema.parse(table.config), seed, ids);
    const recorder = new MatchRecorder(matchId, emptyRecord());
    await playRecorded(match, seats, recorder, { matchId, budget: budgetSchema.parse({}), window: { historyRounds: 12 } });
    tally.games += 1;
    for (const call of recorder.record.calls) {
      tally.calls += 1;
      tally.tokensIn += call.tokensIn;
      tally.tokensOut += call.tokensOut;
      tally.cached += call.cachedIn ?? 0;
    }
    for (const phase of recorder.record.phases) {
      for (const answer of Object.values(phase.answers)) {
        tally.decisions += 1;
        if (answer.texts.length > 1) tally.repairs += 1;
        if (answer.outcome === 'fallback') tally.fallbacks += 1;
      }
    }
  }
  tally.broken = stub.calls.slice(answered).filter((c) => !c.request?.error && (c.kind === 'malformed' || c.kind === 'illegal')).length;
  return tally;
}

/**
 * A table's figures: tokens per game and per call, each prompt section's
 * share of the prompt tokens (%), the cached share; with broken answers, the
 * share of first answers the stub broke, of decisions that needed a repair
 * round and of those where the game's fallback played (%).
 */
export function figures(name: string, clean: Tally, faulty: Tally): Record<string, number> {
  const out: Record<string, number> = {
    [`tokens.${name}.per_game`]: (clean.tokensIn + clean.tokensOut) / clean.games,
    [`tokens.${name}.calls_per_game`]: clean.calls / clean.games,
    [`tokens.${name}.prompt_per_call`]: clean.tokensIn / clean.calls,
    [`tokens.${name}.answer_per_call`]: clean.tokensOut / clean.calls,
    [`tokens.${name}.prompt_share`]: (100 * clean.tokensIn) / (clean.tokensIn + clean.tokensOut),
    [`tokens.${name}.cached_share`]: (100 * clean.cached) / clean.tokensIn,
  };
  const sectionTotal = [...clean.sections.values()].reduce((a, b) => a + b, 0);
  for (const [section, tokens] of clean.sections) out[`tokens.${name}.share.${section}`] = (100 * tokens) / sectionTotal;
  out[`tokens.${name}.broken_rate`] = (100 * faulty.broken) / faulty.decisions;
  out[`tokens.${name}.repair_rate`] = (100 * faulty.repairs) / faulty.decisions;
  out[`tokens.${name}.fallback_rate`] = (100 * faulty.fallbacks) / faulty.decisions;
  out[`tokens.${name}.faulty_per_game`] = (faulty.tokensIn + faulty.tokensOut) / faulty.games;
  return out;
}

/**
 * A table's figures in one prompt mode, per game: tokens sent (prompts and
 * answers), and under each provider's cache rules (CACHE_RULES) the share of
 * prompt tokens its cache would hold and the billed-equivalent tokens (cached
 * ones at their list price's share of an uncached one, answers once).
 */
export function cacheFigures(name: string, mode: PromptMode, tally: Tally): Record<string, number> {
  const out: Record<string, number> = {
    [`tokens.${name}.${mode}.sent`]: (tally.tokensIn + tally.tokensOut) / tally.games,
    [`tokens.${name}.${mode}.prompt_per_call`]: tally.tokensIn / tally.calls,
  };
  for (const rules of CACHE_RULES) {
    const bills = tally.games_calls.map((calls) => billCalls(calls, rules));
    const sum = (f: (b: (typeof bills)[number]) => number) => bills.reduce((a, b) => a + f(b), 0);
    out[`tokens.${name}.${mode}.${rules.name}.cached_share`] = (100 * sum((b) => b.read)) / sum((b) => b.tokensIn);
    out[`tokens.${name}.${mode}.${rules.name}.billed`] = sum((b) => b.billed) / bills.length;
    out[`tokens.${name}.${mode}.${rules.name}.usd`] = sum((b) => b.cost) / bills.length;
  }
  return out;
}

/**
 * Tokens per game with every seat a model player (issues 17 and 26): each
 * table of TOKEN_TABLES played over five seeds against the stub answering
 * like a model from the prompt alone, counted with the House's tokenizer;
 * again with the stub's broken answers (BENCH_FAULTS) for the repair rate;
 * then in each prompt mode, compact and conversation side by side, what it
 * sends and what each provider's cache rules would bill.
 */
export async function bench(): Promise<Record<string, number>> {
  const stub = startOpenAiStub({ mode: 'model' });
  try {
    const out: Record<string, number> = {};
    for (const table of TOKEN_TABLES) {
      stub.options.model = { listMax: table.listMax };
      const clean = await measureTable(stub, table);
      stub.options.model = { listMax: table.listMax, faults: BENCH_FAULTS };
      const faulty = await measureTable(stub, table);
      Object.assign(out, figures(table.name, clean, faulty));
      for (const mode of PROMPT_MODES) {
        stub.options.model = { listMax: table.listMax };
        Object.assign(out, cacheFigures(table.name, mode, mode === 'compact' ? clean : await measureTable(stub, table, SEEDS, mode)));
      }
    }
    return out;
  } finally {
    await stub.stop();
  }
}
