import { z } from 'zod';
import type { GoldmineView } from './goldmineTypes.ts';

const seat = z.number().describe('a seat index (0 is A)');
const spend = z.strictObject({ claim: z.number(), raid: z.number(), defend: z.number(), mine: z.number() });
const action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['claim', 'raid', 'defend']), plot: z.number() }),
  z.strictObject({ type: z.literal('mine'), plot: z.number(), k: z.number() }),
]);
const roundPublic = z.strictObject({
  round: z.number(),
  claims: z.array(z.strictObject({ plot: z.number(), by: z.array(seat), winner: seat })),
  raids: z.array(z.strictObject({ plot: z.number(), owner: seat, by: z.array(seat), defended: z.boolean(), truce: z.boolean(), blocked: z.array(seat), winner: seat.describe('-1: none'), returnedFrom: seat.optional() })),
  defended: z.array(z.number()),
  talk: z.array(z.strictObject({ seat, text: z.string() })).optional(),
});

/** What a Gold mining seat sees each turn (`GoldmineView`), for an outside agent: the published JSON Schema of `view`. Plots are numbered row * size + column. */
export const goldmineViewSchema: z.ZodType<GoldmineView> = z
  .strictObject({
    player: z.string().describe('your player id'),
    me: seat.describe('your seat index, as `owner` and the history name you'),
    players: z.array(z.string()).describe('player ids by seat'),
    round: z.number().describe('the round being played, from 1'),
    rounds: z.number(),
    size: z.number().describe('the map is size x size plots'),
    stamina: z.number().describe('your stamina this round'),
    staminaOf: z.array(z.number()).nullable().describe("every seat's stamina, when it differs by seat"),
    cap: z.number().describe('the most k a mine action takes'),
    alpha: z.number().describe('gold per mined stamina'),
    plotAlpha: z.array(z.number()).nullable().describe("each plot's yield, when plots differ"),
    truce: z.number(),
    defense: z.enum(['all', 'perRaid']),
    history: z.enum(['none', 'last', 'k5', 'full']).describe('how much of past rounds `recent` holds'),
    talk: z.boolean().describe('whether decisions may carry a public "talk" line'),
    authority: z.strictObject({ tenure: z.number(), fine: z.number() }).nullable(),
    authorityPlots: z.array(z.number()),
    owner: z.array(z.number()).describe("each plot's owner seat; -1 unowned"),
    protectedPlots: z.array(z.number()).describe('plots under truce'),
    gold: z.number().describe('your gold (secret to you)'),
    recent: z.array(roundPublic).describe('past rounds as everyone saw them'),
    own: z.strictObject({ round: z.number(), kept: z.array(action), dropped: z.number(), spent: spend, gained: z.number(), notices: z.array(z.string()) }).nullable().describe('your last round: the actions kept, what they cost and gained'),
    notices: z.array(z.string()),
  })
  .describe("a Gold mining seat's view");
