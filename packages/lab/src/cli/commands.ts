import type { Verb } from '../games/labGame.ts';

/** A verb whose module loads when it runs: `play` never loads the queue's PostgreSQL client, nor `replay` the sweep's workers. */
const lazy =
  <M>(load: () => Promise<M>, pick: (module: M) => Verb): Verb =>
  async (argv) =>
    pick(await load())(argv);

/** The CLI's own verbs, for every game. */
export const commands: ReadonlyMap<string, Verb> = new Map([
  ['replay', lazy(() => import('./replayCommand.ts'), (m) => m.replayCommand)],
  ['play', lazy(() => import('./play.ts'), (m) => m.playCommand)],
  ['tournament', lazy(() => import('../tournament/tournamentCommand.ts'), (m) => m.tournamentCommand)],
  ['replay-match', lazy(() => import('./replayMatchCommand.ts'), (m) => m.replayMatchCommand)],
  ['verify-match', lazy(() => import('./verifyMatchCommand.ts'), (m) => m.verifyMatchCommand)],
  ['fork', lazy(() => import('../fork/forkCommand.ts'), (m) => m.forkCommand)],
  ['show', lazy(() => import('./showCommand.ts'), (m) => m.showCommand)],
  ['ratings', lazy(() => import('./ratingsCommand.ts'), (m) => m.ratingsCommand)],
  ['seat-check', lazy(() => import('./seatCheckCommand.ts'), (m) => m.seatCheckCommand)],
  ['sweep', lazy(() => import('../sweep/sweepCommand.ts'), (m) => m.sweepCommand)],
  ['sweep-status', lazy(() => import('../queue/sweepStatusCommand.ts'), (m) => m.sweepStatusCommand)],
  ['worker', lazy(() => import('../queue/workerCommand.ts'), (m) => m.workerCommand)],
  ['reproduce', lazy(() => import('../reproduce/reproduceCommand.ts'), (m) => m.reproduceCommand)],
]);
