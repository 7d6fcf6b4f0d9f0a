import type { CafeLogEntry } from '@the-house/games/cafe/analysis/analyzeCafe.ts';

export interface RoundLogFile {
  /** `round_01.json`, `round_02.json`, ... */
  file: string;
  json: Record<string, unknown>;
}

/**
 * The per-round JSON logs of the spec's `output_elimination_v3/`, built from
 * the public entries of the event log: for each round its challenge, every
 * answer, the verdict, the economy's movements (interest, loans due, market,
 * bonuses), eliminations, the standings at its end, and all its public events
 * in order. Private entries (refusals) stay out.
 */
export function cafeRoundLogs(entries: readonly CafeLogEntry[]): RoundLogFile[] {
  const byRound = new Map<number, CafeLogEntry[]>();
  for (const e of entries) {
    if (e.to) continue;
    const list = byRound.get(e.round) ?? [];
    list.push(e);
    byRound.set(e.round, list);
  }
  const width = Math.max(2, String(Math.max(0, ...byRound.keys())).length);
  const market = new Set(['donation', 'loan_offered', 'loan_accepted', 'offer_withdrawn', 'rescue', 'resurrection']);
  return [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, list]) => {
      const one = (type: string) => list.find((e) => e.type === type)?.data ?? null;
      const json: Record<string, unknown> = {
        round,
        challenge: one('challenge'),
        responses: (one('responses') as { responses?: unknown } | null)?.responses ?? {},
        verdict: one('verdict'),
        interest: (one('interest') as { paid?: unknown } | null)?.paid ?? {},
        loansDue: list.filter((e) => e.type === 'loan_repaid' || e.type === 'loan_defaulted').map((e) => ({ outcome: e.type === 'loan_repaid' ? 'repaid' : 'defaulted', ...e.data })),
        market: list.filter((e) => market.has(e.type)).map((e) => ({ type: e.type, ...e.data })),
        bonuses: one('bonuses'),
        eliminated: list.filter((e) => e.type === 'eliminated').map((e) => e.data?.player),
        standings: (one('standings') as { players?: unknown } | null)?.players ?? {},
        events: list.map((e) => ({ type: e.type, ...e.data })),
      };
      const over = one('match_over');
      if (over) json.outcome = over;
      return { file: `round_${String(round).padStart(width, '0')}.json`, json };
    });
}
