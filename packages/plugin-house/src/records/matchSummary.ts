import { addSpend, NO_SPEND, type Spend } from '@the-house/lab/models/budget.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { seatUsage, type MatchRecord } from '@the-house/lab/models/matchRecorder.ts';
import { resultNote } from '@the-house/lab/results/resultNote.ts';
import { roomName } from '../texts/houseTexts.ts';
import { houseResults } from './houseResults.ts';
import type { MatchDetail, MatchSummary, PendingBeg, StoredMatch } from '../types.ts';


/** What a match's model seats spent, from its record (a closed match has no recorder). */
export function spendOf(record: MatchRecord): Spend {
  return record.calls.reduce((total, c) => addSpend(total, { tokens: c.tokensIn + c.tokensOut, cost: c.cost }), NO_SPEND);
}

/** A match's row for the list, the House tab and `!status`: from its state as it stands. */
export function matchSummary(games: Record<string, AnyGame>, stored: StoredMatch, state: unknown, spend: Spend): MatchSummary {
  const game = games[stored.game];
  const s = state as Parameters<AnyGame['score']>[0] | null;
  const players = stored.players.map((name) => ({
    name,
    alive: game && s ? game.alive(s, name) : true,
    score: game && s ? game.score(s, name) : 0,
  }));
  const outcome = game && s ? game.outcome(s) : { over: false, winners: [], kind: null };
  // A finished match's winners follow its seats' results: kept with it when a seat forfeited or is void, else read from its record.
  const results = game && s && outcome.over ? (stored.results ?? houseResults(game, s, stored)) : null;
  const notes = (results?.seats ?? []).flatMap((r) => (r.class === 'decided' ? [] : [{ player: r.player, class: r.class, note: resultNote(r) ?? r.class }]));
  return {
    id: stored.id,
    game: stored.game,
    status: stored.status,
    round: s ? (s as { round: number }).round : 0,
    players,
    winners: results ? results.winners : outcome.winners,
    ...(notes.length ? { results: notes } : {}),
    spend,
    owner: stored.owner?.name ?? null,
    table: stored.table ?? 'default',
    room: roomName(games, stored),
    createdAt: stored.createdAt,
  };
}

/** A match in full, as the routes serve it; `live` adds what only a running table knows. */
export function matchDetail(
  games: Record<string, AnyGame>,
  stored: StoredMatch,
  summary: MatchSummary,
  live: { state: unknown; events: MatchDetail['events']; pendingBegs: PendingBeg[]; waitingFor: string[] } | null,
  damage: string | null,
): MatchDetail {
  const game = games[stored.game];
  const state = live ? live.state : stored.state;
  return {
    summary: damage ? { ...summary, damage } : summary,
    state,
    events: live ? live.events : stored.log,
    history: stored.history,
    outcome: game && state ? game.outcome(state) : { over: false, winners: [], kind: null },
    pendingBegs: live?.pendingBegs ?? [],
    usage: seatUsage(stored.record),
    budget: stored.options.budget,
    paused: stored.paused,
    waitingFor: live?.waitingFor ?? [],
    damage,
  };
}

/**
 * What is known of a match that could not be read whole, nor rebuilt:
 * listed as damaged, with what was wrong, and with its intact part (the
 * store's `partial`: its log up to the first break, its round reports as far
 * as they were read, each seat's score in the last of them).
 */
export function damagedDetail(games: Record<string, AnyGame>, id: string, damage: string, partial: StoredMatch | null): MatchDetail {
  const history = partial?.history ?? [];
  const last = history.at(-1);
  const field = ownValue(games, partial?.game ?? '')?.presentation.scoreField ?? null;
  const scoreOf = (name: string): number => {
    const fields = last && Object.hasOwn(last.players, name) ? last.players[name] : undefined;
    const score = field && fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
    return typeof score === 'number' && Number.isFinite(score) ? score : 0;
  };
  const summary: MatchSummary = {
    id,
    game: partial?.game ?? id.split('-')[0]!,
    status: 'damaged',
    round: last?.round ?? 0,
    players: (partial?.players ?? []).map((name) => ({ name, alive: false, score: scoreOf(name) })),
    winners: [],
    spend: partial ? spendOf(partial.record) : { tokens: 0, cost: 0 },
    damage,
    ...(partial?.owner ? { owner: partial.owner.name } : {}),
    ...(partial?.createdAt ? { createdAt: partial.createdAt } : {}),
  };
  return { summary, state: null, events: partial?.log ?? [], history, outcome: { over: false, winners: [], kind: null }, pendingBegs: [], usage: {}, budget: {}, paused: null, waitingFor: [], damage };
}
