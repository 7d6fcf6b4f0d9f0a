import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import { runMatch } from '@the-house/games/engine/runner.ts';
import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { matchOverBudget } from '@the-house/lab/models/budget.ts';
import { resultNote } from '@the-house/lab/results/resultNote.ts';
import { closePhase } from '@the-house/lab/seats/closePhase.ts';
import type { HouseGame, PhaseContext } from '../games/houseGame.ts';
import { verbAdapter } from '../games/houseGames.ts';
import { houseLog } from '../houseLog.ts';
import { sleep, yieldToEventLoop } from '../houseSettings.ts';
import { roundPictures } from '../pictures/roundPictures.ts';
import { houseResults } from '../records/houseResults.ts';
import { matchSummary } from '../records/matchSummary.ts';
import { roundText } from '../roundText.ts';
import { personSeats, seatSpecOf } from '../seats/seatSpec.ts';
import { matchPageStartLine } from '../texts/matchPageLine.ts';
import { beginsText, budgetPausedText, resultText, roomResultsText, resumesText, savePausedText, shortId } from '../texts/houseTexts.ts';
import type { StoredMatch } from '../types.ts';
import { clocksAtPhaseEnd } from './clocksAtPhaseEnd.ts';
import { phaseContext } from './phaseContext.ts';
import type { TableCore } from './tableCore.ts';
import { countDown, countdownMs, roundPauseMs } from './countdown.ts';
import { tellEntrants } from './tellEntrants.ts';

