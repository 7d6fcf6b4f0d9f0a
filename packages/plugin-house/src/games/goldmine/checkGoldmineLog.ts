import type { PlayerId } from '../../engine/types.ts';
import { applyGoldmineRound } from './applyGoldmineRound.ts';
import type { GoldmineConfig } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';
import type { GoldmineAction } from './goldmineDecision.ts';

interface Entry {
  round: number;
  type: string;
  data?: Record<string, unknown>;
}

export type LogCheck = { ok: true; rounds: number } | { ok: false; round: number; reason: string };

/**
 * Re-plays a match from its event log and checks every round: each player's
 * kept actions (private `actions` events) are resolved again from the seed and
 * the state before the round, and the result must equal the logged `round`
 * event byte for byte (map, gold, stamina, raids, claims and the RNG order).
 */
export function checkGoldmineLog(config: GoldmineConfig, seed: number, players: PlayerId[], entries: readonly Entry[]): LogCheck {
  let state = goldmineGame.setup(config, seed, players);
  const byRound = new Map<number, Entry[]>();
  for (const e of entries) byRound.set(e.round, [...(byRound.get(e.round) ?? []), e]);
  let rounds = 0;
  for (const [round, list] of [...byRound.entries()].sort((a, b) => a[0] - b[0])) {
    const logged = list.find((e) => e.type === 'round');
    if (!logged) return { ok: false, round, reason: 'no round event' };
    if (round !== state.round) return { ok: false, round, reason: `expected round ${state.round}` };
    const decisions: Record<PlayerId, unknown> = {};
    for (const e of list) {
      if (e.type === 'actions' && e.data) decisions[String(e.data.player)] = { actions: e.data.kept as GoldmineAction[] };
    }
    const { state: next, events } = applyGoldmineRound(state, { decisions });
    const replayed = events.find((e) => e.type === 'round')!.data;
    if (JSON.stringify(replayed) !== JSON.stringify(logged.data)) return { ok: false, round, reason: 'the logged round differs from its re-play' };
    state = next;
    rounds++;
  }
  return { ok: true, rounds };
}
