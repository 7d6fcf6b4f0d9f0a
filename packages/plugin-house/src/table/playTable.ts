import { runMatch } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { openerSits } from './openerSits.ts';
import { matchOverBudget } from '@the-house/lab/models/budget.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import { closePhase } from '@the-house/lab/seats/closePhase.ts';
import { findPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import type { PhaseContext } from '../games/houseGame.ts';
import { houseLog } from '../houseLog.ts';
import { sleep, yieldToEventLoop } from '../houseSettings.ts';
import { roundText } from '../roundText.ts';
import { roundPictures } from '../pictures/roundPictures.ts';
import { runtimeModelClient } from '../runtimeModelClient.ts';
import { verbAdapter } from '../games/houseGames.ts';
import { matchSummary } from '../records/matchSummary.ts';
import { beginsText, budgetPausedText, failedText, resultText, resumesText, savePausedText, shortId } from '../texts/houseTexts.ts';
import { backlogOf, type PhaseBacklog } from './phaseBacklog.ts';
import type { TableCore } from './tableCore.ts';
import type { StoredMatch } from '../types.ts';

/**
 * What a game's adapter may do during a phase: speak in the room or in DMs,
 * reach the observer, ask the House's model, pose facts. With a backlog, what
 * it says in the game room (`say`), and in DMs too (`whisper`) when `dms`,
 * waits there (a phase's opening lines until its requests are out, its
 * closing posts until the next phase's are) and the adapter goes on at once;
 * the posts keep their order. A DM a person writes during a phase (an
 * adapter keeps `whisper` for that) goes at once.
 */
function phaseContext(table: TableCore, backlog?: PhaseBacklog, dms = false): PhaseContext {
  const { host } = table;
  const houseClient = runtimeModelClient(host.runtime);
  const later = (send: () => Promise<void>): Promise<void> => {
    backlog!.later(() => (host.stopping ? undefined : send()));
    return Promise.resolve();
  };
  const say = (text: string, key?: string, as?: PlayerId) => table.voice.say(text, key, as);
  const whisper = (members: PlayerId[], text: string, as: PlayerId, key?: string) => table.voice.whisper(members, text, as, key);
  return {
    matchId: table.id,
    match: table.match!,
    house: host.runtime,
    say: backlog ? (text, key, as) => later(() => say(text, key, as)) : say,
    whisper: backlog && dms ? (members, text, as, key) => later(() => whisper(members, text, as, key)) : whisper,
    observer: table.observer,
    unobserved: openerSits(table.stored),
    tellObserver: (text) => table.voice.tellObserver(text),
    signal: table.abort.signal,
    setting: (key, fallback) => host.settings.number(key, fallback),
    houseModel: !houseClient.free,
    askHouse: async (prompt, purpose) => {
      const match = table.match!;
      const { round, phase } = match.state as { round: number; phase: string };
      const gate = houseClient.free ? null : providerGate(houseClient.gateKey, houseClient.baseUrl, (p) => host.runtime.logger.warn(`House: ${p}`));
      const r = await table.recorder.call(houseClient, gate, { caller: 'house', purpose, round, phase, system: host.runtime.character.system ?? '' }, prompt, table.abort.signal);
      return { text: r.text, error: r.error };
    },
    pose: (facts) => {
      const match = table.match!;
      if (!match.game.pose) return;
      const { round, phase } = match.state as { round: number; phase: string };
      match.state = match.game.pose(match.state, facts);
      table.recorder.phase(round, phase).posed = facts;
    },
  };
}

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
  const page = `${host.settings.publicUrl}/house/matches/${stored.id}`;
  const audit = verbAdapter(stored.game, 'audit') ? `\`!audit --match ${shortId(stored.id)}\` verifies its hash-chained log` : null;
  for (const seat of Object.keys(stored.humans)) await table.voice.tellPerson(seat, resultText(match.game, summary, ending, page, audit, seat));
  if (stored.observer) await table.voice.tellObserver(resultText(match.game, summary, ending, page, audit, null));
}

