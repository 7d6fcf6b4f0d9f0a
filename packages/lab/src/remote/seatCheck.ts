import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { labGames } from '../games/labGames.ts';
import { DEFAULT_WINDOW } from '../decision/playerView.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { decisionOf } from '../seats/decideWithRepair.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { checkAnswer } from '../seats/strictAnswer.ts';
import { seatPrompter } from '../seats/seatPrompts.ts';
import { decideRemote } from './decideRemote.ts';
import type { MatchEnd } from './matchEnd.ts';
import type { RemoteClient } from './remoteClient.ts';
import { remoteTurn, type RemoteTurn } from './remoteTurn.ts';
import { clockRulesSchema, newClock } from './seatClock.ts';

/** One conformance check's verdict, as `seat-check` prints it. */
export interface CheckLine {
  ok: boolean;
  check: string;
  why?: string;
}

export const SEAT = 'candidate';
/** Each check plays at a table of its own: an agent keeps answers by turn id, and turn ids are per table. */
const tableOf = (check: string) => `seat-check-${check}`;
const compact = seatPrompter('compact');

/** The candidate's first turn of a game, as the House would send it. */
function scriptedTurn(game: AnyGame, players: PlayerId[], table: string): { game: AnyGame; state: unknown; view: unknown; request: DecisionRequest } {
  const match = Match.create(game, game.configSchema.parse({}), 1, players);
  const state = match.state as { round: number; phase: string };
  const view = game.view(match.state, SEAT);
  return { game, state: match.state, view, request: decisionRequest(game, match.state, table, view, { player: SEAT, round: state.round, phase: state.phase }) };
}

const turnOf = (request: DecisionRequest, msLeft: number, attempt: 0 | 1): RemoteTurn =>
  remoteTurn(request, request.matchId, compact.prompt('', request, null, DEFAULT_WINDOW).text, { deadline: Date.now() + msLeft, msLeft }, 0, attempt);

/** A refused turn's errors, each named by the answer it was about: the decision's first, then the repair's, so a builder knows which answer to fix. */
export const labelledErrors = (errors: readonly string[]): string =>
  errors.length === 0 ? 'no answer' : errors.map((error, i) => `${i === 0 ? 'decision' : 'repair'}: ${error}`).join(' | ');

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * Plays scripted turns against a candidate seat, as a builder runs before a
 * rated match (`bun run house seat-check`): a legal move of each game within
 * the move's time (through the House's own pipeline, repair and all), the
 * turn id echoed, the same turn answered the same, the House's repair turn
 * answered legally, an answer within a short deadline, a time bank that
 * lasts, and (for an agent the House calls: `redial`) a turn asked again
 * after the House dropped the connection it was asked on, and last whether
 * it hears the end of the match (never failed: an agent need not). Each
 * check gives one line, with the reason when it fails.
 */
export async function seatCheck(client: RemoteClient, moveMs: number, onLine: (line: CheckLine) => void = () => {}, opts: { redial?: boolean; end?: boolean } = {}): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const say = (line: CheckLine) => (lines.push(line), onLine(line));
  for (const [id, lab] of labGames) {
    const game = lab.game;
    const { state, view, request } = scriptedTurn(game, [SEAT, ...lab.seatCheckOthers], tableOf(id));
    const ctx = brainContext(1, SEAT, request.round, request.phase);
    const clock = newClock(clockRulesSchema.parse({ moveMs, bankMs: 0, maxMisses: 100 }));
    const recorder = new MatchRecorder(request.matchId, emptyRecord());
    const turn = await decideRemote({ game, state, view, ctx, request, table: request.matchId, line: { client, clock, entrant: 'candidate', fallback: null }, recorder, prompt: (r) => compact.prompt('', r, null, DEFAULT_WINDOW).text, signal: new AbortController().signal });
    const check = `answers a legal ${game.title} move within ${moveMs} ms`;
    if (turn.trace.outcome === 'valid') say({ ok: true, check });
    else say({ ok: false, check, why: turn.trace.outcome === 'repaired' ? `its first answer was refused (${turn.trace.errors[0]}); the repair was legal` : labelledErrors(turn.trace.errors) });
  }
  const trust = scriptedTurn(games.trust!, [SEAT, 'ada'], tableOf('same-turn'));
  const first = turnOf(trust.request, moveMs, 0);
  if (client.raw) {
    const check = 'echoes the turn id';
    try {
      const raw = await client.raw(first, AbortSignal.timeout(moveMs));
      const echoed = raw && typeof raw === 'object' ? (raw as { turn_id?: unknown }).turn_id : typeof raw === 'string' ? /"turn_id"\s*:\s*"([^"]*)"/.exec(raw)?.[1] : undefined;
      say(echoed === first.turn_id ? { ok: true, check } : { ok: false, check, why: echoed === undefined ? 'its answer names no turn_id' : 'its answer names another turn id' });
    } catch (error) {
      say({ ok: false, check, why: failure(error) });
    }
  }
  {
    const check = 'gives the same answer to the same turn';
    try {
      const [a, b] = [await client.ask(first, AbortSignal.timeout(moveMs)), await client.ask(first, AbortSignal.timeout(moveMs))];
      say(a === b ? { ok: true, check } : { ok: false, check, why: 'the same turn sent twice got two different answers' });
    } catch (error) {
      say({ ok: false, check, why: failure(error) });
    }
  }
  {
    const check = "answers the House's repair turn with a legal move";
    const repair = turnOf({ ...trust.request, matchId: tableOf('repair'), error: 'unknown action "DANCE": allowed actions are HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG, REPLICATE', previous: '{"action":"DANCE"}' }, moveMs, 1);
    try {
      const checked = checkAnswer(games.trust!, trust.state, SEAT, decisionOf(await client.ask(repair, AbortSignal.timeout(moveMs))), true);
      say(checked.ok ? { ok: true, check } : { ok: false, check, why: checked.error });
    } catch (error) {
      say({ ok: false, check, why: failure(error) });
    }
  }
  {
    const short = Math.min(moveMs, 1_500);
    const check = `answers within a short deadline (${short} ms)`;
    const hurried = turnOf({ ...trust.request, matchId: tableOf('deadline') }, short, 0);
    try {
      await client.ask(hurried, AbortSignal.timeout(short));
      say({ ok: true, check });
    } catch (error) {
      say({ ok: false, check, why: failure(error) });
    }
  }
  say(await bankLasts(client, Math.min(moveMs, 1_500)));
  if (opts.redial ?? true) say(await redialed(client, trust, moveMs));
  if (opts.end ?? true) say(await hearsEnd(client, moveMs));
  return lines;
}

