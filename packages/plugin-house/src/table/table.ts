import { existsSync } from 'node:fs';
import { checkPlayers } from '@the-house/games/engine/config.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { matchOverBudget } from '@the-house/lab/models/budget.ts';
import { join } from 'node:path';
import { bundlePath } from '@the-house/lab/models/matchBundle.ts';
import { emptyRecord, MatchRecorder, type PromptSink } from '@the-house/lab/models/matchRecorder.ts';
import { matchOptionsProblem, matchOptionsSchema } from '@the-house/lab/seats/matchOptions.ts';
import { fileProblem } from '../fileProblem.ts';
import { houseGameOf } from '../games/houseGames.ts';
import type { HouseGame } from '../games/houseGame.ts';
import { houseLog } from '../houseLog.ts';
import { HumanDesk } from '../humanDesk.ts';
import { writeMatchFile } from '../matchFile.ts';
import { SigningKeyError } from '../signingKey.ts';
import { StoreError } from '../matchStore.ts';
import { ObserverDesk } from '../observerDesk.ts';
import { matchDetail, matchSummary } from '../records/matchSummary.ts';
import { failedText, fileNotWrittenText, fileNoteText, haltedText, lobbyNotStartedText, resumeText, roomName, roomStoppedText } from '../texts/houseTexts.ts';
import { observerLinkLine } from '../reveal/secretLinks.ts';
import type { MatchDetail, MatchSummary, StoredMatch } from '../types.ts';
import { DatabaseWait } from './databaseWait.ts';
import { playTable } from './playTable.ts';
import { Pacer } from './pacer.ts';
import { PromptTexts } from './promptTexts.ts';
import { Seats } from './seatFactory.ts';
import { type Life, type LifeEffect, type LifeEvent, type LifeRefusal, next, refused } from './tableLife.ts';
import type { TableCore } from './tableCore.ts';
import type { TableHost } from './tableHost.ts';
import { TableVoice } from './tableVoice.ts';
import { tellOwner } from './tellOwner.ts';

export const isOpen = (status: StoredMatch['status']) => status === 'lobby' || status === 'running' || status === 'paused';

/**
 * One live match at one table (boardgame.io's per-match master): its stored
 * state, the engine's match, its seats, its desks for people and the
 * observer, its recorder and its voice. It plays itself (`playTable`), saves
 * after every phase, pauses on a spent budget or a failed save, and leaves the
 * House's set of tables once it is over. It talks to the outside only through
 * its voice, its seats and the host's stores.
 */
export class Table implements TableCore {
  match: Match | null;
  abort = new AbortController();
  readonly observer = new ObserverDesk();
  readonly humans = new HumanDesk();
  readonly recorder: MatchRecorder;
  /** Its prompt texts: private while it runs, beside its match file once it is over (none without a match folder). */
  private readonly prompts: PromptTexts | null;
  readonly voice: TableVoice;
  readonly pacer: Pacer;
  readonly seats: Seats;
  /** What its game keeps at the table (Influence's DM rooms, hand-ins, image checks): it goes with the table. */
  readonly gameState: unknown;
  lobbyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Settles when the match is over, stopped or paused. */
  done: Promise<void> | null = null;
  /** Settles once a starting match has its game room (or could not get one). */
  roomReady: Promise<void> | null = null;
  /** Why its match file could not be written, when it could not. */
  fileProblem: string | null = null;
  /** Paused by a save the database refused: waits for the database, and plays on once it answers. */
  readonly databaseWait: DatabaseWait = new DatabaseWait(this);
  /** A `!resume` (or the database wait's) under way: a second one meanwhile would play the match twice. */
  private resuming = false;

