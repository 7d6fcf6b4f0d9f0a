import { verifyChain, type LogEntry } from '../engine/eventLog.ts';
import type { GameEvent, PlayerId } from '../engine/types.ts';
import { resolveGoldmineRound } from './applyGoldmineRound.ts';
import type { GoldmineConfig } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';

interface Entry {
  round: number;
  type: string;
  data?: Record<string, unknown>;
  to?: string[];
  hash?: string;
}

export interface LogCheckOptions {
  /** The published chain head (state.json's `head`): the log must end there. */
  head?: string;
  /** The saved final state: it must equal the state the re-play ends in. */
  final?: unknown;
}

export type LogCheck = { ok: true; rounds: number } | { ok: false; round: number; reason: string };

/** Events the re-play regenerates and must match exactly; the others depend on the raw answers, which only the hash chain vouches for. */
const REPLAYED = ['actions', 'round', 'ledger'];
const KNOWN = new Set([...REPLAYED, 'fallback', 'actions_dropped', 'decision_missing']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function firstDifference(logged: Record<string, unknown> | undefined, replayed: Record<string, unknown> | undefined): string {
  const keys = [...new Set([...Object.keys(logged ?? {}), ...Object.keys(replayed ?? {})])];
  return keys.find((k) => !same(logged?.[k], replayed?.[k])) ?? '(order of fields)';
}

/**
 * Checks a goldmine match's event log end to end:
 * 1. when the entries carry hashes, the SHA-256 chain is intact (and ends at
 *    `head` when given), so no entry was edited, dropped or reordered;
 * 2. rounds run 1, 2, 3... with one `actions` event per player and no event
 *    of an unknown type;
 * 3. each round re-played from the seed and the state before it, with every
 *    player's kept actions, gives back the logged `actions`, `round` and
 *    `ledger` events exactly: Step 0 (the kept lists are legal on the
 *    round-start map, free of repeats and within S, or re-cleaning would
 *    change them), the tie-breaks (each draw's stream, participants and
 *    winner), raids, mining, gold, stamina and the map after the round;
 * 4. the final state, when given, is the re-play's.
 * The raw answers are not in the log (only their cleaned form and what was
 * dropped), so what Step 0 removed is vouched for by the chain, not re-derived.
 */
export function checkGoldmineLog(config: GoldmineConfig, seed: number, players: PlayerId[], entries: readonly Entry[], opts: LogCheckOptions = {}): LogCheck {
  const hashed = entries.filter((e) => typeof e.hash === 'string').length;
  if (hashed > 0 || opts.head !== undefined) {
    if (hashed !== entries.length) return { ok: false, round: entries.find((e) => typeof e.hash !== 'string')?.round ?? 0, reason: 'some entries carry no hash' };
    const chain = verifyChain(entries as readonly LogEntry[], opts.head);
    if (!chain.ok) return { ok: false, round: entries[chain.at]?.round ?? entries.at(-1)?.round ?? 0, reason: `hash chain broken at entry ${chain.at}: ${chain.reason}` };
  }
  const byRound = new Map<number, Entry[]>();
  for (const e of entries) {
    if (!KNOWN.has(e.type)) return { ok: false, round: e.round, reason: `unexpected event type '${e.type}'` };
    const list = byRound.get(e.round);
    if (list) list.push(e);
    else byRound.set(e.round, [e]);
  }
  let state = goldmineGame.setup(config, seed, players);
  let rounds = 0;
  for (const [round, list] of [...byRound.entries()].sort((a, b) => a[0] - b[0])) {
    if (round !== state.round || state.over) return { ok: false, round, reason: state.over ? 'events after the last round' : `round ${state.round} is missing` };
    const decisions: Record<PlayerId, unknown> = {};
    // Talk lines are public in the round event; the re-play posts them again (RULES G-e).
    const said = new Map<number, string>();
    for (const e of list) if (e.type === 'round') for (const line of (e.data?.talk as Array<{ seat: number; text: string }> | undefined) ?? []) said.set(line.seat, line.text);
    for (const e of list) {
      if (e.type !== 'actions') continue;
      const player = String(e.data?.player);
      if (!players.includes(player)) return { ok: false, round, reason: `actions of unknown player '${player}'` };
      if (Object.hasOwn(decisions, player)) return { ok: false, round, reason: `two actions events for '${player}'` };
      const talk = said.get(players.indexOf(player));
      decisions[player] = talk === undefined ? { actions: e.data?.kept } : { actions: e.data?.kept, talk };
    }
    const missing = players.find((p) => !Object.hasOwn(decisions, p));
    if (missing !== undefined) return { ok: false, round, reason: `no actions event for '${missing}'` };
    const resolved = resolveGoldmineRound(state, { decisions })!;
    for (const type of REPLAYED) {
      const logged = list.filter((e) => e.type === type);
      const replayed = resolved.events.filter((e: GameEvent) => e.type === type);
      if (logged.length !== replayed.length) return { ok: false, round, reason: `${logged.length} '${type}' events where the re-play has ${replayed.length}` };
      for (let i = 0; i < logged.length; i++) {
        const a = logged[i]!;
        const b = replayed[i]!;
        if (!same(a.data, b.data) || !same(a.to, b.to)) {
          const who = type === 'actions' ? ` of '${String(b.data?.player)}'` : '';
          return { ok: false, round, reason: `the logged '${type}' event${who} differs from its re-play (${same(a.to, b.to) ? firstDifference(a.data, b.data) : 'to'})` };
        }
      }
    }
    state = resolved.state;
    rounds++;
  }
  if (opts.final !== undefined && !same(opts.final, state)) {
    const final = opts.final as Record<string, unknown> | null;
    return { ok: false, round: state.round, reason: `the saved final state differs from the re-play's (${firstDifference(final ?? undefined, state as unknown as Record<string, unknown>)})` };
  }
  return { ok: true, rounds };
}
