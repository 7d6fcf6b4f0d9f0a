import { existsSync } from 'node:fs';
import { Service, type IAgentRuntime } from '@elizaos/core';
import { checkPlayers, parseConfig } from '@the-house/games/engine/config.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatch, type Brain } from '@the-house/games/engine/runner.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { games as registeredGames } from '@the-house/games/registry.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { looksLikeCommand } from '@the-house/lab/chat/looksLikeCommand.ts';
import { matchOverBudget } from '@the-house/lab/models/budget.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import { bundlePath, promptFileSink } from '@the-house/lab/models/matchBundle.ts';
import { emptyRecord, MatchRecorder, seatUsage } from '@the-house/lab/models/matchRecorder.ts';
import { parsePriceTable, type PriceTable } from '@the-house/lab/models/priceTable.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';
import { closePhase } from '@the-house/lab/seats/closePhase.ts';
import { decisionOf } from '@the-house/lab/seats/decideWithRepair.ts';
import { matchOptionsProblem, matchOptionsSchema } from '@the-house/lab/seats/matchOptions.ts';
import { seatOwner } from '@the-house/lab/seats/seatOwner.ts';
import { findPlayer, isPlayerAgent, playerNames } from '@the-house/plugin-player/playerRegistry.ts';
import { mayControl, parseAdmins, refusal, type Admins } from './access.ts';
import { houseLog } from './houseLog.ts';
import { dmRoomName } from './roomNames.ts';
import { runCommand } from './commandActions.ts';
import { checkSituation, commandList, type HouseCommand, type Situation } from './commands/parse.ts';
import { gameRoomOn } from './discord/gameRoomOn.ts';
import { postOnPlatform } from './discord/postOnPlatform.ts';
import { adapterFor, houseCommandTable, verbAdapter } from './gameAdapters.ts';
import { roomGatewayFor } from './gatewayRegistry.ts';
import type { PhaseContext } from './houseGameAdapter.ts';
import { numberSetting, sleep, yieldToEventLoop } from './houseSettings.ts';
import { humanBrain } from './humanBrain.ts';
import { HumanDesk } from './humanDesk.ts';
import { fileProblem } from './fileProblem.ts';
import { rebuildFromFile, writeMatchFile } from './matchFile.ts';
import { MatchStore, StoreError } from './matchStore.ts';
import { ObserverDesk } from './observerDesk.ts';
import { PeopleNames } from './people.ts';
import { runtimeBrain, seatInfo, tellRound } from './playerBrain.ts';
import { RatingsStore } from './ratingsStore.ts';
import type { GameRoom, RoomGateway } from './roomGateway.ts';
import { roundText } from './roundText.ts';
import { runtimeModelClient } from './runtimeModelClient.ts';
import { matchByRef, tableOf } from './tables.ts';
import type { CommandAuthor, CommandDesk, HumanSeat, MatchDetail, MatchPage, MatchSummary, StoredMatch } from './types.ts';

export type { CommandAuthor } from './types.ts';

interface Live {
  stored: StoredMatch;
  match: Match | null;
  abort: AbortController;
  observer: ObserverDesk;
  humans: HumanDesk;
  recorder: MatchRecorder;
  lobbyTimer: ReturnType<typeof setTimeout> | null;
  done: Promise<void> | null;
  /** Settles once a starting match has its game room (or could not get one). */
  roomReady: Promise<void> | null;
}

/** Closed matches whose detail stays in memory (the House tab polls the latest ones); older ones are read from the database. */
const RECENT_DETAILS = 4;
/** Tables whose last closed match `!status` still names. */
const RECENT_TABLES = 256;
/** Closed matches whose check (whole, or what is damaged) the list remembers; a closed match does not change. */
const CHECKED = 4096;

/** The player runtime behind a seat: the player itself, or the team a spawned unit belongs to. */
function runtimeFor(match: Match, id: PlayerId): IAgentRuntime | undefined {
  return findPlayer(seatOwner(match.state, id));
}

function humanSeat(author: CommandAuthor): HumanSeat {
  return { id: author.id, room: author.room ?? null, origin: author.direct ?? author.origin ?? null };
}

/** The seat a person holds in a match, by their id. */
function seatOf(stored: StoredMatch, author: CommandAuthor): PlayerId | null {
  return Object.entries(stored.humans).find(([, seat]) => seat.id === author.id)?.[0] ?? null;
}

function humanFor(stored: StoredMatch, id: PlayerId): HumanSeat | undefined {
  return Object.hasOwn(stored.humans, id) ? stored.humans[id] : undefined;
}

const isOpen = (status: StoredMatch['status']) => status === 'lobby' || status === 'running' || status === 'paused';

/**
 * Pause between rounds by game, so a person can follow the room: a Gold mining
 * match has 200 short rounds (summarised every 10), the others a few long ones.
 * `HOUSE_ROUND_DELAY_MS` sets one pause for all; `!play --delay MS` one match's.
 */
const ROUND_DELAY_MS: ReadonlyMap<string, number> = new Map([
  ['trust', 1500],
  ['cafe', 2500],
  ['influence', 1500],
  ['goldmine', 150],
]);

/** Seats of a lobby the House fills by itself: Trust is dull with two (a miss turns a pair into a feud), so four. */
const LOBBY_SEATS: ReadonlyMap<string, number> = new Map([['trust', 4]]);

/** The players a lobby seats by itself: agents with different baselines for the game first, so the table shows a mix. */
function lobbySeats(game: AnyGame, seats: number): string[] {
  const agents = playerNames();
  const strategyOf = (name: string): string => {
    const runtime = findPlayer(name);
    const settings = (runtime?.character.settings ?? {}) as { strategies?: Record<string, unknown> };
    const named = settings.strategies && Object.hasOwn(settings.strategies, game.id) ? settings.strategies[game.id] : undefined;
    return typeof named === 'string' ? named : name;
  };
  const seen = new Set<string>();
  const distinct = agents.filter((name) => !seen.has(strategyOf(name)) && seen.add(strategyOf(name)));
  return [...distinct, ...agents.filter((name) => !distinct.includes(name))].slice(0, Math.min(seats, game.maxPlayers));
}

/** At most this much of what a person typed is quoted back. */
const QUOTE = 200;
const quote = (text: string): string => (text.length > QUOTE ? `${text.slice(0, QUOTE)}… (${text.length} characters)` : text);

/**
 * The House: owns matches and their timers, any number at once, each at its
 * own table (the room or channel where it was opened) and owned by the person
 * who opened it. For each phase it asks every living player at once through
 * that player's runtime (deadline, validation, one repair round, then the
 * game's fallback), hands begs to the observer, applies the phase, saves state
 * + log + history, and posts the public outcome to the match's game room.
 * Open matches resume on start; closed ones leave memory and are read from
 * the database when asked for.
 */
export class HouseService extends Service implements CommandDesk {
  static override serviceType = 'house';
  override capabilityDescription = 'Runs games among player agents: matches at many tables, rooms, decisions, persistence';

  readonly games: Record<string, AnyGame>;
  private readonly live = new Map<string, Live>();
  private readonly recent = new Map<string, MatchDetail>();
  private readonly lastAtTable = new Map<string, string>();
  /** Closed matches read and checked: null when whole, else what is damaged (the list shows what the detail shows). */
  private readonly checked = new Map<string, string | null>();
  /** Why a match's file could not be written, by match id, for `!status`. */
  private readonly fileProblems = new Map<string, string>();
  private readonly store: MatchStore;
  private readonly ready = new Set<string>();
  private readonly people: PeopleNames;
  gateway: RoomGateway;
  private stopped = false;
  private readonly prices: PriceTable;
  readonly ratings: RatingsStore;

