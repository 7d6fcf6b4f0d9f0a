import type { BaseState, Outcome, PlayerId } from '../engine/types.ts';
import type { CafeConfig } from './cafeConfig.ts';

/** One round's task. `keywords` feed the stand-in judge's relevance score. */
export interface Challenge {
  id: string;
  prompt: string;
  keywords: string[];
}

export interface CafePlayer {
  id: PlayerId;
  level: number;
  /** Bank in integer cents. Frozen (no interest, no bonuses) while eliminated. */
  cents: number;
  alive: boolean;
}

/** An open loan offer; at most one per (lender, borrower) pair, a new one replaces the old. */
export interface LoanOffer {
  lender: PlayerId;
  borrower: PlayerId;
  cents: number;
  rate: number;
  duration: number;
  /** Round of the MARKET it was made in; acceptable from the next round on. */
  made: number;
}

export interface Loan {
  id: number;
  lender: PlayerId;
  borrower: PlayerId;
  principalCents: number;
  rate: number;
  /** principal x (1 + rate) in cents, halves up: what the borrower owes when the loan falls due. */
  dueCents: number;
  accepted: number;
  /** Falls due at the start of this round, after interest. */
  dueRound: number;
}

export interface Verdict {
  best: PlayerId;
  worst: PlayerId;
  reason: string;
  /** `external` when the House's judge decided, `stand-in` for the rubric scorer. */
  by: 'external' | 'stand-in';
}

/** What happened in the last played round, public to everyone. */
export interface RoundSummary {
  round: number;
  challenge: Challenge;
  responses: Record<PlayerId, string>;
  verdict: Verdict;
}

export interface CafeState extends BaseState<CafeConfig> {
  game: 'cafe';
  table: CafePlayer[];
  offers: LoanOffer[];
  /** Outstanding loans (repaid and defaulted ones leave this list; the event log keeps them). */
  loans: Loan[];
  nextLoanId: number;
  /** Bank challenge ids in the seeded order of this match. */
  challengeOrder: string[];
  /** The challenge of the round being played. */
  challenge: Challenge;
  last: RoundSummary | null;
  /** Private notes from the last round (refused moves and why), by player. */
  notices: Record<PlayerId, string[]>;
  result: Outcome;
}

export interface CafeViewPlayer {
  id: PlayerId;
  level: number;
  tokens: number;
  alive: boolean;
}

export interface CafeViewOffer {
  lender: PlayerId;
  borrower: PlayerId;
  amount: number;
  rate: number;
  duration: number;
  /** True when it can be accepted in this round's MARKET. */
  open: boolean;
}

export interface CafeViewLoan {
  lender: PlayerId;
  borrower: PlayerId;
  principal: number;
  owed: number;
  rate: number;
  dueRound: number;
}

/** Everything one player may know: the whole public table and market, plus its own notices. */
export interface CafeView {
  you: PlayerId;
  round: number;
  rounds: number;
  challenge: Challenge;
  level: number;
  tokens: number;
  alive: boolean;
  players: CafeViewPlayer[];
  offers: CafeViewOffer[];
  loans: CafeViewLoan[];
  last: RoundSummary | null;
  notices: string[];
  costs: { rescue: number; resurrect: number; rescueLevels: number; minLevel: number; maxLevel: number };
  /** The match's economy (tokens a bank starts with, tokens a round and the interest rate), for prompts. */
  economy: { interestRate: number; bestAward: number; survivalBonus: number; groupBonus: number; resurrectLevel: number; startTokens: number };
}