  constructor(
    readonly host: TableHost,
    readonly stored: StoredMatch,
    match: Match | null,
  ) {
    this.match = match;
    stored.options = matchOptionsSchema.parse(stored.options ?? {});
    stored.record ??= emptyRecord();
    stored.paused ??= null;
    stored.seats ??= {};
    stored.rooms ??= {};
    stored.table ??= 'default';
    this.prompts = host.settings.matchDir ? new PromptTexts(join(host.settings.keyDir, 'prompts'), stored.id) : null;
    this.recorder = new MatchRecorder(stored.id, stored.record, host.settings.prices, this.prompts ? this.promptSink(this.prompts) : null);
    this.voice = new TableVoice(host, stored, () => this.persist());
    // What the pacer reports is work of the House that did not happen (a player's row not stored): the House's own lines, at any framework level.
    this.pacer = new Pacer((line) => houseLog(host.runtime, line.replace(/^House: /, ''), 'warn'));
    this.seats = new Seats(this);
    this.gameState = houseGameOf(stored.game)?.tableState?.() ?? null;
  }

  get id(): string {
    return this.stored.id;
  }

  get adapter(): HouseGame | undefined {
    return houseGameOf(this.stored.game);
  }

  get roomName(): string {
    return roomName(this.host.games, this.stored);
  }

  /** Prompt texts are kept privately while the match runs; a folder that refuses them costs the texts, never a model call. */
  private promptSink(texts: PromptTexts): PromptSink {
    let told = false;
    return texts.sink((error) => {
      if (!told) houseLog(this.host.runtime, `${this.stored.id}: its prompt texts could not be written (${fileProblem(error)})`, 'warn');
      told = true;
    });
  }

  summary(): MatchSummary {
    return matchSummary(this.host.games, this.stored, this.match?.state ?? this.stored.state, this.recorder.spend());
  }

  detail(): MatchDetail {
    const { match } = this;
    const state = match?.state ?? this.stored.state;
    const events = match?.log ? [...match.log.entries] : this.stored.log;
    return matchDetail(this.host.games, this.stored, this.summary(), { state, events, pendingBegs: this.observer.pending(), waitingFor: this.humans.waiting() }, null);
  }

  /**
   * Saves the match (`as`: the match as it stood at the end of a phase, when
   * its save is written later). A save the database refuses (after the
   * store's retries) pauses the match rather than letting it run on unsaved:
   * the error is logged, the House tab shows why, its owner is told, and it
   * goes on by itself once the database answers again (or at `!resume`).
   */
  async persist(as: StoredMatch = this.stored): Promise<boolean> {
    try {
      await this.host.store.save(as, this.summary());
      return true;
    } catch (error) {
      const why = error instanceof StoreError ? error.message : `could not save: ${error instanceof Error ? error.message : String(error)}`;
      houseLog(this.host.runtime, `${this.stored.id}: ${why}; the match is paused until a save works (it goes on by itself then, or at !resume)`, 'error');
      void this.enter({ type: 'saveFailed', why });
      return false;
    }
  }

  /** Lobby to running; returns an error text when the seats do not fit the game. */
  begin(): string | null {
    const { stored } = this;
    if (stored.status !== 'lobby') {
      this.carry('clearLobbyTimer', { type: 'begin' });
      return `Match ${stored.id} is already ${stored.status}.`;
    }
    const game = this.host.games[stored.game]!;
    const error = checkPlayers(game, stored.players);
    if (error) {
      this.carry('clearLobbyTimer', { type: 'begin' });
      return error;
    }
    this.match = Match.create(game, stored.config, stored.seed, stored.players);
    stored.state = this.match.state;
    void this.enter({ type: 'begin' });
    return null;
  }

  /** A lobby begins by itself (its clock, a restart): seats that do not fit its game are told its opener, and it waits in its lobby. */
  beginByItself(): boolean {
    const error = this.begin();
    if (error && this.stored.status === 'lobby') void tellOwner(this.voice, this.stored, lobbyNotStartedText(this.id, error)).catch(() => undefined);
    return error === null;
  }

  /** A fork (`!fork`), seated with its parent's match at the phase it forks after, starts there as a begun lobby would. */
  startFork(): void {
    void this.enter({ type: 'fork' });
  }

  /** A running match a restart found plays on from its last save. */
  playOn(): void {
    void this.enter({ type: 'restart' });
  }

