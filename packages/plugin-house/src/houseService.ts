import { timingSafeEqual } from 'node:crypto';
import { Service, type IAgentRuntime } from '@elizaos/core';
import { Match } from '@the-house/games/engine/match.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { games as registeredGames } from '@the-house/games/registry.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';
import { findPlayer, isPlayerAgent, playerNames } from '@the-house/plugin-player/playerRegistry.ts';
import { interceptCommands } from './commandActions.ts';
import type { HouseCommand } from './commands/parse.ts';
import { CommandDesk } from './desk/commandDesk.ts';
import { discordSignOuts } from './discord/discordSignOuts.ts';
import type { DeskHost } from './desk/deskHost.ts';
import { openMatch } from './desk/openMatch.ts';
import { gameCommandsByGame, houseCommandTable, peopleTitled } from './games/houseGames.ts';
import { roomGatewayFor } from './gatewayRegistry.ts';
import { HouseConfig } from './houseConfig.ts';
import { syncDeclaredEntrants } from './entrants/declaredEntrants.ts';
import { EntrantStore } from './entrants/entrantStore.ts';
import { houseMatchStore } from './houseMatchStore.ts';
import type { MatchStore } from './matchStore.ts';
import { houseLog } from './houseLog.ts';
import { activeHost } from './activeHost.ts';
import { noteHost } from './noteHost.ts';
import { PeopleNames } from './people.ts';
import type { PlayerDirectory } from './playerDirectory.ts';
import { RatingsStore } from './ratingsStore.ts';
import { publishedKey } from './signingKey.ts';
import { resumesMayStart } from './resumeGate.ts';
import { MatchRecords } from './records/matchRecords.ts';
import type { RoundsWanted } from './records/matchWindow.ts';
import type { RoomGateway } from './roomGateway.ts';
import { isOpen, Table } from './table/table.ts';
import type { ClosedTable, TableHost } from './table/tableHost.ts';
import { RetiredObservers } from './table/retiredObservers.ts';
import { notOpenText } from './texts/houseTexts.ts';
import { helpText } from './texts/helpText.ts';
import { TableVoice } from './table/tableVoice.ts';
import { tellOwner } from './table/tellOwner.ts';
import { pausedBySave } from './table/databaseWait.ts';
import type { CommandAuthor, CommandDesk as Desk, MatchDetail, MatchPage, MatchSummary, StoredMatch } from './types.ts';

export type { CommandAuthor } from './types.ts';

/** How long a stopping House waits for its rooms' last lines. */
const HALT_SAY_MS = 3000;

/** plugin-player's registry of this process's player characters: the House's directory unless it is handed another. */
const registeredPlayers: PlayerDirectory = { find: findPlayer, names: playerNames, isAgent: isPlayerAgent };

/**
 * The House as an ElizaOS service: it starts and stops, reads its settings,
 * holds the set of tables (one live match each, any number at once) and
 * resumes the open ones at boot. What a table does is the Table's; what a
 * command means is the desk's; what was played is in the records.
 */
export class HouseService extends Service implements Desk, TableHost, DeskHost {
  static override serviceType = 'house';
  override capabilityDescription = 'Runs games among player agents: matches at many tables, rooms, decisions, persistence';

  readonly games: Record<string, AnyGame>;
  declare readonly runtime: IAgentRuntime;
  readonly settings: HouseConfig;
  readonly store: MatchStore;
  readonly ratings: RatingsStore;
  readonly people: PeopleNames;
  readonly records: MatchRecords;
  readonly ready = new Set<string>();
  private readonly live = new Map<string, Table>();
  /** The match each retired table's observer link was for (this process's only): a link opened after the end leads to its page. */
  private readonly retiredObservers = new RetiredObservers();
  private readonly desk: CommandDesk;
  gateway: RoomGateway;
  private halted = false;
  /** Whether the open matches saved before the last stop are at their tables again: until then a seat token of one of them is not refused, only asked to wait. */
  resumed = false;

