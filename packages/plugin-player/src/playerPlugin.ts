import { ModelType, Service, type Action, type Evaluator, type IAgentRuntime, type Memory, type Plugin, type Provider } from '@elizaos/core';
import { looksLikeCommand } from '@the-house/lab/chat/looksLikeCommand.ts';
import { decodeRequest, type DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { decisionPrompt, personaText } from '@the-house/lab/decision/decisionPrompt.ts';
import { games } from '@the-house/games/registry.ts';
import { remember } from '@the-house/lab/decision/memory.ts';
import { emptyNotes, type PlayerNotes } from '@the-house/lab/decision/opponentNotes.ts';
import type { SeatPrompt } from '@the-house/lab/decision/conversation.ts';
import { registerPlayer, unregisterPlayer } from './playerRegistry.ts';
import { quietIgnore } from './quietIgnore.ts';
import { uniqueUuid } from './uniqueUuid.ts';
import { DEFAULT_WINDOW, renderPlayerView, type ViewWindow } from '@the-house/lab/decision/playerView.ts';
import { notesRows, readStoredNotes } from '@the-house/lab/decision/storedNotes.ts';

export const DECIDE_ACTION = 'HOUSE_DECIDE';
export const NOTES_EVALUATOR = 'HOUSE_OPPONENT_NOTES';

/** What the House sends a player after a round: its new view, whose history holds that round as it saw it. */
export interface RoundNotice {
  matchId: string;
  game: string;
  round: number;
  view: unknown;
}

export function requestOf(message: Memory): DecisionRequest | null {
  const carried = (message.content as { houseRequest?: DecisionRequest }).houseRequest;
  return carried ?? decodeRequest(message.content.text ?? '');
}

function noticeOf(message: Memory): RoundNotice | null {
  return (message.content as { houseRound?: RoundNotice }).houseRound ?? null;
}

/**
 * Matches whose notes a runtime keeps in memory (the latest ones it played;
 * older ones are read back from its cache table). A host seats the same
 * player at many tables at once; with fewer kept than it plays, every
 * decision read its notes back, and the save the House holds for the phase's
 * batch was not written yet. A match's notes are a few kB.
 */
const NOTES_KEPT = 256;
/** A match's notes, and how many of their journal's chunks are stored (`notesRows`). */
interface KeptNotes {
  notes: PlayerNotes;
  sealed: number;
}
const notesKept = new WeakMap<IAgentRuntime, Map<string, KeptNotes>>();

/** Notes in memory as well as in the cache table: a decision reads them without asking the database, which a phase's other players are using too. */
function keepNotes(runtime: IAgentRuntime, matchId: string, notes: KeptNotes): void {
  let kept = notesKept.get(runtime);
  if (!kept) notesKept.set(runtime, (kept = new Map()));
  kept.delete(matchId);
  kept.set(matchId, notes);
  if (kept.size > NOTES_KEPT) kept.delete(kept.keys().next().value!);
}

async function loadKeptNotes(runtime: IAgentRuntime, matchId: string): Promise<KeptNotes | null> {
  const kept = notesKept.get(runtime)?.get(matchId);
  if (kept) return kept;
  const stored = await readStoredNotes(matchId, async (key) => (await runtime.getCache(key)) ?? null);
  if (stored) keepNotes(runtime, matchId, stored);
  return stored;
}

async function loadNotes(runtime: IAgentRuntime, matchId: string): Promise<PlayerNotes | null> {
  return (await loadKeptNotes(runtime, matchId))?.notes ?? null;
}

/** PLAYER_VIEW: the player's own view of the request in the message, with its notes on each opponent. */
export const playerViewProvider: Provider = {
  name: 'PLAYER_VIEW',
  description: "This player's own view of its current game: history as it saw it, legal moves, decision schema, notes on opponents",
  dynamic: true,
  get: async (runtime, message) => {
    const request = requestOf(message);
    if (!request) return { text: '', values: {}, data: {} };
    const notes = await loadNotes(runtime, request.matchId);
    return {
      text: renderPlayerView(request, notes),
      values: { houseGame: request.game, houseRound: request.round, housePhase: request.phase },
      data: { request, notes },
    };
  },
};

/** An answer to a prompt: its text, or why there is none; `call` is the House's record of the model call. */
export interface AskResult {
  text: string | null;
  error: string | null;
  call?: number;
}

/**
 * What the House passes to HOUSE_DECIDE: how to reach this player's model
 * (metered, rate-limited and recorded by the House), whether the model reads
 * the prompt or an offline brain does, the history window, how the House
 * makes a model's prompts (`prompt`: compact, or the seat's conversation;
 * absent: `decisionPrompt`), and where work goes that can wait until the
 * phase's requests are out (`later`; absent: it runs before the answer is given).
 */
export interface DecideOptions {
  /** `made`: the prompt as `prompt` made it, so the House records how (its mode and turn, its pieces). */
  ask(prompt: string, made?: SeatPrompt): Promise<AskResult>;
  forModel: boolean;
  window?: ViewWindow;
  prompt?(persona: string, request: DecisionRequest, notes: PlayerNotes | null, window: ViewWindow): SeatPrompt;
  later?(work: () => unknown): void;
  /** Where the answer's memory goes when the House keeps it with its other rows (absent: `later` writes it, or it is written before the answer is given). */
  remember?(memory: Memory): void;
}

/** What the House passes to the notes evaluator: where the notes' save may wait (absent: it is awaited), or the House that keeps the rows (`keep`, called in the order they are to be written). */
export interface NotesOptions {
  later?(work: () => unknown): void;
  keep?(key: string, value: unknown): void;
}

async function ownModel(runtime: IAgentRuntime, prompt: string): Promise<AskResult> {
  try {
    return { text: String(await runtime.useModel(ModelType.TEXT_LARGE, { prompt })), error: null };
  } catch (error) {
    return { text: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * HOUSE_DECIDE: answers the House's request with this player's brain (its
 * TEXT_LARGE model: a real one, or the offline brain plugin) and keeps the
 * exchange in its own memory. The prompt is built from the player's own view
 * and notes only (`decisionPrompt`), so nothing another player knows can reach it.
 */
export const decideAction: Action = {
  name: DECIDE_ACTION,
  similes: ['DECIDE', 'MAKE_MOVE'],
  description: 'Answer The House with this round’s decision as one JSON object',
  validate: async (_runtime, message) => requestOf(message) !== null,
  handler: async (runtime, message, _state, options) => {
    const request = requestOf(message);
    if (!request) return { success: false, error: 'no House request in this message' };
    const house = options as Partial<DecideOptions> | undefined;
    const notes = await loadNotes(runtime, request.matchId);
    const persona = personaText(runtime.character);
    const window = house?.window ?? DEFAULT_WINDOW;
    const made = house?.prompt ? house.prompt(persona, request, notes, window) : undefined;
    const prompt = made ? made.text : decisionPrompt(persona, request, notes, { forModel: house?.forModel ?? true, ...window });
    const answer = house?.ask ? await house.ask(prompt, made) : await ownModel(runtime, prompt);
    if (answer.text !== null) {
      // Stamped now, stored when the House's phase allows: the player's memory keeps its answers in the order given. Its id is
      // the request's and the answer's: the same turn asked again (another host took over) and answered alike is kept once.
      const id = message.id ? uniqueUuid(runtime.agentId, `house-answer:${message.id}:${answer.text}`) : undefined;
      const memory = { ...(id ? { id } : {}), entityId: runtime.agentId, agentId: runtime.agentId, roomId: message.roomId, content: { text: answer.text, actions: [DECIDE_ACTION], source: 'house' }, createdAt: Date.now() };
      const remember = () => runtime.createMemory(memory, 'messages');
      if (house?.remember) house.remember(memory);
      else if (house?.later) house.later(remember);
      else await remember();
    }
    return { success: answer.text !== null, text: answer.text ?? '', error: answer.error ?? undefined, data: { answer } };
  },
  examples: [],
};

/** After each round: fold the round, as this player saw it, into its notes on each opponent. */
export const opponentNotesEvaluator: Evaluator = {
  name: NOTES_EVALUATOR,
  description: 'Updates this player’s notes (trust, betrayals, unreturned high fives) on each opponent after a round',
  alwaysRun: true,
  examples: [],
  validate: async (_runtime, message) => noticeOf(message) !== null,
  handler: async (runtime, message, _state, options) => {
    const notice = noticeOf(message);
    if (!notice) return;
    const before = (await loadKeptNotes(runtime, notice.matchId)) ?? { notes: emptyNotes(notice.matchId), sealed: 0 };
    const after = remember(before.notes, runtime.character.name, games[notice.game], notice.view);
    const { rows, sealed } = notesRows(after, before.sealed);
    // The next decision reads them from memory at once; the cache table (what a restart reads) may wait for the House's phase.
    keepNotes(runtime, notice.matchId, { notes: after, sealed });
    const save = async () => {
      // The journal's new chunks before the head that names them.
      for (const [key, value] of rows) await runtime.setCache(key, value);
    };
    const house = options as NotesOptions | undefined;
    if (house?.keep) for (const [key, value] of rows) house.keep(key, value);
    else if (house?.later) house.later(save);
    else await save();
    return { success: true, data: { notes: after } };
  },
};

/**
 * Registers the runtime as a player the House can seat, and keeps House
 * commands (`!play`, ...) out of the player's own chat flow: they are for the House.
 */
export class PlayerService extends Service {
  static override serviceType = 'house-player';
  override capabilityDescription = 'A competitor of The House';

  static override async start(runtime: IAgentRuntime): Promise<PlayerService> {
    const service = new PlayerService(runtime);
    registerPlayer(runtime);
    const messages = runtime.messageService;
    if (messages) {
      const handle = messages.handleMessage.bind(messages);
      messages.handleMessage = async (rt, message, callback, options) => {
        if (looksLikeCommand(message.content.text)) return { didRespond: false, responseContent: null, responseMessages: [], state: { values: {}, data: {}, text: '' }, mode: 'none' };
        return handle(rt, message, quietIgnore(callback), options);
      };
    }
    return service;
  }

  override async stop(): Promise<void> {
    unregisterPlayer(this.runtime);
  }
}

export const playerPlugin: Plugin = {
  name: 'house-player',
  description: 'A competitor of The House: its view provider, decision action and notes evaluator',
  actions: [decideAction],
  providers: [playerViewProvider],
  evaluators: [opponentNotesEvaluator],
  services: [PlayerService],
};
