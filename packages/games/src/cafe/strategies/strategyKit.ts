import { applyCafeRound } from '../applyCafeRound.ts';
import { brainContext } from '../../engine/runner.ts';
import type { BrainContext, GameEvent, PlayerId, Strategy } from '../../engine/types.ts';
import type { CafeDecision, CafeMove } from '../cafeDecision.ts';
import { cafeGame } from '../cafeGame.ts';
import type { CafeState, CafeView } from '../cafeTypes.ts';
import { formatRate } from '../cents.ts';

type Seats = Record<PlayerId, [level: number, tokens: number, alive?: boolean]>;

/** A table where tokens move only by the players' own moves (no interest, awards or bonuses), so transcripts show round numbers. */
export const QUIET = { interestRate: 0, bestAward: 0, survivalBonus: 0, groupBonus: 0 };

/** Test fixtures for strategies: a table set up by (level, tokens) per player, and the view and context of one of them. */
export function tableOf(seats: Seats, round = 1, config: Record<string, unknown> = {}): CafeState {
  const s = cafeGame.setup(cafeGame.configSchema.parse(config), 11, Object.keys(seats));
  s.round = round;
  for (const p of s.table) {
    const [level, tokens, alive = true] = seats[p.id]!;
    Object.assign(p, { level, cents: tokens * 100, alive });
  }
  return s;
}

export function seen(state: CafeState, player: PlayerId): { view: CafeView; ctx: BrainContext } {
  return { view: cafeGame.view(state, player), ctx: brainContext(state.seed, player, state.round, state.phase) };
}

/** The decision `strategy` takes as `player` at this table. */
export function decideAs(strategy: Strategy<CafeView, CafeDecision>, state: CafeState, player: PlayerId): CafeDecision {
  const { view, ctx } = seen(state, player);
  return strategy.decide(view, ctx);
}

/** A move in a transcript's words: `donate b 600`, `offer b 700 at 30% for 3`, `accept pl`, `rescue`... */
export function moveText(m: CafeMove): string {
  switch (m.type) {
    case 'donate':
      return `donate ${m.to} ${m.amount}`;
    case 'offer_loan':
      return `offer ${m.to} ${m.amount} at ${formatRate(m.rate)} for ${m.duration}`;
    case 'withdraw_offer':
      return `withdraw ${m.to}`;
    case 'accept_loan':
      return `accept ${m.from}`;
    case 'rescue':
      return 'rescue';
    case 'resurrect':
      return `resurrect ${m.target}`;
  }
}

/** Who decides what at a transcript's table: a strategy, or a script from the view to the market moves. Unlisted players answer and move nothing. */
export type Brains = Record<PlayerId, Strategy<CafeView, CafeDecision> | ((view: CafeView) => CafeMove[])>;

/** What happened to `subject` in a round besides its own moves: loans taken from it, repaid or defaulted, gifts received, its fate. */
function happenings(events: readonly GameEvent[], subject: PlayerId): string[] {
  const out: string[] = [];
  for (const { type, data: d = {} } of events) {
    if (type === 'loan_accepted' && d.lender === subject) out.push(`${d.borrower} took ${d.amount}`);
    if (type === 'loan_repaid' && d.lender === subject) out.push(`${d.borrower} repaid ${d.owed}`);
    if (type === 'loan_repaid' && d.borrower === subject) out.push(`repaid ${d.lender} ${d.owed}`);
    if (type === 'loan_defaulted' && d.lender === subject) out.push(`${d.borrower} defaulted on ${d.owed}`);
    if (type === 'loan_defaulted' && d.borrower === subject) out.push(`defaulted on ${d.owed} to ${d.lender}`);
    if (type === 'donation' && d.to === subject) out.push(`got ${d.amount} from ${d.from}`);
    if (type === 'resurrection' && d.target === subject) out.push(`resurrected by ${d.by}`);
    if (type === 'eliminated' && d.player === subject) out.push('eliminated');
  }
  return out;
}

/**
 * Plays `verdicts.length` rounds (each `best>worst`, forced as the House's
 * verdict) at the table and returns, per round, what `subject` did in
 * Axelrod's transcript style: `r3 L-3 1,240: donate b 600 [b took 600]`. The
 * level and tokens are the subject's as it decided; `-` means no moves,
 * `(refused)` marks a move the MARKET refused, and brackets hold what
 * happened to the subject that round.
 */
export function transcript(state: CafeState, brains: Brains, subject: PlayerId, verdicts: string[]): string[] {
  const lines: string[] = [];
  let s = state;
  for (const v of verdicts) {
    if (s.result.over) break;
    const [best, worst] = v.split('>') as [PlayerId, PlayerId];
    const decisions: Record<PlayerId, CafeDecision> = {};
    for (const id of cafeGame.actors(s)) {
      const brain = brains[id];
      const { view, ctx } = seen(s, id);
      if (!brain) decisions[id] = { market: [], response: `answer from ${id}` };
      else if (typeof brain === 'function') decisions[id] = { market: brain(view), response: `answer from ${id}` };
      else decisions[id] = brain.decide(view, ctx);
    }
    const me = s.table.find((p) => p.id === subject)!;
    const step = applyCafeRound(s, { decisions, external: { judge: { best, worst } } });
    const refused = step.events.filter((e) => e.type === 'move_refused' && e.data!.player === subject).map((e) => e.data!.move);
    const moves = (decisions[subject]?.market ?? []).map((m) => {
      const i = refused.indexOf(m.type);
      if (i < 0) return moveText(m);
      refused.splice(i, 1);
      return `${moveText(m)} (refused)`;
    });
    const news = happenings(step.events, subject);
    lines.push(`r${s.round} L${me.level} ${(me.cents / 100).toLocaleString('en-US')}: ${moves.join(', ') || '-'}${news.length ? ` [${news.join('; ')}]` : ''}`);
    s = step.state;
  }
  return lines;
}
