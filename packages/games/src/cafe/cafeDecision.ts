import { z } from 'zod';

const playerId = (what: string) => z.string().trim().min(1, `${what} must name a player`).describe(`${what}: a player id`);
const amount = z
  .number({ error: 'amount must be a number of tokens' })
  .finite('amount must be a finite number of tokens')
  .positive('amount must be more than 0 tokens')
  .describe('tokens, a positive number (cents allowed: 12.5)');

/**
 * RULES C-b: a loan's rate has no cap. This bound is only numeric: a million-fold
 * rate keeps `amount x rate` in six-decimal integer arithmetic (cents.ts) far
 * from overflow, and no one can repay it anyway.
 */
export const MAX_RATE = 1_000_000;

export const donateMove = z
  .object({ type: z.literal('donate'), to: playerId('to'), amount })
  .describe('{"type":"donate","to":"<player>","amount":200}: gift tokens to a living player, no repayment');
export const offerLoanMove = z
  .object({
    type: z.literal('offer_loan'),
    to: playerId('to'),
    amount,
    rate: z
      .number({ error: 'rate must be a number' })
      .min(0, 'rate must be 0 or more')
      .max(MAX_RATE, `rate must be at most ${MAX_RATE.toLocaleString('en-US')}`)
      .describe('0.2 = 20% over the whole loan; any rate >= 0, though rates above 1 (100%) are unusual'),
    duration: z.number({ error: 'duration must be a number of rounds' }).int('duration must be a whole number of rounds').min(1, 'duration must be at least 1 round').describe('rounds until repayment is due'),
  })
  .describe(
    '{"type":"offer_loan","to":"<player>","amount":1000,"rate":0.2,"duration":5}: offer a loan; the borrower may accept it from the next round on; at round accepted+duration it owes amount x (1+rate), or defaults',
  );
export const withdrawOfferMove = z
  .object({ type: z.literal('withdraw_offer'), to: playerId('to') })
  .describe('{"type":"withdraw_offer","to":"<player>"}: withdraw your open loan offer to that player');
export const acceptLoanMove = z
  .object({ type: z.literal('accept_loan'), from: playerId('from') })
  .describe('{"type":"accept_loan","from":"<lender>"}: accept the open loan offer that lender made you in an earlier round; the tokens arrive at once');
export const rescueMove = z.object({ type: z.literal('rescue') }).describe('{"type":"rescue"}: pay the rescue cost (1,000 tokens by default) for +2 levels (never above the top level)');
export const resurrectMove = z
  .object({ type: z.literal('resurrect'), target: playerId('target') })
  .describe('{"type":"resurrect","target":"<player>"}: pay the resurrection cost (2,000 tokens by default) to bring an eliminated player back (at level -2 by default) with its frozen bank');

/** One MARKET move, discriminated on `type`. */
export const cafeMoveSchema = z.discriminatedUnion('type', [donateMove, offerLoanMove, withdrawOfferMove, acceptLoanMove, rescueMove, resurrectMove]);

/** Most MARKET moves read from one decision, and the longest response kept (characters). */
export const MAX_MOVES = 32;
export const MAX_RESPONSE = 8000;

/**
 * A player's decision for a round: its MARKET moves, applied in a fixed order
 * (withdrawals, acceptances, donations, rescues, resurrections, new offers),
 * and its answer to the round's challenge. An empty response counts as no
 * response, which makes the player the round's worst.
 */
export const cafeDecisionSchema = z
  .object({
    market: z.array(cafeMoveSchema).max(MAX_MOVES, `at most ${MAX_MOVES} market moves a round`).default([]).describe('MARKET moves for this round, possibly none: a list of objects each with a "type" field'),
    response: z.string().max(MAX_RESPONSE, `the response must be at most ${MAX_RESPONSE} characters`).default('').describe("your answer to this round's challenge, judged against the others' answers"),
  })
  .describe('{"market": [ ...moves ], "response": "text"}');

export type CafeMove = z.infer<typeof cafeMoveSchema>;
export type CafeDecision = z.infer<typeof cafeDecisionSchema>;
