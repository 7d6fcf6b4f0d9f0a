import { FILL_LINE, legalSignatures, readLegal } from '@the-house/games/engine/moveSignatures.ts';
import { games } from '@the-house/games/registry.ts';
import { encodeRequest, markerOf, modelMarkerOf, type DecisionRequest } from './decisionRequest.ts';
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

/**
 * What the marker of a model's prompt carries: enough for the House's tools
 * to tell which request a prompt is (no view, no seed), in words; a repair's
 * keeps the JSON form with the refusal, which tools read to tell a repair
 * round from a first ask.
 */
function modelMarker(request: DecisionRequest): string {
  const { matchId, game, player, round, phase, error, previous } = request;
  return error === undefined ? modelMarkerOf(request) : markerOf({ matchId, game, player, round, phase, error, previous });
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
  const out: Array<{ section: PromptSection; text: string }> = [];
  const parts = compactParts(request, notes, windowOf(request, options));
  if (parts) {
    // A call that stands alone shows the signatures of the moves it may make now (a conversation shows them all once).
    out.push({ section: 'prefix', text: `${persona}\n${legalSignatures(parts.rules, readLegal(parts.legal) ?? [])}` }, { section: 'view', text: parts.view });
    if (parts.legal) out.push({ section: 'legal', text: parts.legal });
    if (parts.memory) out.push({ section: 'memory', text: parts.memory });
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

/** The rounds of history a compact prompt shows in full: the match's window, unless the game's own config decides (Gold mining's `history`, RULES G-f, says Infinity). */
export function windowOf(request: DecisionRequest, options: ViewWindow): number {
  const kit = games[request.game]?.modelPrompt;
  return !kit || !Number.isFinite(kit.recentRounds) ? Infinity : Math.min(options.historyRounds, kit.recentRounds);
}

/** A compact prompt's parts, for a game with a `modelPrompt`: the match's rules with every signature, the view, its legal moves, the memory ('' when empty). */
export interface CompactParts {
  rules: string;
  view: string;
  legal: string;
  memory: string;
}

/** The parts of a compact prompt with `rounds` of history in full, or null when the game has no `modelPrompt` or the request no view. */
export function compactParts(request: DecisionRequest, notes: PlayerNotes | null, rounds: number): CompactParts | null {
  const kit = games[request.game]?.modelPrompt;
  if (!kit || request.view === null || request.view === undefined) return null;
  const text = kit.view(request.view as never, rounds);
  const at = text.lastIndexOf(LEGAL);
  return {
    rules: kit.rules(request.view as never),
    view: at < 0 ? text : text.slice(0, at).trimEnd(),
    legal: at < 0 ? '' : text.slice(at + 1),
    memory: compactMemory(notes, rounds, Array.isArray((request.view as { history?: unknown }).history)),
  };
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
