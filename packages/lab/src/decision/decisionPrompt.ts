import { FILL_LINE } from '@the-house/games/engine/moveSignatures.ts';
import { games } from '@the-house/games/registry.ts';
import { encodeRequest, markerOf, type DecisionRequest } from './decisionRequest.ts';
import { compactMemory } from './memory.ts';
import type { PlayerNotes } from './opponentNotes.ts';
import { renderPlayerView, type ViewWindow } from './playerView.ts';

/** The parts of an ElizaOS character a prompt starts with. */
export interface Persona {
  name: string;
  system?: string;
  bio?: string | string[];
}

/** Who the player is, for the prompt: its name and bio. Its `system` text goes to the model as the system message, not here again. */
export function personaText(character: Persona): string {
  const bio = Array.isArray(character.bio) ? character.bio.join(' ') : (character.bio ?? '');
  return [`You are ${character.name}.`, bio].filter(Boolean).join(' ');
}

export interface PromptOptions extends ViewWindow {
  /**
   * The request marker at the end carries the whole view for an offline brain
   * (which reads nothing else); a model has the view in words already, so its
   * marker names the request only.
   */
  forModel: boolean;
}

/** The parts of a decision prompt, in order; `prefix` is the same text on every call of a match. */
export type PromptSection = 'prefix' | 'view' | 'legal' | 'memory' | 'repair' | 'marker';

const LEGAL = '\nLegal now:\n';

/** What the marker of a model's prompt carries: enough for the House's tools to tell which request a prompt is, nothing a model needs to read twice (no view, no seed). */
function modelMarker(request: DecisionRequest): string {
  const { matchId, game, player, round, phase, error, previous } = request;
  return markerOf({ matchId, game, player, round, phase, ...(error === undefined ? {} : { error, previous }) });
}

/**
 * The prompt for one decision, section by section, a pure function of the
 * persona, the request and the player's notes (so `replay-match` rebuilds it
 * exactly). A game with a `modelPrompt` gets the compact layout (format 2):
 * persona, the match's rules and move signatures (identical on every call,
 * so a provider that caches prompt prefixes bills them once), the compact
 * view ending with the legal moves, the memory, the refusal on a repair
 * round, and the request marker. Other games get the view in words or JSON,
 * the legal moves and the JSON Schema.
 */
export function decisionPromptSections(persona: string, request: DecisionRequest, notes: PlayerNotes | null, options: PromptOptions): Array<{ section: PromptSection; text: string }> {
  const game = games[request.game];
  const kit = game?.modelPrompt;
  const out: Array<{ section: PromptSection; text: string }> = [];
  if (kit && request.view !== null && request.view !== undefined) {
    // A game whose own config decides its prompt's history (Gold mining's `history`, RULES G-f) says Infinity; the match's window does not cut it.
    const rounds = Number.isFinite(kit.recentRounds) ? Math.min(options.historyRounds, kit.recentRounds) : Infinity;
    out.push({ section: 'prefix', text: `${persona}\n${kit.rules(request.view as never)}` });
    const view = kit.view(request.view as never, rounds);
    const at = view.lastIndexOf(LEGAL);
    out.push({ section: 'view', text: at < 0 ? view : view.slice(0, at).trimEnd() }, ...(at < 0 ? [] : [{ section: 'legal' as const, text: view.slice(at + 1) }]));
    const memory = compactMemory(notes, rounds, Array.isArray((request.view as { history?: unknown }).history));
    if (memory) out.push({ section: 'memory', text: memory });
  } else {
    out.push(
      { section: 'prefix', text: `${persona}\n\nYou are playing ${game?.title ?? request.game}, run by The House. Rules: ${game?.summary ?? ''}` },
      { section: 'view', text: `${renderPlayerView(request, notes, options)}\n\nAnswer with ONLY one JSON object that matches the schema above, no prose, no code fences.` },
    );
  }
  if (request.error) {
    const previous = request.previous ?? '';
    out.push({ section: 'repair', text: `Your previous answer was refused: ${request.error}\nYour previous answer was: ${previous.length > 600 ? `${previous.slice(0, 600)}...` : previous}\nAnswer again, correctly this time, with JSON only.` });
  }
  out.push({ section: 'marker', text: options.forModel ? modelMarker(request) : encodeRequest(request) });
  return out;
}

/** The prompt for one decision: its sections, a blank line apart. */
export function decisionPrompt(persona: string, request: DecisionRequest, notes: PlayerNotes | null, options: PromptOptions): string {
  return decisionPromptSections(persona, request, notes, options)
    .map((s) => s.text)
    .join('\n\n');
}

const REPAIR = '\n\nYour previous answer was refused: ';
const MARKER = '\n\n[[HOUSE_REQUEST]]';

/**
 * A compact prompt (format 2) cut back into its sections, from its text
 * alone: what a bench reads to say which part of a prompt costs what.
 */
export function promptSections(prompt: string): Array<{ section: PromptSection; text: string }> {
  const cuts: Array<{ section: PromptSection; at: number }> = [{ section: 'prefix', at: 0 }];
  const fill = prompt.indexOf(FILL_LINE);
  if (fill >= 0) cuts.push({ section: 'view', at: fill + FILL_LINE.length });
  const legal = prompt.lastIndexOf(`\n${LEGAL}`);
  if (legal >= 0) {
    cuts.push({ section: 'legal', at: legal });
    const end = prompt.indexOf('\n\n', legal + 2);
    const next = [prompt.indexOf(REPAIR), prompt.lastIndexOf(MARKER)].filter((i) => i >= 0);
    if (end >= 0 && !next.includes(end)) cuts.push({ section: 'memory', at: end });
  }
  const repair = prompt.indexOf(REPAIR);
  if (repair >= 0) cuts.push({ section: 'repair', at: repair });
  const marker = prompt.lastIndexOf(MARKER);
  if (marker >= 0) cuts.push({ section: 'marker', at: marker });
  cuts.sort((a, b) => a.at - b.at);
  return cuts.map((c, i) => ({ section: c.section, text: prompt.slice(c.at, cuts[i + 1]?.at ?? prompt.length).replace(/^\n+/, '') }));
}
