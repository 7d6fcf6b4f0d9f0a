import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { PhaseContext } from '../houseGame.ts';
import { ImageVerdicts } from './imageVerdicts.ts';

/** What a seated person has handed in for the current phase, so a command after the hand-in is refused with the rules' reason. */
export interface HandedIn {
  round: number;
  phase: string;
  draft: Record<string, unknown>;
  done: boolean;
}

/**
 * What an Influence table keeps for its match beyond the game's state: it is
 * made with the table and goes with it (a `!stop`, the end, a restart), so
 * nothing of one match stays in the process or reaches another.
 */
export class InfluenceTable {
  /** The phase's opening line in flight: the phase's own posts wait for it, so the room reads in order. */
  opening: Promise<void> | null = null;
  /**
   * The match's DM rooms, remembered from the phase it is playing, so a
   * person's `!dm` reaches its room as it is sent (RULES I-a) rather than
   * when the WHISPER turn closes.
   */
  whisper: PhaseContext['whisper'] | null = null;
  /** Each seated person's hand-in of the current phase, by seat. */
  readonly handedIn = new Map<PlayerId, HandedIn>();
  readonly images = new ImageVerdicts();
}

/** The Influence table a context belongs to; a context with none (a finished match's `!audit`) gets one of its own. */
export function influenceTable(ctx: { table: unknown }): InfluenceTable {
  return ctx.table instanceof InfluenceTable ? ctx.table : new InfluenceTable();
}
