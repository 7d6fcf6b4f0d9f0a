import { chainForm, type LogEntry } from '@the-house/games/engine/eventLog.ts';
import { Match } from '@the-house/games/engine/match.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import { promptHash, type AnswerTrace, type PhaseTrace } from '../models/matchRecorder.ts';
import type { PromptMode } from '../decision/conversation.ts';
import { FIRST_PROMPT_FORMAT, PROMPT_FORMAT } from '../decision/promptFormat.ts';
import { decideWithRepair, decisionOf } from './decideWithRepair.ts';
import { decisionRequest } from './decisionRequestFor.ts';
import { NotesBook } from './notesBook.ts';
import { seatOwner } from './seatOwner.ts';
import { recordedFresh, seatPrompter, type SeatPrompter } from './seatPrompts.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { isNotATurn } from '../remote/decideRemote.ts';
import { answersStrict } from './strictAnswer.ts';
import { reseeded, reseedsOf } from '../fork/reseed.ts';

/** Where a replay first parted from the recorded match. */
export interface Divergence {
  seq: number;
  round: number;
  phase: string;
  expected: Pick<LogEntry, 'type' | 'data' | 'to'> | null;
  got: Pick<LogEntry, 'type' | 'data' | 'to'> | null;
}

/** A model prompt the replay rebuilt differently from the one recorded (a changed prompt or view). */
export interface PromptChange {
  round: number;
  phase: string;
  player: PlayerId;
  call: number;
}

/** Which prompt layout the record's model prompts were written in, and which this build writes; hashes are compared only when they agree. */
export interface PromptFormats {
  recorded: number;
  current: number;
}

export interface ReplayReport {
  /** The replay gave the recorded log, entry for entry, and the same head. */
  reproduced: boolean;
  head: string;
  recordedHead: string;
  phases: number;
  /** Recorded answers fed back in place of models, people and baselines. */
  answers: number;
  divergence: Divergence | null;
  prompts: { checked: number; changed: PromptChange[]; format: PromptFormats };
}

const brief = (e: LogEntry | undefined) => (e ? { type: e.type, ...(e.data ? { data: e.data } : {}), ...(e.to ? { to: e.to } : {}) } : null);

/** The decision a recorded answer stands for, through the same pipeline the House used. */
async function replayAnswer(game: AnyGame, state: unknown, player: PlayerId, a: AnswerTrace, strict: boolean, check: (text: string | null, repair: { error: string; previous: string } | null, call: number | undefined) => void): Promise<unknown> {
  if (a.kind === 'human') return a.final === undefined ? undefined : JSON.parse(a.final);
  if (a.kind === 'baseline' || a.kind === 'offline') return a.texts[0] === undefined ? undefined : decisionOf(a.texts[0]);
  let i = 0;
  const { decision } = await decideWithRepair(game, state, player, a.kind, async (repair) => {
    const text = a.texts[i] ?? null;
    const call = a.calls[i];
    check(text, repair, call);
    i += 1;
    return { text, error: text === null ? (a.errors.at(-1) ?? 'no answer') : null, call };
  }, strict);
  return decision;
}

/**
 * Re-runs a recorded match offline: the same setup, every phase's recorded
 * answers fed through the House's own pipeline (`decideWithRepair`) instead
 * of asking anyone, what the House posed and the outsiders' answers as
 * recorded, the same House notices; then compares the log entry by entry.
 * Model prompts are rebuilt from the replayed views and checked against the
 * recorded hashes, so a changed rule shows as a divergence in the log and a
 * changed prompt as a prompt change; a record written in another prompt
 * format (`promptFormat`) replays its answers without that check, and the
 * report says which format it was. `phases` stops it after that many phases
 * (a fork's start), the match as it stood then handed back.
 */