  /** `!resume`: a paused match continues, with the budgets given merged over its own (a match paused by a failed save first saves again). */
  async resume(rawOptions: Record<string, unknown>): Promise<string> {
    const { stored } = this;
    if (stored.status !== 'paused') return `Match ${stored.id} is ${stored.status}, not paused.`;
    if (this.resuming) return `Match ${stored.id} is being resumed already.`;
    this.resuming = true;
    try {
      return await this.resumeNow(rawOptions);
    } finally {
      this.resuming = false;
    }
  }

  private async resumeNow(rawOptions: Record<string, unknown>): Promise<string> {
    const { stored } = this;
    const budget = { ...stored.options.budget, ...((rawOptions.budget as object | undefined) ?? {}) };
    const options = matchOptionsSchema.safeParse({ ...stored.options, ...rawOptions, budget });
    if (!options.success) return `bad options: ${matchOptionsProblem(options.error)}`;
    const over = matchOverBudget(options.data.budget, this.recorder.spend());
    if (over) return `Still over budget: ${over}. Give a larger one (--budget-tokens N or --budget-cost X).`;
    const before = { options: stored.options, paused: stored.paused };
    stored.options = options.data;
    const resumed = await this.enter({ type: 'resume', started: this.match !== null });
    if (resumed !== true) {
      stored.options = before.options;
      return typeof resumed === 'object' ? `Match ${stored.id} is ${resumed.refused}, not paused.` : `Match ${stored.id} cannot resume yet: ${stored.paused ?? before.paused}`;
    }
    if (!this.match) return this.begin() ?? `Match ${stored.id} starts: ${stored.players.join(', ')}.`;
    return resumeText(stored.id, (this.match.state as { round: number }).round);
  }

  /** `!stop`: ends the match where it stands, saved, and its room is told by whom; a lobby or a paused match leaves at once. */
  async stop(by?: string): Promise<void> {
    const { stored } = this;
    if (stored.status === 'lobby' || stored.status === 'running' || stored.status === 'paused') houseLog(this.host.runtime, `${stored.id} stopped${this.match ? ` at round ${(this.match.state as { round: number }).round}` : ' in its lobby'}`);
    await this.enter(by === undefined ? { type: 'stop' } : { type: 'stop', by });
  }

  /** The House is stopping: every wait ends, and nothing more is saved; a running match's room hears its last line. */
  async halt(): Promise<void> {
    await this.enter({ type: 'halt' });
  }

  /**
   * Every change of the match's status goes through here: `next` says what
   * it becomes and what follows, and the table carries that out in order (a
   * save that fails ends the chain, and is itself an event). Effects that
   * need nothing awaited run before this returns.
   */
  async enter(event: LifeEvent): Promise<LifeRefusal | boolean> {
    const { stored } = this;
    const step = next({ status: stored.status, paused: stored.paused, rated: stored.rated ?? false }, event);
    if (refused(step)) return step;
    const [life, effects] = step;
    this.live(life);
    for (const effect of effects) {
      const done = this.carry(effect, event);
      if (done instanceof Promise && !(await done)) return false;
    }
    return true;
  }

  private live(life: Life): void {
    const { stored } = this;
    stored.status = life.status;
    stored.paused = life.paused;
    if (life.rated !== (stored.rated ?? false)) stored.rated = life.rated;
  }

