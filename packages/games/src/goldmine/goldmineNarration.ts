import type { GameNarration, NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { counted, num, plainList, plainListCut, plainReason, quoted, record, str } from '../engine/plainWords.ts';
import type { PlayerId } from '../engine/types.ts';
import type { GoldmineState } from './goldmineTypes.ts';

/**
 * Private Gold mining events the observer may read, and why: the ODD keeps a
 * miner's gold and actions its own business from the other miners, not from
 * the person watching (the House tab's scoreboard shows every miner's gold);
 * `actions`, `fallback` and `actions_dropped` are one miner's own record, the
 * `ledger` (sent to no player) everyone's gold. The room hears none of them.
 */
const OBSERVER_READS: ReadonlySet<string> = new Set(['actions', 'fallback', 'actions_dropped', 'ledger']);

const TYPES: ReadonlySet<string> = new Set(['round', ...OBSERVER_READS]);

/** Items of one kind listed one by one in a round's sentence; a busy round counts the rest. */
const LISTED = 4;

/** The ending in words (the richest miner wins at the round limit), shared by the state's ending and reports. */
export function goldmineEndingText(winners: readonly PlayerId[], best: number): string {
  return winners.length > 1 ? `round limit reached: ${plainList(winners)} share the top with ${best} gold` : `round limit reached: ${winners[0] ?? 'no one'} richest with ${best} gold`;
}

/** A seat index in words: its player's id (the events name seats by index, in the state's seat order). */
function seatName(players: readonly PlayerId[], seat: unknown): string {
  const i = num(seat);
  return Number.isInteger(i) && i >= 0 && i < players.length ? players[i]! : `seat ${i}`;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const seats = (players: readonly PlayerId[], v: unknown): string[] => list(v).map((s) => seatName(players, s));

function roundSentence(d: Record<string, unknown>, players: readonly PlayerId[]): string {
  const name = (s: unknown) => seatName(players, s);
  const parts: string[] = [];

  const claims = list(d.claims).map(record);
  if (claims.length) {
    const won = new Map<number, number>();
    for (const c of claims) won.set(num(c.winner), (won.get(num(c.winner)) ?? 0) + 1);
    const who = [...won].sort((a, b) => a[0] - b[0]).map(([seat, n]) => `${name(seat)} ${counted(n, 'plot')}`);
    const contested = claims
      .filter((c) => list(c.by).length > 1)
      .map((c) => `plot ${num(c.plot)} to ${name(c.winner)} over ${plainList(seats(players, c.by).filter((p) => p !== name(c.winner)))}`);
    const cut = contested.length > LISTED ? [...contested.slice(0, LISTED), `${contested.length - LISTED} more`] : contested;
    parts.push(`Claims: ${plainList(who)}${cut.length ? ` (contested, won by draw: ${cut.join('; ')})` : ''}`);
  }

  const raids = list(d.raids).map(record);
  const taken: string[] = [];
  const blocked: string[] = [];
  const returned: string[] = [];
  for (const r of raids) {
    const plot = `plot ${num(r.plot)}`;
    const owner = num(r.owner) >= 0 ? name(r.owner) : 'no one';
    if (typeof r.returnedFrom === 'number') returned.push(`${name(r.returnedFrom)} took ${owner}'s ${plot}, but the authority gave it back and fined ${plainList(seats(players, r.by))}`);
    else if (num(r.winner) >= 0) taken.push(`${name(r.winner)} took ${plot} from ${owner}${list(r.by).length > 1 ? ` (drawn among ${plainList(seats(players, r.by))})` : ''}`);
    const stopped = seats(players, r.blocked);
    if (stopped.length) blocked.push(`${plainList(stopped)} on ${owner}'s ${plot} (${r.truce === true ? 'claim truce' : 'defended'})`);
  }
  if (taken.length) parts.push(`Raids: ${plainListCut(taken, LISTED)}`);
  if (returned.length) parts.push(plainListCut(returned, LISTED));
  if (blocked.length) parts.push(`Raids blocked: ${plainListCut(blocked, LISTED)}`);
  const defended = list(d.defended);
  if (defended.length) {
    const by = new Map<number, number>();
    for (const plot of defended) {
      const o = num(list(d.owner)[num(plot)]);
      if (o >= 0) by.set(o, (by.get(o) ?? 0) + 1);
    }
    const who = [...by].sort((a, b) => a[0] - b[0]).map(([seat, n]) => `${name(seat)} ${n}`);
    parts.push(`Plots defended: ${defended.length}${who.length ? ` (${who.join(', ')})` : ''}`);
  }
  if (!parts.length) parts.push('A quiet round: no claims, no raids');

  const talk = list(d.talk)
    .map(record)
    .map((t) => `${name(t.seat)} said ${quoted(str(t.text), 160)}`);
  const owner = list(d.owner);
  const held = list(d.held).map((n, i) => `${name(i)} ${num(n)}`);
  const holdings = held.length ? ` Plots held: ${held.join(', ')} (${owner.filter((o) => num(o) >= 0).length} of ${owner.length} owned).` : '';
  return `${parts.join('. ')}.${talk.length ? ` ${talk.join('; ')}.` : ''}${holdings}`;
}

function spendWords(spent: Record<string, unknown>): string {
  const parts = ['claim', 'raid', 'defend', 'mine'].filter((k) => num(spent[k]) > 0).map((k) => `${k} ${num(spent[k])}`);
  const total = ['claim', 'raid', 'defend', 'mine'].reduce((n, k) => n + num(spent[k]), 0);
  return total ? `spent ${total} stamina (${parts.join(', ')})` : 'spent no stamina';
}

function sentence(e: NarratedEvent, ctx: NarrationContext): string | null {
  const d = e.data ?? {};
  const name = (s: unknown) => seatName(ctx.players, s);
  switch (e.type) {
    case 'round':
      return roundSentence(d, ctx.players);
    case 'actions':
      return `${str(d.player)} ${spendWords(record(d.spent))} and mined ${num(d.gained)} gold: ${num(d.gold)} in all.`;
    case 'fallback':
      return `${str(d.player)}'s answer was unusable (${plainReason(str(d.reason).replace(/; you played no actions this round$/, ''), 'not a list of actions the game can read')}), so ${str(d.player)} played no actions.`;
    case 'actions_dropped': {
      const dropped = list(d.dropped).map(record);
      const count = dropped.length + num(d.more);
      const why = [...new Set(dropped.map((x) => plainReason(str(x.reason), 'malformed')).filter(Boolean))];
      return `${str(d.player)} lost ${counted(count, 'action')} (kept ${num(d.kept)})${why.length ? `: ${plainListCut(why, 2)}` : ''}.`;
    }
    case 'ledger': {
      const gained = list(d.gained);
      const gold = list(d.gold).map((g, i) => `${name(i)} ${num(g)} (+${num(gained[i])})`);
      const fined = list(d.fined)
        .map((f, i) => (num(f) > 0 ? `${name(i)} ${num(f)}` : ''))
        .filter(Boolean);
      return `Gold: ${gold.join(', ')}; ${num(d.output)} mined this round${fined.length ? `; fined: ${fined.join(', ')}` : ''}.`;
    }
    default:
      return null;
  }
}

export const goldmineNarration: GameNarration<GoldmineState> = {
  types: TYPES,
  observerMay: (event) => OBSERVER_READS.has(event.type),
  narrate: (events, ctx) => events.map((e) => sentence(e, ctx)),
  ending(state) {
    if (!state.over) return null;
    const best = Math.max(...state.gold);
    return goldmineEndingText(
      state.players.filter((_, i) => state.gold[i] === best),
      best,
    );
  },
  kinds: new Map([['limit', 'round limit reached: the richest miner won']]),
  // The ODD lists a miner's own cumulative gold as private; the map of plots is public.
  secretWhilePlaying: new Set(['gold']),
};
