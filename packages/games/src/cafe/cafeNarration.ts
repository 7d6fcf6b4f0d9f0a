import type { GameNarration, NarratedEvent } from '../engine/narration.ts';
import { num, numberWord, plainList, plainReason, quoted, record, str, strs } from '../engine/plainWords.ts';
import type { PlayerId } from '../engine/types.ts';
import type { CafeState } from './cafeTypes.ts';
import { formatRate, toTokens } from './cents.ts';
import { ownValue } from '../engine/safeKey.ts';

/**
 * Private Café events the observer may read, and why: both are the House
 * refusing part of a decision (a malformed answer, a market move that cannot
 * be done), which explains why a move a player meant never happened; they hold
 * nothing another player wrote. The room never hears them: refusals go to
 * their player alone.
 */
const OBSERVER_READS: ReadonlySet<string> = new Set(['decision_problem', 'move_refused']);

const TYPES: ReadonlySet<string> = new Set([
  'interest',
  'loan_repaid',
  'loan_defaulted',
  'offer_withdrawn',
  'loan_accepted',
  'donation',
  'rescue',
  'resurrection',
  'loan_offered',
  'challenge_refused',
  'challenge',
  'responses',
  'judge_overruled',
  'verdict',
  'bonuses',
  'eliminated',
  'standings',
  'match_over',
  ...OBSERVER_READS,
]);

/** An answer as the timeline quotes it; the House tab's Café panel shows them whole. */
const ANSWER_CHARS = 280;

