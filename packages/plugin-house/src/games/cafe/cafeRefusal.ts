import { cafeMoveSchema, MAX_MOVES, MAX_RESPONSE, MAX_RATE, type CafeMove } from '@the-house/games/cafe/cafeDecision.ts';
import { moveRefusal } from '@the-house/games/cafe/moveRefusal.ts';
import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';

/** Each market move's name in words, by the type the rules write. */
const MOVE_NAMES = new Map<string, string>([
  ['donate', 'gift'],
  ['offer_loan', 'loan offer'],
  ['withdraw_offer', 'withdrawal of your loan offer'],
  ['accept_loan', 'acceptance of a loan'],
  ['rescue', 'rescue'],
  ['resurrect', 'resurrection'],
]);

/** What each market move takes, as a person types it. */
const MOVE_FORMS = new Map<string, string>([
  ['donate', 'A gift is `donate @NAME N`: a player and the tokens to give, more than 0 (e.g. `donate @Ada 100`).'],
  ['offer_loan', `A loan offer is \`loan @NAME N RATE% ROUNDS\`: a player, the tokens to lend (more than 0), the rate over the whole loan (0% to ${(MAX_RATE * 100).toLocaleString('en-US')}%) and a whole number of rounds, at least 1 (e.g. \`loan @Bram 500 20% 3\`).`],
  ['withdraw_offer', 'A withdrawal is `withdraw @NAME`: the player you offered a loan to.'],
  ['accept_loan', 'An acceptance is `accept @NAME`: the player who offered you a loan in an earlier round.'],
  ['rescue', 'A rescue is `rescue` alone.'],
  ['resurrect', 'A resurrection is `resurrect @NAME`: an eliminated player.'],
]);

const MOVES = [...MOVE_FORMS.keys()].join(', ');

const capital = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A well-formed move in words: what the person asked for. */
function moveWords(move: CafeMove): string {
  switch (move.type) {
    case 'donate':
      return `a gift of ${move.amount} tokens to ${move.to}`;
    case 'offer_loan':
      return `a loan of ${move.amount} tokens to ${move.to}`;
    case 'withdraw_offer':
      return `withdrawing your loan offer to ${move.to}`;
    case 'accept_loan':
      return `accepting a loan from ${move.from}`;
    case 'rescue':
      return 'a rescue';
    case 'resurrect':
      return `resurrecting ${move.target}`;
  }
}

/** One market move: null when the rules take it, else a sentence saying what is wrong and what is allowed. */
function moveProblem(state: CafeState, player: PlayerId, raw: unknown): string | null {
  const parsed = cafeMoveSchema.safeParse(raw);
  if (!parsed.success) {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    const form = typeof type === 'string' ? MOVE_FORMS.get(type) : undefined;
    return form ?? `A market move is one of: ${MOVES} (or in words: donate, loan, withdraw, accept, rescue, resurrect).`;
  }
  const why = moveRefusal(state, player, parsed.data);
  return why ? `${capital(moveWords(parsed.data))} cannot be made: ${why}.` : null;
}

/**
 * Why the rules refuse a person's Café move, in plain sentences that say what
 * is allowed, for the reply to `!move`; null when none of its parts is wrong
 * (the rules' own message is told then). Only what the person is told changes:
 * the rules' message (written for a model: "bad decision: market move 1
 * (accept_loan): ...") stays as it is wherever it is kept.
 */
export function cafeRefusal(state: CafeState, player: PlayerId, decision: unknown): string | null {
  if (typeof decision !== 'object' || decision === null) return null;
  const { market, response } = decision as { market?: unknown; response?: unknown };
  const problems: string[] = [];
  if (typeof response === 'string' && response.length > MAX_RESPONSE) problems.push(`Your answer is ${response.length.toLocaleString('en-US')} characters; at most ${MAX_RESPONSE.toLocaleString('en-US')} are allowed.`);
  if (Array.isArray(market)) {
    if (market.length > MAX_MOVES) problems.push(`At most ${MAX_MOVES} market moves a round; yours has ${market.length}.`);
    else problems.push(...market.flatMap((move) => moveProblem(state, player, move) ?? []));
  }
  return problems.length ? problems.join(' ') : null;
}

/** A notice the rules keep for a player ("accept_loan refused: ...", "market move 2 (donate) refused: ..."), with the move named in words. */
export function cafeNoticeInWords(notice: string): string {
  return notice.replace(/^(?:market move (\d+) \()?([a-z_]+)\)? refused: /, (whole, n: string | undefined, type: string) => {
    const name = MOVE_NAMES.get(type);
    if (!name) return whole;
    return n ? `Your market move ${n} (a ${name}) was refused: ` : `Your ${name} was refused: `;
  });
}
