import { z } from 'zod';
import type { CafeView } from './cafeTypes.ts';

const id = z.string().describe('a player id');
const challenge = z.strictObject({ id: z.string(), prompt: z.string().describe('what to answer in "response"'), keywords: z.array(z.string()).describe('the ideas a judge looks for') });

/** What a Café seat sees each turn (`CafeView`), for an outside agent: the published JSON Schema of `view`. Money is in tokens, to the cent. */
export const cafeViewSchema: z.ZodType<CafeView> = z
  .strictObject({
    you: id.describe('your seat'),
    round: z.number().describe('the round being played, from 1'),
    rounds: z.number(),
    challenge: challenge.describe("this round's challenge"),
    level: z.number().describe('your level; below the minimum you are out'),
    tokens: z.number().describe('your bank'),
    alive: z.boolean(),
    players: z.array(z.strictObject({ id, level: z.number(), tokens: z.number(), alive: z.boolean() })).describe('the whole table, public'),
    offers: z.array(z.strictObject({ lender: id, borrower: id, amount: z.number(), rate: z.number(), duration: z.number(), open: z.boolean().describe('whether it can be accepted this round') })),
    loans: z.array(z.strictObject({ lender: id, borrower: id, principal: z.number(), owed: z.number(), rate: z.number(), dueRound: z.number() })),
    last: z
      .strictObject({
        round: z.number(),
        challenge,
        responses: z.record(z.string(), z.string()).describe('every answer, by player'),
        verdict: z.strictObject({ best: id, worst: id, reason: z.string(), by: z.enum(['external', 'stand-in']) }),
      })
      .nullable()
      .describe('the last round: its answers and verdict'),
    notices: z.array(z.string()).describe('what the House told you after the last round (your refused moves)'),
    costs: z.strictObject({ rescue: z.number(), resurrect: z.number(), rescueLevels: z.number(), minLevel: z.number(), maxLevel: z.number() }),
    economy: z.strictObject({ interestRate: z.number(), bestAward: z.number(), survivalBonus: z.number(), groupBonus: z.number(), resurrectLevel: z.number(), startTokens: z.number() }),
  })
  .describe("a Café seat's view");
