import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { BUNDLE_FORMAT, type MatchBundle } from '../models/matchBundle.ts';
import { MatchRecorder, type PromptSink } from '../models/matchRecorder.ts';
import { headlessSeatProvenance } from '../provenance/headlessSeatProvenance.ts';
import { matchProvenance, type ParentLink, type SeatProvenance } from '../provenance/matchProvenance.ts';
import { matchOptionsSchema } from '../seats/matchOptions.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { forkId, forkPoint } from './forkPoint.ts';
import { forkSeats } from './forkSeats.ts';

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

/**
 * A match played on from a signed match file: its state at the end of phase
 * N (`forkPoint`), then played to its end with the seats `forkSeats` gives.
 * The fork's log and record begin with the parent's, so `replay-match`
 * replays it whole; its provenance names the parent (`ParentLink`).
 */
export async function forkMatch(request: ForkRequest): Promise<{ ok: true; bundle: MatchBundle; link: ParentLink } | { ok: false; error: string }> {
  const { parent, phase } = request;
  const known = ownValue(request.games, parent.game);
  if (!known) return { ok: false, error: `unknown game '${parent.game}'` };
  const seats = forkSeats(known, parent, request.swapped);
  if (!seats.ok) return seats;
  const point = await forkPoint({ games: request.games, parent, parentPath: request.parentPath, phase, swapped: new Set(request.swapped.keys()), seed: request.seed });
  if (!point.ok) return point;
  const { game, match, link, record, reseeds } = point;
  const log = match.log!;
  const id = forkId(parent.id, phase);
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
