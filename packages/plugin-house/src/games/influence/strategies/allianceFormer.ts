import type { PlayerId } from '../../../engine/types.ts';
import type { BrainContext, Strategy } from '../../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import type { Channel } from '../influenceTypes.ts';
import { fromTemplate, phrase } from '../phrases.ts';
import { eliminationsByVotes, mentions, others, powerOn, strongest } from './viewFacts.ts';

/** Words of a pact, for offers written by other brains (models) rather than by the templates. */
const PACT = /\b(alliance|pact|stick together|team up|work together)\b/i;

/** A pact offer: one of the alliance templates, or pact words once player names are taken out. */
function isPact(view: InfluenceView, text: string): boolean {
  if (fromTemplate('alliance', text) || fromTemplate('allianceFollowUp', text)) return true;
  const withoutNames = view.players.reduce((t, p) => (mentions(t, p) ? t.split(p).join(' ') : t), text);
  return PACT.test(withoutNames);
}

function allianceChannels(view: InfluenceView): Channel[] {
  return view.channels.filter((c) => c.messages.some((m) => isPact(view, m.text)));
}

/** Living players who share an alliance channel with the viewer. */
export function allies(view: InfluenceView): PlayerId[] {
  const set = new Set(allianceChannels(view).flatMap((c) => c.members));
  return others(view).filter((p) => set.has(p));
}

/** The rival last named in an alliance channel, if still alive and not an ally. */
function agreedTarget(view: InfluenceView, friends: PlayerId[]): PlayerId | null {
  const messages = allianceChannels(view)
    .flatMap((c) => c.messages)
    .sort((a, b) => a.round - b.round);
  for (let i = messages.length - 1; i >= 0; i--) {
    const named = others(view).filter((p) => !friends.includes(p) && mentions(messages[i]!.text, p));
    if (named.length) return named[0]!;
  }
  return null;
}

/**
 * Alliance-former: in WHISPER it proposes a pact to two others (or renews the
 * pact in the same channel) naming a common target, the strongest rival outside
 * the pact. It empowers an ally, exposes the agreed target, and in POWER
 * eliminates a non-ally (most exposed first) or protects an exposed ally.
 * It follows a pact another player proposed to it just as it follows its own.
 */
export const allianceFormer: Strategy<InfluenceView, InfluenceDecision> = {
  name: 'alliance',
  description: 'Forms a pact in DMs, names a common target, votes with the pact.',
  traits: { memoryDepth: Infinity, stochastic: true, usesModel: false },
  decide(view: InfluenceView, { rng }: BrainContext): InfluenceDecision {
    const rest = others(view);
    if (rest.length === 0) return {};
    let friends = allies(view);
    const outsiders = () => rest.filter((p) => !friends.includes(p));
    const target = () => agreedTarget(view, friends) ?? strongest(view, rng, outsiders().length ? outsiders() : rest)!;
    switch (view.phase) {
      case 'WHISPER': {
        const live = allianceChannels(view).find((c) => !c.locked);
        if (live && friends.length) {
          const to = live.members.filter((p) => p !== view.me);
          return { whispers: [{ to, text: phrase(rng, 'allianceFollowUp', { x: target() }) }] };
        }
        const size = Math.min(2, view.maxDmRecipients, Math.max(1, rest.length - 1));
        friends = rng.shuffle(rest).slice(0, size);
        return { whispers: [{ to: friends, text: phrase(rng, 'alliance', { x: target(), with: friends.join(' and ') }) }] };
      }
      case 'RUMOR':
        return { public: friends.length ? phrase(rng, 'rumourPublic', { x: target() }) : phrase(rng, 'idlePublic') };
      case 'VOTE': {
        const empower = friends.length ? rng.pick(friends) : rng.pick(rest.filter((p) => p !== target()).length ? rest.filter((p) => p !== target()) : rest);
        return { empower, ...(view.twoLeft ? {} : { expose: target() }), last: `${friends.length ? friends.join(' and ') : 'Allies'}: finish what we started.` };
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
