import type { MatchStatus } from '../types.ts';

/** What a table's life is at any moment: its status, why it is paused, whether its result went into the ratings. */
export interface Life {
  readonly status: MatchStatus;
  readonly paused: string | null;
  readonly rated: boolean;
}

/** What happens to a table, from a person, its play loop, its store or the House. */
export type LifeEvent =
  | { readonly type: 'begin' }
  | { readonly type: 'restart' }
  /** A fork (`!fork`) opens running, from its parent's state: it starts as a begun lobby does. */
  | { readonly type: 'fork' }
  | { readonly type: 'saveFailed'; readonly why: string }
  | { readonly type: 'budgetSpent'; readonly why: string }
  | { readonly type: 'finished' }
  | { readonly type: 'failed' }
  /** `by`: who stopped it, for the room's last line (absent: the House itself, as its API's stopMatch). */
  | { readonly type: 'stop'; readonly by?: string }
  /** `started`: whether its match had begun (a lobby paused by a failed save goes back to its lobby, and begins as a lobby does). */
  | { readonly type: 'resume'; readonly started: boolean }
  | { readonly type: 'halt' };

/**
 * What the table does about it, in this order. A failed save is itself an
 * event (`saveFailed`); `persistOrWait` also ends the chain then (a resumed
 * match that cannot be saved does not play), where `persist` goes on.
 */
export type LifeEffect =
  | 'clearLobbyTimer'
  | 'abort'
  | 'renewAbort'
  | 'waitForDatabase'
  | 'endDatabaseWait'
  | 'closeDesks'
  | 'start'
  | 'playOn'
  | 'persist'
  | 'persistOrWait'
  | 'rate'
  | 'sayFailed'
  | 'sayStopped'
  | 'sayHalted'
  | 'retireIfIdle';

/** An event the table's status does not allow: nothing changes, and the caller says why from `status`. */
export interface LifeRefusal {
  readonly refused: MatchStatus;
}

export type LifeStep = readonly [Life, readonly LifeEffect[]] | LifeRefusal;

const OPEN: ReadonlySet<MatchStatus> = new Set(['lobby', 'running', 'paused']);

/**
 * A table's life as data (xstate's `transition`): every change of a match's
 * status and what it sets off, with no clock, store or network. The Table
 * carries the effects out; a refusal leaves everything as it was.
 */
export function next(life: Life, event: LifeEvent): LifeStep {
  const { status } = life;
  const unchanged: LifeStep = [life, []];
  switch (event.type) {
    case 'begin':
      return status === 'lobby' ? [{ ...life, status: 'running' }, ['clearLobbyTimer', 'start']] : { refused: status };
    case 'restart':
      return status === 'running' ? [life, ['playOn']] : { refused: status };
    case 'fork':
      return status === 'running' ? [life, ['start']] : { refused: status };
    case 'saveFailed':
      return status === 'running' || status === 'lobby' ? [{ ...life, status: 'paused', paused: event.why }, ['abort', 'clearLobbyTimer', 'waitForDatabase']] : unchanged;
    case 'budgetSpent':
      return status === 'running' ? [{ ...life, status: 'paused', paused: event.why }, ['abort']] : unchanged;
    case 'finished':
      if (status !== 'running') return unchanged;
      return [{ ...life, status: 'finished', rated: true }, life.rated ? [] : ['rate']];
    case 'failed':
      // It would fail again on every resume: it stops rather than hold its table (and every restart) as running.
      return status === 'running' ? [{ ...life, status: 'stopped' }, ['persist', 'sayFailed']] : unchanged;
    case 'stop':
      if (!OPEN.has(status)) return { refused: status };
      // A begun match's room is told it ends here; a lobby has no room yet (its opener hears !stop's answer).
      return [{ ...life, status: 'stopped' }, ['clearLobbyTimer', 'abort', 'endDatabaseWait', 'closeDesks', 'persist', ...(status === 'lobby' ? [] : (['sayStopped'] as const)), 'retireIfIdle']];
    case 'resume':
      if (status !== 'paused') return { refused: status };
      return [{ ...life, status: event.started ? 'running' : 'lobby', paused: null }, ['renewAbort', 'persistOrWait', 'endDatabaseWait', ...(event.started ? (['playOn'] as const) : [])]];
    case 'halt':
      // A running match's room is told it plays on when the House starts again (a paused one said why it waits; a lobby has no room).
      return [life, ['abort', 'endDatabaseWait', 'clearLobbyTimer', 'closeDesks', ...(status === 'running' ? (['sayHalted'] as const) : [])]];
  }
}

/** Whether a step was refused. */
export function refused(step: LifeStep): step is LifeRefusal {
  return 'refused' in step;
}