  constructor(runtime: IAgentRuntime, gameTable: Record<string, AnyGame> = registeredGames) {
    super(runtime);
    this.games = gameTable;
    this.store = new MatchStore(runtime, { attempts: numberSetting(runtime, 'HOUSE_SAVE_ATTEMPTS', 3), backoffMs: numberSetting(runtime, 'HOUSE_SAVE_BACKOFF_MS', 100) });
    this.ratings = new RatingsStore(runtime);
    this.people = new PeopleNames(runtime);
    this.gateway = roomGatewayFor(runtime);
    const prices = parsePriceTable(String(runtime.getSetting('HOUSE_PRICES') ?? process.env.HOUSE_PRICES ?? ''));
    if (!prices.ok) runtime.logger.warn(`House: ${prices.error}; every model counts as free`);
    this.prices = prices.ok ? prices.table : {};
  }

  /** The House's own model (judge, challenges), as a metered client. */
  private get houseClient() {
    return runtimeModelClient(this.runtime);
  }

  /** Where match files (bundles, prompt texts) go; none when unset (tests). */
  private get matchDir(): string | null {
    const dir = this.runtime.getSetting('HOUSE_MATCH_DIR') ?? process.env.HOUSE_MATCH_DIR;
    return typeof dir === 'string' && dir ? dir : null;
  }

  private get admins(): Admins {
    return parseAdmins(String(this.runtime.getSetting('HOUSE_ADMINS') ?? process.env.HOUSE_ADMINS ?? ''));
  }

  /** Where people reach this host in a browser (HOUSE_PUBLIC_URL when it is reached by another name). */
  private get publicUrl(): string {
    const base = String(this.runtime.getSetting('HOUSE_PUBLIC_URL') ?? process.env.HOUSE_PUBLIC_URL ?? process.env.CENTRAL_MESSAGE_SERVER_URL ?? '');
    return base.replace(/\/+$/, '');
  }

  /** The House tab's short address. */
  get dashboardUrl(): string {
    return `${this.publicUrl}/house`;
  }

  private get maxTables(): number {
    return Math.max(1, Math.floor(numberSetting(this.runtime, 'HOUSE_MAX_TABLES', 8)));
  }

  static override async start(runtime: IAgentRuntime): Promise<HouseService> {
    const service = new HouseService(runtime);
    service.interceptCommands();
    setTimeout(() => void service.resumeAll(), 0);
    return service;
  }

  /**
   * Commands are answered before the message pipeline asks any model: the
   * House's message service sees `!...` first, stores the message and replies
   * through the same callback a model reply would use.
   */
  private interceptCommands(): void {
    const messages = this.runtime.messageService;
    if (!messages) return;
    const handle = messages.handleMessage.bind(messages);
    messages.handleMessage = async (runtime, message, callback, options) => {
      if (!looksLikeCommand(message.content.text) || message.entityId === runtime.agentId) return handle(runtime, message, callback, options);
      if (message.id && !(await runtime.getMemoryById(message.id))) await runtime.createMemory(message, 'messages');
      const text = await runCommand(runtime, message, callback);
      return {
        didRespond: text !== null,
        responseContent: text === null ? null : { text },
        responseMessages: [],
        state: { values: {}, data: {}, text: '' },
        mode: 'simple',
      };
    };
  }

  override async stop(): Promise<void> {
    this.stopped = true;
    for (const live of this.live.values()) {
      live.abort.abort();
      if (live.lobbyTimer) clearTimeout(live.lobbyTimer);
      live.observer.close();
      live.humans.closeAll();
    }
  }

  private get decisionDeadline(): number {
    return numberSetting(this.runtime, 'HOUSE_DECISION_DEADLINE_MS', 60_000);
  }

  // ---- what the dashboard, the routes and the providers read ----

  summary(stored: StoredMatch, match: Match | null): MatchSummary {
    const game = this.games[stored.game];
    const state = (match?.state ?? stored.state) as Parameters<AnyGame['score']>[0] | null;
    const players = stored.players.map((name) => ({
      name,
      alive: game && state ? game.alive(state, name) : true,
      score: game && state ? game.score(state, name) : 0,
    }));
    const outcome = game && state ? game.outcome(state) : { over: false, winners: [], kind: null };
    const live = this.live.get(stored.id);
    const spend = live ? live.recorder.spend() : { tokens: 0, cost: 0 };
    return {
      id: stored.id,
      game: stored.game,
      status: stored.status,
      round: state ? (state as { round: number }).round : 0,
      players,
      winners: outcome.winners,
      spend,
      owner: stored.owner?.name ?? null,
      table: stored.table ?? 'default',
      room: this.roomName(stored),
      createdAt: stored.createdAt,
    };
  }

  /** Every game's rating leaderboard, from every finished match in the database. */
  leaderboards(): Promise<Record<string, LeaderboardRow[]>> {
    return this.ratings.leaderboards(Object.keys(this.games));
  }

  /** The open matches (lobby, running, paused) as they stand now, newest first. */
  openMatches(): MatchSummary[] {
    return [...this.live.values()].map((l) => this.summary(l.stored, l.match)).reverse();
  }

  /**
   * A page of every match the House has had, newest first: open ones as they
   * stand, closed ones from their summary rows (nothing else is loaded).
   */
  async listMatches(options: { page?: number; per?: number } = {}): Promise<MatchPage> {
    const per = Math.min(100, Math.max(1, Math.floor(options.per ?? 20)));
    const page = Math.max(1, Math.floor(options.page ?? 1));
    const ids = (await this.store.ids()).reverse();
    const inStore = new Set(ids);
    const unsaved = [...this.live.keys()].filter((id) => !inStore.has(id)).reverse();
    const all = [...unsaved, ...ids];
    const slice = all.slice((page - 1) * per, page * per);
    const matches = (await Promise.all(slice.map((id) => this.summaryOf(id)))).filter((s): s is MatchSummary => s !== null);
    return { matches, page, per, total: all.length };
  }

  /**
   * One match's summary: live, or its summary row once the match it sums up
   * has been read and checked (a damaged match is listed as damaged, as its
   * detail shows it), or (for a match saved before rows existed) its detail's.
   */
  async summaryOf(id: string): Promise<MatchSummary | null> {
    const live = this.live.get(id);
    if (live) return this.summary(live.stored, live.match);
    if (!this.checked.has(id)) {
      const detail = await this.getMatch(id, { fresh: true });
      if (!detail) return null;
      if (detail.summary.status === 'damaged') return detail.summary;
    }
    const damage = this.checked.get(id);
    if (damage === undefined) return null;
    const row = await this.store.summary(id);
    if (row && damage === null) return row;
    const detail = await this.getMatch(id);
    return detail ? detail.summary : null;
  }

  /** An open match in full, as it stands (no database read): what tests and the stub model read while it plays. */
  liveMatch(id: string): MatchDetail | null {
    const live = this.live.get(id);
    return live ? this.detailOf(live) : null;
  }

  /**
   * A match in full: open ones from memory, closed ones from the database,
   * checked; a damaged one says what it lacks. `fresh` reads a closed match
   * from the database even when a copy of it is in memory.
   */
  async getMatch(id: string, options: { fresh?: boolean } = {}): Promise<MatchDetail | null> {
    const live = this.live.get(id);
    if (live) return this.detailOf(live);
    const cached = options.fresh ? undefined : this.recent.get(id);
    if (cached) return cached;
    const loaded = await this.loadChecked(id);
    if (!loaded) return null;
    if ('damage' in loaded && !loaded.match) {
      const summary: MatchSummary = {
        id,
        game: loaded.partial?.game ?? id.split('-')[0]!,
        status: 'damaged',
        round: 0,
        players: (loaded.partial?.players ?? []).map((name) => ({ name, alive: false, score: 0 })),
        winners: [],
        spend: { tokens: 0, cost: 0 },
        damage: loaded.damage,
      };
      return { summary, state: null, events: [], history: [], outcome: { over: false, winners: [], kind: null }, pendingBegs: [], usage: {}, budget: {}, paused: null, waitingFor: [], damage: loaded.damage };
    }
    const detail = this.closedDetail(loaded.match!, loaded.damage ?? null);
    this.remember(detail);
    return detail;
  }

