import { plainList, quoted } from '@the-house/games/engine/plainWords.ts';
import type { InfluenceView } from '@the-house/games/influence/influenceView.ts';

/**
 * A person's Influence turn in a few lines: the round and phase, who is still
 * in, this round's public posts, and the DMs that reached them this round
 * (their own channels only: a view never holds another player's DMs).
 */
export function influenceTurnText(view: InfluenceView): string {
  const turn = view.whisperTurn ? ` (turn ${view.whisperTurn} of ${view.whisperTurns}, ${view.whispersLeft} DMs left)` : '';
  const out = view.eliminations.map((e) => `${e.player} (round ${e.round})`);
  const lines = [`Round ${view.round}, ${view.phase}${turn}. In the game: ${view.living.join(', ')}.${out.length ? ` Out: ${out.join(', ')}.` : ''}${view.alive ? '' : ' You are out: you may still read.'}`];
  // Another player's words are a quotation after its author (one line: its line breaks and quote marks stay inside); the House's stand-in for a silent player is not.
  const thisRound = view.posts.filter((p) => p.round === view.round);
  const silent = thisRound.filter((p) => p.auto && !p.image).map((p) => p.from);
  const posts = thisRound.filter((p) => !(p.auto && !p.image)).map((p) => `${p.from}: ${p.image ? `an image, ${p.image}` : quoted(p.text, Infinity)}`);
  if (silent.length) posts.push(`${plainList(silent)} stayed silent.`);
  if (posts.length) lines.push(`Public this round: ${posts.join(' | ')}`);
  const dms = view.channels.flatMap((c) => c.messages.filter((m) => m.round === view.round && m.from !== view.me).map((m) => `${m.from} to ${c.members.filter((x) => x !== m.from).join(', ')}: ${quoted(m.text, Infinity)}`));
  if (dms.length) lines.push(`DMs to you this round:\n${dms.map((d) => `- ${d}`).join('\n')}`);
  if (view.empowered) lines.push(`Empowered: ${view.empowered}. Exposed: ${view.exposed.join(', ') || 'no one'}.`);
  return lines.join('\n');
}
