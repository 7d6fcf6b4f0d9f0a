import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import type { Match } from '@the-house/games/engine/match.ts';
import { cafeBankPicture } from './cafeBankPicture.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';

interface Standing {
  tokens?: unknown;
  level?: unknown;
}

/** Café's picture once the match is over: banks and levels round by round, from every round's public `standings` event. */
export function cafeEndPictures(match: Match): RoomPicture[] {
  if (!match.over) return [];
  const state = match.state as CafeState;
  const players = state.table.map((p) => p.id);
  const rounds: number[] = [];
  const tokens = new Map<string, Array<number | null>>(players.map((p) => [p, []]));
  const levels = new Map<string, Array<number | null>>(players.map((p) => [p, []]));
  for (const e of match.log?.entries ?? []) {
    if (e.type !== 'standings' || e.to !== undefined || !e.data) continue;
    const table = (e.data.players ?? {}) as Record<string, Standing>;
    rounds.push(e.round);
    for (const p of players) {
      const row = Object.hasOwn(table, p) ? table[p] : undefined;
      tokens.get(p)!.push(typeof row?.tokens === 'number' ? row.tokens : null);
      levels.get(p)!.push(typeof row?.level === 'number' ? row.level : null);
    }
  }
  if (!rounds.length) return [];
  return [cafeBankPicture({ players, rounds, tokens, levels, alive: new Set(state.table.filter((p) => p.alive).map((p) => p.id)) })];
}
