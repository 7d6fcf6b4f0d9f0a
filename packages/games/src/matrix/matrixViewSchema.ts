import { z } from 'zod';
import { PRESET_NAMES } from './matrixPresets.ts';
import type { MatrixView } from './matrixTypes.ts';

const id = z.string().describe('a player id');
const role = z.enum(['row', 'column']);
const payoffs = z.strictObject({ R: z.number(), S: z.number(), T: z.number(), P: z.number() }).describe('your payoff for your move against theirs: R both C, S you C and they D, T you D and they C, P both D');

/** What a seat of a Matrix game sees each turn (`MatrixView`), for an outside agent: the published JSON Schema of `view`. */
export const matrixViewSchema: z.ZodType<MatrixView> = z
  .strictObject({
    game: z.literal('matrix'),
    you: id.describe('your seat'),
    round: z.number().describe('the round to play, from 1'),
    over: z.boolean(),
    rounds: z.number().nullable().describe("the match's length when players are told it, else null"),
    continuation: z.number().describe('the chance another round follows each one; 1 for a fixed length'),
    noise: z.number().describe('the chance a move is flipped'),
    pairing: z.enum(['round-robin', 'pairs']),
    preset: z.enum(PRESET_NAMES).nullable(),
    payoffs: z.strictObject({ row: payoffs, column: payoffs }).describe('each role\'s payoffs'),
    opponents: z.array(z.strictObject({ id, role: role.describe('the role you play against it') })).describe("this round's opponents; empty when you sit out"),
    met: z
      .record(z.string(), z.strictObject({ role, mine: z.string().describe('your moves against it, one letter a meeting'), theirs: z.string(), meant: z.string().describe('the moves you meant (noise may flip one)'), rounds: z.array(z.number()).optional() }))
      .describe('your meetings with each opponent so far'),
    score: z.number(),
    scores: z.record(z.string(), z.number()).describe("everyone's score"),
    gain: z.number().describe('what you gained last round'),
    notices: z.array(z.string()),
  })
  .describe("a Matrix game seat's view");
