import type { CleanedDecision } from './cleanDecision.ts';

/** Reasons spelled out one by one before the rest are only counted: a notice stays short whatever was sent. */
const SPELLED = 5;

/**
 * What Step 0 did to a player's answer, in plain words for its next prompt
 * (RULES: a player whose decision is replaced or cut is told why). Actions
 * pruned for the budget are counted from the first one, since they are always
 * the tail of what survived cleaning; a talk line that was cut or refused is
 * said last. Empty when the answer went through whole.
 */
export function dropNotices(cleaned: CleanedDecision, round: number, stamina: number): string[] {
  if (cleaned.fallback) return [`Round ${round}: your answer could not be used (${cleaned.fallback}), so you played no actions and spent no stamina.`];
  const talk = cleaned.talkProblem ? [`Round ${round}: ${cleaned.talkProblem}.`] : [];
  if (cleaned.dropped.length === 0) return talk;
  let pruned = 0;
  let first = Infinity;
  const refused: string[] = [];
  for (const d of cleaned.dropped) {
    if (d.kind === 'budget') {
      pruned++;
      first = Math.min(first, d.index);
    } else if (refused.length < SPELLED) refused.push(`actions[${d.index}]: ${d.reason}`);
  }
  const others = cleaned.dropped.length - pruned;
  const notices: string[] = [];
  if (others) {
    const shown = refused.join('; ');
    const more = others > SPELLED ? `; and ${others - SPELLED} more` : '';
    notices.push(`Round ${round}: ${others} action${others > 1 ? 's were' : ' was'} removed as malformed, illegal or repeated (${shown}${more}).`);
  }
  if (pruned) {
    const which = pruned === 1 ? `actions[${first}] was` : `${pruned} actions, from actions[${first}] on, were`;
    notices.push(`Round ${round}: ${which} dropped from the end of your list to keep the cost within your stamina of ${stamina}.`);
  }
  return [...notices, ...talk];
}