  constructor(
    runtime: IAgentRuntime,
    gameTable: Record<string, AnyGame> = registeredGames,
    readonly players: PlayerDirectory = registeredPlayers,
  ) {
    super(runtime);
    this.games = peopleTitled(gameTable);
    this.settings = new HouseConfig(runtime);
    this.store = houseMatchStore(runtime, this.settings);
    this.ratings = new RatingsStore(runtime);
    this.people = new PeopleNames(runtime);
    this.gateway = roomGatewayFor(runtime);
    this.records = new MatchRecords(runtime, this.games, this.settings, this.store, this.live, (stored, text) => tellOwner(this.voiceFor(stored), stored, text));
    this.desk = new CommandDesk(this);
  }

  static override async start(runtime: IAgentRuntime): Promise<HouseService> {
    const service = new HouseService(runtime);
    for (const problem of service.settings.adminProblems) runtime.logger.error(`House: ${problem}`);
    void service.declareEntrants();
    interceptCommands(runtime);
    service.unlistenSignOuts = discordSignOuts.listen((bot) => {
      for (const table of service.live.values()) void table.voice.discordSignedOut(bot).catch((error) => runtime.logger.warn(`House: ${table.id} could not leave a bot Discord signed out: ${error instanceof Error ? error.message : String(error)}`));
    });
    setTimeout(() => void resumesMayStart().then(() => service.resumeAll()), 0);
    return service;
  }

  /** Stops the tables hearing of Discord bots signed out (set at start). */
  private unlistenSignOuts: () => void = () => {};

