import type { CafeView } from '@the-house/games/cafe/cafeTypes.ts';
import { cafeNoticeInWords } from './cafeRefusal.ts';

/** A person's Café turn in a few lines: their bank and level, the table, open offers to them, and the challenge to answer. */
export function cafeTurnText(view: CafeView): string {
  const table = view.players.filter((p) => p.id !== view.you).map((p) => `${p.id} level ${p.level}, ${p.tokens} tokens${p.alive ? '' : ' (out)'}`);
  const lines = [`You: level ${view.level}, ${view.tokens} tokens (round ${view.round} of ${view.rounds}). Others: ${table.join('; ') || 'none'}.`];
  const offers = view.offers.filter((o) => o.borrower === view.you && o.open).map((o) => `${o.lender} offers you ${o.amount} at ${Math.round(o.rate * 100)}% for ${o.duration} rounds`);
  if (offers.length) lines.push(`Open offers: ${offers.join('; ')}.`);
  const owed = view.loans.filter((l) => l.borrower === view.you).map((l) => `${l.owed} to ${l.lender} in round ${l.dueRound}`);
  if (owed.length) lines.push(`You owe: ${owed.join('; ')}.`);
  if (view.last) lines.push(`Last round: best ${view.last.verdict.best}, worst ${view.last.verdict.worst}.`);
  if (view.notices.length) lines.push(view.notices.map(cafeNoticeInWords).join(' '));
  lines.push(`Challenge: ${view.challenge.prompt}`);
  return lines.join('\n');
}

/** A Café move in words with market moves but no answer: the game takes it, the judge ranks the missing answer worst, and a handed-in move is final. */
export function cafeMoveProblem(decision: unknown): string | null {
  if (typeof decision !== 'object' || decision === null) return null;
  const { market, response } = decision as { market?: unknown; response?: unknown };
  const answered = typeof response === 'string' && response.trim() !== '';
  return !answered && Array.isArray(market) && market.length > 0
    ? 'your move has market moves but no answer to the challenge, and the judge ranks a missing answer worst; put your answer first: `!move YOUR ANSWER; donate @NAME N`'
    : null;
}

/** The short forms of a Café move: the answer as plain text, market moves after `;`. */
export function cafeMoveForms(): string[] {
  return [
    '!move YOUR ANSWER (to the challenge)',
    'market moves after a ";": donate @NAME N, loan @NAME N RATE% ROUNDS, withdraw @NAME, accept @NAME, rescue, resurrect @NAME',
    'e.g. !move Fresh bread at dawn and a loyalty card; donate @Ada 100; loan @Bram 500 20% 3',
  ];
}

const amount = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const who = (text: string | undefined) => (text ?? '').replace(/^@/, '');

/** One market move in words, or null when the words are not one (then they are part of the answer). */
function marketMove(words: string[]): Record<string, unknown> | null {
  const [verb = '', a, b, c, d] = words;
  switch (verb.toLowerCase()) {
    case 'donate':
      return { type: 'donate', to: who(a), amount: amount(b) };
    case 'loan':
      return { type: 'offer_loan', to: who(a), amount: amount(b), rate: c === undefined ? undefined : Number(c.replace(/%$/, '')) / (c.endsWith('%') ? 100 : 1), duration: amount(d) };
    case 'withdraw':
      return { type: 'withdraw_offer', to: who(a) };
    case 'accept':
      return { type: 'accept_loan', from: who(a) };
    case 'rescue':
      return words.length === 1 ? { type: 'rescue' } : null;
    case 'resurrect':
      return { type: 'resurrect', target: who(a) };
    default:
      return null;
  }
}

/**
 * A person's Café move in words: `!move ANSWER; donate @Ada 100; loan @Bram
 * 500 20% 3`: the parts that read as market moves are moves, the rest is the
 * answer. JSON is left to the game's parser; a malformed move is passed on for
 * the game's validation to explain.
 */
export function cafeMove(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return undefined;
  const market: Record<string, unknown>[] = [];
  const answer: string[] = [];
  for (const part of trimmed.split(';').map((p) => p.trim()).filter(Boolean)) {
    const move = marketMove(part.split(/\s+/));
    if (move) market.push(move);
    else answer.push(part);
  }
  return { market, response: answer.join('; ') };
}
