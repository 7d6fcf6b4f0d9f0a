import { Service, type IAgentRuntime } from '@elizaos/core';
import { checkPlayers, parseConfig } from '@the-house/games/engine/config.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatch, type Brain } from '@the-house/games/engine/runner.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { games as registeredGames } from '@the-house/games/registry.ts';
import { findPlayer, isPlayerAgent, playerNames } from '@the-house/plugin-player/playerRegistry.ts';
import { runCommand } from './commandActions.ts';
import { looksLikeCommand } from '@the-house/lab/chat/looksLikeCommand.ts';
import { checkSituation, commandList, type HouseCommand, type Situation } from './commands/parse.ts';
import { MatchStore } from './matchStore.ts';
import { RatingsStore } from './ratingsStore.ts';
import { runtimeBrain, seatInfo, tellRound } from './playerBrain.ts';
import { matchOverBudget } from '@the-house/lab/models/budget.ts';
import { BUNDLE_FORMAT, promptFileSink, writeBundle } from '@the-house/lab/models/matchBundle.ts';
import { emptyRecord, MatchRecorder, seatUsage } from '@the-house/lab/models/matchRecorder.ts';
import { parsePriceTable, type PriceTable } from '@the-house/lab/models/priceTable.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import { runtimeModelClient } from './runtimeModelClient.ts';
import { matchOptionsSchema, type MatchOptions } from '@the-house/lab/seats/matchOptions.ts';
import { restGateway, type GameRoom, type RoomGateway } from './roomGateway.ts';
import { gameRoomOn } from './discord/gameRoomOn.ts';
import { postOnPlatform } from './discord/postOnPlatform.ts';
import { roundText } from './roundText.ts';
import type { PhaseContext } from './houseGameAdapter.ts';
import { adapterFor, houseCommandTable, verbAdapter } from './gameAdapters.ts';
import { ObserverDesk } from './observerDesk.ts';
import { humanBrain } from './humanBrain.ts';
import { HumanDesk } from './humanDesk.ts';
import { decisionOf } from '@the-house/lab/seats/decideWithRepair.ts';
import { closePhase } from '@the-house/lab/seats/closePhase.ts';
import { seatOwner } from '@the-house/lab/seats/seatOwner.ts';
import type { CommandAuthor, CommandDesk, HumanSeat, MatchDetail, MatchSummary, StoredMatch } from './types.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';

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
}