/** Tokens as people write them: "1,234.5". */
export function tokensText(tokens: number): string {
  return tokens.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

const level = (n: number): string => `level ${n}`;

/** Each player's answer to the round's challenge, one entry per player in seat order; an empty answer is named as none. */
export function cafeAnswers(responses: Record<string, unknown>, max = ANSWER_CHARS): string[] {
  return Object.entries(responses).map(([id, text]) => (str(text).trim() ? `${id}: ${quoted(str(text), max)}` : `${id} gave no answer`));
}

/**
 * The ending in words (RULES Café 7): shared by the state's ending and the
 * `match_over` event. `survivors` are the living players with their tokens,
 * richest first.
 */
export function cafeEndingText(kind: string | null, winners: readonly PlayerId[], survivors: ReadonlyArray<{ player: PlayerId; tokens: number }>): string {
  switch (kind) {
    case 'cooperative':
      return winners.length === 2 ? 'cooperative win: both survived' : `cooperative win: all ${numberWord(winners.length)} survived`;
    case 'dominance':
      return winners.length ? `${plainList(winners)} is the last one standing` : 'no survivor: everyone was eliminated';
    case 'ranked': {
      const top = survivors[0]?.tokens ?? 0;
      return `round limit reached: ${plainList(winners)} richest of the ${numberWord(survivors.length)} survivors with ${tokensText(top)} tokens`;
    }
    default:
      return winners.length ? `the match is over: ${plainList(winners)} won` : 'the match is over: no winner';
  }
}

function sentence(e: NarratedEvent): string | null {
  const d = e.data ?? {};
  switch (e.type) {
    case 'interest': {
      const paid = Object.entries(record(d.paid)).map(([id, t]) => `${id} +${tokensText(num(t))}`);
      return `Interest of ${formatRate(num(d.rate))} on every living bank${paid.length ? `: ${paid.join(', ')}` : ''}.`;
    }
    case 'loan_repaid':
      return `${str(d.borrower)} repaid ${str(d.lender)} ${tokensText(num(d.owed))} tokens (a loan of ${tokensText(num(d.principal))} at ${formatRate(num(d.rate))}).`;
    case 'loan_defaulted':
      return `${str(d.borrower)} defaulted on ${str(d.lender)}'s loan (${tokensText(num(d.owed))} tokens owed; ${str(d.why) || 'cannot pay'}): the debt is forgiven.`;
    case 'decision_problem':
      return `${str(d.player)}'s answer had a problem: ${plainReason(str(d.why), 'it was not a decision the game can read')}.`;
    case 'move_refused':
      return `${str(d.player)}'s ${str(d.move).replace(/_/g, ' ')} was refused: ${plainReason(str(d.why), 'the move was malformed')}.`;
    case 'offer_withdrawn':
      return `${str(d.lender)} withdrew the loan offer to ${str(d.borrower)}.`;
    case 'loan_accepted':
      return `${str(d.borrower)} took ${str(d.lender)}'s loan of ${tokensText(num(d.amount))} tokens at ${formatRate(num(d.rate))}: ${tokensText(num(d.owed))} due in round ${num(d.dueRound)}.`;
    case 'donation':
      return `${str(d.from)} gave ${str(d.to)} ${tokensText(num(d.amount))} tokens.`;
    case 'rescue':
      return `${str(d.player)} paid ${tokensText(num(d.cost))} tokens for a rescue: ${level(num(d.from))} to ${level(num(d.to))}.`;
    case 'resurrection':
      return `${str(d.by)} paid ${tokensText(num(d.cost))} tokens to bring ${str(d.target)} back at ${level(num(d.level))}, with a bank of ${tokensText(num(d.tokens))} tokens.`;
    case 'loan_offered':
      return `${str(d.lender)} offered ${str(d.borrower)} a loan of ${tokensText(num(d.amount))} tokens at ${formatRate(num(d.rate))} for ${num(d.duration)} round${num(d.duration) === 1 ? '' : 's'}${d.replaces === true ? ', replacing the earlier offer' : ''}${typeof d.openFrom === 'number' ? ` (open from round ${d.openFrom})` : ''}.`;
    case 'challenge_refused':
      return `The House's own challenge was refused (${plainReason(str(d.why), 'it was malformed')}); the bank's challenge stays.`;
    case 'challenge':
      return `The challenge: ${quoted(str(d.prompt), 400)}`;
    case 'responses': {
      const answers = cafeAnswers(record(d.responses));
      return answers.length ? `Answers: ${answers.join('; ')}.` : 'No one was asked to answer.';
    }
    case 'judge_overruled':
      return `The House judge's verdict was set aside (${plainReason(str(d.why), 'it was malformed')}); the stand-in judge decided.`;
    case 'verdict': {
      const levels = record(d.levels);
      const best = str(d.best);
      const worst = str(d.worst);
      const judge = d.by === 'stand-in' ? 'Stand-in judge' : 'House judge';
      const why = str(d.reason).replace(/^stand-in judge: /, '');
      return `Best answer: ${best} (${level(num(ownValue(levels, best)))}, +${tokensText(num(d.award))} tokens); worst: ${worst} (${level(num(ownValue(levels, worst)))}). ${judge}: ${why || 'no reason given'}.`;
    }
    case 'bonuses': {
      const to = strs(d.to);
      const group = num(d.group);
      return `Survival bonus of ${tokensText(num(d.survival))} tokens to ${plainList(to) || 'every living player'}${group > 0 ? `, and ${tokensText(group)} more each because everyone is alive` : ''}.`;
    }
    case 'eliminated':
      return `${str(d.player)} fell to the bottom level and is eliminated; the ${tokensText(num(d.tokens))} tokens in the bank are frozen until someone pays to resurrect ${str(d.player)}.`;
    case 'standings': {
      const rows = Object.entries(record(d.players)).map(([id, raw]) => {
        const p = record(raw);
        return `${id} ${tokensText(num(p.tokens))} tokens (${level(num(p.level))}${p.alive === false ? ', out' : ''})`;
      });
      return `Standings: ${rows.join('; ')}.`;
    }
    case 'match_over': {
      const survivors = (Array.isArray(d.ranking) ? d.ranking : []).map(record).map((r) => ({ player: str(r.player), tokens: num(r.tokens) }));
      return `Match over: ${cafeEndingText(typeof d.kind === 'string' ? d.kind : null, strs(d.winners), survivors)}.`;
    }
    default:
      return null;
  }
}

export const cafeNarration: GameNarration<CafeState> = {
  types: TYPES,
  observerMay: (event) => OBSERVER_READS.has(event.type),
  narrate: (events) => events.map(sentence),
  ending(state) {
    if (!state.result.over) return null;
    const survivors = state.table
      .filter((p) => p.alive)
      .sort((a, b) => b.cents - a.cents)
      .map((p) => ({ player: p.id, tokens: toTokens(p.cents) }));
    return cafeEndingText(state.result.kind, state.result.winners, survivors);
  },
  kinds: new Map([
    ['cooperative', 'cooperative win: everyone survived'],
    ['dominance', 'one player left standing (or none)'],
    ['ranked', 'round limit reached: the richest survivor won'],
  ]),
};
