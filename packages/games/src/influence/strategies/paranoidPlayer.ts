import type { PlayerId } from '../../engine/types.ts';
import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import { phrase } from '../phrases.ts';
import { argmax, mentions, others, powerOn, strongest } from './viewFacts.ts';
import { nullRecord, ownValue } from '../../engine/safeKey.ts';

/**
 * How much the viewer suspects each living rival. It can only read the DMs it
 * is in, so what counts is: each DM message it received that names it (+2:
 * someone whispering about it in front of it), and each public post that names
 * it (+1). Everything it cannot see does not count.
 */
export function suspicion(view: InfluenceView): Record<PlayerId, number> {
  const score: Record<PlayerId, number> = nullRecord();
  for (const p of others(view)) score[p] = 0;
  for (const c of view.channels) {
    for (const m of c.messages) if (m.from !== view.me && Object.hasOwn(score, m.from) && mentions(m.text, view.me)) score[m.from]! += 2;
  }
  for (const post of view.posts) if (Object.hasOwn(score, post.from) && mentions(post.text, view.me)) score[post.from]! += 1;
  return score;
}

/**
 * Paranoid: exposes whoever it suspects most (see `suspicion`), falling back to
 * the strongest rival when no one has named it; empowers someone who never
 * named it; warns its top suspect in a DM and accuses it in public. In POWER it
 * eliminates its top legal suspect, and protects itself when it is exposed and
 * has nothing better.
 */
export const paranoidPlayer: Strategy<InfluenceView, InfluenceDecision> = {
  name: 'paranoid',
  description: 'Exposes whoever whispered about it; trusts only those who never named it.',
  traits: { memoryDepth: Infinity, stochastic: true, usesModel: false },
  decide(view: InfluenceView, { rng }: BrainContext): InfluenceDecision {
    const rest = others(view);
    if (rest.length === 0) return {};
    const score = suspicion(view);
    const top = Math.max(...rest.map((p) => ownValue(score, p) ?? 0));
    const suspect = top > 0 ? argmax(rest, (p) => ownValue(score, p) ?? 0, rng) : null;
    switch (view.phase) {
      case 'WHISPER':
        // One warning a round, in the first turn; it answers no one.
        return suspect && (view.whisperTurn ?? 1) === 1 ? { whispers: [{ to: [suspect], text: phrase(rng, 'paranoidWhisper', { x: suspect }) }] } : { whispers: [] };
      case 'RUMOR':
        return { public: suspect ? phrase(rng, 'paranoidPublic', { x: suspect }) : phrase(rng, 'idlePublic') };
      case 'VOTE': {
        const expose = suspect ?? strongest(view, rng)!;
        const trusted = rest.filter((p) => p !== expose && (ownValue(score, p) ?? 0) === 0);
        const empower = trusted.length ? rng.pick(trusted) : rng.pick(rest.filter((p) => p !== expose).length ? rest.filter((p) => p !== expose) : rest);
        return { empower, ...(view.twoLeft ? {} : { expose }), last: `${suspect ?? 'Someone'} was whispering about me all along.` };
      }
      case 'POWER': {
        const targets = view.powerActions.filter((a) => a.action === 'eliminate').map((a) => a.target);
        const victim = argmax(targets, (p) => (ownValue(score, p) ?? 0) * 100 + (ownValue(view.exposeVotes, p) ?? 0), rng);
        const choice = powerOn(view, 'eliminate', victim) ?? powerOn(view, 'protect', view.me) ?? (view.powerActions.length ? rng.pick(view.powerActions) : null);
        return choice ? { power: choice } : {};
      }
      default:
        return {};
    }
  },
};
