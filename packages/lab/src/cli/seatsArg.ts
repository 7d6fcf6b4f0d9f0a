import { idProblem, ownValue } from '@the-house/games/engine/safeKey.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { providerGate } from '../models/gateRegistry.ts';
import { PROMPT_MODES, type PromptMode } from '../decision/conversation.ts';
import { anthropicModelClient } from '../models/anthropicModelClient.ts';
import { httpModelClient } from '../models/httpModelClient.ts';
import { defaultPromptMode } from '../seats/seatPrompts.ts';
import type { HeadlessSeat } from '../seats/playRecorded.ts';
import { CliError } from './cliError.ts';
import { outboundPolicy } from '../net/outboundPolicy.ts';
import { clockSettings } from '../remote/clockSettings.ts';
import { remoteClientFor } from '../remote/remoteClientFor.ts';
import { parseRemoteSpec } from '../remote/remoteSpec.ts';
import { McpSeatDesk } from '../remote/mcpSeatDesk.ts';
import { mcpSeatRules } from '../remote/mcpSeatRules.ts';
import { newClock } from '../remote/seatClock.ts';
import { localKey, type LocalKey } from '../signing/localKey.ts';

/**
 * A headless line-up: each entry a baseline strategy, or `model:<name>` (a
 * model behind OPENAI_BASE_URL / OPENAI_API_KEY, any OpenAI-compatible
 * server; a `claude-*` one behind ANTHROPIC_API_URL / ANTHROPIC_API_KEY) with
 * `/strategy` naming the baseline it falls back to once its budget is spent
 * (the game's first otherwise), playing in its default prompt mode unless
 * HOUSE_PROMPTS names one. Ids are the names, `-2`, `-3`
 * for repeats.
 */
export function seatsArg(game: AnyGame, list: string | undefined, env: Record<string, string | undefined> = process.env): { ids: PlayerId[]; seats: Record<PlayerId, HeadlessSeat>; mcp: Array<{ id: PlayerId; desk: McpSeatDesk }> } {
  const known = Object.keys(game.strategies);
  if (!list) throw new CliError(`missing --players (${ALLOWED(known)})`);
  const count = new Map<string, number>();
  const ids: PlayerId[] = [];
  const seats: Record<PlayerId, HeadlessSeat> = {};
  const mcp: Array<{ id: PlayerId; desk: McpSeatDesk }> = [];
  for (const entry of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [base, seat] = entry.startsWith('model:') ? modelSeat(game, entry, env) : isRemote(entry) ? remoteSeat(game, entry, env) : strategySeat(game, entry, known);
    const n = (count.get(base) ?? 0) + 1;
    count.set(base, n);
    const id = n === 1 ? base : `${base}-${n}`;
    ids.push(id);
    seats[id] = seat;
    if (seat.kind === 'remote' && seat.line.client instanceof McpSeatDesk) mcp.push({ id, desk: seat.line.client });
  }
  return { ids, seats, mcp };
}

/** What a line-up entry may be, for an error that names it. */
const ALLOWED = (known: string[]) => `strategies: ${known.join(', ')}, or model:<name>[/strategy], or a2a:<url>, http:<url>, openai:<base url>#<model>, mcp`;

/** `a2a:`, `http:`, `openai:`: an agent elsewhere; `mcp`: an agent that connects to the seat the run serves (`mcpSeatHost.ts`). */
const isRemote = (entry: string) => /^(a2a|http|openai):|^mcp$/i.test(entry);

/**
 * A remote seat (`a2a:<url>`, `http:<url>`, `openai:<base url>#<model>` with
 * its key in HOUSE_ENTRANT_KEY, or `mcp`, served by the run): the time rules of HOUSE_REMOTE_MOVE_MS,
 * HOUSE_REMOTE_BANK_MS and HOUSE_REMOTE_MAX_MISSES, the game's first
 * baseline once it is substituted, and every call through HOUSE_FETCH_ALLOW's
 * outbound policy, signed with the local key (`localKey`). Its id is its kind (`a2a`, `a2a-2`, ...).
 */