/** After a round: every seat (and a unit spawned in it) is told what it may now know (an agent's notes at once, its memory through the backlog). */
async function tellSeats(table: TableCore, round: number): Promise<void> {
  const match = table.match!;
  const seated = new Set<PlayerId>([...table.stored.players, ...match.game.actors(match.state)]);
  await Promise.all(
    [...seated].map(async (id) => {
      try {
        await table.seats.of(id)?.tell(round);
      } catch (error) {
        table.host.runtime.logger.warn(`House: could not tell ${id} about round ${round}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
}

/** Each person who sat in the match, and the person who opened it, hear privately how it ended and their own line. */
async function tellResults(table: TableCore): Promise<void> {
  const { stored, host } = table;
  const match = table.match!;
  const summary = matchSummary(host.games, stored, match.state, table.recorder.spend());
  const ending = describeOutcome(match.game.id, match.state);
  const page = `${host.settings.peopleUrl}/house/matches/${stored.id}`;
  const audit = verbAdapter(stored.game, 'audit') ? `\`!audit --match ${shortId(stored.id)}\` verifies its hash-chained log` : null;
  // The room heard the game's own ending with its last round; when a seat's result is not its own play, it hears the results too.
  const results = roomResultsText(match.game, summary);
  if (results) await table.voice.say(results);
  for (const [seat] of personSeats(stored)) await table.voice.tellPerson(seat, resultText(match.game, summary, ending, page, audit, seat));
  if (stored.observer) await table.voice.tellObserver(resultText(match.game, summary, ending, page, audit, null));
}

/** Player agents start with the host; a match resumed at boot waits a moment for those it seats. */
async function waitForPlayers(table: TableCore, names: string[]): Promise<void> {
  const { signal } = table.abort;
  const until = Date.now() + table.host.settings.playerWaitMs;
  while (!signal.aborted && Date.now() < until && names.some((n) => !table.host.players.find(n))) await sleep(100, signal);
}

/**
 * The save of the phase just played, to be written while the next phase's
 * models think: its state and log (replaced, never changed, by the next
 * phase), and the record's and history's lists as long as they are now (the
 * next phase's calls and traces come after them), and each outside agent's
 * clock as the phase ended (`clocksAtPhaseEnd`). Status and the rest are
 * read when it is written. Null when, by then, someone else saved the match
 * with another status (a `!stop`): that save holds more, and is newer.
 */
function phaseSave(table: TableCore): () => StoredMatch | null {
  const { stored } = table;
  const { state, log, status } = stored;
  const calls = stored.record.calls.length;
  const phases = stored.record.phases.length;
  const history = stored.history.length;
  const seats = clocksAtPhaseEnd(() => stored.seats);
  return () =>
    stored.status !== status
      ? null
      : { ...stored, state, log, seats: seats(), history: stored.history.slice(0, history), record: { ...stored.record, calls: stored.record.calls.slice(0, calls), phases: stored.record.phases.slice(0, phases) } };
}

/**
 * Plays a running table to its end (or its pause): asks every seat of each
 * phase at once with the deadline, lets the game's adapter act around the
 * phase, saves after every phase (a restart resumes from the last one),
 * posts each round to the room and tells the seats, paces the rounds, pauses
 * on a spent budget, rates a finished match once, and retires the table.
 *
 * The order (issue 26): a phase's requests go out before anything that can
 * wait. What follows a phase (its posts, its save, the round's post, the
 * players' memory and notes' saves) waits in the table's pacer until every
 * agent seat of the next phase has its request out, then runs while the
 * models think, in the order it always had; the next phase is applied only
 * once all of it (the save before it among it) is done. What the answers
 * bring (the players' memory of them, ElizaOS's rows for the model calls)
 * waits for the next phase's requests and then runs only when nothing else
 * waits: it is no part of the match's state, so no save waits for it. A
 * kill -9 at any point leaves the last phase whose save was written, and
 * nothing of a phase after it: a restart plays on from there (an offline
 * match to the same log), as before. With a pause between rounds, the
 * pacer's work runs during the pause instead.
 */
export async function playTable(table: TableCore, fresh: boolean): Promise<void> {
  let failed: { error: unknown } | null = null;
  try {
    if (!(await openPlay(table, fresh))) return;
    const { stored } = table;
    await waitForPlayers(table, stored.players.filter((p) => seatSpecOf(stored, p).kind === 'agent'));
    await new PlayLoop(table).run();
  } catch (error) {
    failed = { error };
  }
  await closePlay(table, failed);
}

/** A fresh match gets its room, is saved and announced; a resumed one posts the rounds its room missed. False when the first save failed (the match is paused). */
async function openPlay(table: TableCore, fresh: boolean): Promise<boolean> {
  const { stored } = table;
  const match = table.match!;
  if (fresh || !stored.channelId) {
    await (table.roomReady ??= table.voice.openRoom());
    table.snapshot();
    if (!(await table.persist())) return false;
    const note = table.adapter?.roomNote;
    await table.voice.sayWithPage(`${beginsText(match.game, stored, match.state)}${note ? `\n${note}` : ''}`, matchPageStartLine(stored.id));
    // Saved before it: a restart during the countdown plays on at once.
    const { settings } = table.host;
    const wait = fresh ? countdownMs(stored, roundPauseMs(stored, settings, match.game), settings.countdownMs) : 0;
    await countDown(wait, (text) => table.voice.say(text), (ms) => sleep(ms, table.abort.signal));
    return true;
  }
  table.snapshot();
  await table.voice.postMissedRounds(match, table.adapter);
  await table.persist();
  await table.voice.say(resumesText(match.game, (match.state as { round: number }).round));
  return true;
}

/** After the last phase (or a failure, or a pause): what waits is done, the match is saved, its people told, and a closed match retires. */
async function closePlay(table: TableCore, failed: { error: unknown } | null): Promise<void> {
  const { stored, host } = table;
  // The last phase's save and posts, and anything else still waiting, before the match is closed or left paused.
  await table.pacer.flush();
  // The last round's post went after the last save: its mark is saved with the finished match.
  if (!failed && stored.status === 'finished' && !host.stopping) await table.persist();
  if (failed) {
    const { error } = failed;
    host.runtime.logger.error(`House: match ${stored.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (!host.stopping) await table.enter({ type: 'failed' });
  }
  if (stored.status === 'paused' && stored.paused?.startsWith('could not save')) await table.voice.say(savePausedText(stored.id));
  if (host.stopping) return;
  if (stored.status === 'finished') await tellResults(table).catch((error) => host.runtime.logger.warn(`House: could not tell ${stored.id}'s people how it ended: ${error instanceof Error ? error.message : String(error)}`));
  if (stored.status === 'finished' || stored.status === 'stopped') {
    await table.voice.closeDmRooms();
    await table.voice.forgetPosts();
    table.retire();
  } else table.writeFile();
}

/** One run of a table's match through the engine: the hooks around each phase and round. */
class PlayLoop {
  private readonly match: Match;
  private readonly adapter: HouseGame | undefined;
  private lastRound: number;
  private readonly delay: number;
  private readonly ctx: PhaseContext;
  private readonly opening: PhaseContext;
  private readonly closing: PhaseContext;

  constructor(private readonly table: TableCore) {
    this.match = table.match!;
    this.adapter = table.adapter;
    this.lastRound = (this.match.state as { round: number }).round;
    this.delay = roundPauseMs(table.stored, table.host.settings, this.match.game);
    this.ctx = phaseContext(table);
    this.opening = phaseContext(table, true);
    this.closing = phaseContext(table, true, true);
  }

  async run(): Promise<void> {
    const { table, adapter } = this;
    await runMatch(this.match, table.seats.brains, {
      deadlineMs: (m) => adapter?.deadlineMs?.(m.state) ?? table.host.settings.decisionDeadlineMs,
      signal: table.abort.signal,
      beforePhase: () => this.beforePhase(),
      afterCollect: async (m, decisions) => {
        // What the phase before left runs now: it is saved, and its posts are out, before this one is applied (an offline
        // seat answers before its request is marked out, and the game room reads in the order things happened). What
        // this phase's answers brought waits for the next phase's requests.
        await table.pacer.collected();
        closePhase(table.recorder, m, decisions);
      },
      external: (m, decisions) => this.external(m, decisions),
      onPhase: (m, events) => this.afterPhase(m, events),
      onRound: (record, m) => this.afterRound(record, m),
    });
  }

  private async beforePhase(): Promise<void> {
    const { table } = this;
    table.pacer.hold();
    if (this.adapter?.beforePhase) await this.adapter.beforePhase(this.opening);
    table.pacer.expectRequests(this.match.actors().filter((id) => table.seats.of(id)?.kind === 'agent'));
  }

  private async external(m: Match, decisions: Record<PlayerId, unknown>): Promise<Record<string, unknown> | undefined> {
    const external = this.adapter?.external ? await this.adapter.external(this.ctx, decisions) : undefined;
    if (external !== undefined) this.table.recorder.phase((m.state as { round: number }).round, m.state.phase).external = external;
    return external;
  }

  /** After a phase: the adapter acts, a round's history is kept, the match may finish or pause, and the phase's save waits in the pacer. */
  private async afterPhase(m: Match, events: GameEvent[]): Promise<void> {
    const { table } = this;
    const { stored, host } = table;
    await yieldToEventLoop();
    if (this.adapter?.afterPhase && !host.stopping) await this.adapter.afterPhase(this.closing, events);
    const round = (m.state as { round: number }).round;
    this.keepHistory(m, round);
    if (m.over) {
      const outcome = m.game.outcome(m.state);
      const results = houseResults(m.game, m.state, stored);
      // Kept only when a seat's result is not its own play: a read of a window of the record then still knows it (a match without one is read as the game ended it).
      const unplayed = results.seats.flatMap((r) => resultNote(r) ?? []);
      if (unplayed.length) stored.results = results;
      // Not waited for: an agent's slowness to take the end never holds the table.
      void tellEntrants(table, results).catch((error: unknown) => host.runtime.logger.warn(`House: ${stored.id}: ${error instanceof Error ? error.message : String(error)}`));
      houseLog(host.runtime, `${stored.id} finished at round ${round}: ${describeOutcome(m.game.id, m.state) ?? `${outcome.kind ?? 'over'}; winners ${outcome.winners.join(', ') || 'none'}`}${unplayed.length ? `; results: ${unplayed.join('; ')}; winners by the results ${results.winners.join(', ') || 'none'}` : ''}`);
      await table.enter({ type: 'finished' });
    }
    const over = m.over ? null : matchOverBudget(stored.options.budget, table.recorder.spend());
    if (over) {
      await table.enter({ type: 'budgetSpent', why: over });
      houseLog(host.runtime, `${stored.id} paused at round ${round}: ${over}`, 'warn');
    }
    table.snapshot();
    if (host.stopping) return;
    const save = phaseSave(table);
    const saved = new Promise<boolean>((resolve) =>
      table.pacer.later(async () => {
        // The players' rows of this phase first: a kill after the save finds them written.
        await table.pacer.writeRowsNow();
        const as = host.stopping ? null : save();
        resolve(as === null || (await table.persist(as)));
      }),
    );
    if (over) table.pacer.later(async () => void ((await saved) && (await table.voice.say(budgetPausedText(stored.id, over)))));
  }

  /** A round that ended (or the match) goes into the history the dashboard charts. */
  private keepHistory(m: Match, round: number): void {
    if (round === this.lastRound && !m.over) return;
    const report = m.game.report(m.state);
    this.table.stored.history.push({ round: this.lastRound, players: report.players, ...(report.extra ? { extra: report.extra } : {}) });
    this.lastRound = round;
  }

  private async afterRound(record: RoundRecord, m: Match): Promise<void> {
    const { table, adapter } = this;
    const { stored, host } = table;
    if (host.stopping) return;
    // Made now, from the round as it ended; posted from the pacer (a restart posts a round whose post it lacks, once: posts are keyed).
    const text = adapter?.roundText ? adapter.roundText(record, m) : roundText(m.game.id, record.round, record.events);
    const pictures = roundPictures(adapter, record, m, (line) => host.runtime.logger.warn(line));
    table.pacer.later(async () => {
      if (host.stopping) return;
      await table.voice.postRound(record.round, text, pictures);
      stored.postedRound = record.round;
    });
    await tellSeats(table, record.round);
    // A pause between rounds: what waits goes out now, alongside it.
    if (!m.over) await Promise.all([this.delay > 0 ? table.pacer.flush() : undefined, sleep(this.delay, table.abort.signal)]);
  }
}
