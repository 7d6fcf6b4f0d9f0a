import { existsSync } from 'node:fs';
import type { IAgentRuntime } from '@elizaos/core';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { bundlePath } from '@the-house/lab/models/matchBundle.ts';
import type { HouseConfig } from '../houseConfig.ts';
import { rebuildFromFile } from '../matchFile.ts';
import type { MatchStore } from '../matchStore.ts';
import type { Table } from '../table/table.ts';
import type { ClosedTable } from '../table/tableHost.ts';
import { fileNoteText } from '../texts/houseTexts.ts';
import { damagedText, rebuiltText } from '../texts/storageTexts.ts';
import type { MatchDetail, MatchPage, MatchSummary, StoredMatch } from '../types.ts';
import { damagedDetail, matchDetail, matchSummary, spendOf } from './matchSummary.ts';
import { windowOf, type RoundsWanted } from './matchWindow.ts';
import { UsageTally } from './usageTally.ts';

/** Closed matches whose detail stays in memory (the House tab polls the latest ones); older ones are read from the database. */
const RECENT_DETAILS = 4;
/** Tables whose last closed match `!status` still names. */
const RECENT_TABLES = 256;
/** Closed matches whose check (whole, or what is damaged) the list remembers; a closed match does not change. */
const CHECKED = 4096;

export type Loaded = { match: StoredMatch; damage?: string } | { match: null; damage: string; partial: StoredMatch | null };

/** Says a private line to the person who opened a match. */
export type TellOwner = (stored: StoredMatch, text: string) => Promise<void>;

function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value!);
}

/**
 * Every match the House has had, as the routes, the House tab and `!status`
 * read them: open ones from their tables, closed ones from the database,
 * checked on every read (a damaged one rebuilt from its match file when the
 * file is whole, else shown as damaged, in the list as in its detail).
 */
