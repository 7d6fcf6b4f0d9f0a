import { z } from 'zod';
import { TRUST_ACTIONS } from './trustDecision.ts';
import type { TrustView } from './trustTypes.ts';

const id = z.string().describe('a player id');
const action = z.enum(TRUST_ACTIONS);

const unit = z.strictObject({
  id,
  team: id.describe('the original player whose team the unit is (a REPLICATE spawn keeps its maker\'s team)'),
  sats: z.number(),
  alive: z.boolean(),
  idle: z.number().describe('DO_NOTHING rounds in a row'),
  begs: z.number(),
  fives: z.number().describe('matched high fives in a row'),
});

const act = z.strictObject({
  action,
  target: id.optional(),
  missed: z.literal(true).optional().describe('your HIGH_FIVE missed and landed as an ATTACK (yours only)'),
  intended: action.optional().describe('what you meant when your move failed (noise or a refusal; yours only)'),
  granted: z.boolean().optional().describe('whether a BEG was granted'),
  asked: z.number().optional(),
  got: z.number().optional(),
  answer: z.string().optional().describe("the observer's words to your BEG (yours only)"),
  ally: id.optional(),
  leave: id.optional(),
  share: z.strictObject({ to: id, amount: z.number() }).optional(),
});

const seenRound = z.strictObject({
  round: z.number(),
  acts: z.record(z.string(), act).describe('each unit\'s move as you saw it, by unit id'),
  sats: z.record(z.string(), z.number()).describe('sats by unit id after the round'),
  shock: z.strictObject({ delta: z.number(), synergy: z.array(id) }).optional(),
});

/** What a Trust seat sees each turn (`TrustView`), for an outside agent: the published JSON Schema of `view`. */
export const trustViewSchema: z.ZodType<TrustView> = z.strictObject({
  game: z.literal('trust'),
  you: id.describe('your unit'),
  team: id.describe('your team (your original unit\'s id)'),
  round: z.number().describe('the round being played, from 1'),
  maxRounds: z.number(),
  sats: z.number().describe('your sats'),
  alive: z.boolean(),
  idle: z.number().describe('your DO_NOTHING rounds in a row; the 3rd and later cost 3 each'),
  canReplicate: z.boolean(),
  rules: z.strictObject({
    startSats: z.number(),
    observer: z.enum(['decline', 'grant', 'wary']).describe('what a beg the observer leaves unanswered gets'),
    missChance: z.number(),
    replicateAt: z.number(),
    replicateCost: z.number(),
    begMax: z.number(),
    replicate: z.enum(['win', 'spawn']),
    noise: z.number(),
    shocks: z.strictObject({ chance: z.number(), size: z.number(), synergy: z.number(), streak: z.number() }),
    alliances: z.boolean(),
  }).describe("this match's rules"),
  units: z.array(unit).describe('every unit, the public scoreboard'),
  opponents: z.array(id).describe('living units of other teams'),
  targetRequired: z.boolean().describe('whether HIGH_FIVE and ATTACK must name a target'),
  history: z.array(seenRound).describe('every round so far as you saw it'),
  notices: z.array(z.string()).describe('what the House told you after the last round'),
  allies: z.array(id).describe('teams allied with yours (house rule alliances)'),
  offers: z.array(z.strictObject({ from: id, to: id })).describe('alliance proposals still open'),
}).describe('a Trust seat\'s view');