  /** The entrants HOUSE_ENTRANTS declares, made (or made again) the operator's; one it cannot read changes nothing and is logged. */
  async declareEntrants(): Promise<void> {
    const { entrants, problem } = this.settings.declaredEntrants;
    if (problem) return void this.runtime.logger.error(`House: ${problem}; no entrant is declared`);
    try {
      for (const note of await syncDeclaredEntrants(new EntrantStore(this.runtime), entrants)) this.runtime.logger.warn(`House: ${note}`);
    } catch (error) {
      this.runtime.logger.error(`House: the entrants HOUSE_ENTRANTS declares could not be stored: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Every table halts; the running ones' rooms are told they play on at the next start, for at most HALT_SAY_MS (a stop never hangs on a post); then the running files handed over are written. */
  override async stop(): Promise<void> {
    if (this.halted) return;
    this.halted = true;
    this.unlistenSignOuts();
    const halted = Promise.all([...this.live.values()].map((table) => table.halt()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([halted, new Promise<void>((resolve) => (timer = setTimeout(resolve, HALT_SAY_MS)))]);
    clearTimeout(timer);
    await this.store.filesSettled();
  }

  // ---- the set of tables ----

  get tables(): ReadonlyMap<string, Table> {
    return this.live;
  }

  get stopping(): boolean {
    return this.halted;
  }

  /** A match joins the set of tables (under a lease, marked this host's: one another host held records the change). */
  seat(stored: StoredMatch, match: Match | null): Table {
    noteHost(stored, activeHost(), Date.now());
    const table = new Table(this, stored, match);
    this.live.set(stored.id, table);
    return table;
  }

  /** A closed match leaves the set: its records keep it at hand for a while, and it is read from the database from now on. */
  retire(table: ClosedTable): void {
    if (table.stored.observerKey) this.retiredObservers.add(table.stored.observerKey, table.id);
    this.records.closed(table);
    this.live.delete(table.id);
    this.store.forget(table.id);
    for (const key of this.ready) if (key.endsWith(`:${table.id}`)) this.ready.delete(key);
  }

  voiceFor(stored: StoredMatch): TableVoice {
    return this.live.get(stored.id)?.voice ?? new TableVoice(this, stored);
  }

  /** The House tab's short address. */
  get dashboardUrl(): string {
    return this.settings.dashboardUrl;
  }

  /** What `!help` answers outside the web GUI (`topic`: a game, a command or `all`). */
  helpText(topic?: string): string {
    return helpText({ games: this.games, table: houseCommandTable(), dashboardUrl: this.settings.dashboardUrl, byGame: gameCommandsByGame(), topic });
  }

  // ---- commands ----

  /** Runs one parsed command; the reply says what happened or what is allowed. */
  handleCommand(command: HouseCommand, author: CommandAuthor, ref?: string, replied?: Promise<unknown>): Promise<string> {
    return this.desk.handle(command, author, ref, replied);
  }

  /** Opens a match: with names it starts at once; without, a lobby that starts by itself. */
  open(gameId: string, names: string[], seed?: number, origin: StoredMatch['origin'] = null, rawOptions: unknown = {}, author: CommandAuthor | null = null, rawConfig: unknown = {}) {
    return openMatch(this, gameId, names, seed, origin, rawOptions, author, rawConfig);
  }

  /** A paused match by id continues (what `!resume <id>` does for its owner). */
  async resume(id: string, rawOptions: Record<string, unknown>): Promise<string> {
    return this.live.get(id)?.resume(rawOptions) ?? notOpenText(id);
  }

  async stopMatch(id: string): Promise<void> {
    await this.live.get(id)?.stop();
  }

  /** Resolves when the match is over, stopped or paused (for tests and benches). */
  async finished(id: string): Promise<MatchSummary | null> {
    await this.live.get(id)?.done;
    return this.summaryOf(id);
  }

  // ---- what the dashboard, the routes and the providers read ----

  /** The open matches (lobby, running, paused) as they stand now, newest first. */
  openMatches(): MatchSummary[] {
    return [...this.live.values()].map((t) => t.summary()).reverse();
  }

  listMatches(options: { page?: number; per?: number } = {}): Promise<MatchPage> {
    return this.records.list(options);
  }

  summaryOf(id: string): Promise<MatchSummary | null> {
    return this.records.summaryOf(id);
  }

  getMatch(id: string, options: { fresh?: boolean; rounds?: RoundsWanted } = {}): Promise<MatchDetail | null> {
    return this.records.get(id, options);
  }

  /** The live match an observer link names, in full (the key compared in constant time); null for any other key. */
  observe(key: string): MatchDetail | null {
    const given = Buffer.from(key);
    for (const table of this.live.values()) {
      const own = Buffer.from(table.stored.observerKey ?? '');
      if (own.length === given.length && own.length > 0 && timingSafeEqual(own, given)) return table.detail();
    }
    return null;
  }

  /** The match an observer link was for, once it is over here (since this process started); null for any other key. */
  observedMatch(key: string): string | null {
    return this.retiredObservers.matchOf(key);
  }

  /** An open match in full, as it stands (no database read): what tests and the stub model read while it plays. */
  liveMatch(id: string): MatchDetail | null {
    return this.live.get(id)?.detail() ?? null;
  }

  /** Every game's rating leaderboard, from every finished match in the database. */
  leaderboards(): Promise<Record<string, LeaderboardRow[]>> {
    return this.ratings.leaderboards(Object.keys(this.games));
  }

  /** The public key the House signs its match files with, and its fingerprint (or why it cannot be had, in one line); null when it writes no match files (no HOUSE_MATCH_DIR). */
  signingKey(): { pem: string; fingerprint: string } | { error: string } | null {
    const dir = this.settings.matchDir;
    if (!dir) return null;
    const key = publishedKey(this.settings.keyDir, dir, (line) => houseLog(this.runtime, line, 'warn'));
    return key.ok ? { pem: key.pem, fingerprint: key.fingerprint } : { error: key.why };
  }

  // ---- resume ----

  /** Loads the open matches (only those: closed ones stay in the database); running ones continue from their last saved phase, lobbies start. */
  async resumeAll(): Promise<void> {
    try {
      for (const id of await this.store.openIds()) {
        if (this.live.has(id)) continue;
        const loaded = await this.records.load(id);
        if (!loaded?.match) continue;
        const stored = loaded.match;
        const game = ownValue(this.games, stored.game);
        if (!game || !isOpen(stored.status)) continue;
        const restored = stored.state ? Match.restore(game, { game: stored.game, state: stored.state, log: stored.log }) : null;
        if (stored.status === 'running' && restored) {
          this.seat(stored, restored).playOn();
        } else if (stored.status === 'lobby') this.seat(stored, null).beginByItself();
        else if (stored.status === 'paused') {
          const table = this.seat(stored, restored);
          // Paused by a save the database refused before the stop: it goes on once the database answers, as it would have.
          if (pausedBySave(stored)) table.databaseWait.start();
        }
      }
    } catch (error) {
      this.runtime.logger.error(`House: could not load saved matches: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.resumed = true;
    }
  }
}
