import type { PlayerId } from './playerId.ts';

/**
 * Who reads a narration. `room`: the game room, where the players sit (people
 * in seats read it, agents hear it), so it tells only what every player may
 * know: public events. `observer`: the person watching (the House tab, the
 * reports of `play`), who may also read the private events its game allows
 * (`GameNarration.observerMay`).
 */
export type Audience = 'room' | 'observer';

export interface NarrationContext {
  audience: Audience;
  /** The match's seats in order (Gold mining's events name seats by index). */
  players: readonly PlayerId[];
  /** Whether the match is over: some secrets (Influence's DMs and ballots) open to the observer only then. */
  over: boolean;
}

/** An event as a narration reads it: the log's fields that matter, from a log entry or a finished round. */
export interface NarratedEvent {
  round?: number;
  type: string;
  data?: Record<string, unknown>;
  to?: readonly PlayerId[];
}

/**
 * A game's events in plain words: one sentence per event, with player names,
 * never JSON. Pure, like the rules.
 */
export interface GameNarration<S = any> {
  /** Every event type the game logs; a dispatcher tells a known event from a stranger by it. */
  types: ReadonlySet<string>;
  /** Whether the observer may read this private event (public events everyone reads); the game says why per type. */
  observerMay(event: NarratedEvent, ctx: NarrationContext): boolean;
  /**
   * One entry per event, in order, for events the audience may read (the
   * dispatcher filters them first): its sentence, or null when the sentence of
   * another event of the batch already says it (a Trust miss is told with its
   * round). A batch is read in log order, so later sentences may build on
   * earlier rounds (Trust's feuds).
   */
  narrate(events: readonly NarratedEvent[], ctx: NarrationContext): Array<string | null>;
  /** How the match ended, in words ("round limit reached: Ada richest with 66 sats"); null while it runs. */
  ending(state: S): string | null;
  /** Each ending kind of the game's outcome, in words, for reports that count endings. */
  kinds: ReadonlyMap<string, string>;
  /**
   * Fields of a round's report the public may not read while the match runs
   * (RULES S-a: Gold mining's per-miner gold), the score too when its name is
   * one. Once the match is over the public reads everything.
   */
  secretWhilePlaying?: ReadonlySet<string>;
}
