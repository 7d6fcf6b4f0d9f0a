import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import type { Match } from '@the-house/games/engine/match.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import type { MatchRecord } from '../models/matchRecorder.ts';
import type { ParentLink } from '../provenance/matchProvenance.ts';
import { replayMatch } from '../seats/replayMatch.ts';
import { checkSignature, readSignature } from '../signing/matchSignature.ts';
import { reseeded } from './reseed.ts';

export interface ForkPointRequest {
  games: Record<string, AnyGame>;
  parent: MatchBundle;
  /** Where the parent file is: its signature is beside it. */
  parentPath: string;
  /** Phases of the parent kept (1 up to its last). */
  phase: number;
  /** Seats played by someone else from the fork on: their record of who played them is not carried over. */
  swapped: ReadonlySet<PlayerId>;
  /** Randomness drawn anew from this seed after phase N; absent: as the parent drew it. */
  seed?: number;
}

/** Where a fork starts: the parent's match at the end of phase N, and what the fork's file keeps of the parent. */
export interface ForkPoint {
  game: AnyGame;
  match: Match;
  link: ParentLink;
  /** The parent's record up to phase N, less the swapped seats' record of who played them. */
  record: MatchRecord;
  /** Where randomness was drawn anew, by phases played before it: the parent's up to N, and `seed` at N. */
  reseeds: Array<{ phase: number; seed: number }>;
}

/** The fork's id: its parent's, the phase it forked after. */
export const forkId = (parent: string, phase: number): string => `${parent}-fork${phase}`;

/**
 * The state a fork plays on from, whoever then plays it (a headless run or
 * a House table): a signed parent file's match replayed from its recorded
 * answers (`replayMatch`) up to the end of phase N, which must give the
 * parent's log entry for entry (its chain checked up to that head). The link
 * names the parent by the key that signed it, its head at N, N, and the
 * parent's own parent.
 */
export async function forkPoint(request: ForkPointRequest): Promise<({ ok: true } & ForkPoint) | { ok: false; error: string }> {
  const { parent, phase } = request;
  const game = ownValue(request.games, parent.game);
  if (!game) return { ok: false, error: `unknown game '${parent.game}'` };
  const traces = parent.record.phases.length;
  if (traces === 0) return { ok: false, error: `${parent.id} recorded no phase (it ended before its first): there is nothing to play on from` };
  if (!Number.isInteger(phase) || phase < 1 || phase > traces) return { ok: false, error: `--phase must be 1 to ${traces} (the phases ${parent.id} recorded)` };
  const signature = readSignature(request.parentPath);
  if (!signature.ok) return { ok: false, error: `only a signed match file can be forked: ${signature.error}` };
  const signed = checkSignature(request.parentPath, parent.head, signature.signature);
  if (!signed.ok) return { ok: false, error: `only a signed match file can be forked: ${signed.error}` };

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
  // The parent's own new seeds up to here are kept; one at this point is replaced by `seed`.
  const inherited = (parent.provenance?.seeds.reseeded ?? []).filter((r) => r.phase < phase || (r.phase === phase && request.seed === undefined));
  const reseeds = request.seed === undefined ? inherited : [...inherited, { phase, seed: request.seed }];
  const now = reseeds.find((r) => r.phase === phase);
  if (now) match.state = reseeded(match.state, now.seed);

  const link: ParentLink = { match: parent.id, fingerprint: signature.signature.fingerprint, phase, head: log.head, parent: parent.provenance?.parent ?? null };
  const usedCalls = parent.record.phases.slice(0, phase).flatMap((t) => Object.values(t.answers).flatMap((a) => a.calls));
  const record: MatchRecord = {
    ...parent.record,
    // Seats played on by someone else get the new seat's record once it plays.
    seats: Object.fromEntries(Object.entries(parent.record.seats).filter(([seat]) => !request.swapped.has(seat))),
    calls: parent.record.calls.slice(0, usedCalls.length ? Math.max(...usedCalls) + 1 : 0),
    phases: parent.record.phases.slice(0, phase),
  };
  return { ok: true, game, match, link, record, reseeds };
}