export class MatchRecords {
  /** Closed matches read whole lately (tests, commands): their detail. */
  private readonly recent = new Map<string, MatchDetail>();
  /** Closed matches' latest rounds as the routes and the House tab serve them (a window, however long the match). */
  private readonly windows = new Map<string, MatchDetail>();
  /** What each closed match checked whole used and spent (read with its check, a chunk at a time). */
  private readonly usage = new Map<string, UsageTally>();
  private readonly lastAtTable = new Map<string, string>();
  /** Closed matches read and checked: null when whole, else what is damaged. */
  private readonly checked = new Map<string, string | null>();
  /** Why a closed match's file could not be written, by match id. */
  private readonly fileProblems = new Map<string, string>();
  /** Closed matches by their game room (the GUI group, the Discord thread): a command typed there is about that match. */
  private readonly byRoom = new Map<string, string>();
  /** What was last reported of each damaged match: a damage is logged and told once, never on every read. */
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly games: Record<string, AnyGame>,
    private readonly config: HouseConfig,
    private readonly store: MatchStore,
    private readonly tables: ReadonlyMap<string, Table>,
    private readonly tellOwner: TellOwner = async () => {},
  ) {}

  /** A table's match closed: its detail stays at hand for a while, its table remembers it for `!status`. */
  closed(table: ClosedTable): void {
    const { stored } = table;
    remember(this.lastAtTable, stored.table ?? 'default', stored.id, RECENT_TABLES);
    for (const room of [stored.channelId, stored.origin?.channelId]) if (room) remember(this.byRoom, room, stored.id, RECENT_TABLES);
    remember(this.windows, stored.id, windowOf(table.detail()), RECENT_DETAILS);
    if (table.fileProblem) this.fileProblems.set(stored.id, table.fileProblem);
    else this.fileProblems.delete(stored.id);
  }

  /** The closed match whose game room a channel is. */
  closedIn(channelId: string): string | undefined {
    return this.byRoom.get(channelId);
  }

  /** The last match closed at a table. */
  lastAt(table: string): string | undefined {
    return this.lastAtTable.get(table);
  }

  /**
   * A page of every match, newest first: open ones as they stand, closed ones
   * from their summary rows (once each was read and checked).
   */
  async list(options: { page?: number; per?: number } = {}): Promise<MatchPage> {
    const per = Math.min(100, Math.max(1, Math.floor(options.per ?? 20)));
    const page = Math.max(1, Math.floor(options.page ?? 1));
    const ids = (await this.store.ids()).reverse();
    const inStore = new Set(ids);
    const unsaved = [...this.tables.keys()].filter((id) => !inStore.has(id)).reverse();
    const all = [...unsaved, ...ids];
    const slice = all.slice((page - 1) * per, page * per);
    const matches = (await Promise.all(slice.map((id) => this.summaryOf(id)))).filter((s): s is MatchSummary => s !== null);
    return { matches, page, per, total: all.length };
  }

  async summaryOf(id: string): Promise<MatchSummary | null> {
    const table = this.tables.get(id);
    if (table) return table.summary();
    if (!this.checked.has(id) && !(await this.checkInParts(id))) {
      const detail = await this.get(id, { fresh: true });
      if (!detail) return null;
      if (detail.summary.status === 'damaged') return detail.summary;
    }
    const damage = this.checked.get(id);
    if (damage === undefined) return null;
    const row = await this.store.summary(id);
    if (row && damage === null) return row;
    return (await this.get(id, { rounds: {} }))?.summary ?? null;
  }

  /**
   * Checks a closed match a chunk at a time (a long one is never held whole
   * for it), noting what its seats used; true when whole. A match found
   * damaged is left to `load`, which says what is wrong and repairs it.
   */
  private async checkInParts(id: string): Promise<boolean> {
    const tally = new UsageTally();
    const damage = await this.store.check(id, (list, entries) => {
      if (list === 'calls' || list === 'phases') tally.add(list, entries);
    });
    if (damage !== null) return false;
    remember(this.checked, id, null, CHECKED);
    remember(this.usage, id, tally, CHECKED);
    return true;
  }

  /**
   * A window of a match's rounds (`rounds`; the latest ones when it names
   * none), as the routes serve it: a live table's cut from what it holds, a
   * closed one's read from the chunks that hold those rounds once the match
   * was checked whole (a chunk at a time); a damaged one, said and repaired
   * as `get` does, then cut.
   */
  private async window(id: string, rounds: RoundsWanted, fresh: boolean): Promise<MatchDetail | null> {
    const table = this.tables.get(id);
    if (table) return windowOf(table.detail(), rounds);
    const latest = rounds.from === undefined && rounds.to === undefined;
    const cached = latest && !fresh ? this.windows.get(id) : undefined;
    if (cached) return cached;
    if (fresh || this.checked.get(id) !== null || !this.usage.has(id)) {
      if (!(await this.checkInParts(id))) {
        const whole = await this.get(id, { fresh: true });
        const detail = whole ? windowOf(whole, rounds) : null;
        // A damaged match the list shows again and again is read whole once, not on every read.
        if (detail && latest) remember(this.windows, id, detail, RECENT_DETAILS);
        return detail;
      }
    }
    const read = await this.store.loadWindow(id, rounds);
    const tally = this.usage.get(id);
    if (!read || !tally) {
      const whole = await this.get(id, { fresh: true });
      return whole ? windowOf(whole, rounds) : null;
    }
    const stored = read.match;
    const detail: MatchDetail = { ...matchDetail(this.games, stored, matchSummary(this.games, stored, stored.state, tally.spend), null, null), usage: tally.usage, rounds: read.window };
    if (latest) remember(this.windows, id, detail, RECENT_DETAILS);
    return detail;
  }

  /**
   * A match in full: open ones from their table, closed ones from the
   * database, checked; a damaged one says what it lacks. `fresh` reads a
   * closed match from the database even when a copy of it is in memory.
   * With `rounds`, only those rounds (see `window`): what the routes ask.
   */
  async get(id: string, options: { fresh?: boolean; rounds?: RoundsWanted } = {}): Promise<MatchDetail | null> {
    if (options.rounds) return this.window(id, options.rounds, !!options.fresh);
    const table = this.tables.get(id);
    if (table) return table.detail();
    const cached = options.fresh ? undefined : this.recent.get(id);
    if (cached) return cached;
    const loaded = await this.load(id);
    if (!loaded) return null;
    if (!loaded.match) return damagedDetail(this.games, id, loaded.damage, loaded.partial);
    const stored = loaded.match;
    const detail = matchDetail(this.games, stored, matchSummary(this.games, stored, stored.state, spendOf(stored.record)), null, loaded.damage ?? null);
    remember(this.recent, id, detail, RECENT_DETAILS);
    return detail;
  }

  /** A match from the database, checked (and rebuilt from its file when it can be); what the list shows of it follows. */
  async load(id: string): Promise<Loaded | null> {
    const result = await this.loadAndRepair(id);
    if (result && !this.tables.has(id)) {
      remember(this.checked, id, result.match ? null : result.damage, CHECKED);
      // A copy kept in memory is no longer what the database holds.
      if (!result.match) {
        this.recent.delete(id);
        this.windows.delete(id);
      }
    }
    return result;
  }

  /**
   * A damaged match: rows its running files still hold were put back by the
   * store; otherwise it is rebuilt from its signed match file when the file
   * is whole and covers what was lost (and written back); otherwise it comes
   * back as damage, with what is intact of it. What was wrong is logged and
   * told to the match's owner once.
   */
  private async loadAndRepair(id: string): Promise<Loaded | null> {
    const loaded = await this.store.load(id);
    if (loaded.ok) {
      if (!loaded.repaired) return { match: loaded.match };
      this.report(id, loaded.match, `House: match ${id} was damaged in the database (${loaded.repaired}); rebuilt from its running files`, rebuiltText(id, loaded.repaired, 'running files'));
      return { match: loaded.match, damage: `${loaded.repaired}; rebuilt from its running files` };
    }
    if (!loaded.match && !(await this.store.ids()).includes(id)) return null;
    const dir = this.config.matchDir;
    const base = loaded.headLost ? null : loaded.match;
    const lost = loaded.logLength ?? loaded.match?.log.length ?? 0;
    const rebuilt = dir ? rebuildFromFile(dir, id, base, lost) : { ok: false as const, why: 'no match folder is set (HOUSE_MATCH_DIR)' };
    if (rebuilt.ok) {
      const repaired = rebuilt.match;
      this.report(id, repaired, `House: match ${id} was damaged in the database (${loaded.damage}); rebuilt from its match file`, rebuiltText(id, loaded.damage, 'match file'));
      try {
        this.store.forget(id);
        await this.store.save(repaired, matchSummary(this.games, repaired, repaired.state, spendOf(repaired.record)));
      } catch (error) {
        this.runtime.logger.error(`House: could not write the rebuilt match ${id} back: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { match: repaired, damage: `${loaded.damage}; rebuilt from its match file` };
    }
    const damage = `${loaded.damage}; not rebuilt: ${rebuilt.why}`;
    const rounds = loaded.match?.history.at(-1)?.round ?? 0;
    this.report(id, loaded.headLost ? null : loaded.match, `House: match ${id} is damaged: ${damage}`, damagedText(id, damage, rounds, `${this.config.peopleUrl}/house/matches/${id}`));
    return { match: null, damage, partial: loaded.match };
  }

  /** Logs a match's damage, and tells its owner, unless this very damage was reported already. */
  private report(id: string, stored: StoredMatch | null, line: string, toOwner: string): void {
    if (this.reported.get(id) === line) return;
    remember(this.reported, id, line, CHECKED);
    this.runtime.logger.error(line);
    if (stored) void this.tellOwner(stored, toOwner).catch((error) => this.runtime.logger.warn(`House: could not tell ${id}'s owner it was damaged: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** For `!status` of a closed match: whether its match file is there. */
  fileNote(stored: StoredMatch): string {
    const dir = this.config.matchDir;
    if (!dir || stored.status === 'running' || stored.status === 'lobby') return '';
    return fileNoteText(!existsSync(bundlePath(dir, stored.id)), this.fileProblems.get(stored.id));
  }
}
