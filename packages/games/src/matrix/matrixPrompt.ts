import { plainList } from '../engine/plainWords.ts';
import { ownValue } from '../engine/safeKey.ts';
import { symmetric, type Payoffs } from './matrixPresets.ts';
import type { MatrixView, Meeting } from './matrixTypes.ts';
import { gameTitle, moveWords } from './matrixWords.ts';

/** Meetings a person's prompt spells out move by move; earlier ones are counted. */
const SPELLED = 20;

/** One role's payoffs in a sentence. */
function payoffWords(p: Payoffs, words: { C: string; D: string }): string {
  return `both C: ${p.R}; you C and they D: ${p.S}; you D and they C: ${p.T}; both D: ${p.P}. C means ${words.C}, D means ${words.D}`;
}

function lengthWords(view: MatrixView): string {
  if (view.rounds !== null) return `The match lasts ${view.rounds} rounds.`;
  if (view.continuation < 1) return `After each round another follows with probability ${Math.round(view.continuation * 1000) / 10}%, so nobody knows which round is the last.`;
  return 'The match lasts a fixed number of rounds that you are not told.';
}

function meetingWords(id: string, m: Meeting | undefined): string {
  if (!m || !m.mine.length) return `You have not met ${id} yet.`;
  const cut = Math.max(0, m.mine.length - SPELLED);
  const spell = (s: string) => s.slice(cut).split('').join(' ');
  const earlier = cut ? ` (before that, ${cut} games: you cooperated ${count(m.mine.slice(0, cut))} times, ${id} ${count(m.theirs.slice(0, cut))} times)` : '';
  const flips = [...m.mine].filter((c, i) => i >= cut && m.meant[i] !== c).length;
  return `Against ${id}, oldest first${earlier}: you ${spell(m.mine)}; ${id} ${spell(m.theirs)}.${flips ? ` Noise flipped ${flips} of your moves there.` : ''}`;
}

const count = (s: string): number => [...s].filter((c) => c === 'C').length;

/**
 * The view in words for a person in a seat: the game and its payoffs, the
 * length, the scores, each opponent of the round with the games so far, any
 * private notice, and how to answer.
 */
export function matrixPrompt(view: MatrixView): string {
  const words = moveWords(view.preset);
  const title = gameTitle(view.preset);
  const lines = [`${title[0]!.toUpperCase()}${title.slice(1)}, round ${view.round}${view.rounds !== null ? ` of ${view.rounds}` : ''}. You are ${view.you}, with ${view.score} points.`];
  if (symmetric(view.payoffs)) lines.push(`Each game you and your opponent choose C or D at once. You get: ${payoffWords(view.payoffs.row, words)}.`);
  else {
    lines.push(`Each game you and your opponent choose C or D at once; what you get depends on your role. As the row player: ${payoffWords(view.payoffs.row, words)}.`);
    lines.push(`As the column player: ${payoffWords(view.payoffs.column, words)}.`);
  }
  lines.push(lengthWords(view));
  if (view.noise > 0) lines.push(`Noise: each move is flipped with probability ${Math.round(view.noise * 1000) / 10}%; only its mover is told.`);
  const others = Object.entries(view.scores).filter(([id]) => id !== view.you);
  if (others.length) lines.push(`Scores: ${others.map(([id, s]) => `${id} ${s}`).join(', ')}.`);
  if (view.over) lines.push('The match is over.');
  else if (!view.opponents.length) lines.push('You sit this round out.');
  else {
    const roles = symmetric(view.payoffs) ? '' : ` (${view.opponents.map((o) => `against ${o.id} you are ${o.role}`).join(', ')})`;
    lines.push(`This round you play ${plainList(view.opponents.map((o) => o.id))}${roles}.`);
    for (const o of view.opponents) lines.push(meetingWords(o.id, ownValue(view.met, o.id)));
  }
  if (view.notices.length) lines.push(`About last round: ${view.notices.join(' ')}`);
  if (!view.over && view.opponents.length) {
    const each = view.opponents.length > 1 ? `, or a move per opponent: {"moves": {${view.opponents.map((o) => `"${o.id}": "C"`).join(', ')}}}` : '';
    lines.push(`Answer {"action": "C"} to ${words.C} or {"action": "D"} to ${words.D}${view.opponents.length > 1 ? ' against everyone' : ''}${each}.`);
  }
  return lines.join('\n');
}
