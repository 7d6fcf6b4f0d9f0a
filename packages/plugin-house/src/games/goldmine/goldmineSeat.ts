import type { GoldmineView } from '@the-house/games/goldmine/goldmineTypes.ts';

/** A person's Gold mining turn in a few lines: gold, stamina, plots held, and what happened to them last round. */
export function goldmineTurnText(view: GoldmineView): string {
  const mine = view.owner.flatMap((o, plot) => (o === view.me ? [plot] : []));
  const lines = [
    `You have ${view.gold} gold and ${view.stamina} stamina this round (round ${view.round} of ${view.rounds}; map ${view.size}x${view.size}, plots 0..${view.size * view.size - 1} row by row).`,
    `Your plots: ${mine.length ? mine.join(', ') : 'none'}. Costs: claim, raid and defend 1 stamina each; mine k costs k and yields up to k x ${view.alpha} gold (k at most ${view.cap}).`,
  ];
  if (view.protectedPlots.length) lines.push(`Under claim truce (no raids): ${view.protectedPlots.join(', ')}.`);
  if (view.authorityPlots.length) lines.push(`Protected by the authority: ${view.authorityPlots.join(', ')}.`);
  if (view.notices.length) lines.push(view.notices.join(' '));
  return lines.join('\n');
}

export function goldmineMoveForms(view: GoldmineView): string[] {
  return [
    '!move claim P, mine P K, defend P, raid P (several, separated by commas; the list is cut from the end if it costs more than your stamina)',
    `e.g. !move claim 12, mine 12 ${Math.min(3, view.cap)}, defend 5`,
    '!move pass (do nothing this round)',
    ...(view.talk ? ['add say TEXT to post a public line (at most 200 characters)'] : []),
  ];
}

/**
 * A person's Gold mining move in words: `claim 12, mine 12 3, defend 5, raid
 * 7` (or `pass`), optionally `say TEXT` for the public line. JSON is left to
 * the game's parser; words it cannot read are passed on for the game's
 * validation to explain.
 */
export function goldmineMove(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return undefined;
  const sayAt = trimmed.search(/(^|[\s,])say\s/i);
  const body = sayAt < 0 ? trimmed : trimmed.slice(0, sayAt);
  const talk = sayAt < 0 ? undefined : trimmed.slice(sayAt).replace(/^[\s,]*say\s+/i, '').trim();
  const actions: unknown[] = [];
  for (const part of body.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [verb = '', plot, k] = part.split(/\s+/);
    const type = verb.toLowerCase();
    if (type === 'pass') continue;
    actions.push(type === 'mine' ? { type, plot: Number(plot), k: Number(k) } : { type, plot: Number(plot) });
  }
  return talk === undefined ? { actions } : { actions, talk };
}