export const HEARS_END = 'hears the end of the match';

/**
 * The end of a match as the House sends it after the last turn (the seat
 * won): the line says whether the agent took it, and passes either way, as
 * an agent that ignores the end loses nothing by it.
 */
export async function hearsEnd(client: RemoteClient, ms: number): Promise<CheckLine> {
  if (!client.over) return { ok: true, check: HEARS_END, why: 'this kind of seat is not told' };
  const end: MatchEnd = { kind: 'match_over', match: tableOf('end'), game: 'trust', seat: SEAT, result: { class: 'decided', won: true, winners: [SEAT] }, your_place: 1 };
  try {
    await client.over(end, AbortSignal.timeout(Math.min(ms, 5_000)));
    return { ok: true, check: HEARS_END };
  } catch (error) {
    return { ok: true, check: HEARS_END, why: `not taken (${failure(error)}); an agent need not take it` };
  }
}

/** How many turns the bank check plays: with a bank of half the move time, a seat that overruns each move by a sixth of it runs out on the third. */
const BANK_TURNS = 3;

/**
 * Three Trust turns through the House's pipeline with a move time of `moveMs`
 * and a bank of half that, as a rated seat's clock runs them: an agent that
 * keeps to the move time never touches its bank; one that overruns is
 * substituted once the bank is empty, as it would be in a match.
 */
async function bankLasts(client: RemoteClient, moveMs: number): Promise<CheckLine> {
  const bankMs = Math.floor(moveMs / 2);
  const check = `keeps to the move time, so its time bank lasts (${BANK_TURNS} turns of ${moveMs} ms, a bank of ${bankMs} ms)`;
  const clock = newClock(clockRulesSchema.parse({ moveMs, bankMs, maxMisses: 100 }));
  for (let i = 1; i <= BANK_TURNS; i++) {
    const { game, state, view, request } = scriptedTurn(games.trust!, [SEAT, 'ada'], tableOf(`bank-${i}`));
    const recorder = new MatchRecorder(request.matchId, emptyRecord());
    const ctx = brainContext(1, SEAT, request.round, request.phase);
    const turn = await decideRemote({ game, state, view, ctx, request, table: request.matchId, line: { client, clock, entrant: 'candidate', fallback: null }, recorder, prompt: (r) => compact.prompt('', r, null, DEFAULT_WINDOW).text, signal: new AbortController().signal });
    if (clock.substituted !== null) return { ok: false, check, why: `turn ${i}: ${clock.substituted} (${bankMs} ms spent); in a match the House's baseline plays the seat from then on` };
    if (turn.trace.outcome !== 'valid') return { ok: false, check, why: `turn ${i}: ${labelledErrors(turn.trace.errors)}` };
  }
  return { ok: true, check };
}

/**
 * A turn the House asked, then dropped the connection of (its process went
 * away, a network blip), asked again with the same turn id: the agent answers
 * it legally, and with what it answered the first time if it did.
 */
async function redialed(client: RemoteClient, trust: { state: unknown; request: DecisionRequest }, moveMs: number): Promise<CheckLine> {
  const check = 'answers a turn asked again after the House dropped the connection it was asked on';
  const turn = turnOf({ ...trust.request, matchId: tableOf('redial') }, moveMs, 0);
  let first: string | null = null;
  try {
    first = await client.ask(turn, AbortSignal.timeout(5));
  } catch {
    // Dropped before the answer, as intended: the agent may still be working on it.
  }
  try {
    const again = await client.ask(turn, AbortSignal.timeout(moveMs));
    const checked = checkAnswer(games.trust!, trust.state, SEAT, decisionOf(again), true);
    if (!checked.ok) return { ok: false, check, why: checked.error };
    return first === null || first === again ? { ok: true, check } : { ok: false, check, why: 'the turn asked again got another answer than the first time' };
  } catch (error) {
    return { ok: false, check, why: failure(error) };
  }
}
