import type { BrainContext, Strategy } from '../../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import { phrase } from '../phrases.ts';
import { eliminationsByVotes, others, powerOn, strongest } from './viewFacts.ts';

/**
 * Rumour-monger: picks the strongest rival (most empower votes received over the
 * match, then most talked about, then a seeded draw), whispers against it to one
 * other player, posts a public rumour about it, exposes it and empowers someone
 * else at random. In POWER it eliminates the strongest when it can, otherwise
 * the most exposed legal target.
 */
export const rumourMonger: Strategy<InfluenceView, InfluenceDecision> = {
  name: 'rumour',
  description: 'Spreads rumours about the strongest player and votes to expose it.',
  traits: { memoryDepth: Infinity, stochastic: true, usesModel: false },
  decide(view: InfluenceView, { rng }: BrainContext): InfluenceDecision {
    const rest = others(view);
    const mark = strongest(view, rng);
    if (!mark) return {};
    const bystanders = rest.filter((p) => p !== mark);
    switch (view.phase) {
      case 'WHISPER':
        return bystanders.length ? { whispers: [{ to: [rng.pick(bystanders)], text: phrase(rng, 'rumourWhisper', { x: mark }) }] } : { whispers: [] };
      case 'RUMOR':
        return { public: phrase(rng, 'rumourPublic', { x: mark }) };
      case 'VOTE':
        return { empower: rng.pick(bystanders.length ? bystanders : rest), ...(view.twoLeft ? {} : { expose: mark }), last: `I told you all about ${mark}.` };
      case 'POWER': {
        const choice = powerOn(view, 'eliminate', mark) ?? eliminationsByVotes(view)[0] ?? (view.powerActions.length ? rng.pick(view.powerActions) : null);
        return choice ? { power: choice } : {};
      }
      default:
        return {};
    }
  },
};