export function remoteSeat(game: AnyGame, entry: string, env: Record<string, string | undefined>): [string, HeadlessSeat] {
  const parsed = parseRemoteSpec(entry);
  if (!parsed.ok) throw new CliError(parsed.error);
  const { spec } = parsed;
  if (spec.kind === 'openai' && !env.HOUSE_ENTRANT_KEY) throw new CliError(`'${entry.slice(0, 80)}' needs its key in HOUSE_ENTRANT_KEY`);
  const clock = clockSettings(env);
  if (clock.problem) throw new CliError(clock.problem);
  const outbound = outboundPolicy(env);
  if (outbound.problem) throw new CliError(outbound.problem);
  const signing = spec.kind === 'a2a' || spec.kind === 'http' ? localKeyArg(env).key : null;
  // An MCP agent calls in, so no outbound call is made for it: its desk is the seat's client.
  const client = spec.kind === 'mcp' ? new McpSeatDesk(mcpSeatRules(game.title, game.summary)) : remoteClientFor(spec, { policy: outbound.policy, apiKey: env.HOUSE_ENTRANT_KEY, onDetail: (detail) => process.stderr.write(`remote seat: ${detail}\n`), signingKey: () => signing })!;
  const fallback = Object.values(game.strategies)[0] ?? null;
  return [spec.kind, { kind: 'remote', line: { client, clock: newClock(clock.rules), entrant: spec.model ? `${spec.kind}:${spec.model}` : client.provider, fallback } }];
}

/** The local key that signs each turn pushed to an agent and each `play --out` match file (`localKey`), or why it cannot be had, in one line. */
export function localKeyArg(env: Record<string, string | undefined>): LocalKey {
  try {
    return localKey(env);
  } catch (error) {
    throw new CliError(`cannot make or read the local signing key in ${env.HOUSE_PLAY_KEY_DIR || '.house'} (HOUSE_PLAY_KEY_DIR): ${error instanceof Error ? error.message : String(error)}`);
  }
}

function strategySeat(game: AnyGame, name: string, known: string[]): [string, HeadlessSeat] {
  const strategy = ownValue(game.strategies, name);
  if (!strategy) throw new CliError(`unknown ${game.id} strategy '${name}' (${ALLOWED(known)})`);
  return [name, { kind: 'offline', strategy }];
}

/** A `model:<name>[/strategy]` seat and its id; errors name what is allowed. */
export function modelSeat(game: AnyGame, entry: string, env: Record<string, string | undefined>): [string, HeadlessSeat] {
  const [model, fallbackName] = entry.slice('model:'.length).split('/');
  if (!model) throw new CliError(`'${entry}' names no model; write model:<name>, e.g. model:gpt-4o-mini`);
  const fallback = fallbackName ? ownValue(game.strategies, fallbackName) : Object.values(game.strategies)[0];
  if (!fallback) throw new CliError(`unknown ${game.id} strategy '${fallbackName}' after '/' in '${entry}' (strategies: ${Object.keys(game.strategies).join(', ')})`);
  // A Claude model goes to Anthropic's Messages API, which caches what its breakpoints mark; any other to an OpenAI-compatible server.
  const claude = model.startsWith('claude');
  if (claude && !env.ANTHROPIC_API_KEY) throw new CliError(`'${entry}' needs ANTHROPIC_API_KEY (and ANTHROPIC_API_URL for a server other than Anthropic's)`);
  if (!claude && !env.OPENAI_API_KEY) throw new CliError(`'${entry}' needs OPENAI_API_KEY (and OPENAI_BASE_URL for a server other than OpenAI's)`);
  const prompts = promptsSetting(env.HOUSE_PROMPTS) ?? defaultPromptMode(game.id, model, claude);
  const id = model.replace(/[^\w.-]+/g, '-');
  const problem = idProblem(id, `the seat id of '${entry}'`);
  if (problem) throw new CliError(problem);
  const client = claude
    ? anthropicModelClient({ baseUrl: env.ANTHROPIC_API_URL || 'https://api.anthropic.com', apiKey: env.ANTHROPIC_API_KEY!, model, system: '' })
    : httpModelClient({ baseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1', apiKey: env.OPENAI_API_KEY!, model, system: '' });
  const persona = `You are ${id}, a player of ${game.title}. Play to win.`;
  return [id, { kind: 'model', client, gate: providerGate(client.gateKey, client.baseUrl, (p) => process.stderr.write(`warning: ${p}\n`), env), persona, system: '', fallback, prompts }];
}

/** `HOUSE_PROMPTS`: the prompt mode every model seat plays in (`compact` or `conversation`); unset, each seat's default (`defaultPromptMode`). */
function promptsSetting(value: string | undefined): PromptMode | undefined {
  if (value === undefined || value === '') return undefined;
  if ((PROMPT_MODES as readonly string[]).includes(value)) return value as PromptMode;
  throw new CliError(`HOUSE_PROMPTS is '${value}'; expected ${PROMPT_MODES.join(' or ')} (or unset: each model seat's default)`);
}
