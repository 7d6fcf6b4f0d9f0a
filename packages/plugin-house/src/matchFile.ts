import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import type { Outcome } from '@the-house/games/engine/types.ts';
import { BUNDLE_FORMAT, readBundle, writeBundle, type MatchBundle } from '@the-house/lab/models/matchBundle.ts';
import { signMatchFile } from '@the-house/lab/signing/matchSignature.ts';
import { matchProvenance, type MatchProvenance, type SeatProvenance } from '@the-house/lab/provenance/matchProvenance.ts';
import { gameById } from '@the-house/games/registry.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { houseLogLine } from './houseLog.ts';
import { agentSeats, seatSpecOf } from './seats/seatSpec.ts';
import { houseSigningKey } from './signingKey.ts';
import type { RoundHistoryEntry, StoredMatch } from './types.ts';

/** Who played a seat of a House match: an agent by the model its calls went to, an entrant by its name, version and URL (credentials removed), a baseline by name; a person by kind alone. */
function seatProvenance(stored: StoredMatch, id: PlayerId): SeatProvenance {
  const spec = seatSpecOf(stored, id);
  const strategy = ownValue(stored.record.seats, id)?.strategy ?? null;
  if (spec.kind === 'strategy') return { kind: 'strategy', strategy: spec.strategy, model: null, endpoint: null };
  if (spec.kind === 'person') return { kind: 'person', strategy, model: null, endpoint: null };
  if (spec.kind === 'remote') {
    const { entrant, version, model, url, kind } = spec.remote;
    return { kind: 'remote', strategy: spec.remote.fallback, model: [`${entrant}${version ? `@${version}` : ''}`, model].filter(Boolean).join(' '), endpoint: url ? `${kind}:${url}` : kind };
  }
  const call = stored.record.calls.find((c) => c.caller === id);
  return { kind: 'agent', strategy, model: call?.model ?? null, endpoint: call?.provider ?? null };
}

/** The provenance of a House match; none for a game this build does not know. */
function provenanceOf(stored: StoredMatch): MatchProvenance | undefined {
  const game = gameById(stored.game);
  if (!game) return undefined;
  const provenance = matchProvenance({ game, config: stored.config, seed: stored.seed, players: stored.players, seats: Object.fromEntries(stored.players.map((id) => [id, seatProvenance(stored, id)])) });
  if (!stored.fork) return provenance;
  const { parent, reseeded } = stored.fork;
  return { ...provenance, seeds: reseeded.length ? { ...provenance.seeds, reseeded } : provenance.seeds, parent };
}

/** The match file the House writes when a match ends, pauses or stops: what `replay-match` replays, and what a damaged store row is rebuilt from. */
export function bundleOf(stored: StoredMatch, outcome: Outcome, head: string): MatchBundle {
  return {
    format: BUNDLE_FORMAT,
    id: stored.id,
    game: stored.game,
    seed: stored.seed,
    config: stored.config,
    players: stored.players,
    options: stored.options,
    status: stored.status,
    outcome,
    head,
    log: [...stored.log],
    record: stored.record,
    state: stored.state,
    history: stored.history,
    provenance: provenanceOf(stored),
    ...(stored.hostChanges?.length ? { hostChanges: stored.hostChanges } : {}),
  };
}

/**
 * Writes the match file and signs it with the House's Ed25519 key (kept in
 * HOUSE_DATA_DIR, outside the match folder; made on first use): `bun run
 * house verify-match` rechecks its hash chain and that signature, so anyone
 * can recheck a result and what its rating was computed from. A key that
 * cannot be had throws before any file is written.
 */
export function writeMatchFile(dir: string, keyDir: string, stored: StoredMatch, outcome: Outcome, head: string): void {
  const key = houseSigningKey(keyDir, dir, (line) => houseLogLine(line, 'warn'));
  const path = writeBundle(dir, bundleOf(stored, outcome, head));
  signMatchFile(path, stored.id, head, key);
}

/**
 * A damaged match rebuilt from its file: the file must be whole (its chain
 * ends at its head), hold the state and the history, and cover at least the
 * log the database lost (`minLog` entries). What the database still had of
 * the match (owner, table, rooms) is kept.
 */
export function rebuildFromFile(dir: string, id: string, partial: StoredMatch | null, minLog: number): { ok: true; match: StoredMatch } | { ok: false; why: string } {
  const read = readBundle(id, dir, { byName: true });
  if (!read.ok) return { ok: false, why: read.error };
  const bundle = read.bundle;
  if (bundle.id !== id) return { ok: false, why: `the file holds match ${bundle.id}` };
  const chain = verifyChain(bundle.log, bundle.head);
  if (!chain.ok) return { ok: false, why: `its file's log breaks at entry ${chain.at}: ${chain.reason}` };
  if (bundle.log.length < minLog) return { ok: false, why: `its file is older than the match (${bundle.log.length} of ${minLog} log entries)` };
  if (bundle.state === undefined || !Array.isArray(bundle.history)) return { ok: false, why: 'its file keeps no state to resume from' };
  const now = Date.now();
  const base: StoredMatch = partial ?? {
    id,
    game: bundle.game,
    seed: bundle.seed,
    config: bundle.config,
    status: 'finished',
    players: bundle.players,
    channelId: null,
    serverId: null,
    state: null,
    log: [],
    history: [],
    origin: null,
    postedRound: 0,
    options: bundle.options as StoredMatch['options'],
    record: bundle.record,
    paused: null,
    seats: agentSeats(bundle.players),
    rooms: {},
    createdAt: now,
    updatedAt: now,
  };
  const status = bundle.status === 'paused' || bundle.status === 'stopped' || bundle.status === 'finished' ? bundle.status : base.status;
  return {
    ok: true,
    match: { ...base, status, state: bundle.state, log: [...bundle.log], history: bundle.history as RoundHistoryEntry[], record: bundle.record, postedRound: Math.max(base.postedRound, (bundle.history as RoundHistoryEntry[]).at(-1)?.round ?? 0) },
  };
}
