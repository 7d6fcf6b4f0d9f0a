import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import { phrase } from '../phrases.ts';
import { others } from './viewFacts.ts';

/**
 * Random: every choice a seeded uniform draw among legal ones. Whispers to one
 * or two others half the time, posts small talk, votes and uses power at random.
 * The baseline any real strategy should beat.
 */
export const randomPlayer: Strategy<InfluenceView, InfluenceDecision> = {
  name: 'random',
  description: 'Uniformly random legal whispers, posts, votes and power actions.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view: InfluenceView, { rng }: BrainContext): InfluenceDecision {
    const rest = others(view);
    if (rest.length === 0) return {};
    switch (view.phase) {
      case 'WHISPER': {
        if (!rng.chance(0.5)) return { whispers: [] };
        const to = rng.shuffle(rest).slice(0, Math.min(rng.int(1, 2), view.maxDmRecipients));
        return { whispers: [{ to, text: phrase(rng, 'randomWhisper', { x: rng.pick(rest) }) }] };
      }
      case 'RUMOR':
        return { public: phrase(rng, 'idlePublic') };
      case 'VOTE':
        return { empower: rng.pick(rest), ...(view.twoLeft ? {} : { expose: rng.pick(rest) }), last: 'It was fun while it lasted.' };
      case 'POWER':
        return view.powerActions.length ? { power: rng.pick(view.powerActions) } : {};
      default:
        return {};
    }
  },
};
