import { countTokens } from '../models/countTokens.ts';
import type { PromptShape } from '../models/modelCall.ts';
import { compactParts, decisionPrompt, windowOf } from './decisionPrompt.ts';
import { markerOf, modelMarkerOf, type DecisionRequest } from './decisionRequest.ts';
import type { PlayerNotes } from './opponentNotes.ts';
import type { ViewWindow } from './playerView.ts';

/**
 * How a model seat's prompts are made. `compact`: each call stands alone
 * (persona, rules, the view with a window of recent rounds, the legal moves).
 * `conversation`: the seat's calls in a match form one growing text (rules
 * and every signature once, then each turn appends only the lines that are
 * new or changed, the legal moves and the marker; each answer follows its
 * turn), so a provider's prefix cache holds all but the last turn of every
 * prompt.
 */
export type PromptMode = 'compact' | 'conversation';

export const PROMPT_MODES: readonly PromptMode[] = ['compact', 'conversation'];

/** One prompt of a seat: its text, its pieces, and its turn in the seat's conversation (0: a fresh start; a compact prompt is always 0). */
export interface SeatPrompt {
  text: string;
  shape: PromptShape;
  turn: number;
}

/** Past this many tokens a conversation starts afresh at its next turn (a fresh start costs one whole prompt; a long one, a tenth of itself on every later call). */
export const CONVERSATION_MAX_TOKENS = 4000;

const HEAD_NOTE = 'Each later turn shows the round line, then only the lines that are new or changed since the turn before (not your own words, which your answers hold), then what is legal now when that changed.';
const ANSWER = '\n\nYou answered: ';

/** Whether a line heads the lines after it (`Posts:`, `History:`, `DMs p1+p2:`): it ends with a colon. */
const isHeader = (line: string): boolean => line.endsWith(':');

/**
 * The lines of `next` that a reader of `before` has not seen, in order: the
 * first line always (where the turn is: round, phase), every other line not
 * in `before`, each under its header (the nearest line above it ending with
 * a colon, shown once when any line under it is new). Blank lines end a
 * header's lines. A line that is gone from `next` is not repeated: views
 * carry state in lines that change (a tally, a turn's DMs left) and history
 * in lines that are only ever added. A line that starts with `own` and `>`
 * or `: ` (the player's own DM or post, `p3>p5: ...`) is its own words, which
 * its answer in the conversation already holds.
 */
export function viewDelta(before: string, next: string, own?: string): string {
  const seen = new Set(before.split('\n'));
  if (own !== undefined) for (const line of next.split('\n')) if (line.startsWith(`${own}>`) || line.startsWith(`${own}: `)) seen.add(line);
  const lines = next.split('\n');
  const out: string[] = [];
  let header: string | null = null;
  let headerShown = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') {
      header = null;
      continue;
    }
    if (i === 0) {
      out.push(line);
      continue;
    }
    if (isHeader(line)) {
      header = line;
      headerShown = false;
      continue;
    }
    if (seen.has(line)) continue;
    if (header !== null && !headerShown) {
      out.push(header);
      headerShown = true;
    }
    out.push(line);
  }
  return out.join('\n');
}

/**
 * One model seat's conversation over a match (`PromptMode` `conversation`).
 * `prompt` gives the next prompt (the whole conversation with this turn at
 * its end); `answered` appends the seat's answer to it. A pure function of
 * what it was given, in order: a replay that feeds it the same requests,
 * notes and recorded answers rebuilds every prompt byte for byte, and
 * `restart` (turn 0 in the record) starts it afresh where the House did.
 */
export class SeatConversation {
  private blocks: string[] = [];
  private tokens = 0;
  /** The state text the seat has seen (the view with all of its history, and the memory), for the next delta. */
  private seen: string | null = null;
  /** The legal moves the conversation last showed. */
  private legal = '';
  private turn = 0;
  private pending = false;

  constructor(readonly maxTokens: number = CONVERSATION_MAX_TOKENS) {}

  /** Starts afresh at the next prompt (the rules and the whole view again). */
  restart(): void {
    this.blocks = [];
    this.tokens = 0;
    this.seen = null;
    this.legal = '';
    this.turn = 0;
    this.pending = false;
  }

  /**
   * The prompt for `request`: the conversation so far plus this turn. A first
   * turn starts with the persona, the rules with every signature and the view
   * with the window's rounds; a later one adds what is new since the turn
   * before; a repair (`request.error`) adds the refusal right after the
   * refused answer. By default a conversation past `maxTokens` starts afresh
   * at its next turn that is not a repair; `fresh` decides instead (a replay
   * follows the record's turns). A game without a compact model prompt gets
   * its whole prompt each turn, as in compact mode.
   */
  prompt(persona: string, request: DecisionRequest, notes: PlayerNotes | null, window: ViewWindow, fresh?: boolean): SeatPrompt {
    const full = compactParts(request, notes, Infinity);
    if (!full) {
      const text = decisionPrompt(persona, request, notes, { forModel: true, ...window });
      return { text, shape: { blocks: [text], cacheAt: [] }, turn: 0 };
    }
    const repair = request.error !== undefined;
    const { matchId, game, player, round, phase } = request;
    const marker = repair ? markerOf({ matchId, game, player, round, phase, error: request.error, previous: request.previous }) : modelMarkerOf(request);
    const state = [full.view, full.memory].filter(Boolean).join('\n\n');
    if (fresh ?? (!repair && this.tokens >= this.maxTokens)) this.restart();
    let turn: string;
    if (this.blocks.length === 0) {
      const shown = compactParts(request, notes, windowOf(request, window))!;
      this.push(`${persona}\n${full.rules}\n${HEAD_NOTE}`);
      const refused = repair ? `\n\n${refusal(request, true)}` : '';
      turn = `\n\n${[shown.view, shown.memory].filter(Boolean).join('\n\n')}${shown.legal ? `\n\n${shown.legal}` : ''}${refused}\n\n${marker}`;
    } else if (repair) {
      turn = `\n\n${refusal(request, false)}\n\n${marker}`;
    } else {
      // Legal moves when they changed: a reader (the test stub too) takes the last "Legal now" block of the text.
      const legal = full.legal && full.legal !== this.legal ? `\n\n${full.legal}` : '';
      turn = `\n\n${viewDelta(this.seen ?? '', state, request.player)}${legal}\n\n${marker}`;
    }
    this.seen = state;
    this.legal = full.legal;
    const at = this.blocks.length === 1 ? 0 : this.turn;
    this.push(turn);
    this.turn = at + 1;
    this.pending = true;
    const blocks = [...this.blocks];
    return { text: blocks.join(''), shape: { blocks, cacheAt: [0, blocks.length - 1] }, turn: at };
  }

  /** The seat's answer to the last prompt (null: none came; the next turn follows the unanswered one). */
  answered(text: string | null): void {
    if (!this.pending) return;
    this.pending = false;
    if (text !== null) this.push(`${ANSWER}${text}`);
  }

  private push(block: string): void {
    this.blocks.push(block);
    this.tokens += countTokens(block);
  }
}

/** A repair's refusal; quoting the refused answer only when the conversation does not hold it already. */
function refusal(request: DecisionRequest, quote: boolean): string {
  const previous = request.previous ?? '';
  const quoted = quote ? `\nYour previous answer was: ${previous.length > 600 ? `${previous.slice(0, 600)}...` : previous}` : '';
  return `Your previous answer was refused: ${request.error}${quoted}\nAnswer again, correctly this time, with JSON only.`;
}
