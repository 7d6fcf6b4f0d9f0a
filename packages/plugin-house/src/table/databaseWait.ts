import { houseLog } from '../houseLog.ts';
import { sleep } from '../houseSettings.ts';
import { databaseBackText, databasePausedText } from '../texts/storageTexts.ts';
import type { StoredMatch } from '../types.ts';
import type { TableHost } from './tableHost.ts';
import { tellOwner } from './tellOwner.ts';
import type { TableVoice } from './tableVoice.ts';

/** The longest wait between two probes of a database that refuses writes. */
export const MAX_PROBE_MS = 60_000;

/** Whether a match is paused because the database refused its save (a spent budget, or a person, pauses it otherwise). */
export const pausedBySave = (stored: StoredMatch): boolean => stored.status === 'paused' && !!stored.paused?.startsWith('could not save');

/** What the wait needs of its table. */
export interface WaitingTable {
  readonly id: string;
  readonly stored: StoredMatch;
  readonly host: TableHost;
  readonly voice: TableVoice;
  /** What `!resume` does: saves again and plays on; the match is paused again when the save is refused. */
  resume(rawOptions: Record<string, unknown>): Promise<string>;
}

/**
 * A match paused because the database refused its save waits for the
 * database, and goes on by itself once it answers: its owner is told in their
 * DM when it pauses (the room is told by the table), the database is probed
 * (one small write) after HOUSE_SAVE_PROBE_MS, then twice as long each time
 * up to a minute, and once a probe is taken the match saves again and plays
 * on, said in the room and to the owner. A `!resume` or `!stop` meanwhile, or
 * the House stopping, ends the wait.
 */
export class DatabaseWait {
  private waiting: AbortController | null = null;

  constructor(private readonly table: WaitingTable) {}

  get active(): boolean {
    return this.waiting !== null;
  }

  /** Starts waiting (once: a save refused again while it waits changes nothing). */
  start(): void {
    const { table } = this;
    if (this.waiting || table.host.stopping) return;
    const waiting = new AbortController();
    this.waiting = waiting;
    void tellOwner(table.voice, table.stored, databasePausedText(table.id)).catch((error) => this.warn(`could not tell its owner it is paused: ${error instanceof Error ? error.message : String(error)}`));
    void this.probe(waiting.signal).finally(() => {
      if (this.waiting === waiting) this.waiting = null;
    });
  }

  /** Ends the wait (the match was resumed or stopped, or the House stops). */
  end(): void {
    this.waiting?.abort();
    this.waiting = null;
  }

  private warn(line: string): void {
    houseLog(this.table.host.runtime, `${this.table.id}: ${line}`, 'warn');
  }

  private async probe(signal: AbortSignal): Promise<void> {
    const { table } = this;
    let wait = Math.min(MAX_PROBE_MS, Math.max(1, table.host.settings.saveProbeMs));
    while (!signal.aborted) {
      await sleep(wait, signal);
      if (signal.aborted || table.host.stopping || !pausedBySave(table.stored)) return;
      if (await table.host.store.probe()) {
        await table.resume({});
        if (!pausedBySave(table.stored)) {
          const round = (table.stored.state as { round?: number } | null)?.round ?? 0;
          houseLog(table.host.runtime, `${table.id}: the database answers again; the match goes on by itself at round ${round}`);
          const back = databaseBackText(table.id, round);
          await table.voice.say(back).catch((error) => this.warn(`could not say it goes on: ${error instanceof Error ? error.message : String(error)}`));
          await tellOwner(table.voice, table.stored, back).catch((error) => this.warn(`could not tell its owner it goes on: ${error instanceof Error ? error.message : String(error)}`));
          return;
        }
      }
      wait = Math.min(MAX_PROBE_MS, wait * 2);
    }
  }
}
