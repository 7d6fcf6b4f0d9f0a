import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { begsThisRound } from '@the-house/games/trust/trustNoise.ts';
import type { TrustState, TrustView } from '@the-house/games/trust/trustTypes.ts';
import type { HouseGameAdapter } from '../houseGameAdapter.ts';
import { publicEvents } from '../roundText.ts';
import type { PendingBeg } from '../types.ts';
import { trustMove, trustMoveForms, trustTurnText } from '../seats/trustSeat.ts';

interface TrustAct {
  action?: string;
  target?: string;
  granted?: boolean;
  ally?: string;
  leave?: string;
  share?: { to: string; amount: number };
}

function act(id: string, a: TrustAct): string {
  const target = a.target ? ` → ${a.target}` : '';
  const beg = a.action === 'BEG' ? (a.granted ? ' (granted)' : ' (declined)') : '';
  const ally = [a.ally ? `allies with ${a.ally}` : '', a.leave ? `leaves ${a.leave}` : '', a.share ? `gives ${a.share.amount} to ${a.share.to}` : ''].filter(Boolean);
  return `${id}: ${a.action ?? '?'}${target}${beg}${ally.length ? ` [${ally.join(', ')}]` : ''}`;
}

function describe(e: GameEvent): string {
  const d = e.data ?? {};
  if (e.type === 'round' && d.acts && typeof d.acts === 'object') {
    const acts = Object.entries(d.acts as Record<string, TrustAct>).map(([id, a]) => act(id, a));
    const sats = d.sats && typeof d.sats === 'object' ? Object.entries(d.sats as Record<string, number>).map(([id, s]) => `${id} ${s}`).join(', ') : '';
    const shock = d.shock as { delta: number; synergy: string[] } | undefined;
    const weather = shock ? `\nshock: everyone ${shock.delta > 0 ? '+' : ''}${shock.delta}${shock.synergy.length ? ` (synergy bonus: ${shock.synergy.join(', ')})` : ''}` : '';
    return `${acts.join('; ')}${sats ? `\nsats: ${sats}` : ''}${weather}`;
  }
  if (e.type === 'alliances') {
    const pairs = (d.pairs as string[][] | undefined) ?? [];
    const offers = (d.offers as Array<{ from: string; to: string }> | undefined) ?? [];
    return `alliances: ${pairs.length ? pairs.map((p) => p.join(' + ')).join(', ') : 'none'}${offers.length ? `; open offers: ${offers.map((o) => `${o.from} → ${o.to}`).join(', ')}` : ''}`;
  }
  if (e.type === 'eliminated' && Array.isArray(d.players)) return `eliminated: ${(d.players as string[]).join(', ')}`;
  if (e.type === 'spawned') return `${String(d.team)} replicated: a new unit ${String(d.unit)} with ${String(d.sats)} sats`;
  if (e.type === 'match_over') {
    const winners = (d.winners as string[] | undefined) ?? [];
    return `match over (${String(d.kind ?? 'end')}): ${winners.length ? `winner${winners.length > 1 ? 's' : ''} ${winners.join(', ')}` : 'a draw'}`;
  }
  return Object.keys(d).length ? `${e.type}: ${JSON.stringify(d)}` : e.type;
}

/** A Trust round in words: every act as the public saw it, the scoreboard, eliminations and the ending. */
export function trustRoundText(round: number, events: readonly GameEvent[]): string {
  return [`[trust] Round ${round}`, ...publicEvents(events).map(describe)].join('\n');
}

/**
 * Trust in the House: every BEG goes to the observer (RULES T-a). Only the BEGs
 * that happen are asked (noise is a seeded draw the House knows before the
 * round is applied); the game room hears only "X begs the observer", and the
 * round's text later says granted or declined. Amount and reason go privately
 * to the observer (`tellObserver`: the chat `!play` came from, and the House
 * tab's pending begs). A person answers with `!grant` / `!decline` until the
 * beg timeout (`HOUSE_BEG_TIMEOUT_MS`, else the match's `begTimeoutMs`), then
 * the configured policy answers whatever is left (by leaving it out of
 * `external.observer`).
 */
export const trustAdapter: HouseGameAdapter = {
  game: 'trust',
  async external(ctx, decisions) {
    const { match } = ctx;
    const state = match.state as TrustState;
    const timeout = ctx.setting('HOUSE_BEG_TIMEOUT_MS', state.config.begTimeoutMs);
    const deadline = Date.now() + timeout;
    const begs: PendingBeg[] = begsThisRound(state, decisions).map((b) => ({ ...b, round: state.round, deadline }));
    if (begs.length === 0) return undefined;
    const policy = state.config.observer;
    // The desk opens before the observer hears of a beg: an answer typed the moment the message arrives finds it open.
    const asking = ctx.observer.ask(begs, deadline, ctx.signal);
    for (const beg of begs) {
      await ctx.say(`${beg.player} begs the observer.`, `beg:${state.round}:${beg.player}`);
      await ctx.tellObserver(
        `${beg.player} begs you for ${beg.amount} sats: "${beg.reason}". Answer with !grant @${beg.player} N REASON or !decline @${beg.player} REASON within ${Math.round(timeout / 1000)} s; after that the ${policy} policy answers.`,
      );
    }
    const { answers, unanswered } = await asking;
    if (unanswered.length) await ctx.tellObserver(`No answer for ${unanswered.join(', ')} in time: the ${policy} policy answers.`);
    return { observer: answers as Record<PlayerId, unknown> };
  },
  roundText: (record) => trustRoundText(record.round, record.events),
  parseMove: (text) => trustMove(text),
  turnText: (_state, _player, view) => trustTurnText(view as TrustView),
  moveForms: (state, _player, view) => trustMoveForms(state as TrustState, view as TrustView),
};
