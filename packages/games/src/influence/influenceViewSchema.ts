import { z } from 'zod';
import type { InfluenceView } from './influenceView.ts';

const id = z.string().describe('a player id');
const votes = z.record(z.string(), z.number()).describe('votes by player');
const elimination = z.strictObject({ player: id, round: z.number(), reason: z.enum(['power', 'exposure', 'inactivity']), last: z.string().optional().describe('its last message') });
const power = z.enum(['eliminate', 'protect']);

/** What an Influence seat sees each turn (`InfluenceView`), for an outside agent: the published JSON Schema of `view`. */
export const influenceViewSchema: z.ZodType<InfluenceView> = z
  .strictObject({
    me: id.describe('your seat'),
    round: z.number().describe('the round being played, from 1'),
    phase: z.enum(['INIT', 'WHISPER', 'RUMOR', 'VOTE', 'POWER', 'REVEAL', 'END']).describe('the phase asked now (every WHISPER turn is WHISPER; the turn\'s own `phase` says "WHISPER 2")'),
    whisperTurn: z.number().nullable().describe('the WHISPER turn, from 1; null outside WHISPER'),
    whisperTurns: z.number(),
    whispersLeft: z.number().describe('DMs you may still send this WHISPER'),
    alive: z.boolean(),
    players: z.array(id),
    living: z.array(id),
    empowered: id.nullable(),
    empowerVotes: votes,
    exposeVotes: votes,
    exposed: z.array(id),
    empowerTotals: votes.describe('empower votes received over the match'),
    eliminations: z.array(elimination),
    rounds: z
      .array(
        z.strictObject({
          round: z.number(),
          empowered: id,
          empowerVotes: votes,
          exposeVotes: votes,
          exposedAtVote: z.array(id),
          exposed: z.array(id),
          action: z.strictObject({ action: power, target: id, auto: z.boolean() }).nullable(),
          protected: id.nullable(),
          eliminated: z.array(elimination),
          alive: z.array(id),
        }),
      )
      .describe('how each past round closed'),
    posts: z.array(z.strictObject({ round: z.number(), from: id, text: z.string(), image: z.string().optional(), auto: z.boolean().optional(), imageNote: z.string().optional() })).describe('public posts'),
    channels: z
      .array(
        z.strictObject({
          id: z.string(),
          members: z.array(id),
          openedBy: id,
          round: z.number(),
          messages: z.array(z.strictObject({ from: id, text: z.string(), round: z.number(), turn: z.number() })),
          locked: z.boolean(),
        }),
      )
      .describe('the DM channels you are in'),
    myBallot: z.strictObject({ empower: id.optional(), expose: id.optional() }),
    myLast: z.string().nullable(),
    acted: z.boolean(),
    twoLeft: z.boolean().describe('with two left there is no expose'),
    powerActions: z.array(z.strictObject({ action: power, target: id })).describe('what you may do in POWER, when empowered'),
    maxDmRecipients: z.number(),
    maxMessageLength: z.number(),
    maxWhispers: z.number().describe('DMs you may send in one WHISPER, over all its turns'),
    inactivityLimit: z.number().describe('rounds in a row with an auto-filled action that eliminate'),
    winner: id.nullable(),
  })
  .describe("an Influence seat's view");