/** Player agents start with the host; a match resumed at boot waits a moment for those it seats. */
async function waitForPlayers(table: TableCore, names: string[]): Promise<void> {
  const { signal } = table.abort;
  const until = Date.now() + table.host.settings.playerWaitMs;
  while (!signal.aborted && Date.now() < until && names.some((n) => !findPlayer(n))) await sleep(100, signal);
}

/**
 * The save of the phase just played, to be written while the next phase's
 * models think: its state and log (replaced, never changed, by the next
 * phase), and the record's and history's lists as long as they are now (the
 * next phase's calls and traces come after them). Status and the rest are
 * read when it is written. Null when, by then, someone else saved the match
 * with another status (a `!stop`): that save holds more, and is newer.
 */
function phaseSave(table: TableCore): () => StoredMatch | null {
  const { stored } = table;
  const { state, log, status } = stored;
  const calls = stored.record.calls.length;
  const phases = stored.record.phases.length;
  const history = stored.history.length;
  return () =>
    stored.status !== status
      ? null
      : { ...stored, state, log, history: stored.history.slice(0, history), record: { ...stored.record, calls: stored.record.calls.slice(0, calls), phases: stored.record.phases.slice(0, phases) } };
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
 * players' memory and notes' saves) waits in the table's backlog until every
 * agent seat of the next phase has its request out, then runs while the
 * models think, in the order it always had; the next phase is applied only
 * once all of it (the save before it among it) is done. What the answers
 * bring (the players' memory of them, ElizaOS's rows for the model calls)
 * waits for the next phase's requests and then runs only when nothing else
 * waits: it is no part of the match's state, so no save waits for it. A
 * kill -9 at any point leaves the last phase whose save was written, and
 * nothing of a phase after it: a restart plays on from there (an offline
 * match to the same log), as before. With a pause between rounds, the
 * backlog runs during the pause instead.
 */