  private detailOf(live: Live): MatchDetail {
    const game = this.games[live.stored.game];
    const state = live.match?.state ?? live.stored.state;
    return {
      summary: this.summary(live.stored, live.match),
      state,
      events: live.match?.log ? [...live.match.log.entries] : live.stored.log,
      history: live.stored.history,
      outcome: game && state ? game.outcome(state) : { over: false, winners: [], kind: null },
      pendingBegs: live.observer.pending(),
      usage: seatUsage(live.stored.record),
      budget: live.stored.options.budget,
      paused: live.stored.paused,
      waitingFor: live.humans.waiting(),
      damage: null,
    };
  }

  private closedDetail(stored: StoredMatch, damage: string | null): MatchDetail {
    const game = this.games[stored.game];
    const summary = damage ? { ...this.summary(stored, null), damage } : this.summary(stored, null);
    return {
      summary,
      state: stored.state,
      events: stored.log,
      history: stored.history,
      outcome: game && stored.state ? game.outcome(stored.state) : { over: false, winners: [], kind: null },
      pendingBegs: [],
      usage: seatUsage(stored.record),
      budget: stored.options.budget,
      paused: stored.paused,
      waitingFor: [],
      damage,
    };
  }

  private remember(detail: MatchDetail): void {
    this.recent.delete(detail.summary.id);
    this.recent.set(detail.summary.id, detail);
    while (this.recent.size > RECENT_DETAILS) this.recent.delete(this.recent.keys().next().value!);
  }

  /**
   * A match from the database, checked. A damaged one is rebuilt from its
   * match file when the file is whole and covers what was lost (and written
   * back); otherwise it comes back as damage only. Either way the House logs
   * what was wrong.
   */
  private async loadChecked(id: string): Promise<{ match: StoredMatch; damage?: string } | { match: null; damage: string; partial: StoredMatch | null } | null> {
    const result = await this.loadAndRepair(id);
    if (result && !this.live.has(id)) {
      this.checked.delete(id);
      this.checked.set(id, result.match ? null : result.damage);
      // A copy kept in memory is no longer what the database holds.
      if (!result.match) this.recent.delete(id);
      while (this.checked.size > CHECKED) this.checked.delete(this.checked.keys().next().value!);
    }
    return result;
  }