function numberSetting(runtime: IAgentRuntime, key: string, fallback: number): number {
  const raw = runtime.getSetting(key) ?? process.env[key];
  const n = raw === undefined || raw === null || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The player runtime behind a seat: the player itself, or the team a spawned unit belongs to. */
function runtimeFor(match: Match, id: PlayerId): IAgentRuntime | undefined {
  return findPlayer(seatOwner(match.state, id));
}

/** A person's seat name: their display name, or a short id when they have none. */
function personName(author: CommandAuthor): string {
  return author.name.trim() || `Guest-${author.id.slice(0, 6)}`;
}

function humanSeat(author: CommandAuthor): HumanSeat {
  return { id: author.id, room: author.room ?? null, origin: author.direct ?? author.origin ?? null };
}

/** The seat a person holds in a match, by their id. */
function seatOf(stored: StoredMatch, author: CommandAuthor): PlayerId | null {
  return Object.entries(stored.humans).find(([, seat]) => seat.id === author.id)?.[0] ?? null;
}

function humanFor(stored: StoredMatch, id: PlayerId): HumanSeat | undefined {
  return stored.humans[id];
}

/**
 * The House: owns matches and their timers. For each phase it asks every
 * living player at once through that player's runtime (deadline, validation,
 * one repair round, then the game's fallback), hands begs to the observer,
 * applies the phase, saves state + log + history, and posts the public outcome
 * to the match's game room. Saved matches resume on start.
 */
export class HouseService extends Service implements CommandDesk {
  static override serviceType = 'house';
  override capabilityDescription = 'Runs games among player agents: matches, rooms, decisions, persistence';

  readonly games: Record<string, AnyGame>;
  private readonly live = new Map<string, Live>();
  private readonly store: MatchStore;
  private readonly ready = new Set<string>();
  gateway: RoomGateway;
  private stopped = false;
  private readonly prices: PriceTable;
  readonly ratings: RatingsStore;

  constructor(runtime: IAgentRuntime, gameTable: Record<string, AnyGame> = registeredGames) {
    super(runtime);
    this.games = gameTable;
    this.store = new MatchStore(runtime);
    this.ratings = new RatingsStore(runtime);
    this.gateway = restGateway(runtime);
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

  // ---- what the dashboard and the providers read ----

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
    return { id: stored.id, game: stored.game, status: stored.status, round: state ? (state as { round: number }).round : 0, players, winners: outcome.winners, spend };
  }

  /** Every game's rating leaderboard, from every finished match in the database. */
  leaderboards(): Promise<Record<string, LeaderboardRow[]>> {
    return this.ratings.leaderboards(Object.keys(this.games));
  }

  listMatches(): MatchSummary[] {
    return [...this.live.values()].map((l) => this.summary(l.stored, l.match)).reverse();
  }

  getMatch(id: string): MatchDetail | null {
    const live = this.live.get(id);
    if (!live) return null;
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
    };
  }

  /** The match a command is about: the open lobby or the running match, else the latest one. */
  current(): Live | null {
    const all = [...this.live.values()];
    return all.findLast((l) => l.stored.status === 'lobby' || l.stored.status === 'running') ?? all.at(-1) ?? null;
  }

  situation(): Situation {
    const live = this.current();
    if (!live) return 'idle';
    return live.stored.status === 'lobby' ? 'lobby' : live.stored.status === 'running' ? 'running' : 'idle';
  }

  /** Resolves when the match is over or stopped (for tests and benches). */
  async finished(id: string): Promise<MatchSummary | null> {
    await this.live.get(id)?.done;
    const live = this.live.get(id);
    return live ? this.summary(live.stored, live.match) : null;
  }

  // ---- commands ----

  /** Runs one parsed command; the reply says what happened or what is allowed. */
  async handleCommand(command: HouseCommand, author: CommandAuthor): Promise<string> {
    const wrong = checkSituation(command, this.situation());
    if (wrong) return wrong;
    const fromPlayer = isPlayerAgent(author.id);
    switch (command.kind) {
      case 'games':
        return Object.values(this.games)
          .map((g) => `${g.id} (${g.minPlayers}-${g.maxPlayers} players): ${g.title}. ${g.summary}`)
          .join('\n');
      case 'status': {
        const live = this.current();
        if (!live) return `No match yet. Start one with !play <game>. Games: ${Object.keys(this.games).join(', ')}`;
        return this.statusText(live);
      }
      case 'play': {
        if (fromPlayer) return 'Only the observer opens matches; players join with !join.';
        const opened = await this.open(command.game, command.players, command.seed, author.origin ?? null, command.options, author, command.config ?? {});
        return opened.ok ? opened.text : opened.error;
      }
      case 'join': {
        const live = this.current()!;
        const game = this.games[live.stored.game]!;
        const agent = findPlayer(author.name)?.character.name;
        const name = agent ?? personName(author);
        if (live.stored.players.some((p) => p.toLowerCase() === name.toLowerCase())) return `${name} is already seated.`;
        if (live.stored.players.length >= game.maxPlayers) return `The table is full (${game.maxPlayers} players).`;
        if (!agent) {
          if (fromPlayer) return `Only player agents and people can join; ${author.name} is neither.`;
          live.stored.humans[name] = humanSeat(author);
        }
        live.stored.players.push(name);
        await this.store.save(live.stored);
        return `${name} joins ${game.title}${agent ? '' : ' as a person: the House will ask you for each move here'}: ${live.stored.players.join(', ')}.`;
      }
      case 'start': {
        const live = this.current()!;
        const error = this.begin(live);
        return error ?? `${live.stored.game} match ${live.stored.id} starts: ${live.stored.players.join(', ')}.`;
      }
      case 'stop': {
        if (fromPlayer) return 'Only the observer stops matches.';
        const live = this.current()!;
        await this.stopMatch(live.stored.id);
        return `Match ${live.stored.id} stopped at round ${this.summary(live.stored, live.match).round}.`;
      }
      case 'grant':
      case 'decline': {
        if (fromPlayer) return 'Only the observer answers begs; a player cannot grant or decline.';
        const live = this.current();
        if (!live) return `No open beg from ${command.player}: nobody is begging right now.`;
        return live.observer.answer(command.player, command.kind === 'grant' ? command.amount : 0, command.reason);
      }
      case 'move':
      case 'done': {
        const live = this.current();
        const seat = live ? seatOf(live.stored, author) : null;
        if (!live || !seat) return `You hold no seat in the running match. Join a lobby with !join, or be named in !play <game> me,<others>.`;
        if (command.kind === 'done') return live.humans.done(seat);
        const adapter = adapterFor(live.stored.game);
        const state = live.match!.state;
        const decision = adapter?.parseMove?.(command.text, state, seat) ?? decisionOf(command.text);
        return live.humans.submit(seat, `!move ${command.text}`, decision);
      }
      case 'resume': {
        if (fromPlayer) return 'Only the observer resumes matches.';
        return this.resume(command.match, command.options);
      }
      case 'game': {
        const live = this.current();
        const adapter = live ? verbAdapter(live.stored.game, command.verb) : undefined;
        const afterEnd = live?.stored.status === 'finished' && !!adapter?.afterEnd?.includes(command.verb);
        if (!live || (live.stored.status !== 'running' && !afterEnd)) return `!${command.verb} needs a running match. Allowed now: ${commandList(houseCommandTable())}`;
        if (!adapter?.handle) return `!${command.verb} is not a command of ${live.stored.game}. Allowed: ${commandList(houseCommandTable())}`;
        const game = this.games[live.stored.game]!;
        return adapter.handle(command, {
          matchId: live.stored.id,
          game,
          state: live.match?.state ?? live.stored.state,
          author,
          seat: seatOf(live.stored, author),
          humans: live.humans,
          log: live.match?.log?.entries ?? live.stored.log,
          say: (text) => this.say(live.stored, text),
        });
      }
    }
  }

  statusText(live: Live): string {
    const s = this.summary(live.stored, live.match);
    const board = s.players.map((p) => `${p.name} ${p.score}${p.alive ? '' : ' (out)'}`).join(', ');
    const end = s.status === 'finished' ? ` Winners: ${s.winners.join(', ') || 'none (draw)'}.` : '';
    // Amount and reason are the observer's alone (RULES T-a); a status reply may land in a room others read.
    const begs = live.observer.pending().map((b) => `${b.player}'s beg`);
    return `${s.game} ${s.id}: ${s.status}, round ${s.round}. ${board}.${end}${begs.length ? ` Waiting for the observer: ${begs.join('; ')}.` : ''}`;
  }

  // ---- matches ----

  /** Opens a match: with names it starts at once; without, a lobby seated with the game's default count that starts by itself. */
  async open(gameId: string, names: string[], seed?: number, origin: StoredMatch['origin'] = null, rawOptions: unknown = {}, author: CommandAuthor | null = null, rawConfig: unknown = {}): Promise<{ ok: true; id: string; text: string } | { ok: false; error: string }> {
    const game = this.games[gameId];
    if (!game) return { ok: false, error: `Unknown game '${gameId}'. Games: ${Object.keys(this.games).join(', ')}` };
    const available = playerNames();
    let players: string[];
    const humans: Record<string, HumanSeat> = {};
    if (names.length) {
      const me = names.filter((n) => n.toLowerCase() === 'me');
      if (me.length && !author) return { ok: false, error: '`me` needs a person to seat: name agents only, or send !play from a chat.' };
      const unknown = names.filter((n) => n.toLowerCase() !== 'me' && !findPlayer(n));
      if (unknown.length) return { ok: false, error: `Unknown player${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Players: ${available.join(', ') || 'none'}, or me` };
      players = names.map((n) => (n.toLowerCase() === 'me' ? personName(author!) : findPlayer(n)!.character.name));
      if (me.length) {
        if (findPlayer(personName(author!))) return { ok: false, error: `${personName(author!)} is the name of a player agent; a person needs another name to sit down.` };
        humans[personName(author!)] = humanSeat(author!);
      }
    } else {
      players = available.slice(0, game.defaultPlayers);
    }
    const lobby = names.length === 0;
    const check = lobby ? (players.length < game.minPlayers ? `${game.id} needs at least ${game.minPlayers} players; only ${players.length} are here` : null) : checkPlayers(game, players);
    if (check) return { ok: false, error: check };
    const config = parseConfig(game, rawConfig);
    if (!config.ok) return { ok: false, error: config.error };
    const options = matchOptionsSchema.safeParse(rawOptions);
    if (!options.success) return { ok: false, error: `bad match options: ${options.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
    const matchSeed = seed ?? Date.now() % 2_147_483_647;
    const id = `${game.id}-${matchSeed}-${crypto.randomUUID().slice(0, 8)}`;
    const now = Date.now();
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
      observer: author && !isPlayerAgent(author.id) ? humanSeat(author) : null,
      rooms: {},
      createdAt: now,
      updatedAt: now,
    };
    const live = this.track(stored, null);
    await this.store.save(stored);
    if (!lobby) {
      const error = this.begin(live);
      if (error) return { ok: false, error };
      return { ok: true, id, text: `${game.title} match ${id} starts (seed ${matchSeed}): ${players.join(', ')}. Watch the game room "${this.roomName(stored)}" or the House tab.` };
    }
    const wait = numberSetting(this.runtime, 'HOUSE_LOBBY_MS', 20_000);
    live.lobbyTimer = setTimeout(() => this.begin(live), wait);
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
    const dir = this.matchDir;
    const recorder = new MatchRecorder(stored.id, stored.record, this.prices, dir ? promptFileSink(dir, stored.id) : null);
    const live: Live = { stored, match, abort: new AbortController(), observer: new ObserverDesk(), humans: new HumanDesk(), recorder, lobbyTimer: null, done: null };
    this.live.set(stored.id, live);
    return live;
  }

  private roomName(stored: StoredMatch): string {
    return `${this.games[stored.game]?.title ?? stored.game} ${stored.id}`;
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
    live.done = this.play(live, true);
    return null;
  }

  /** `!resume`: a paused match (the named one, else the latest paused) continues, with the budgets given merged over its own. */
  async resume(id: string | undefined, rawOptions: Record<string, unknown>): Promise<string> {
    const paused = [...this.live.values()].filter((l) => l.stored.status === 'paused');
    const live = id ? this.live.get(id) : paused.at(-1);
    if (!live) return id ? `No match '${id}'.` : 'No paused match to resume.';
    if (live.stored.status !== 'paused') return `Match ${live.stored.id} is ${live.stored.status}, not paused.`;
    const budget = { ...live.stored.options.budget, ...((rawOptions.budget as object | undefined) ?? {}) };
    const options = matchOptionsSchema.safeParse({ ...live.stored.options, ...rawOptions, budget });
    if (!options.success) return `bad options: ${options.error.issues.map((i) => i.message).join('; ')}`;
    const over = matchOverBudget(options.data.budget, live.recorder.spend());
    if (over) return `Still over budget: ${over}. Give a larger one (--budget-tokens N or --budget-cost X).`;
    live.stored.options = options.data;
    live.stored.status = 'running';
    live.stored.paused = null;
    live.abort = new AbortController();
    await this.store.save(live.stored);
    live.done = this.play(live, false);
    return `Match ${live.stored.id} resumes at round ${(live.match!.state as { round: number }).round}.`;
  }

  async stopMatch(id: string): Promise<void> {
    const live = this.live.get(id);
    if (!live) return;
    if (live.lobbyTimer) clearTimeout(live.lobbyTimer);
    live.stored.status = 'stopped';
    live.abort.abort();
    live.observer.close();
    live.humans.closeAll();
    await this.store.save(live.stored);
  }

  private snapshot(live: Live): void {
    const m = live.match!;
    live.stored.state = m.state;
    live.stored.log = m.log ? [...m.log.entries] : [];
  }

  /** Plays a running match to its end, saving after every phase. */
  private async play(live: Live, fresh: boolean): Promise<void> {
    const match = live.match!;
    const game = match.game;
    const { stored } = live;
    try {
      if (fresh || !stored.channelId) {
        const room = await this.gateway.createRoom(this.roomName(stored), [this.runtime.agentId, ...stored.players.map((p) => findPlayer(p)?.agentId).filter((x): x is NonNullable<typeof x> => !!x)]);
        if (room) {
          stored.channelId = room.channelId;
          stored.serverId = room.serverId;
        }
        if (stored.origin) stored.origin = await gameRoomOn(this.runtime, stored.origin, this.roomName(stored));
        this.snapshot(live);
        await this.store.save(stored);
        await this.say(stored, `${game.title} begins: ${stored.players.join(', ')} (seed ${stored.seed}). ${game.summary}`);
      } else {
        this.snapshot(live);
        await this.postMissedRounds(live);
        await this.say(stored, `${game.title} resumes at round ${(match.state as { round: number }).round}.`);
      }
      await this.waitForPlayers(stored.players.filter((p) => !humanFor(stored, p)), live.abort.signal);
      const adapter = adapterFor(game.id);
      // Built on first use: a unit spawned mid-match (Trust's `spawn` variant) thinks with its team's runtime.
      const made: Record<PlayerId, Brain | undefined> = {};
      const brains = new Proxy(made as Record<PlayerId, Brain>, {
        get: (_target, id) => {
          if (typeof id !== 'string') return undefined;
          if (!(id in made)) {
            const runtime = runtimeFor(match, id);
            const person = humanFor(stored, id);
            live.recorder.record.seats[id] ??= person
              ? { brain: 'human', strategy: null, persona: '', system: '' }
              : runtime
                ? seatInfo(runtime, game.id)
                : { brain: 'offline', strategy: null, persona: '', system: '' };
            made[id] = person
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
              : undefined;
          }
          return made[id];
        },
      });
      let lastRound = (match.state as { round: number }).round;
      const delay = numberSetting(this.runtime, 'HOUSE_ROUND_DELAY_MS', 1500);
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
          if (adapter?.afterPhase && !this.stopped) await adapter.afterPhase(ctx, events);
          const round = (m.state as { round: number }).round;
          if (round !== lastRound || m.over) {
            const report = game.report(m.state);
            stored.history.push({ round: lastRound, players: report.players, ...(report.extra ? { extra: report.extra } : {}) });
            lastRound = round;
          }
          if (m.over) {
            stored.status = 'finished';
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
          }
          this.snapshot(live);
          if (!this.stopped) await this.store.save(stored);
          if (over) await this.say(stored, `Match ${stored.id} is paused: ${over}. Resume it with !resume ${stored.id} and a larger budget (e.g. --budget-tokens N).`);
        },
        onRound: async (record, m) => {
          if (this.stopped) return;
          const text = adapter?.roundText ? adapter.roundText(record, m) : roundText(game.id, record.round, record.events);
          if (text !== null) await this.say(stored, text, `round:${record.round}`);
          stored.postedRound = record.round;
          await this.store.save(stored);
          await this.tellPlayers(live, m, record.round);
          if (!m.over) await sleep(delay, live.abort.signal);
        },
      });
    } catch (error) {
      this.runtime.logger.error(`House: match ${stored.id} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
    this.writeMatchFile(live);
  }

  /** The match as a file for `replay-match`, once it ends, pauses or stops. */
  private writeMatchFile(live: Live): void {
    const dir = this.matchDir;
    const { stored, match } = live;
    if (!dir || !match || stored.status === 'running') return;
    try {
      writeBundle(dir, {
        format: BUNDLE_FORMAT,
        id: stored.id,
        game: stored.game,
        seed: stored.seed,
        config: stored.config,
        players: stored.players,
        options: stored.options,
        status: stored.status,
        outcome: match.outcome(),
        head: match.log?.head ?? '',
        log: match.log ? [...match.log.entries] : [],
        record: stored.record,
      });
    } catch (error) {
      this.runtime.logger.warn(`House: could not write the match file of ${stored.id}: ${error instanceof Error ? error.message : String(error)}`);
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
    await this.store.save(stored);
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
    return agent ? { id: agent.agentId, name: agent.character.name } : { id: stored.humans[player]?.id ?? this.runtime.agentId, name: player };
  }

  /** A private room of `members` and the House, made once and kept with the match, where `as` speaks. */
  private async whisper(live: Live, members: PlayerId[], text: string, as: PlayerId, key?: string): Promise<void> {
    const { stored } = live;
    const id = [...members].sort().join('|');
    let room = stored.rooms[id];
    if (!room) {
      const ids = members.map((m) => findPlayer(m)?.agentId ?? stored.humans[m]?.id).filter((x): x is NonNullable<typeof x> => !!x);
      const made = await this.gateway.createRoom(`${this.roomName(stored)} DM ${[...members].sort().join(', ')}`, [this.runtime.agentId, ...ids]);
      if (!made) return;
      room = stored.rooms[id] = made;
    }
    await this.gateway.post(room, text, key, this.postAuthor(stored, as));
  }

  /** Writes to a seated person privately: their chat with the House (web GUI or Discord), else the game room with their name. */
  private async tellPerson(live: Live, player: PlayerId, text: string): Promise<void> {
    const seat = live.stored.humans[player];
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

  /** Loads saved matches; running ones continue from their last saved phase, lobbies start. */
  async resumeAll(): Promise<void> {
    try {
      for (const stored of await this.store.all()) {
        if (this.live.has(stored.id)) continue;
        const game = this.games[stored.game];
        if (!game) continue;
        if (stored.status === 'running' && stored.state) {
          const match = Match.restore(game, { game: stored.game, state: stored.state, log: stored.log });
          const live = this.track(stored, match);
          this.runtime.logger.info(`House: resuming ${stored.id} at round ${(stored.state as { round: number }).round}`);
          live.done = this.play(live, false);
        } else if (stored.status === 'lobby') {
          this.begin(this.track(stored, null));
        } else {
          this.track(stored, stored.state ? Match.restore(game, { game: stored.game, state: stored.state, log: stored.log }) : null);
        }
      }
    } catch (error) {
      this.runtime.logger.error(`House: could not load saved matches: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