  /** One effect of the table's life; a promise for those that wait (false: a save failed). */
  private carry(effect: LifeEffect, event: LifeEvent): void | Promise<boolean> {
    const { stored, host } = this;
    switch (effect) {
      case 'clearLobbyTimer':
        if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
        this.lobbyTimer = null;
        return;
      case 'abort':
        return this.abort.abort();
      case 'renewAbort':
        this.abort = new AbortController();
        return;
      case 'waitForDatabase':
        return this.databaseWait.start();
      case 'endDatabaseWait':
        return this.databaseWait.end();
      case 'closeDesks':
        this.observer.close();
        return this.humans.closeAll();
      case 'start':
        return this.start();
      case 'playOn': {
        const round = (this.match!.state as { round: number }).round;
        houseLog(host.runtime, event.type === 'restart' ? `${stored.id} resumed at round ${round} (saved before the last stop)` : `${stored.id} resumed at round ${round}`);
        this.done = playTable(this, false);
        return;
      }
      case 'persist':
        return this.persist().then(() => true);
      case 'persistOrWait':
        return this.persist();
      case 'rate':
        return host.ratings
          .rate(this.match!.game, this.match!.state, stored.players, stored.record, stored.seats)
          .then(() => true)
          .catch((error) => (host.runtime.logger.warn(`House: could not rate ${stored.id}: ${error instanceof Error ? error.message : String(error)}`), true));
      case 'sayFailed':
        return this.voice.say(failedText(stored.id)).then(
          () => true,
          () => true,
        );
      case 'sayStopped':
        return this.voice.say(roomStoppedText(stored.id, this.match ? (this.match.state as { round: number }).round : 0, event.type === 'stop' ? event.by : undefined)).then(
          () => true,
          () => true,
        );
      case 'sayHalted':
        return this.voice.say(haltedText(stored.id, this.match ? (this.match.state as { round: number }).round : 0)).then(
          () => true,
          () => true,
        );
      case 'retireIfIdle':
        if (!this.done) this.retire();
        return;
    }
  }

  /** A begun match: its room opens, it plays, and whoever opened it gets the observer link. */
  private start(): void {
    const { stored, host } = this;
    this.roomReady = this.voice.openRoom();
    this.done = playTable(this, true);
    if (stored.observer && stored.observerKey) void this.voice.tellObserver(observerLinkLine(host.runtime, host.settings.peopleUrl, stored.id, stored.observerKey)).catch(() => undefined);
    houseLog(host.runtime, `${stored.id} started: ${stored.players.join(', ')}; room "${this.roomName}"`);
  }

  snapshot(): void {
    const m = this.match!;
    this.stored.state = m.state;
    this.stored.log = m.log ? [...m.log.entries] : [];
  }

  /** The match as a file for `replay-match` (and to rebuild a damaged database row), once it ends, pauses or stops. */
  writeFile(): void {
    const dir = this.host.settings.matchDir;
    const { stored, match } = this;
    if (!dir || !match || stored.status === 'running') return;
    try {
      writeMatchFile(dir, this.host.settings.keyDir, stored, match.outcome(), match.log?.head ?? '');
      this.fileProblem = null;
    } catch (error) {
      // The previous file (if any) is left whole; the database holds the match, so nothing pauses.
      const why = error instanceof SigningKeyError ? error.message : fileProblem(error);
      this.fileProblem = why;
      houseLog(this.host.runtime, `${stored.id}: its match file could not be written (${why}); the database still holds the match`, 'error');
      void this.voice.tellObserver(fileNotWrittenText(stored.id, why)).catch(() => undefined);
    }
  }

  /** Once the match is over, its prompt texts go beside its match file (a folder that refuses them costs the texts, said once). */
  private publishPrompts(): void {
    const dir = this.host.settings.matchDir;
    if (!dir || !this.prompts) return;
    try {
      this.prompts.publish(dir);
    } catch (error) {
      houseLog(this.host.runtime, `${this.stored.id}: its prompt texts could not be moved beside its match file (${fileProblem(error)})`, 'warn');
    }
  }

  /** For `!status` of a match that has stopped, ended or paused: whether its match file is there. */
  fileNote(): string {
    const dir = this.host.settings.matchDir;
    if (!dir || this.stored.status === 'running' || this.stored.status === 'lobby') return '';
    return fileNoteText(!existsSync(bundlePath(dir, this.stored.id)), this.fileProblem ?? undefined);
  }

  /** A closed match leaves memory: its file is written, and the House reads it from the database from now on. */
  retire(): void {
    this.writeFile();
    this.publishPrompts();
    // Its running files go once its signed file holds it (at once when the House writes no match files).
    if (!this.fileProblem) this.host.store.dropFiles(this.id);
    this.host.retire(this);
  }
}