  private async loadAndRepair(id: string): Promise<{ match: StoredMatch; damage?: string } | { match: null; damage: string; partial: StoredMatch | null } | null> {
    const loaded = await this.store.load(id);
    if (loaded.ok) return { match: loaded.match };
    if (!loaded.match && !(await this.store.ids()).includes(id)) return null;
    const dir = this.matchDir;
    const lost = loaded.match ? loaded.match.log.length : 0;
    const rebuilt = dir ? rebuildFromFile(dir, id, loaded.match, lost) : { ok: false as const, why: 'no match folder is set (HOUSE_MATCH_DIR)' };
    if (rebuilt.ok) {
      this.runtime.logger.error(`House: match ${id} was damaged in the database (${loaded.damage}); rebuilt from its match file`);
      const repaired = rebuilt.match;
      try {
        this.store.forget(id);
        await this.store.save(repaired, this.summary(repaired, null));
      } catch (error) {
        this.runtime.logger.error(`House: could not write the rebuilt match ${id} back: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { match: repaired, damage: `${loaded.damage}; rebuilt from its match file` };
    }
    const damage = `${loaded.damage}; not rebuilt: ${rebuilt.why}`;
    this.runtime.logger.error(`House: match ${id} is damaged: ${damage}`);
    return { match: null, damage, partial: loaded.match };
  }

  /** Resolves when the match is over, stopped or paused (for tests and benches). */
  async finished(id: string): Promise<MatchSummary | null> {
    await this.live.get(id)?.done;
    return this.summaryOf(id);
  }

  // ---- tables ----

  /** The open match at a table. */
  private atTable(table: string): Live | null {
    for (const live of this.live.values()) if (live.stored.table === table && isOpen(live.stored.status)) return live;
    return null;
  }

  /** The open match whose own game room (the GUI group, or its Discord thread) the author typed in. */
  private inGameRoom(author: CommandAuthor): Live | null {
    const typedIn = author.origin?.channelId ?? author.room?.channelId;
    if (!typedIn) return null;
    for (const live of this.live.values()) {
      if (!isOpen(live.stored.status)) continue;
      if (live.stored.channelId === typedIn || (author.origin && live.stored.origin?.channelId === typedIn)) return live;
    }
    return null;
  }

  /** Matches that hold a table now (lobby or running): what `HOUSE_MAX_TABLES` bounds. */
  private busyTables(): Live[] {
    return [...this.live.values()].filter((l) => l.stored.status === 'lobby' || l.stored.status === 'running');
  }

  private tableLine(live: Live): string {
    const s = this.summary(live.stored, live.match);
    return `${s.id} (${this.games[s.game]?.title ?? s.game}, ${s.status}${s.status === 'running' ? ` round ${s.round}` : ''}, opened by ${s.owner ?? 'the House'}; room "${s.room}")`;
  }

  /**
   * The match a command is about: the one it names (`--match`), else the open
   * one of the room it was typed in; for a person's own moves, the match where
   * they hold a seat.
   */
  private async target(command: HouseCommand, author: CommandAuthor, ref: string | undefined): Promise<{ live: Live | null; stored: StoredMatch | null; error?: string }> {
    if (ref) {
      const found = matchByRef([...new Set([...this.live.keys(), ...(await this.store.ids())])], ref);
      if (!found.ok) return { live: null, stored: null, error: found.error };
      const live = this.live.get(found.id);
      if (live) return { live, stored: live.stored };
      const loaded = await this.loadChecked(found.id);
      return { live: null, stored: loaded?.match ?? null, error: loaded?.match ? undefined : `Match ${found.id} is damaged: ${loaded?.damage ?? 'unreadable'}` };
    }
    const here = this.atTable(tableOf(author)) ?? this.inGameRoom(author);
    if (here) return { live: here, stored: here.stored };
    if (command.kind === 'grant' || command.kind === 'decline') {
      // The observer answers in their own chat (a DM), where the beg reached them.
      const begging = [...this.live.values()].filter((l) => l.stored.owner?.id === author.id && l.observer.pending().some((b) => b.player.toLowerCase() === command.player.toLowerCase()));
      if (begging.length === 1) return { live: begging[0]!, stored: begging[0]!.stored };
    }
    if (command.kind === 'status' || command.kind === 'stop' || command.kind === 'start' || command.kind === 'grant' || command.kind === 'decline') {
      const mine = [...this.live.values()].filter((l) => isOpen(l.stored.status) && l.stored.owner?.id === author.id);
      if (mine.length === 1) return { live: mine[0]!, stored: mine[0]!.stored };
      if (mine.length > 1 && command.kind !== 'status') return { live: null, stored: null, error: `You have ${mine.length} matches open (${mine.map((l) => l.stored.id).join(', ')}); add --match <id>, or type it at the match's table.` };
    }
    if (command.kind === 'move' || command.kind === 'done' || command.kind === 'view' || command.kind === 'game') {
      const seated = [...this.live.values()].filter((l) => l.stored.status === 'running' && seatOf(l.stored, author));
      if (seated.length === 1) return { live: seated[0]!, stored: seated[0]!.stored };
      if (seated.length > 1) return { live: null, stored: null, error: `You hold seats at ${seated.length} tables (${seated.map((l) => l.stored.id).join(', ')}); add --match <id>.` };
    }
    if (command.kind === 'resume') {
      const paused = [...this.live.values()].filter((l) => l.stored.status === 'paused' && mayControl(l.stored.owner, this.admins, author));
      if (paused.length) return { live: paused.at(-1)!, stored: paused.at(-1)!.stored };
    }
    if (command.kind === 'status' || command.kind === 'game') {
      // A match that just stopped or ended, still leaving memory.
      const closing = [...this.live.values()].filter((l) => l.stored.table === tableOf(author)).at(-1);
      if (closing) return { live: null, stored: closing.stored };
    }
    const last = this.lastAtTable.get(tableOf(author));
    if (last && (command.kind === 'status' || command.kind === 'game')) {
      const loaded = await this.loadChecked(last);
      if (loaded?.match) return { live: null, stored: loaded.match };
    }
    return { live: null, stored: null };
  }

  // ---- commands ----

  /** Runs one parsed command; the reply says what happened or what is allowed. */
  async handleCommand(command: HouseCommand, author: CommandAuthor, ref?: string): Promise<string> {
    if (command.kind === 'help') return this.helpText();
    if (command.kind === 'games') {
      const lines = Object.values(this.games).map((g) => `- **${g.title}** (\`${g.id}\`, ${g.minPlayers}-${g.maxPlayers} players): ${g.summary.split(/(?<=\.)\s/)[0]}`);
      return `${lines.join('\n')}\nStart one with \`!play GAME\` (e.g. \`!play trust\`), or \`!play trust me,Ada\` to sit down yourself. \`!help\` lists every command.`;
    }
    if (command.kind === 'name') {
      const problem = await this.people.choose(author, command.name);
      return problem ? `Not changed: ${problem}.` : `From now on you sit down as ${command.name}.`;
    }
    const { live, stored, error } = await this.target(command, author, command.kind === 'resume' ? (command.match ?? ref) : ref);
    if (error) return error;
    const situation: Situation = live ? (live.stored.status === 'lobby' ? 'lobby' : live.stored.status === 'running' ? 'running' : 'idle') : 'idle';
    const wrong = command.kind === 'resume' || command.kind === 'status' || command.kind === 'play' ? null : checkSituation(command, situation);
    if (wrong) return wrong;
    const fromPlayer = isPlayerAgent(author.id);
    const owned = (verb: string): string | null => {
      if (!live) return null;
      if (fromPlayer) return `Only the person who opened ${live.stored.id}, or a House admin, may !${verb} it; a player agent may not.`;
      return mayControl(live.stored.owner, this.admins, author) ? null : refusal(verb, live.stored.id, live.stored.owner!);
    };
    switch (command.kind) {
      case 'status': {
        if (live) return this.statusText(live.stored, live.match, live.observer);
        if (stored) return this.statusText(stored, null, null);
        const open = [...this.live.values()].filter((l) => isOpen(l.stored.status));
        if (!open.length) return `No match yet. Start one with !play <game>. Games: ${Object.keys(this.games).join(', ')}`;
        return `No match at this table. ${open.length} table${open.length > 1 ? 's are' : ' is'} open: ${open.map((l) => this.tableLine(l)).join('; ')}. Add --match <id> to a command to act on one.`;
      }
      case 'play': {
        if (fromPlayer) return 'Only people open matches; players join with !join.';
        const table = tableOf(author);
        const here = this.atTable(table);
        if (here) return `This room already has ${this.tableLine(here)}. Stop it with !stop, or open your match from another room.`;
        const busy = this.busyTables();
        if (busy.length >= this.maxTables) return `All ${this.maxTables} tables are busy (HOUSE_MAX_TABLES): ${busy.map((l) => this.tableLine(l)).join('; ')}. Wait for one to end, or ask its owner to !stop it.`;
        const opened = await this.open(command.game, command.players, command.seed, author.origin ?? null, command.options, author, command.config ?? {});
        return opened.ok ? opened.text : opened.error;
      }
      case 'join': {
        const l = live!;
        const game = this.games[l.stored.game]!;
        const agent = findPlayer(author.name)?.character.name;
        const viaAgent = fromPlayer ? agent : undefined;
        const name = viaAgent ?? (await this.people.nameOf(author));
        if (!viaAgent && findPlayer(name)) return `${name} is the name of a player agent; a person needs another name to sit down.`;
        if (l.stored.players.some((p) => p.toLowerCase() === name.toLowerCase())) return `${name} is already seated.`;
        if (l.stored.players.length >= game.maxPlayers) return `The table is full (${game.maxPlayers} players).`;
        if (!viaAgent) l.stored.humans[name] = humanSeat(author);
        l.stored.players.push(name);
        await this.persist(l);
        return `${name} joins ${game.title}${viaAgent ? '' : ' as a person: the House will ask you for each move here'}: ${l.stored.players.join(', ')}.`;
      }
      case 'start': {
        const no = owned('start');
        if (no) return no;
        const error = this.begin(live!);
        return error ?? (await this.startedText(live!));
      }
      case 'stop': {
        const no = owned('stop');
        if (no) return no;
        await this.stopMatch(live!.stored.id);
        return `Match ${live!.stored.id} stopped at round ${this.summary(live!.stored, live!.match).round}.`;
      }
      case 'grant':
      case 'decline': {
        const no = owned(command.kind);
        if (no) return no;
        if (!live) return `No open beg from ${command.player}: nobody is begging right now.`;
        return live.observer.answer(command.player, command.kind === 'grant' ? command.amount : 0, command.reason);
      }
      case 'move':
      case 'done': {
        const seat = live ? seatOf(live.stored, author) : null;
        if (!live || !seat) return 'You hold no seat in a running match. Join a lobby with `!join`, or sit down with `!play GAME me,NAMES` (e.g. `!play trust me,Ada`).';
        if (command.kind === 'done') return live.humans.done(seat);
        const adapter = adapterFor(live.stored.game);
        const state = live.match!.state;
        const decision = adapter?.parseMove?.(command.text, state, seat) ?? decisionOf(command.text);
        const reply = live.humans.submit(seat, `!move ${quote(command.text)}`, decision);
        const forms = reply.startsWith('Not accepted') ? adapter?.moveForms?.(state, seat, live.match!.game.view(state, seat)) : undefined;
        return forms?.length ? `${reply}\nYour moves now: ${forms.map((f) => `\`${f}\``).join(' · ')}` : reply;
      }
      case 'view': {
        const seat = live ? seatOf(live.stored, author) : null;
        if (!live?.match || !seat) return 'You hold no seat in a running match, so there is no view of yours to show.';
        return `Your view of ${live.stored.id}, round ${(live.match.state as { round: number }).round}:\n\`\`\`json\n${JSON.stringify(live.match.game.view(live.match.state, seat), null, 1)}\n\`\`\``;
      }
      case 'resume': {
        if (!live) return command.match ?? ref ? `Match ${command.match ?? ref} is not open, so it cannot resume.` : 'No paused match to resume.';
        const no = owned('resume');
        if (no) return no;
        return this.resumeLive(live, command.options);
      }
      case 'game': {
        const target = live?.stored ?? stored;
        const adapter = target ? verbAdapter(target.game, command.verb) : undefined;
        const afterEnd = target?.status === 'finished' && !!adapter?.afterEnd?.includes(command.verb);
        if (!target || (target.status !== 'running' && !afterEnd)) return `!${command.verb} needs a running match. Allowed now: ${commandList(houseCommandTable())}`;
        if (!adapter?.handle) return `!${command.verb} is not a command of ${target.game}. Allowed: ${commandList(houseCommandTable())}`;
        const game = this.games[target.game]!;
        return adapter.handle(command, {
          matchId: target.id,
          game,
          state: live?.match?.state ?? target.state,
          author,
          seat: seatOf(target, author),
          humans: live?.humans ?? new HumanDesk(),
          log: live?.match?.log?.entries ?? target.log,
          say: (text) => this.say(target, text),
        });
      }
    }
    return `Allowed: ${commandList(houseCommandTable())}`;
  }