export async function playTable(table: TableCore, fresh: boolean): Promise<void> {
  const match = table.match!;
  const game = match.game;
  const { stored, host } = table;
  const backlog = backlogOf(table);
  let failed: { error: unknown } | null = null;
  try {
    if (fresh || !stored.channelId) {
      await (table.roomReady ??= table.voice.openRoom());
      table.snapshot();
      if (!(await table.persist())) return;
      await table.voice.say(beginsText(game, stored));
    } else {
      table.snapshot();
      await table.voice.postMissedRounds(table.match!, table.adapter);
      await table.persist();
      await table.voice.say(resumesText(game, (match.state as { round: number }).round));
    }
    await waitForPlayers(table, stored.players.filter((p) => !Object.hasOwn(stored.humans, p) && !(stored.bots && Object.hasOwn(stored.bots, p)) && !(stored.remotes && Object.hasOwn(stored.remotes, p))));
    const adapter = table.adapter;
    let lastRound = (match.state as { round: number }).round;
    const delay = stored.options.roundDelayMs ?? host.settings.roundDelayMs(game);
    const ctx = phaseContext(table);
    const opening = phaseContext(table, backlog);
    const closing = phaseContext(table, backlog, true);
    await runMatch(match, table.seats.brains, {
      deadlineMs: (m) => adapter?.deadlineMs?.(m.state) ?? host.settings.decisionDeadlineMs,
      signal: table.abort.signal,
      beforePhase: async () => {
        backlog.pause();
        if (adapter?.beforePhase) await adapter.beforePhase(opening);
        backlog.expect(match.actors().filter((id) => table.seats.of(id)?.kind === 'agent'));
      },
      afterCollect: async (m, decisions) => {
        // What the phase before left runs now: it is saved, and its posts are out, before this one is applied (an offline
        // seat answers before its request is marked out, and the game room reads in the order things happened). What
        // this phase's answers brought waits for the next phase's requests.
        await backlog.settle();
        backlog.pause();
        closePhase(table.recorder, m, decisions);
      },
      external: async (m, decisions) => {
        const external = adapter?.external ? await adapter.external(ctx, decisions) : undefined;
        if (external !== undefined) table.recorder.phase((m.state as { round: number }).round, m.state.phase).external = external;
        return external;
      },
      onPhase: async (m, events) => {
        await yieldToEventLoop();
        if (adapter?.afterPhase && !host.stopping) await adapter.afterPhase(closing, events);
        const round = (m.state as { round: number }).round;
        if (round !== lastRound || m.over) {
          const report = game.report(m.state);
          stored.history.push({ round: lastRound, players: report.players, ...(report.extra ? { extra: report.extra } : {}) });
          lastRound = round;
        }
        if (m.over) {
          stored.status = 'finished';
          const outcome = game.outcome(m.state);
          houseLog(host.runtime, `${stored.id} finished at round ${round}: ${describeOutcome(game.id, m.state) ?? `${outcome.kind ?? 'over'}; winners ${outcome.winners.join(', ') || 'none'}`}`);
          if (!stored.rated) {
            stored.rated = true;
            await host.ratings.rate(game, m.state, stored.players, stored.record, stored.remotes).catch((error) => host.runtime.logger.warn(`House: could not rate ${stored.id}: ${error instanceof Error ? error.message : String(error)}`));
          }
        }
        const over = m.over ? null : matchOverBudget(stored.options.budget, table.recorder.spend());
        if (over) {
          stored.status = 'paused';
          stored.paused = over;
          table.abort.abort();
          houseLog(host.runtime, `${stored.id} paused at round ${round}: ${over}`, 'warn');
        }
        table.snapshot();
        if (host.stopping) return;
        const save = phaseSave(table);
        const saved = new Promise<boolean>((resolve) =>
          backlog.later(async () => {
            const as = host.stopping ? null : save();
            resolve(as === null || (await table.persist(as)));
          }),
        );
        if (over) backlog.later(async () => void ((await saved) && (await table.voice.say(budgetPausedText(stored.id, over)))));
      },
      onRound: async (record, m) => {
        if (host.stopping) return;
        // Made now, from the round as it ended; posted from the backlog (a restart posts a round whose post it lacks, once: posts are keyed).
        const text = adapter?.roundText ? adapter.roundText(record, m) : roundText(game.id, record.round, record.events);
        const pictures = roundPictures(adapter, record, m, (line) => host.runtime.logger.warn(line));
        backlog.later(async () => {
          if (host.stopping) return;
          await table.voice.postRound(record.round, text, pictures);
          stored.postedRound = record.round;
        });
        await tellSeats(table, record.round);
        // A pause between rounds: what waits goes out now, alongside it.
        if (!m.over) await Promise.all([delay > 0 ? backlog.flush() : undefined, sleep(delay, table.abort.signal)]);
      },
    });
  } catch (error) {
    failed = { error };
  }
  // The last phase's save and posts, and anything else still waiting, before the match is closed or left paused.
  await backlog.flush();
  // The last round's post went after the last save: its mark is saved with the finished match.
  if (!failed && stored.status === 'finished' && !host.stopping) await table.persist();
  if (failed) {
    const { error } = failed;
    host.runtime.logger.error(`House: match ${stored.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    // It would fail again on every resume: it stops rather than hold its table (and every restart) as `running`.
    if (stored.status === 'running' && !host.stopping) {
      stored.status = 'stopped';
      await table.persist();
      await table.voice.say(failedText(stored.id)).catch(() => undefined);
    }
  }
  if (stored.status === 'paused' && stored.paused?.startsWith('could not save')) await table.voice.say(savePausedText(stored.id));
  if (host.stopping) return;
  if (stored.status === 'finished') await tellResults(table).catch((error) => host.runtime.logger.warn(`House: could not tell ${stored.id}'s people how it ended: ${error instanceof Error ? error.message : String(error)}`));
  if (stored.status === 'finished' || stored.status === 'stopped') {
    await table.voice.closeDmRooms();
    table.retire();
  } else table.writeFile();
}
