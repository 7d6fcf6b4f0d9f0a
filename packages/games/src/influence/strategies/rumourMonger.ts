import type { Rng } from '../../engine/rng.ts';
import type { BrainContext, PlayerId, Strategy } from '../../engine/types.ts';
import type { InfluenceDecision } from '../influenceDecision.ts';
import type { InfluenceView } from '../influenceView.ts';
import { phrase } from '../phrases.ts';
import { eliminationsByVotes, mentions, others, powerOn, replyTo, strongest, unanswered } from './viewFacts.ts';

/**
 * The mark of this round: the living rival its own whisper or post of this
 * round named (so whisper, rumour and vote agree even when a tie for the
 * strongest was drawn anew each phase), else the strongest rival now.
 */
export function mark(view: InfluenceView, rng: Rng): PlayerId | null {
  const said = [
    ...view.channels.flatMap((c) => c.messages.filter((m) => m.from === view.me && m.round === view.round).map((m) => m.text)),
    ...view.posts.filter((p) => p.from === view.me && p.round === view.round && !p.auto).map((p) => p.text),
  ];
  for (const text of said.reverse()) {
    const named = others(view).find((p) => mentions(text, p));
    if (named) return named;
  }
  return strongest(view, rng);
}

/**
 * Rumour-monger: picks the strongest rival (most empower votes received over the
 * match, then most talked about, then a seeded draw) and keeps it as the round's
 * mark: whispers against it to one other player (and in the later WHISPER
 * turns answers every DM it received with the mark's name), posts a public rumour about it,
 * exposes it and empowers someone else at random. In POWER it eliminates the
 * mark when it can, otherwise the most exposed legal target.
 */
export const rumourMonger: Strategy<InfluenceView, InfluenceDecision> = {
  name: 'rumour',
  description: 'Spreads rumours about the strongest player and votes to expose it.',
  traits: { memoryDepth: Infinity, stochastic: true, usesModel: false },
  decide(view: InfluenceView, { rng }: BrainContext): InfluenceDecision {
    const rest = others(view);
    const target = mark(view, rng);
    if (!target) return {};
    const bystanders = rest.filter((p) => p !== target);
    switch (view.phase) {
      case 'WHISPER':
        // Later turns (RULES I-a): every channel waiting for it gets the mark's name again.
        if ((view.whisperTurn ?? 1) > 1) {
          return { whispers: unanswered(view).map(({ channel }) => ({ to: replyTo(view, channel), text: phrase(rng, 'rumourReply', { x: target }) })).slice(0, view.whispersLeft) };
        }
        return bystanders.length ? { whispers: [{ to: [rng.pick(bystanders)], text: phrase(rng, 'rumourWhisper', { x: target }) }] } : { whispers: [] };
      case 'RUMOR':
        return { public: phrase(rng, 'rumourPublic', { x: target }) };
      case 'VOTE':
        return { empower: rng.pick(bystanders.length ? bystanders : rest), ...(view.twoLeft ? {} : { expose: target }), last: `I told you all about ${target}.` };
      case 'POWER': {
        const choice = powerOn(view, 'eliminate', target) ?? eliminationsByVotes(view)[0] ?? (view.powerActions.length ? rng.pick(view.powerActions) : null);
        return choice ? { power: choice } : {};
      }
      default:
        return {};
    }
  },
};