  /** `!help`: how to start and watch a match, and every command (placeholders in code spans: the GUI renders chat as markdown). */
  helpText(): string {
    const table = houseCommandTable();
    return [
      `**The House** runs ${Object.values(this.games).map((g) => g.title).join(', ')} among its players (\`!games\` says what each is).`,
      'Start: `!play trust` opens a lobby (others `!join`, it starts by itself or at `!start`); `!play trust Ada Bram` starts at once; `!play trust me,Ada` gives you a seat. Add `--seed N`, `--delay MS` (between rounds) or `--set KEY=VALUE` (a game setting).',
      `Watch: each match gets a room under *Groups* in this window, and the dashboard: ${this.dashboardUrl}`,
      'In a seat: the House writes to you each turn with your moves; answer with `!move ...` as shown, `!view` shows everything you know.',
      'A command acts on the match of the room you type it in; add `--match ID` for another. Only the person who opened a match (or an admin) may stop it or answer its begs.',
      'Commands:',
      ...table.map((s) => `- \`${s.usage}\` ${s.help}`),
    ].join('\n');
  }

  /**
   * What a person is told when a match starts: who plays, and where to watch
   * it, once its room exists. In the web GUI the room is a link: the GUI lists
   * a new group only at its next refresh of the list (every two minutes, or
   * at once on a click of its logo).
   */
  private async startedText(live: Live): Promise<string> {
    const { stored } = live;
    // A room that could not be made is the play loop's to report; the text then names no link.
    await live.roomReady?.catch(() => undefined);
    const game = this.games[stored.game];
    const name = this.roomName(stored);
    const inGui = stored.channelId && stored.serverId && !stored.origin;
    const room = inGui
      ? `the room [${name}](${this.publicUrl}/group/${stored.channelId}?messageServerId=${stored.serverId}) (it joins the Groups list within two minutes, or at once when you click the elizaOS logo)`
      : `the room "${name}"${stored.origin ? '' : ' under Groups'}`;
    return `${game?.title ?? stored.game} match ${stored.id} has started (seed ${stored.seed}): ${stored.players.join(', ')}. Watch it in ${room}, or on the dashboard: ${this.dashboardUrl}`;
  }

  statusText(stored: StoredMatch, match: Match | null, observer: ObserverDesk | null): string {
    const s = this.summary(stored, match);
    const board = s.players.map((p) => `${p.name} ${p.score}${p.alive ? '' : ' (out)'}`).join(', ');
    const ending = s.status === 'finished' ? describeOutcome(stored.game, match?.state ?? stored.state) : null;
    const end = s.status === 'finished' ? (ending ? ` Ending: ${ending}.` : ` Winners: ${s.winners.join(', ') || 'none (draw)'}.`) : '';
    const paused = s.status === 'paused' && stored.paused ? ` Paused: ${stored.paused}.` : '';
    // Amount and reason are the observer's alone (RULES T-a); a status reply may land in a room others read.
    const begs = (observer?.pending() ?? []).map((b) => `${b.player}'s beg`);
    return `${s.game} ${s.id}: ${s.status}, round ${s.round}. ${board}.${end}${paused}${begs.length ? ` Waiting for the observer: ${begs.join('; ')}.` : ''}${this.fileNote(stored)}`;
  }

  /** For a match that has stopped, ended or paused: whether its match file is there (`replay-match` and repairs read it). */
  private fileNote(stored: StoredMatch): string {
    const dir = this.matchDir;
    if (!dir || stored.status === 'running' || stored.status === 'lobby' || existsSync(bundlePath(dir, stored.id))) return '';
    const why = this.fileProblems.get(stored.id);
    return ` Its match file is missing${why ? ` (it could not be written: ${why})` : ''}.`;
  }

  // ---- matches ----

