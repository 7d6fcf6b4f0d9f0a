import type { MatrixView } from '@the-house/games/matrix/matrixTypes.ts';
import { moveWords } from '@the-house/games/matrix/matrixWords.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

/** Games a person's turn spells out per opponent; earlier ones are counted. */
const SHOWN = 10;

/** A person's turn in a few lines: their points, each opponent of the round with the last games, and their notices. */
export function matrixTurnText(view: MatrixView): string {
  const words = moveWords(view.preset);
  const lines = [`You have ${view.score} points (round ${view.round}${view.rounds !== null ? ` of ${view.rounds}` : ''}). C: ${words.C}; D: ${words.D}.`];
  if (!view.opponents.length) lines.push('You sit this round out.');
  else if (view.opponents.length > 1) lines.push("One move for everyone, or a move per opponent: a move before @name is that opponent's; those you do not name get your bare move.");
  for (const o of view.opponents) {
    const met = ownValue(view.met, o.id);
    const last = met ? `you ${met.mine.slice(-SHOWN).split('').join(' ')} / ${o.id} ${met.theirs.slice(-SHOWN).split('').join(' ')}` : 'first meeting';
    lines.push(`Against ${o.id}: ${last}.`);
  }
  if (view.notices.length) lines.push(view.notices.join(' '));
  return lines.join('\n');
}

/** The exact short forms a person may type now (each is shown as code: what they copy is what they send; the turn's text says how a move per opponent reads). */
export function matrixMoveForms(view: MatrixView): string[] {
  if (!view.opponents.length) return [];
  const forms = ['!move c', '!move d'];
  if (view.opponents.length > 1) forms.push(`!move ${view.opponents.map((o, i) => `${i % 2 ? 'd' : 'c'} @${o.id}`).join(' ')}`);
  return forms;
}

const MOVE = /^(c|d|cooperate|defect)$/i;

/**
 * A person's move in words: `c` or `d` (also `cooperate`, `defect`) against
 * everyone, or a move per opponent (`c @ada d @bram`, the first bare move
 * covering the rest). JSON is left to the game; words it cannot read are
 * passed on for the game's validation to explain.
 */
export function matrixMove(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return undefined;
  const words = trimmed.split(/\s+/).filter(Boolean);
  const letter = (w: string) => (w[0]!.toUpperCase() === 'D' ? 'D' : 'C');
  let action: 'C' | 'D' | undefined;
  const moves: Array<[string, 'C' | 'D']> = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!MOVE.test(w)) return { action: trimmed };
    const target = words[i + 1]?.startsWith('@') ? words[i + 1]!.slice(1) : undefined;
    if (target) {
      moves.push([target, letter(w)]);
      i++;
    } else action ??= letter(w);
  }
  if (!moves.length) return { action: action ?? trimmed };
  return { ...(action ? { action } : {}), moves: Object.fromEntries(moves) };
}
