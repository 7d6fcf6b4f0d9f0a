import { playCommand } from './play.ts';
import { replayCommand } from './replayCommand.ts';
import { replayMatchCommand } from './replayMatchCommand.ts';
import { tournamentCommand } from '../tournament/tournamentCommand.ts';
import { sweepCommand } from '../sweep/sweepCommand.ts';
import { sweepStatusCommand } from '../queue/sweepStatusCommand.ts';
import { workerCommand } from '../queue/workerCommand.ts';
import type { Verb } from './gameVerbs.ts';

/** The CLI's own verbs, for every game. */
export const commands: ReadonlyMap<string, Verb> = new Map([
  ['replay', replayCommand],
  ['play', playCommand],
  ['tournament', tournamentCommand],
  ['replay-match', replayMatchCommand],
  ['sweep', sweepCommand],
  ['sweep-status', sweepStatusCommand],
  ['worker', workerCommand],
]);