  /** Opens a match: with names it starts at once; without, a lobby seated with the game's default count that starts by itself. */
  async open(gameId: string, names: string[], seed?: number, origin: StoredMatch['origin'] = null, rawOptions: unknown = {}, author: CommandAuthor | null = null, rawConfig: unknown = {}): Promise<{ ok: true; id: string; text: string } | { ok: false; error: string }> {
    const game = Object.hasOwn(this.games, gameId) ? this.games[gameId] : undefined;
    if (!game) return { ok: false, error: `Unknown game '${gameId}'. Games: ${Object.keys(this.games).join(', ')}` };
    const available = playerNames();
    let players: string[];
    const humans: Record<string, HumanSeat> = {};
    if (names.length) {
      if (!author && names.some((n) => n.toLowerCase() === 'me')) return { ok: false, error: '`me` needs a person to seat: name agents only, or send !play from a chat.' };
      const unknown = names.filter((n) => n.toLowerCase() !== 'me' && !findPlayer(n));
      if (unknown.length) return { ok: false, error: `Unknown player${unknown.length > 1 ? 's' : ''} ${quote(unknown.join(', '))}. Players: ${available.join(', ') || 'none'}, or me` };
      const me = author ? await this.people.nameOf(author) : '';
      players = names.map((n) => (n.toLowerCase() === 'me' ? me : findPlayer(n)!.character.name));
      if (me && names.some((n) => n.toLowerCase() === 'me')) {
        if (findPlayer(me)) return { ok: false, error: `${me} is the name of a player agent; a person needs another name to sit down (\`!name NAME\`).` };
        humans[me] = humanSeat(author!);
      }
    } else {
      players = lobbySeats(game, LOBBY_SEATS.get(game.id) ?? game.defaultPlayers);
    }
    const lobby = names.length === 0;
    const check = lobby ? (players.length < game.minPlayers ? `${game.id} needs at least ${game.minPlayers} players; only ${players.length} are here` : null) : checkPlayers(game, players);
    if (check) return { ok: false, error: check };
    const config = parseConfig(game, rawConfig);
    if (!config.ok) return { ok: false, error: config.error };
    const options = matchOptionsSchema.safeParse(rawOptions);
    if (!options.success) return { ok: false, error: `bad match options: ${matchOptionsProblem(options.error)}` };
    const matchSeed = seed ?? Date.now() % 2_147_483_647;
    const id = `${game.id}-${matchSeed}-${crypto.randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const person = author && !isPlayerAgent(author.id) ? author : null;
    const stored: StoredMatch = {
      id,
      game: game.id,
      seed: matchSeed,
      config: config.value,
      status: 'lobby',
      players,
      channelId: null,
      serverId: null,
      state: null,
      log: [],
      history: [],
      origin,
      postedRound: 0,
      options: options.data,
      record: emptyRecord(),
      paused: null,
      humans,
      observer: person ? humanSeat(person) : null,
      owner: person ? { id: person.id, name: await this.people.nameOf(person) } : null,
      table: author ? tableOf(author) : 'default',
      rooms: {},
      createdAt: now,
      updatedAt: now,
    };
    const live = this.track(stored, null);
    if (!(await this.persist(live))) return { ok: false, error: `The House could not save the new match: ${stored.paused}` };
    if (!lobby) {
      const error = this.begin(live);
      if (error) return { ok: false, error };
      return { ok: true, id, text: await this.startedText(live) };
    }
    const wait = numberSetting(this.runtime, 'HOUSE_LOBBY_MS', 20_000);
    houseLog(this.runtime, `${id} lobby opened${stored.owner ? ` by ${stored.owner.name}` : ''}: ${players.join(', ')}; starts in ${Math.round(wait / 1000)} s`);
    live.lobbyTimer = setTimeout(() => {
      // Started by the clock, with nobody's command to answer: the table is told where to watch.
      if (!this.begin(live)) void this.startedText(live).then((text) => this.tellObserver(live, text));
    }, wait);
    return {
      ok: true,
      id,
      text: `${game.title} lobby ${id} (seed ${matchSeed}) seats ${players.join(', ')}. Players may !join; it starts in ${Math.round(wait / 1000)} s or at !start.`,
    };
  }

  private track(stored: StoredMatch, match: Match | null): Live {
    stored.options = matchOptionsSchema.parse(stored.options ?? {});
    stored.record ??= emptyRecord();
    stored.paused ??= null;
    stored.humans ??= {};
    stored.rooms ??= {};
    stored.table ??= 'default';
    const dir = this.matchDir;
    const recorder = new MatchRecorder(stored.id, stored.record, this.prices, dir ? promptFileSink(dir, stored.id) : null);
    const live: Live = { stored, match, abort: new AbortController(), observer: new ObserverDesk(), humans: new HumanDesk(), recorder, lobbyTimer: null, done: null, roomReady: null };
    this.live.set(stored.id, live);
    return live;
  }

  private roomName(stored: StoredMatch): string {
    return `${this.games[stored.game]?.title ?? stored.game} ${stored.id}`;
  }

  /**
   * Saves the match. A save the database refuses (after the store's retries)
   * pauses the match rather than letting it run on unsaved: the error is
   * logged, the House tab shows why, and `!resume` tries again.
   */
  private async persist(live: Live): Promise<boolean> {
    try {
      await this.store.save(live.stored, this.summary(live.stored, live.match));
      return true;
    } catch (error) {
      const why = error instanceof StoreError ? error.message : `could not save: ${error instanceof Error ? error.message : String(error)}`;
      houseLog(this.runtime, `${live.stored.id}: ${why}; the match is paused until a save works (!resume)`, 'error');
      if (live.stored.status === 'running' || live.stored.status === 'lobby') {
        live.stored.status = 'paused';
        live.stored.paused = why;
        live.abort.abort();
        if (live.lobbyTimer) clearTimeout(live.lobbyTimer);
      }
      return false;
    }
  }

  /** Lobby to running; returns an error text when the seats do not fit the game. */
  begin(live: Live): string | null {
    if (live.lobbyTimer) clearTimeout(live.lobbyTimer);
    live.lobbyTimer = null;
    if (live.stored.status !== 'lobby') return `Match ${live.stored.id} is already ${live.stored.status}.`;
    const game = this.games[live.stored.game]!;
    const error = checkPlayers(game, live.stored.players);
    if (error) return error;
    live.match = Match.create(game, live.stored.config, live.stored.seed, live.stored.players);
    live.stored.status = 'running';
    live.stored.state = live.match.state;
    live.roomReady = this.openRoom(live);
    live.done = this.play(live, true);
    houseLog(this.runtime, `${live.stored.id} started: ${live.stored.players.join(', ')}; room "${this.roomName(live.stored)}"`);
    return null;
  }

  /** A paused match by id continues (what `!resume <id>` does for its owner). */
  async resume(id: string, rawOptions: Record<string, unknown>): Promise<string> {
    const live = this.live.get(id);
    return live ? this.resumeLive(live, rawOptions) : `Match ${id} is not open, so it cannot resume.`;
  }

  /** `!resume`: a paused match continues, with the budgets given merged over its own (a match paused by a failed save first saves again). */
  private async resumeLive(live: Live, rawOptions: Record<string, unknown>): Promise<string> {
    if (live.stored.status !== 'paused') return `Match ${live.stored.id} is ${live.stored.status}, not paused.`;
    const budget = { ...live.stored.options.budget, ...((rawOptions.budget as object | undefined) ?? {}) };
    const options = matchOptionsSchema.safeParse({ ...live.stored.options, ...rawOptions, budget });
    if (!options.success) return `bad options: ${matchOptionsProblem(options.error)}`;
    const over = matchOverBudget(options.data.budget, live.recorder.spend());
    if (over) return `Still over budget: ${over}. Give a larger one (--budget-tokens N or --budget-cost X).`;
    const before = { options: live.stored.options, paused: live.stored.paused };
    live.stored.options = options.data;
    live.stored.status = live.match ? 'running' : 'lobby';
    live.stored.paused = null;
    live.abort = new AbortController();
    if (!(await this.persist(live))) {
      live.stored.options = before.options;
      return `Match ${live.stored.id} cannot resume yet: ${live.stored.paused ?? before.paused}`;
    }
    if (!live.match) {
      const error = this.begin(live);
      return error ?? `Match ${live.stored.id} starts: ${live.stored.players.join(', ')}.`;
    }
    live.done = this.play(live, false);
    houseLog(this.runtime, `${live.stored.id} resumed at round ${(live.match.state as { round: number }).round}`);
    return `Match ${live.stored.id} resumes at round ${(live.match.state as { round: number }).round}.`;
  }

  async stopMatch(id: string): Promise<void> {
    const live = this.live.get(id);
    if (!live) return;
    if (live.lobbyTimer) clearTimeout(live.lobbyTimer);
    live.stored.status = 'stopped';
    live.abort.abort();
    live.observer.close();
    live.humans.closeAll();
    houseLog(this.runtime, `${id} stopped${live.match ? ` at round ${(live.match.state as { round: number }).round}` : ' in its lobby'}`);
    await this.persist(live);
    if (!live.done) this.retire(live);
  }

  private snapshot(live: Live): void {
    const m = live.match!;
    live.stored.state = m.state;
    live.stored.log = m.log ? [...m.log.entries] : [];
  }

  /** A closed match leaves memory: its file is written, its table remembers it for `!status`, and it is read from the database from now on. */
  private retire(live: Live): void {
    const { stored } = live;
    this.writeMatchFile(live);
    const table = stored.table ?? 'default';
    this.lastAtTable.delete(table);
    this.lastAtTable.set(table, stored.id);
    while (this.lastAtTable.size > RECENT_TABLES) this.lastAtTable.delete(this.lastAtTable.keys().next().value!);
    this.remember(this.detailOf(live));
    this.live.delete(stored.id);
    this.store.forget(stored.id);
    for (const key of this.ready) if (key.endsWith(`:${stored.id}`)) this.ready.delete(key);
  }

  /** The match's game room: a group of the House and its agents in the GUI, and on Discord a thread where `!play` was typed. */
  private async openRoom(live: Live): Promise<void> {
    const { stored } = live;
    const room = await this.gateway.createRoom(this.roomName(stored), [this.runtime.agentId, ...stored.players.map((p) => findPlayer(p)?.agentId).filter((x): x is NonNullable<typeof x> => !!x)]);
    if (room) {
      stored.channelId = room.channelId;
      stored.serverId = room.serverId;
    }
    if (stored.origin) stored.origin = await gameRoomOn(this.runtime, stored.origin, this.roomName(stored));
  }

  /** Plays a running match to its end, saving after every phase. */
  private async play(live: Live, fresh: boolean): Promise<void> {
    const match = live.match!;
    const game = match.game;
    const { stored } = live;
    try {
      if (fresh || !stored.channelId) {
        await (live.roomReady ??= this.openRoom(live));
        this.snapshot(live);
        if (!(await this.persist(live))) return;
        await this.say(stored, `${game.title} begins: ${stored.players.join(', ')} (seed ${stored.seed}). ${game.summary}`);
      } else {
        this.snapshot(live);
        await this.postMissedRounds(live);
        await this.say(stored, `${game.title} resumes at round ${(match.state as { round: number }).round}.`);
      }
      await this.waitForPlayers(stored.players.filter((p) => !humanFor(stored, p)), live.abort.signal);
      const adapter = adapterFor(game.id);
      // Built on first use: a unit spawned mid-match (Trust's `spawn` variant) thinks with its team's runtime.
      const made = new Map<PlayerId, Brain | undefined>();
      const brainOf = (id: PlayerId): Brain | undefined => {
        if (!made.has(id)) {
          const runtime = runtimeFor(match, id);
          const person = humanFor(stored, id);
          live.recorder.record.seats[id] ??= person
            ? { brain: 'human', strategy: null, persona: '', system: '' }
            : runtime
              ? seatInfo(runtime, game.id)
              : { brain: 'offline', strategy: null, persona: '', system: '' };
          made.set(
            id,
            person
              ? humanBrain({ match, matchId: stored.id, desk: live.humans, recorder: live.recorder, adapter, signal: live.abort.signal, tell: (p, text) => this.tellPerson(live, p, text) })
              : runtime
                ? runtimeBrain({
                    house: this.runtime,
                    player: runtime,
                    match,
                    matchId: stored.id,
                    ready: this.ready,
                    recorder: live.recorder,
                    budget: stored.options.budget,
                    window: { historyRounds: stored.options.historyRounds },
                    signal: live.abort.signal,
                  })
                : undefined,
          );
        }
        return made.get(id);
      };
      const brains = new Proxy(Object.create(null) as Record<PlayerId, Brain>, { get: (_target, id) => (typeof id === 'string' ? brainOf(id) : undefined) });
      let lastRound = (match.state as { round: number }).round;
      const delay = stored.options.roundDelayMs ?? numberSetting(this.runtime, 'HOUSE_ROUND_DELAY_MS', ROUND_DELAY_MS.get(game.id) ?? 1500);
      const ctx = this.phaseContext(live);
      await runMatch(match, brains, {
        deadlineMs: (m) => adapter?.deadlineMs?.(m.state) ?? this.decisionDeadline,
        signal: live.abort.signal,
        beforePhase: adapter?.beforePhase ? () => adapter.beforePhase!(ctx) : undefined,
        afterCollect: (m, decisions) => closePhase(live.recorder, m, decisions),
        external: async (m, decisions) => {
          const external = adapter?.external ? await adapter.external(ctx, decisions) : undefined;
          if (external !== undefined) live.recorder.phase((m.state as { round: number }).round, m.state.phase).external = external;
          return external;
        },
        onPhase: async (m, events) => {
          await yieldToEventLoop();
          if (adapter?.afterPhase && !this.stopped) await adapter.afterPhase(ctx, events);
          const round = (m.state as { round: number }).round;
          if (round !== lastRound || m.over) {
            const report = game.report(m.state);
            stored.history.push({ round: lastRound, players: report.players, ...(report.extra ? { extra: report.extra } : {}) });
            lastRound = round;
          }
          if (m.over) {
            stored.status = 'finished';
            const outcome = game.outcome(m.state);
            houseLog(this.runtime, `${stored.id} finished at round ${round}: ${describeOutcome(game.id, m.state) ?? `${outcome.kind ?? 'over'}; winners ${outcome.winners.join(', ') || 'none'}`}`);
            if (!stored.rated) {
              stored.rated = true;
              await this.ratings.rate(game, m.state, stored.players, stored.record).catch((error) => this.runtime.logger.warn(`House: could not rate ${stored.id}: ${error instanceof Error ? error.message : String(error)}`));
            }
          }
          const over = m.over ? null : matchOverBudget(stored.options.budget, live.recorder.spend());
          if (over) {
            stored.status = 'paused';
            stored.paused = over;
            live.abort.abort();
            houseLog(this.runtime, `${stored.id} paused at round ${round}: ${over}`, 'warn');
          }
          this.snapshot(live);
          if (!this.stopped && !(await this.persist(live))) return;
          if (over) await this.say(stored, `Match ${stored.id} is paused: ${over}. Resume it with !resume ${stored.id} and a larger budget (e.g. --budget-tokens N).`);
        },
        onRound: async (record, m) => {
          if (this.stopped) return;
          const text = adapter?.roundText ? adapter.roundText(record, m) : roundText(game.id, record.round, record.events);
          if (text !== null) await this.say(stored, text, `round:${record.round}`);
          stored.postedRound = record.round;
          if (!(await this.persist(live))) return;
          await this.tellPlayers(live, m, record.round);
          if (!m.over) await sleep(delay, live.abort.signal);
        },
      });
    } catch (error) {
      this.runtime.logger.error(`House: match ${stored.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      // It would fail again on every resume: it stops rather than hold its table (and every restart) as `running`.
      if (stored.status === 'running' && !this.stopped) {
        stored.status = 'stopped';
        await this.persist(live);
        await this.say(stored, `Match ${stored.id} stopped: the House could not play it on (its log says why).`).catch(() => undefined);
      }
    }
    if (stored.status === 'paused' && stored.paused?.startsWith('could not save')) await this.say(stored, `Match ${stored.id} is paused: the House could not save it. Its owner or an admin can try again with !resume ${stored.id}.`);
    if (this.stopped) return;
    if (stored.status === 'finished' || stored.status === 'stopped') {
      await this.closeDmRooms(live);
      this.retire(live);
    } else this.writeMatchFile(live);
  }

