import type { PlayerId } from '../../engine/types.ts';
import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import type { Channel } from '../influenceTypes.ts';
import { fromTemplate, phrase } from '../phrases.ts';
import { eliminationsByVotes, mentions, others, powerOn, replyTo, strongest, unanswered } from './viewFacts.ts';

/** Words of a pact, for offers written by other brains (models) rather than by the templates. */
const PACT = /\b(alliance|pact|stick together|team up|work together)\b/i;

/** A pact offer: one of the alliance templates, or pact words once player names are taken out. */
function isPact(view: InfluenceView, text: string): boolean {
  if (fromTemplate('alliance', text) || fromTemplate('allianceFollowUp', text)) return true;
  const withoutNames = view.players.reduce((t, p) => (mentions(t, p) ? t.split(p).join(' ') : t), text);
  return PACT.test(withoutNames);
}

/**
 * The pact in force: the open channel with the most recent pact message, by
 * round and WHISPER turn (a newer pact, or an accepted offer, replaces an
 * older one); at the same moment the channel opened later wins.
 */
export function pactChannel(view: InfluenceView): Channel | null {
  let best: Channel | null = null;
  let bestAt = -1;
  for (const channel of view.channels) {
    if (channel.locked) continue;
    const latest = Math.max(-1, ...channel.messages.filter((m) => isPact(view, m.text)).map((m) => m.round * 100 + m.turn));
    if (latest >= 0 && latest >= bestAt) {
      best = channel;
      bestAt = latest;
    }
  }
  return best;
}

/**
 * Later WHISPER turns (RULES I-a): it answers every channel with DMs waiting
 * for it. A pact offer is accepted, naming the rival the offer named (or the
 * strongest outsider); any other DM gets a short acknowledgement naming the
 * player it was about. With nothing to answer it stays silent.
 */
function answers(view: InfluenceView, rng: BrainContext['rng']): InfluenceDecision {
  const whispers = unanswered(view).map(({ channel, messages }) => {
    const to = replyTo(view, channel);
    const offer = messages.find((m) => isPact(view, m.text));
    if (offer) return { to, text: phrase(rng, 'allianceAccept', { x: pactTarget(view, channel, to, rng) ?? 'the strongest' }) };
    const named = others(view).find((p) => !to.includes(p) && messages.some((m) => mentions(m.text, p))) ?? strongest(view, rng) ?? 'them';
    return { to, text: phrase(rng, 'allianceReply', { x: named }) };
  });
  return { whispers: whispers.slice(0, view.whispersLeft) };
}

/** Living players in the pact with the viewer. */
export function allies(view: InfluenceView): PlayerId[] {
  const pact = pactChannel(view);
  return pact ? others(view).filter((p) => pact.members.includes(p)) : [];
}

/** The rival the pact last named, if still alive and outside it; else the strongest outsider. */
function pactTarget(view: InfluenceView, pact: Channel | null, friends: PlayerId[], rng: BrainContext['rng']): PlayerId | null {
  const outsiders = others(view).filter((p) => !friends.includes(p));
  for (const m of [...(pact?.messages ?? [])].reverse()) {
    const named = outsiders.find((p) => mentions(m.text, p));
    if (named) return named;
  }
  return strongest(view, rng, outsiders);
}

/**
 * Alliance-former: keeps one pact at a time. In WHISPER it renews the pact in
 * force, naming the common target (the rival the pact last named, or the
 * strongest one outside it); with no pact, or once the pact holds everyone
 * left, it proposes a new pact to one or two others, always leaving a rival
 * outside; in the later WHISPER turns it answers what it received (accepting
 * pact offers). It empowers an ally, exposes the target, and in POWER
 * eliminates a non-ally (most exposed first) or protects an exposed ally. It
 * follows a pact another player proposed to it just as it follows its own. With one rival
 * left there is no one to ally against: it only votes.
 */
export const allianceFormer: Strategy<InfluenceView, InfluenceDecision> = {
  name: 'alliance',
  description: 'Forms a pact in DMs, names a common target, votes with the pact.',
  traits: { memoryDepth: Infinity, stochastic: true, usesModel: false },
  decide(view: InfluenceView, { rng }: BrainContext): InfluenceDecision {
    const rest = others(view);
    if (rest.length === 0) return {};
    const pact = pactChannel(view);
    const friends = allies(view);
    const holds = friends.length > 0 && friends.length < rest.length;
    switch (view.phase) {
      case 'WHISPER': {
        if (rest.length < 2) return { whispers: [] };
        if ((view.whisperTurn ?? 1) > 1) return answers(view, rng);
        if (holds) {
          const to = pact!.members.filter((p) => p !== view.me);
          return { whispers: [{ to, text: phrase(rng, 'allianceFollowUp', { x: pactTarget(view, pact, friends, rng)! }) }] };
        }
        const chosen = rng.shuffle(rest).slice(0, Math.min(2, view.maxDmRecipients, rest.length - 1));
        const target = pactTarget(view, null, chosen, rng)!;
        return { whispers: [{ to: chosen, text: phrase(rng, 'alliance', { x: target, with: chosen.join(' and ') }) }] };
      }
      case 'RUMOR':
        return { public: holds ? phrase(rng, 'rumourPublic', { x: pactTarget(view, pact, friends, rng)! }) : phrase(rng, 'idlePublic') };
      case 'VOTE': {
        const target = holds ? pactTarget(view, pact, friends, rng)! : strongest(view, rng)!;
        const empower = friends.length ? rng.pick(friends) : rng.pick(rest.length > 1 ? rest.filter((p) => p !== target) : rest);
        return { empower, ...(view.twoLeft ? {} : { expose: target }), last: `${friends.length ? friends.join(' and ') : 'Allies'}: finish what we started.` };
      }
      case 'POWER': {
        const hit = eliminationsByVotes(view).find((a) => !friends.includes(a.target));
        if (hit) return { power: hit };
        const shield = friends.map((p) => powerOn(view, 'protect', p)).find(Boolean) ?? powerOn(view, 'protect', view.me);
        if (shield) return { power: shield };
        return view.powerActions.length ? { power: view.powerActions[0]! } : {};
      }
      default:
        return {};
    }
  },
};