export async function replayMatch(games: Record<string, AnyGame>, bundle: MatchBundle, options: { phases?: number } = {}): Promise<{ ok: true; report: ReplayReport; match: Match } | { ok: false; error: string }> {
  const game = ownValue(games, bundle.game);
  if (!game) return { ok: false, error: `unknown game '${bundle.game}' (known: ${Object.keys(games).join(', ')})` };
  // A match logged before issue 26 replays into a log of the same chain form, so its hashes compare entry for entry.
  const match = Match.create(game, bundle.config, bundle.seed, bundle.players, { logForm: chainForm(bundle.log) });
  const recorded = bundle.log;
  const calls = new Map(bundle.record.calls.map((c) => [c.seq, c]));
  const window = { historyRounds: Number((bundle.options as { historyRounds?: number } | null)?.historyRounds ?? 12) };
  const notes = new NotesBook(bundle.id);
  // Views and notes only matter for rebuilding model prompts.
  const modelSeats = Object.values(bundle.record.seats).some((seat) => seat.brain === 'model');
  // A record from another prompt layout replays its answers as they are; its prompts cannot hash the same, so they are not rebuilt.
  const format: PromptFormats = { recorded: bundle.record.promptFormat ?? FIRST_PROMPT_FORMAT, current: PROMPT_FORMAT };
  const samePrompts = format.recorded === format.current;
  // Answers are checked as they were when the match was played: a record from before strict answers took what the game took.
  const strict = answersStrict(bundle.record);
  const missingAt = new Map<string, Map<PlayerId, string>>();
  for (const e of recorded) {
    if (e.type !== 'decision_missing') continue;
    const at = `${e.round}|${e.phase}`;
    if (!missingAt.has(at)) missingAt.set(at, new Map());
    missingAt.get(at)!.set(String(e.data?.player), String(e.data?.why ?? ''));
  }
  const prompters = new Map<PromptMode, SeatPrompter>();
  const prompterOf = (mode: PromptMode) => prompters.get(mode) ?? prompters.set(mode, seatPrompter(mode)).get(mode)!;
  const changed: PromptChange[] = [];
  let checked = 0;
  let answers = 0;
  let phases = 0;
  let divergence: Divergence | null = null;
  let compared = 0;

  /** Checks the entries appended since the last call against the record; false at the first that differs. */
  const compare = (): boolean => {
    const log = match.log!.entries;
    for (; compared < log.length; compared++) {
      if (recorded[compared]?.hash === log[compared]!.hash) continue;
      divergence = { seq: compared, round: log[compared]!.round, phase: log[compared]!.phase, expected: brief(recorded[compared]), got: brief(log[compared]) };
      return false;
    }
    return true;
  };

  // A fork with --seed drew its randomness anew after its parent's phases: so does its replay.
  const reseeds = reseedsOf(bundle);
  for (const trace of bundle.record.phases as PhaseTrace[]) {
    if (match.over || phases === options.phases) break;
    if (reseeds.has(phases)) match.state = reseeded(match.state, reseeds.get(phases)!);
    const { round, phase } = match.state as { round: number; phase: string };
    if (trace.round !== round || trace.phase !== phase) {
      const seq = match.log!.entries.length;
      divergence = { seq, round, phase, expected: brief(recorded[seq]), got: { type: `the replay reached round ${round} (${phase}); the record's next phase is round ${trace.round} (${trace.phase})` } };
      break;
    }
    if (trace.posed && game.pose) match.state = game.pose(match.state, trace.posed);
    const state = match.state;
    const missing = missingAt.get(`${round}|${phase}`) ?? new Map<PlayerId, string>();
    const decisions: Record<PlayerId, unknown> = {};
    const actors = match.actors();
    await Promise.all(
      actors.map(async (player) => {
        const a = ownValue(trace.answers, player);
        if (!a || missing.has(player)) return;
        answers += 1;
        const seat = ownValue(bundle.record.seats, player);
        const check = (text: string | null, repair: { error: string; previous: string } | null, call: number | undefined) => {
          const recordedCall = call === undefined ? undefined : calls.get(call);
          if (!recordedCall || !seat || seat.brain !== 'model' || !samePrompts) return;
          // A repair that quoted an answer the record keeps only as its digest cannot be rebuilt: it is not checked.
          if (repair && isNotATurn(repair.previous)) return;
          checked += 1;
          const request = decisionRequest(game, state, bundle.id, game.view(state, player), { player, round, phase });
          const req = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
          // A conversation is rebuilt turn by turn from the recorded answers, starting afresh where the record's turn says it did.
          const prompter = prompterOf(seat.prompts ?? 'compact');
          const prompt = prompter.prompt(seat.persona, req, notes.of(seatOwner(state, player)), window, recordedFresh(recordedCall.params));
          prompter.answered(player, text);
          if (promptHash(seat.system, prompt.text) !== recordedCall.promptHash) changed.push({ round, phase, player, call: recordedCall.seq });
        };
        const decision = await replayAnswer(game, state, player, a, strict, check);
        if (decision !== undefined) decisions[player] = decision;
      }),
    );
    for (const player of actors) {
      if (missing.has(player)) match.log!.append(round, phase, { type: 'decision_missing', data: { player, why: missing.get(player) }, to: [player] });
    }
    if (trace.notices) match.log!.appendAll(round, phase, trace.notices);
    const { finished } = match.step({ decisions, external: trace.external });
    phases += 1;
    if (finished && modelSeats) notes.afterRound(match, [...new Set([...match.state.players, ...match.actors()])]);
    if (!compare()) break;
  }
  if (!divergence && compare() && compared < recorded.length) {
    const e = recorded[compared]!;
    divergence = { seq: compared, round: e.round, phase: e.phase, expected: brief(e), got: null };
  }
  const head = match.log!.head;
  const recordedHead = recorded.at(-1)?.hash ?? bundle.head;
  return {
    ok: true,
    match,
    report: { reproduced: divergence === null && head === recordedHead && match.log!.entries.length === recorded.length, head, recordedHead, phases, answers, divergence, prompts: { checked, changed, format } },
  };
}