  /** The match as a file for `replay-match` (and to rebuild a damaged database row), once it ends, pauses or stops. */
  private writeMatchFile(live: Live): void {
    const dir = this.matchDir;
    const { stored, match } = live;
    if (!dir || !match || stored.status === 'running') return;
    try {
      writeMatchFile(dir, stored, match.outcome(), match.log?.head ?? '');
      this.fileProblems.delete(stored.id);
    } catch (error) {
      // The previous file (if any) is left whole; the database holds the match, so nothing pauses.
      const why = fileProblem(error);
      this.fileProblems.set(stored.id, why);
      houseLog(this.runtime, `${stored.id}: its match file could not be written (${why}); the database still holds the match`, 'error');
      void this.tellObserver(live, `The match file of ${stored.id} could not be written (${why}). The match itself is safe in the House's database; \`replay-match\` and repairs need the file.`).catch(() => undefined);
    }
  }

  private async tellPlayers(live: Live, match: Match, round: number): Promise<void> {
    const seated = new Set([...live.stored.players, ...match.game.actors(match.state)]);
    await Promise.all(
      [...seated].map(async (id) => {
        if (humanFor(live.stored, id)) {
          const notices = (match.game.view(match.state, id) as { notices?: unknown } | null)?.notices;
          if (Array.isArray(notices) && notices.length) await this.tellPerson(live, id, `Round ${round}, privately for you: ${notices.join(' ')}`);
          return;
        }
        const runtime = runtimeFor(match, id);
        if (!runtime) return;
        try {
          await tellRound(this.runtime, runtime, match.game, match, live.stored.id, id, round, this.ready);
        } catch (error) {
          this.runtime.logger.warn(`House: could not tell ${id} about round ${round}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
  }

  private async postMissedRounds(live: Live): Promise<void> {
    const { stored } = live;
    const match = live.match!;
    const adapter = adapterFor(stored.game);
    for (const h of stored.history) {
      if (h.round <= stored.postedRound) continue;
      const events = stored.log.filter((e) => e.round === h.round).map((e) => ({ type: e.type, data: e.data, to: e.to }));
      const record = { round: h.round, report: { players: h.players, extra: h.extra }, events };
      const text = adapter?.roundText ? adapter.roundText(record, match) : roundText(stored.game, h.round, events);
      if (text !== null) await this.say(stored, text, `round:${h.round}`);
      stored.postedRound = h.round;
    }
    await this.persist(live);
  }

  private async waitForPlayers(names: string[], signal: AbortSignal): Promise<void> {
    const until = Date.now() + numberSetting(this.runtime, 'HOUSE_PLAYER_WAIT_MS', 30_000);
    while (!signal.aborted && Date.now() < until && names.some((n) => !findPlayer(n))) await sleep(100, signal);
  }

  private async say(stored: StoredMatch, text: string, key?: string, as?: PlayerId): Promise<void> {
    if (stored.origin) {
      try {
        await postOnPlatform(this.runtime, stored.origin, text, as ? { name: this.postAuthor(stored, as).name, runtime: findPlayer(as) } : undefined);
      } catch (error) {
        this.runtime.logger.warn(`House: could not post to ${stored.origin.source}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!stored.channelId || !stored.serverId) return;
    const room: GameRoom = { channelId: stored.channelId, serverId: stored.serverId };
    await this.gateway.post(room, text, key, as ? this.postAuthor(stored, as) : undefined);
  }

  /** Who a post is carried for: an agent under its own id, a person under the House's (their words, marked as theirs). */
  private postAuthor(stored: StoredMatch, player: PlayerId): { id: string; name: string } {
    const agent = findPlayer(player);
    return agent ? { id: agent.agentId, name: agent.character.name } : { id: humanFor(stored, player)?.id ?? this.runtime.agentId, name: player };
  }

  /** A private room of `members` and the House, made once and kept with the match, where `as` speaks. */
  private async whisper(live: Live, members: PlayerId[], text: string, as: PlayerId, key?: string): Promise<void> {
    const { stored } = live;
    const id = [...members].sort().join('|');
    let room = Object.hasOwn(stored.rooms, id) ? stored.rooms[id] : undefined;
    if (!room) {
      const ids = members.map((m) => findPlayer(m)?.agentId ?? humanFor(stored, m)?.id).filter((x): x is NonNullable<typeof x> => !!x);
      const made = await this.gateway.createRoom(dmRoomName(this.games[stored.game]?.title ?? stored.game, stored.id, members), [this.runtime.agentId, ...ids]);
      if (!made) return;
      room = stored.rooms[id] = made;
    }
    await this.gateway.post(room, text, key, this.postAuthor(stored, as));
  }

  /**
   * A closed match's DM rooms leave the GUI's Groups (one Influence match
   * makes up to a room per pair and more), unless HOUSE_KEEP_DM_ROOMS is set:
   * what was said there stays in the match's record and the dashboard's
   * timeline. The game room stays.
   */
  private async closeDmRooms(live: Live): Promise<void> {
    const { stored } = live;
    const rooms = Object.values(stored.rooms);
    const keep = String(this.runtime.getSetting('HOUSE_KEEP_DM_ROOMS') ?? process.env.HOUSE_KEEP_DM_ROOMS ?? '').toLowerCase() === 'true';
    if (!rooms.length || keep || !this.gateway.closeRoom || this.stopped) return;
    for (const room of rooms) await this.gateway.closeRoom(room);
    stored.rooms = {};
    await this.persist(live);
    await this.say(stored, `The ${rooms.length} DM room${rooms.length > 1 ? 's' : ''} of this match ${rooms.length > 1 ? 'are' : 'is'} closed; every whisper is in the match's timeline on the dashboard: ${this.dashboardUrl}`);
  }

  /** Writes to a seated person privately: their chat with the House (web GUI or Discord), else the game room with their name. */
  private async tellPerson(live: Live, player: PlayerId, text: string): Promise<void> {
    const seat = humanFor(live.stored, player);
    if (seat?.origin) {
      try {
        await postOnPlatform(this.runtime, seat.origin, text);
        return;
      } catch (error) {
        this.runtime.logger.warn(`House: could not write to ${player} on ${seat.origin.source}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (seat?.room) return this.gateway.post(seat.room, text);
    await this.say(live.stored, `@${player}: ${text}`);
  }

  /** Writes to the person who opened the match, in the chat they opened it from; with none (REST, tests), the House tab is their view. */
  private async tellObserver(live: Live, text: string): Promise<void> {
    const seat = live.stored.observer;
    if (seat?.origin) {
      try {
        await postOnPlatform(this.runtime, seat.origin, text);
        return;
      } catch (error) {
        this.runtime.logger.warn(`House: could not write to the observer on ${seat.origin.source}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (seat?.room) await this.gateway.post(seat.room, text);
  }

  private phaseContext(live: Live): PhaseContext {
    return {
      matchId: live.stored.id,
      match: live.match!,
      house: this.runtime,
      say: (text, key, as) => this.say(live.stored, text, key, as),
      whisper: (members, text, as, key) => this.whisper(live, members, text, as, key),
      observer: live.observer,
      tellObserver: (text) => this.tellObserver(live, text),
      signal: live.abort.signal,
      setting: (key, fallback) => numberSetting(this.runtime, key, fallback),
      houseModel: !this.houseClient.free,
      askHouse: async (prompt, purpose) => {
        const match = live.match!;
        const { round, phase } = match.state as { round: number; phase: string };
        const gate = this.houseClient.free ? null : providerGate(this.houseClient.gateKey, this.houseClient.baseUrl, (p) => this.runtime.logger.warn(`House: ${p}`));
        const r = await live.recorder.call(this.houseClient, gate, { caller: 'house', purpose, round, phase, system: this.runtime.character.system ?? '' }, prompt, live.abort.signal);
        return { text: r.text, error: r.error };
      },
      pose: (facts) => {
        const match = live.match!;
        if (!match.game.pose) return;
        const { round, phase } = match.state as { round: number; phase: string };
        match.state = match.game.pose(match.state, facts);
        live.recorder.phase(round, phase).posed = facts;
      },
    };
  }

  // ---- resume ----

  /** Loads the open matches (only those: closed ones stay in the database); running ones continue from their last saved phase, lobbies start. */
  async resumeAll(): Promise<void> {
    try {
      for (const id of await this.store.openIds()) {
        if (this.live.has(id)) continue;
        const loaded = await this.loadChecked(id);
        if (!loaded?.match) continue;
        const stored = loaded.match;
        const game = Object.hasOwn(this.games, stored.game) ? this.games[stored.game] : undefined;
        if (!game) continue;
        if (stored.status === 'running' && stored.state) {
          const match = Match.restore(game, { game: stored.game, state: stored.state, log: stored.log });
          const live = this.track(stored, match);
          houseLog(this.runtime, `${stored.id} resumed at round ${(stored.state as { round: number }).round} (saved before the last stop)`);
          live.done = this.play(live, false);
        } else if (stored.status === 'lobby') {
          this.begin(this.track(stored, null));
        } else if (stored.status === 'paused') {
          this.track(stored, stored.state ? Match.restore(game, { game: stored.game, state: stored.state, log: stored.log }) : null);
        }
      }
    } catch (error) {
      this.runtime.logger.error(`House: could not load saved matches: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
