import { EventLog, type ChainForm, type LogEntry } from './eventLog.ts';
import type { AnyGame, GameEvent, Outcome, PhaseInput, PlayerId, RoundReport } from './types.ts';

export interface RoundRecord {
  round: number;
  report: RoundReport;
  events: GameEvent[];
}

export interface MatchSnapshot {
  game: string;
  state: unknown;
  log: LogEntry[];
}

export interface MatchOptions {
  /** Keep the hash-chained log (on by default). */
  log?: boolean;
  /** The log's chain form (`eventLog.ts`): 2 by default; a replay of a match logged in form 1 keeps form 1. */
  logForm?: ChainForm;
}

/** A finished round; its report is made when first read (experiments that only count rounds never read it). */
class FinishedRound implements RoundRecord {
  readonly #game: AnyGame;
  readonly #state: unknown;
  #report: RoundReport | undefined;

  constructor(game: AnyGame, state: unknown, readonly round: number, readonly events: GameEvent[]) {
    this.#game = game;
    this.#state = state;
  }

  get report(): RoundReport {
    this.#report ??= this.#game.report(this.#state);
    return this.#report;
  }

  toJSON(): RoundRecord {
    return { round: this.round, report: this.report, events: this.events };
  }
}

/**
 * A game in progress: state plus its event log. `step` plays one phase and
 * reports a finished round when the round number moves on or the match ends.
 */
export class Match<G extends AnyGame = AnyGame> {
  readonly log: EventLog | null;
  private pending: GameEvent[] = [];

  constructor(
    readonly game: G,
    public state: ReturnType<G['setup']>,
    log: EventLog | null = new EventLog([], { deferred: true }),
  ) {
    this.log = log;
  }

  static create<G extends AnyGame>(game: G, config: unknown, seed: number, players: PlayerId[], opts: MatchOptions = {}): Match<G> {
    const state = game.setup(config, seed, players);
    return new Match(game, state, opts.log === false ? null : new EventLog([], { deferred: true, form: opts.logForm }));
  }

  static restore<G extends AnyGame>(game: G, snapshot: MatchSnapshot): Match<G> {
    return new Match(game, snapshot.state as ReturnType<G['setup']>, new EventLog([...snapshot.log], { deferred: true }));
  }

  get over(): boolean {
    return this.game.outcome(this.state).over;
  }

  outcome(): Outcome {
    return this.game.outcome(this.state);
  }

  actors(): PlayerId[] {
    return this.over ? [] : this.game.actors(this.state);
  }

  /** Plays the current phase; returns the round record when that phase closed a round. */
  step(input: PhaseInput): { events: GameEvent[]; finished: RoundRecord | null } {
    const before = this.state;
    const { state, events } = this.game.apply(before, input);
    this.log?.appendAll(before.round, before.phase, events);
    this.state = state;
    if (state.round === before.round && !this.game.outcome(state).over) {
      for (const e of events) this.pending.push(e);
      return { events, finished: null };
    }
    const all = this.pending.length ? [...this.pending, ...events] : events;
    this.pending = [];
    return { events, finished: new FinishedRound(this.game, state, before.round, all) };
  }

  snapshot(): MatchSnapshot {
    return { game: this.game.id, state: this.state, log: this.log ? [...this.log.entries] : [] };
  }
}
