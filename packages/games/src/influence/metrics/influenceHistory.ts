import type { PlayedRun, PlayerId } from '../../engine/types.ts';
import type { EliminationReason, InfluenceState } from '../influenceTypes.ts';

/** One round of an Influence run as the metrics read it. */
export interface InfluenceRound {
  round: number;
  /** Players alive at the round's start, in seating order. */
  alive: readonly PlayerId[];
  /** Tallied votes received (players with none are absent). */
  empowerVotes: ReadonlyMap<PlayerId, number>;
  exposeVotes: ReadonlyMap<PlayerId, number>;
  eliminated: ReadonlyArray<{ player: PlayerId; reason: EliminationReason }>;
  /** Every DM sent in the round: its sender and the channel's other members. */
  dms: ReadonlyArray<{ from: PlayerId; to: readonly PlayerId[] }>;
}

export interface InfluenceHistory {
  players: readonly PlayerId[];
  /** The last one alive; null for a run that ended without one (or has not ended). */
  winner: PlayerId | null;
  rounds: readonly InfluenceRound[];
}

const counts = (votes: Record<PlayerId, number>): Map<PlayerId, number> => new Map(Object.entries(votes).filter(([, n]) => n > 0));

/**
 * Reads the final state, whose round summaries (tallies, eliminations, who is
 * left) and DM channels (every message with its round) hold the whole run;
 * the events carry the same facts, split between public and private entries.
 * Rounds are the finished ones, each summarised at its REVEAL.
 */
export function influenceHistory(run: PlayedRun<InfluenceState>): InfluenceHistory {
  const s = run.state;
  const dms = new Map<number, Array<{ from: PlayerId; to: PlayerId[] }>>();
  for (const c of s.channels) {
    for (const m of c.messages) {
      const list = dms.get(m.round) ?? [];
      list.push({ from: m.from, to: c.members.filter((p) => p !== m.from) });
      dms.set(m.round, list);
    }
  }
  const summaries = [...s.rounds].sort((a, b) => a.round - b.round);
  const rounds = summaries.map((r, i): InfluenceRound => ({
    round: r.round,
    alive: i === 0 ? [...s.players] : summaries[i - 1]!.alive,
    empowerVotes: counts(r.empowerVotes),
    exposeVotes: counts(r.exposeVotes),
    eliminated: r.eliminated.map((e) => ({ player: e.player, reason: e.reason })),
    dms: dms.get(r.round) ?? [],
  }));
  return { players: [...s.players], winner: s.winner, rounds };
}

/** The record of round `t` (1-based). */
export function roundOf(h: InfluenceHistory, t: number): InfluenceRound | undefined {
  return h.rounds[t - 1];
}
