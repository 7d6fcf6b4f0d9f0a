import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { BUNDLE_FORMAT, type MatchBundle } from '../models/matchBundle.ts';
import { MatchRecorder, type MatchRecord, type PromptSink } from '../models/matchRecorder.ts';
import { headlessSeatProvenance } from '../provenance/headlessSeatProvenance.ts';
import { matchProvenance, type ParentLink, type SeatProvenance } from '../provenance/matchProvenance.ts';
import { matchOptionsSchema } from '../seats/matchOptions.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { replayMatch } from '../seats/replayMatch.ts';
import { checkSignature, readSignature } from '../signing/matchSignature.ts';
import { forkSeats } from './forkSeats.ts';
import { reseeded } from './reseed.ts';

export interface ForkRequest {
  games: Record<string, AnyGame>;
  parent: MatchBundle;
  /** Where the parent file is: its signature is beside it. */
  parentPath: string;
  /** Phases of the parent kept (1 up to its last). */
  phase: number;
  /** Seats played by someone else from the fork on. */
  swapped: ReadonlyMap<PlayerId, HeadlessSeat>;
  /** Randomness drawn anew from this seed after phase N; absent: as the parent drew it. */
  seed?: number;
  prompts?: PromptSink | null;
}

/** The fork's id: its parent's, the phase it forked after. */
export const forkId = (parent: string, phase: number): string => `${parent}-fork${phase}`;

/**
 * A match played on from a signed match file: its state at the end of phase
 * N rebuilt by replaying the recorded answers (`replayMatch`), which must give
 * the parent's log entry for entry up to there (its chain checked up to that
 * head), then played to its end with the seats `forkSeats` gives. The fork's
 * log and record begin with the parent's, so `replay-match` replays it whole;
 * its provenance names the parent by the key that signed it, its head at N,
 * N, and the parent's own parent.
 */
export async function forkMatch(request: ForkRequest): Promise<{ ok: true; bundle: MatchBundle; link: ParentLink } | { ok: false; error: string }> {
  const { parent, phase } = request;
  const game = ownValue(request.games, parent.game);
  if (!game) return { ok: false, error: `unknown game '${parent.game}'` };
  const traces = parent.record.phases.length;
  if (!Number.isInteger(phase) || phase < 1 || phase > traces) return { ok: false, error: `--phase must be 1 to ${traces} (the phases ${parent.id} recorded)` };
  const signature = readSignature(request.parentPath);
  if (!signature.ok) return { ok: false, error: `only a signed match file can be forked: ${signature.error}` };
  const signed = checkSignature(request.parentPath, parent.head, signature.signature);
  if (!signed.ok) return { ok: false, error: `only a signed match file can be forked: ${signed.error}` };
  const seats = forkSeats(game, parent, request.swapped);
  if (!seats.ok) return seats;

  const replayed = await replayMatch(request.games, parent, { phases: phase });
  if (!replayed.ok) return replayed;
  const { match } = replayed;
  const log = match.log!;
  const kept = log.entries.length;
  const differs = log.entries.findIndex((e, i) => parent.log[i]?.hash !== e.hash);
  if (differs >= 0 || replayed.report.phases !== phase) return { ok: false, error: `replaying ${parent.id} does not give its log up to phase ${phase} (it differs at entry ${differs >= 0 ? differs : kept}): this build plays it otherwise` };
  const chain = verifyChain(parent.log.slice(0, kept), log.head);
  if (!chain.ok) return { ok: false, error: `${parent.id}'s log breaks at entry ${chain.at}: ${chain.reason}` };
  if (match.over) return { ok: false, error: `${parent.id} is over after phase ${phase}: there is nothing to play on` };
  // The parent's own new seeds up to here are kept; one at this point is replaced by --seed.
  const inherited = (parent.provenance?.seeds.reseeded ?? []).filter((r) => r.phase < phase || (r.phase === phase && request.seed === undefined));
  const reseeds = request.seed === undefined ? inherited : [...inherited, { phase, seed: request.seed }];
  const now = reseeds.find((r) => r.phase === phase);
  if (now) match.state = reseeded(match.state, now.seed);

  const link: ParentLink = { match: parent.id, fingerprint: signature.signature.fingerprint, phase, head: log.head, parent: parent.provenance?.parent ?? null };
  const id = forkId(parent.id, phase);
  const usedCalls = parent.record.phases.slice(0, phase).flatMap((t) => Object.values(t.answers).flatMap((a) => a.calls));
  const record: MatchRecord = {
    ...parent.record,
    // Seats played on by someone else get the new seat's record once it plays.
    seats: Object.fromEntries(Object.entries(parent.record.seats).filter(([seat]) => !request.swapped.has(seat))),
    calls: parent.record.calls.slice(0, usedCalls.length ? Math.max(...usedCalls) + 1 : 0),
    phases: parent.record.phases.slice(0, phase),
  };
  const parsedOptions = matchOptionsSchema.safeParse(parent.options ?? {});
  const options = parsedOptions.success ? parsedOptions.data : matchOptionsSchema.parse({});
  const recorder = new MatchRecorder(id, record, {}, request.prompts ?? null);
  const { outcome, paused } = await playRecorded(match, seats.seats, recorder, { matchId: id, budget: options.budget, window: { historyRounds: options.historyRounds } });

  const recordedSeats = (seat: PlayerId): SeatProvenance | undefined => (parent.provenance ? ownValue(parent.provenance.seats, seat) : undefined);
  const provenance = matchProvenance({
    game,
    config: parent.config,
    seed: parent.seed,
    players: parent.players,
    seats: Object.fromEntries(parent.players.map((seat) => [seat, request.swapped.has(seat) ? headlessSeatProvenance(request.swapped.get(seat)!) : (recordedSeats(seat) ?? headlessSeatProvenance(seats.seats[seat]!))])),
  });
  const bundle: MatchBundle = {
    format: BUNDLE_FORMAT,
    id,
    game: game.id,
    seed: parent.seed,
    config: parent.config,
    players: parent.players,
    options: parent.options,
    status: paused ? 'paused' : 'finished',
    outcome,
    head: log.head,
    log: [...log.entries],
    record: recorder.record,
    // Where it ended, as a House file keeps it: `ratings` reads a fork from its file alone.
    state: match.state,
    provenance: { ...provenance, seeds: reseeds.length ? { ...provenance.seeds, reseeded: reseeds } : provenance.seeds, parent: link },
  };
  return { ok: true, bundle, link };
}
