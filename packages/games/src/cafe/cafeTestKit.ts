import type { PlayerId } from '../engine/types.ts';
import { applyCafeRound } from './applyCafeRound.ts';
import { cafeGame } from './cafeGame.ts';
import type { CafeState } from './cafeTypes.ts';
import type { GameEvent } from '../engine/types.ts';

/** Test fixtures: a fresh table, a player's seat, and one round played with answers and a forced verdict. */
export function newCafe(players: PlayerId[] = ['ann', 'bob', 'cat', 'dan'], config: Record<string, unknown> = {}, seed = 7): CafeState {
  return cafeGame.setup(cafeGame.configSchema.parse(config), seed, players);
}

export function seatOf(state: CafeState, id: PlayerId) {
  return state.table.find((p) => p.id === id)!;
}

/** Every living player answers "ok ..." unless `decisions` says otherwise; `judge` forces the verdict. */
export function playRound(
  state: CafeState,
  decisions: Record<PlayerId, unknown> = {},
  judge?: { best: PlayerId; worst: PlayerId },
): { state: CafeState; events: GameEvent[] } {
  const all: Record<PlayerId, unknown> = {};
  for (const p of state.table) if (p.alive) all[p.id] = { market: [], response: `answer from ${p.id}` };
  Object.assign(all, decisions);
  return applyCafeRound(state, { decisions: all, external: judge ? { judge } : undefined });
}

export function bankTotal(state: CafeState): number {
  return state.table.reduce((sum, p) => sum + p.cents, 0);
}

export function refusals(events: GameEvent[], player: PlayerId): string[] {
  return events.filter((e) => e.type === 'move_refused' && e.to?.includes(player)).map((e) => String(e.data?.why));
}

/**
 * What may change the sum of all banks in a round, read off its events:
 * interest, the best's award, survival and group bonuses, minus what rescues
 * and resurrections cost. Donations, loans and repayments must net to zero.
 */
export function expectedBankChange(events: GameEvent[]): number {
  let cents = 0;
  for (const e of events) {
    const d = e.data ?? {};
    if (e.type === 'interest') for (const v of Object.values(d.paid as Record<string, number>)) cents += Math.round(v * 100);
    if (e.type === 'verdict') cents += (d.award as number) * 100;
    if (e.type === 'bonuses') cents += ((d.survival as number) + (d.group as number)) * 100 * (d.to as string[]).length;
    if (e.type === 'rescue' || e.type === 'resurrection') cents -= Math.round((d.cost as number) * 100);
  }
  return cents;
}
