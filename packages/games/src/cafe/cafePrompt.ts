import { cafeMoveSchema } from './cafeDecision.ts';
import type { CafeView } from './cafeTypes.ts';
import { formatRate } from './cents.ts';
import { ownValue } from '../engine/safeKey.ts';

const tokens = (x: number): string => x.toLocaleString('en-US', { maximumFractionDigits: 2 });
const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n)}...` : text);

/**
 * The model player's prompt: the round's economy and order, the table, the
 * market (open offers and outstanding loans), last round's verdict with the
 * best answer, the player's own refused moves, the challenge, and the moves
 * as the decision schema describes them. Pure: the same view gives the same
 * text.
 */
export function cafePrompt(view: CafeView): string {
  const { costs: c, economy: e } = view;
  const lines = [
    `Café V3, round ${view.round} of ${view.rounds}. You are ${view.you}: level ${view.level}, ${tokens(view.tokens)} tokens${view.alive ? '' : ' (eliminated: you do not play)'}.`,
    `Levels run from ${c.minLevel} to +${c.maxLevel}; reaching ${c.minLevel - 1} eliminates you and freezes your bank.`,
    `Each round: ${formatRate(e.interestRate)} interest on every living bank; loans falling due are repaid or default; the MARKET (your moves below); everyone answers the challenge; the judge names one best (+1 level, +${tokens(e.bestAward)} tokens) and one worst (-1 level); no answer makes you the worst; +${tokens(e.survivalBonus)} to every survivor and +${tokens(e.groupBonus)} more each if nobody is eliminated.`,
    `Rescue: ${tokens(c.rescue)} tokens for +${c.rescueLevels} levels. Resurrection: ${tokens(c.resurrect)} tokens bring an eliminated player back at level ${e.resurrectLevel} with its frozen bank. After the last round, if all are alive, all win together; a last survivor wins alone; otherwise the richest survivor wins.`,
    `Table: ${view.players.map((p) => `${p.id}${p.id === view.you ? ' (you)' : ''} level ${p.level}, ${tokens(p.tokens)} tokens${p.alive ? '' : ', eliminated'}`).join('; ')}.`,
  ];
  const toMe = view.offers.filter((o) => o.borrower === view.you);
  const mine = view.offers.filter((o) => o.lender === view.you);
  const others = view.offers.filter((o) => o.borrower !== view.you && o.lender !== view.you);
  const offer = (o: CafeView['offers'][number]) => `${tokens(o.amount)} tokens at ${formatRate(o.rate)} for ${o.duration} rounds`;
  if (toMe.length) lines.push(`Loan offers to you: ${toMe.map((o) => `from ${o.lender}: ${offer(o)}${o.open ? '' : ' (acceptable from next round)'}`).join('; ')}.`);
  if (mine.length) lines.push(`Your open offers: ${mine.map((o) => `to ${o.borrower}: ${offer(o)}`).join('; ')}.`);
  if (others.length) lines.push(`Other offers: ${others.map((o) => `${o.lender} to ${o.borrower}: ${offer(o)}`).join('; ')}.`);
  if (view.loans.length) lines.push(`Loans outstanding: ${view.loans.map((l) => `${l.borrower} owes ${l.lender} ${tokens(l.owed)} in round ${l.dueRound}`).join('; ')}.`);
  if (view.last) {
    const { verdict, responses, round } = view.last;
    lines.push(`Round ${round}: best ${verdict.best}, worst ${verdict.worst} (${verdict.reason}).`);
    const bestAnswer = ownValue(responses, verdict.best);
    // Another player's words: a quotation (JSON, its quote marks and line breaks escaped), with whose they are.
    if (bestAnswer) lines.push(`The best answer, ${verdict.best}'s: ${JSON.stringify(clip(bestAnswer, 300))}`);
  }
  if (view.notices.length) lines.push(`Last round, about your decision: ${view.notices.join(' ')}`);
  lines.push(`This round's challenge (${view.challenge.id}): ${view.challenge.prompt}`);
  lines.push('MARKET moves (any number, possibly none):', ...cafeMoveSchema.options.map((o) => `- ${o.description}`));
  lines.push('Answer with JSON only: {"market": [ ...moves ], "response": "your answer to the challenge"}');
  return lines.join('\n');
}
