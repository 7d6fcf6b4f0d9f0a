import { mean, median } from 'simple-statistics';
import { gini } from '../../stats/gini.ts';
import { nullRecord } from '../../engine/safeKey.ts';

/** An event as it sits in the event log (events.jsonl) or a round record: private entries carry `to`. */
export interface CafeLogEntry {
  round: number;
  type: string;
  data?: Record<string, unknown>;
  to?: string[];
}

export interface Flow {
  round: number;
  from: string;
  to: string;
  kind: 'donation' | 'loan';
  amount: number;
  rate?: number;
}

export interface CafeAnalysis {
  players: string[];
  rounds: number;
  /** Donations and accepted loans, giver to receiver. */
  flows: Flow[];
  /** help[from][to]: tokens donated and lent. */
  help: Record<string, Record<string, { donated: number; lent: number }>>;
  offers: Array<{ round: number; lender: string; borrower: string; amount: number; rate: number; duration: number }>;
  /** Over every loan offer made (null with none). */
  rates: { count: number; mean: number; median: number; min: number; max: number } | null;
  loans: { accepted: number; repaid: number; defaulted: number };
  defaults: Array<{ round: number; lender: string; borrower: string; owed: number; why: string }>;
  rescues: Array<{ round: number; player: string }>;
  resurrections: Array<{ round: number; by: string; target: string }>;
  eliminations: Array<{ round: number; player: string }>;
  /** Banks at each round's end (eliminated players' frozen banks included) and the Gini of the living players' banks. */
  wealth: Array<{ round: number; tokens: Record<string, number>; levels: Record<string, number>; alive: string[]; gini: number }>;
  verdicts: Record<string, { best: number; worst: number }>;
  /** Did cooperation emerge: tokens donated and lent in all, rounds that paid the group bonus, pairs who helped each other both ways. */
  cooperation: { donated: number; lent: number; groupBonusRounds: number; reciprocal: Array<[string, string]> };
  outcome: { kind: string | null; winners: string[] } | null;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Answers the spec's research questions from a Café event log (public entries
 * only): who helped whom, whether cooperation emerged (tokens given, rounds
 * with the group bonus, reciprocity), interest rates offered, loans repaid
 * and defaulted, rescues, resurrections, eliminations, banks and wealth
 * inequality (Gini) round by round, and the judge's tally.
 */
export function analyzeCafe(entries: readonly CafeLogEntry[]): CafeAnalysis {
  const a: CafeAnalysis = {
    players: [],
    rounds: 0,
    flows: [],
    help: nullRecord(),
    offers: [],
    rates: null,
    loans: { accepted: 0, repaid: 0, defaulted: 0 },
    defaults: [],
    rescues: [],
    resurrections: [],
    eliminations: [],
    wealth: [],
    verdicts: nullRecord(),
    cooperation: { donated: 0, lent: 0, groupBonusRounds: 0, reciprocal: [] },
    outcome: null,
  };
  const cell = (from: string, to: string) => ((a.help[from] ??= nullRecord())[to] ??= { donated: 0, lent: 0 });
  for (const e of entries) {
    if (e.to) continue;
    const d = e.data ?? {};
    switch (e.type) {
      case 'donation':
        a.flows.push({ round: e.round, from: str(d.from), to: str(d.to), kind: 'donation', amount: num(d.amount) });
        cell(str(d.from), str(d.to)).donated = round2(cell(str(d.from), str(d.to)).donated + num(d.amount));
        break;
      case 'loan_accepted':
        a.loans.accepted++;
        a.flows.push({ round: e.round, from: str(d.lender), to: str(d.borrower), kind: 'loan', amount: num(d.amount), rate: num(d.rate) });
        cell(str(d.lender), str(d.borrower)).lent = round2(cell(str(d.lender), str(d.borrower)).lent + num(d.amount));
        break;
      case 'loan_offered':
        a.offers.push({ round: e.round, lender: str(d.lender), borrower: str(d.borrower), amount: num(d.amount), rate: num(d.rate), duration: num(d.duration) });
        break;
      case 'loan_repaid':
        a.loans.repaid++;
        break;
      case 'loan_defaulted':
        a.loans.defaulted++;
        a.defaults.push({ round: e.round, lender: str(d.lender), borrower: str(d.borrower), owed: num(d.owed), why: str(d.why) });
        break;
      case 'rescue':
        a.rescues.push({ round: e.round, player: str(d.player) });
        break;
      case 'resurrection':
        a.resurrections.push({ round: e.round, by: str(d.by), target: str(d.target) });
        break;
      case 'eliminated':
        a.eliminations.push({ round: e.round, player: str(d.player) });
        break;
      case 'verdict': {
        const best = str(d.best);
        const worst = str(d.worst);
        (a.verdicts[best] ??= { best: 0, worst: 0 }).best++;
        (a.verdicts[worst] ??= { best: 0, worst: 0 }).worst++;
        break;
      }
      case 'standings': {
        const players = (d.players ?? {}) as Record<string, { tokens: number; level: number; alive: boolean }>;
        if (a.players.length === 0) a.players = Object.keys(players);
        const tokens = Object.fromEntries(Object.entries(players).map(([id, p]) => [id, p.tokens]));
        const levels = Object.fromEntries(Object.entries(players).map(([id, p]) => [id, p.level]));
        const alive = Object.keys(players).filter((id) => players[id]!.alive);
        a.wealth.push({ round: e.round, tokens, levels, alive, gini: gini(alive.map((id) => tokens[id]!)) });
        a.rounds = Math.max(a.rounds, e.round);
        break;
      }
      case 'bonuses':
        if (num(d.group) > 0) a.cooperation.groupBonusRounds++;
        break;
      case 'match_over':
        a.outcome = { kind: (d.kind as string | null) ?? null, winners: (d.winners as string[]) ?? [] };
        break;
    }
  }
  for (const f of a.flows) a.cooperation[f.kind === 'donation' ? 'donated' : 'lent'] += f.amount;
  a.cooperation.donated = round2(a.cooperation.donated);
  a.cooperation.lent = round2(a.cooperation.lent);
  for (const [from, row] of Object.entries(a.help)) {
    for (const to of Object.keys(row)) if (from < to && a.help[to]?.[from]) a.cooperation.reciprocal.push([from, to]);
  }
  if (a.offers.length) {
    const rates = a.offers.map((o) => o.rate);
    a.rates = { count: rates.length, mean: mean(rates), median: median(rates), min: Math.min(...rates), max: Math.max(...rates) };
  }
  return a;
}
