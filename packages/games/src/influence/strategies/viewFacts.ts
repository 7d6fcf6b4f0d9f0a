import type { Rng } from '../../engine/rng.ts';
import type { PlayerId } from '../../engine/types.ts';
import type { PowerChoice } from '../influenceQueries.ts';
import type { Channel, DmMessage } from '../influenceTypes.ts';
import type { InfluenceView } from '../influenceView.ts';
import { ownValue } from '../../engine/safeKey.ts';

/** Living players other than the viewer, in seating order. */
export function others(view: InfluenceView): PlayerId[] {
  return view.living.filter((p) => p !== view.me);
}

/** Whether `text` names `player` as a whole word (with or without @). */
export function mentions(text: string, player: PlayerId): boolean {
  let pattern = namePatterns.get(player);
  if (!pattern) {
    const escaped = player.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(^|[^\\w-])@?${escaped}(?![\\w-])`, 'i');
    namePatterns.set(player, pattern);
  }
  return pattern.test(text);
}

const namePatterns = new Map<PlayerId, RegExp>();

/** Seeded choice among the entries with the highest score; empty input gives null. */
export function argmax(candidates: PlayerId[], score: (p: PlayerId) => number, rng: Rng): PlayerId | null {
  if (candidates.length === 0) return null;
  const top = Math.max(...candidates.map(score));
  return rng.pick(candidates.filter((p) => score(p) === top));
}

/**
 * The strongest rival: most empower votes received over the match (public
 * tallies), then most public posts naming it, then a seeded draw.
 */
export function strongest(view: InfluenceView, rng: Rng, among: PlayerId[] = others(view)): PlayerId | null {
  const named = (p: PlayerId) => view.posts.filter((post) => post.from !== p && mentions(post.text, p)).length;
  return argmax(among, (p) => (ownValue(view.empowerTotals, p) ?? 0) * 100 + named(p), rng);
}

/** A power action for `target`, if that one is legal now. */
export function powerOn(view: InfluenceView, action: PowerChoice['action'], target: PlayerId | null): PowerChoice | null {
  return view.powerActions.find((a) => a.action === action && a.target === target) ?? null;
}

/** Legal eliminations, ordered by the expose votes the targets received (most first). */
export function eliminationsByVotes(view: InfluenceView): PowerChoice[] {
  return view.powerActions.filter((a) => a.action === 'eliminate').sort((a, b) => (ownValue(view.exposeVotes, b.target) ?? 0) - (ownValue(view.exposeVotes, a.target) ?? 0));
}

/**
 * DMs waiting for the viewer's answer (RULES I-a: WHISPER is a conversation):
 * in each open channel, this round's messages from others after the viewer's
 * own last one there, oldest channel first.
 */
export function unanswered(view: InfluenceView): Array<{ channel: Channel; messages: DmMessage[] }> {
  const out: Array<{ channel: Channel; messages: DmMessage[] }> = [];
  for (const channel of view.channels) {
    if (channel.locked) continue;
    const messages: DmMessage[] = [];
    for (const m of channel.messages) {
      if (m.round !== view.round) continue;
      if (m.from === view.me) messages.length = 0;
      else messages.push(m);
    }
    if (messages.length) out.push({ channel, messages });
  }
  return out;
}

/** The others in a channel: where an answer to it goes (the same channel). */
export function replyTo(view: InfluenceView, channel: Channel): PlayerId[] {
  return channel.members.filter((p) => p !== view.me);
}
