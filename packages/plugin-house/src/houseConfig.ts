import { resolve } from 'node:path';
import type { IAgentRuntime } from '@elizaos/core';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { parsePriceTable, type PriceTable } from '@the-house/lab/models/priceTable.ts';
import { parseAdmins, type Admins } from './access.ts';
import { parseDeclaredEntrants, type DeclaredEntrant } from './entrants/declaredEntrants.ts';
import { readableFile } from './entrants/readableFile.ts';
import { numberSetting } from './houseSettings.ts';

function text(runtime: IAgentRuntime, key: string): string {
  const value = runtime.getSetting(key) ?? process.env[key];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** The House's settings, read from its runtime (then the environment) each time they are asked for. */
export class HouseConfig {
  readonly prices: PriceTable;

  constructor(private readonly runtime: IAgentRuntime) {
    const prices = parsePriceTable(text(runtime, 'HOUSE_PRICES'));
    if (!prices.ok) runtime.logger.warn(`House: ${prices.error}; every model counts as free`);
    this.prices = prices.ok ? prices.table : {};
  }

  number(key: string, fallback: number): number {
    return numberSetting(this.runtime, key, fallback);
  }

  /** Where match files (bundles, prompt texts) go; none when unset (tests). */
  get matchDir(): string | null {
    return text(this.runtime, 'HOUSE_MATCH_DIR') || null;
  }

  /**
   * The House's own files, never to be shared (HOUSE_DATA_DIR; the host sets
   * `.eliza`): the files of its running matches, none when unset (tests).
   * Match files go to HOUSE_MATCH_DIR, the folder people may be given.
   */
  get dataDir(): string | null {
    const dir = text(this.runtime, 'HOUSE_DATA_DIR');
    return dir ? resolve(dir) : null;
  }

  /** Where the House keeps its signing key: HOUSE_DATA_DIR, else `.eliza` where it runs; never the match folder. */
  get keyDir(): string {
    return this.dataDir ?? resolve('.eliza');
  }

  /** The admins by platform ids; an entry that is not one is left out (the host refuses to start with it, and the House logs it). */
  get admins(): Admins {
    return parseAdmins(text(this.runtime, 'HOUSE_ADMINS')).admins;
  }

  /** Why HOUSE_ADMINS cannot be used as it is, one line each. */
  get adminProblems(): string[] {
    return parseAdmins(text(this.runtime, 'HOUSE_ADMINS')).problems;
  }

  /** The entrants the operator declares (HOUSE_ENTRANTS); none, and the problem in one line, when it cannot be used. */
  get declaredEntrants(): { entrants: DeclaredEntrant[]; problem: string | null } {
    const parsed = parseDeclaredEntrants(text(this.runtime, 'HOUSE_ENTRANTS'), readableFile);
    return parsed.ok ? { entrants: parsed.entrants, problem: null } : { entrants: [], problem: parsed.error };
  }

  /** A setting as text ('' when unset). */
  text(key: string): string {
    return text(this.runtime, key);
  }

  /** Where agents and tools reach this host (HOUSE_PUBLIC_URL when it is reached by another name); people's links use `peopleUrl`. */
  get publicUrl(): string {
    return (text(this.runtime, 'HOUSE_PUBLIC_URL') || process.env.CENTRAL_MESSAGE_SERVER_URL || '').replace(/\/+$/, '');
  }

  /**
   * Where a person's browser reaches this host, for the absolute links the
   * House sends people: HOUSE_PUBLIC_URL, else the host's own address with a
   * loopback address written `localhost`, as the README gives it. Agents and
   * tools keep `publicUrl`: a browser tries both of localhost's addresses, Bun's
   * fetch may try ::1 alone while the host listens on 127.0.0.1.
   */
  get peopleUrl(): string {
    if (text(this.runtime, 'HOUSE_PUBLIC_URL')) return this.publicUrl;
    return this.publicUrl.replace(/^(https?:\/\/)(?:127\.0\.0\.1|\[::1\])(?=[:/]|$)/, '$1localhost');
  }

  /** The House tab's short address, for people. */
  get dashboardUrl(): string {
    return `${this.peopleUrl}/house`;
  }

  get maxTables(): number {
    return Math.max(1, Math.floor(this.number('HOUSE_MAX_TABLES', 8)));
  }

  get decisionDeadlineMs(): number {
    return this.number('HOUSE_DECISION_DEADLINE_MS', 60_000);
  }

  get lobbyMs(): number {
    return this.number('HOUSE_LOBBY_MS', 20_000);
  }

  get playerWaitMs(): number {
    return this.number('HOUSE_PLAYER_WAIT_MS', 30_000);
  }

  /** The pause between rounds of a game: its own watching pace (`presentation.roundDelayMs`) unless HOUSE_ROUND_DELAY_MS sets one for all; a match's own `--delay` wins over both. */
  roundDelayMs(game: AnyGame): number {
    return this.number('HOUSE_ROUND_DELAY_MS', game.presentation.roundDelayMs);
  }

  /** How long a match opened from a chat waits in its room before its first round (HOUSE_COUNTDOWN_MS, at most a minute); 0: none. */
  get countdownMs(): number {
    return numberSetting(this.runtime, 'HOUSE_COUNTDOWN_MS', 10_000, 60_000);
  }

  /** Open matches one person may own at once (HOUSE_TABLES_PER_PERSON); admins are not bound by it. */
  get tablesPerPerson(): number {
    return Math.max(1, Math.floor(this.number('HOUSE_TABLES_PER_PERSON', 2)));
  }

  /** The longest a match may hold its table, at worst (HOUSE_MAX_MATCH_HOURS). */
  get maxMatchMs(): number {
    return Math.max(1, this.number('HOUSE_MAX_MATCH_HOURS', 12)) * 3_600_000;
  }

  /** Turns in a row a person may let pass before the game's fallback plays their seat for the rest of the match (HOUSE_MISSED_TURNS). */
  get missedTurns(): number {
    return Math.max(1, Math.floor(this.number('HOUSE_MISSED_TURNS', 3)));
  }

  get keepDmRooms(): boolean {
    return text(this.runtime, 'HOUSE_KEEP_DM_ROOMS').toLowerCase() === 'true';
  }

  get saveAttempts(): number {
    return this.number('HOUSE_SAVE_ATTEMPTS', 3);
  }

  get saveBackoffMs(): number {
    return this.number('HOUSE_SAVE_BACKOFF_MS', 100);
  }

  /** The first wait before a match paused by a refused save asks the database again (HOUSE_SAVE_PROBE_MS); each next wait is twice as long, up to a minute. */
  get saveProbeMs(): number {
    return this.number('HOUSE_SAVE_PROBE_MS', 1_000);
  }
}
