import { distance } from 'fastest-levenshtein';
import { applyOptionFlag, MAX_ROUND_DELAY_MS } from '@the-house/lab/seats/matchOptions.ts';
import { looksLikeCommand } from '@the-house/lab/chat/looksLikeCommand.ts';
import { parseEnter, type EnterArgs } from '../entrants/parseEnter.ts';
import { parseEntrants, type EntrantsCommand } from '../entrants/parseEntrants.ts';
import { parseFork, type ForkArgs } from '../fork/parseFork.ts';

/**
 * The House's chat commands, parsed at the boundary before any model is asked.
 * Pure: text in, a value out, never a throw. The table is data so a game can
 * add its own verbs (Influence: `!dm`, `!public`, ...) with `withCommands`.
 */

export type HouseCommand =
  /** The overview; with a topic, one game's commands, one command, or `all`. */
  | { kind: 'help'; topic?: string }
  | { kind: 'games' }
  | { kind: 'play'; game: string; players: string[]; seed?: number; options: Record<string, unknown>; config?: Record<string, unknown>; open?: boolean }
  | { kind: 'join' }
  /** The owner sends a seat away from the lobby. */
  | { kind: 'kick'; player: string }
  | { kind: 'start' }
  | { kind: 'status' }
  | { kind: 'stop' }
  | { kind: 'grant'; player: string; amount: number; reason: string }
  | { kind: 'decline'; player: string; reason: string }
  /** A person's move for their seat: the game's decision JSON or its short form. */
  | { kind: 'move'; text: string }
  /** A person hands in an open-ended move (several whispers). */
  | { kind: 'done' }
  /** A person asks for their seat's view: a few lines, or the JSON (`!view json`). */
  | { kind: 'view'; json?: boolean }
  /** A person chooses the name they sit under. */
  | { kind: 'name'; name: string }
  /** Plays a closed match on at this table from the end of one of its phases. */
  | ({ kind: 'fork' } & ForkArgs)
  /** Continues a paused match, optionally with larger budgets. */
  | { kind: 'resume'; match?: string; options: Record<string, unknown> }
  /** Registers (or updates) an agent elsewhere to play at the House's tables (at any time: the desk answers it before any match is looked up). */
  | { kind: 'enter'; entrant: EnterArgs }
  /** Lists the registered entrants, or removes, opens (to anyone, within budgets) or closes one. */
  | EntrantsCommand
  /** A game's own verb, routed to that game's adapter with its arguments untouched. */
  | { kind: 'game'; verb: string; args: string[]; text: string };

/** A parsed command, with the match it names by `--match <id>` (any command may; otherwise it acts on its room's match). */
export type ParsedCommand = { ok: true; command: HouseCommand; match?: string } | { ok: false; error: string };

export interface CommandSpec {
  verb: string;
  /** The ElizaOS action that carries it (SCREAMING_SNAKE). */
  action: string;
  usage: string;
  help: string;
  parse(args: string[], text: string): ParsedCommand;
}

/** Where a match stands, for the "wrong phase" answers. */
export type Situation = 'idle' | 'lobby' | 'running';

const ok = (command: HouseCommand): ParsedCommand => ({ ok: true, command });

/** Keys that would write to Object's prototype instead of the config. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `--match <id>` (or `--match=<id>`) anywhere after the verb: the match a command is for, and the text without it. */
function takeMatch(text: string): { text: string; match?: string; error?: string } {
  const found = /(^|\s)--match(?:=|\s+|$)(\S*)/.exec(text);
  if (!found) return { text };
  if (!found[2]) return { text, error: '--match needs a match id (or its first characters)' };
  return { text: `${text.slice(0, found.index)}${text.slice(found.index + found[0].length)}`.trim(), match: found[2] };
}
const fail = (error: string): ParsedCommand => ({ ok: false, error });

function noArgs(verb: string, command: HouseCommand): (args: string[]) => ParsedCommand {
  return (args) => (args.length ? fail(`!${verb} takes no arguments`) : ok(command));
}

/** `@Name`, `Name` or `<@Name>` (Discord) to `Name`. */
export function mentionName(token: string): string {
  return token.replace(/^<@!?/, '').replace(/>$/, '').replace(/^@/, '').trim();
}

/** `--flag value` or `--flag=value`: the flag and its value (taken from `rest` when not inline). */
function flag(token: string, rest: string[]): [string, string | undefined] {
  const eq = token.indexOf('=');
  return eq > 0 ? [token.slice(0, eq), token.slice(eq + 1)] : [token, rest.shift()];
}

/** A `--set` value as the config schema expects it: a number, true/false, or the text itself (the game's zod schema then checks it). */
function configValue(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}

const PLAY_USAGE = 'usage: `!play GAME [NAMES] [--open] [--seed N] [--fast | --delay MS] [--set KEY=VALUE ...] [--budget-tokens N] [--player-budget-tokens N] [--budget-cost X] [--player-budget-cost X]` (`me` among the names takes a seat for you)';

/** What `!play`'s words add up to as they are read. */
interface PlayArgs {
  game?: string;
  players: string[];
  seed?: number;
  options: Record<string, unknown>;
  config: Record<string, unknown>;
  open: boolean;
  fast: boolean;
}

/** A flag's value read into the arguments: null, or what is wrong with it (the usage is added after). */
type PlayFlag = (into: PlayArgs, raw: string | undefined) => string | null;

const got = (raw: string | undefined, shown = raw): string => (raw === undefined ? 'nothing' : `'${shown}'`);

/** `--set KEY=VALUE`: a dotted key sets a nested field (`timers.whisper=60000`); keys that would reach Object's prototype are refused. */
function setConfig(into: PlayArgs, raw: string | undefined): string | null {
  const eq = raw?.indexOf('=') ?? -1;
  if (!raw || eq <= 0) return `--set needs key=value (a key of the game's config), got ${got(raw)}`;
  const path = raw.slice(0, eq).split('.');
  if (path.some((key) => key === '' || RESERVED_KEYS.has(key))) return `--set key '${raw.slice(0, eq)}' is not a config key`;
  let at = into.config;
  for (const key of path.slice(0, -1)) {
    const inner = Object.hasOwn(at, key) ? at[key] : undefined;
    at = (at[key] = typeof inner === 'object' && inner !== null ? inner : {}) as Record<string, unknown>;
  }
  at[path.at(-1)!] = configValue(raw.slice(eq + 1));
  return null;
}

/** `!play`'s own flags; any other is a match option (budgets), which `applyOptionFlag` reads. */
const playFlags = new Map<string, PlayFlag>([
  ['--set', setConfig],
  [
    '--seed',
    (into, raw) => {
      if (raw === undefined || !/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) return `--seed needs a whole number, got ${got(raw)}`;
      into.seed = Number(raw);
      return null;
    },
  ],
  [
    '--delay',
    (into, raw) => {
      if (raw === undefined || !/^\d{1,6}$/.test(raw) || Number(raw) > MAX_ROUND_DELAY_MS) return `--delay needs the milliseconds between rounds, a whole number from 0 to ${MAX_ROUND_DELAY_MS}, got ${got(raw, raw?.slice(0, 40))}`;
      into.options.roundDelayMs = Number(raw);
      return null;
    },
  ],
]);

/** The command `!play`'s words add up to; `!play` alone answers with the games the House runs and how to start one. */
function playCommand(a: PlayArgs): ParsedCommand {
  if (!a.game) return a.players.length || a.seed !== undefined || Object.keys(a.options).length || Object.keys(a.config).length ? fail(`which game? ${PLAY_USAGE}`) : ok({ kind: 'play', game: '', players: a.players, options: a.options });
  if (a.open && a.players.length) return fail('`--open` opens a lobby to anyone: `!play GAME --open` (with names the match starts at once, seated as named)');
  if (a.fast && a.options.roundDelayMs !== undefined) return fail(`\`--fast\` plays with no pause between rounds: leave out --delay; ${PLAY_USAGE}`);
  // Full speed: no pause between rounds, and so no countdown before the first.
  if (a.fast) a.options.roundDelayMs = 0;
  const command: HouseCommand = { kind: 'play', game: a.game, players: a.players, options: a.options };
  if (a.open) command.open = true;
  if (Object.keys(a.config).length) command.config = a.config;
  if (a.seed !== undefined) command.seed = a.seed;
  return ok(command);
}

function parsePlay(args: string[]): ParsedCommand {
  const rest = [...args];
  const into: PlayArgs = { players: [], options: {}, config: {}, open: false, fast: false };
  while (rest.length) {
    const token = rest.shift()!;
    if (token === '--open') into.open = true;
    else if (token === '--fast') into.fast = true;
    else if (token.startsWith('--')) {
      const [name, raw] = flag(token, rest);
      const read = playFlags.get(name);
      const error = read ? read(into, raw) : applyOptionFlag(into.options, name, raw);
      if (error) return fail(`${error}; ${PLAY_USAGE}`);
    } else if (into.game === undefined) into.game = token.toLowerCase();
    else for (const name of token.split(',').map(mentionName)) if (name) into.players.push(name);
  }
  return playCommand(into);
}

function parseGrant(args: string[]): ParsedCommand {
  const usage = 'usage: `!grant @NAME N REASON`';
  const [who, amount, ...reason] = args;
  const player = who ? mentionName(who) : '';
  if (!player) return fail(`whom to grant? ${usage}`);
  if (amount === undefined || !/^\d+$/.test(amount)) return fail(`the amount must be a whole number of sats, got ${amount === undefined ? 'nothing' : `'${amount}'`}; ${usage}`);
  return ok({ kind: 'grant', player, amount: Number(amount), reason: reason.join(' ').trim() || 'the observer chose to help' });
}

function parseDecline(args: string[]): ParsedCommand {
  const [who, ...reason] = args;
  const player = who ? mentionName(who) : '';
  if (!player) return fail('whom to decline? usage: `!decline @NAME REASON`');
  return ok({ kind: 'decline', player, reason: reason.join(' ').trim() || 'the observer declined' });
}

function parseResume(args: string[]): ParsedCommand {
  const usage = 'usage: !resume [match id] [--budget-tokens N] [--player-budget-tokens N] [--budget-cost X] [--player-budget-cost X]';
  const rest = [...args];
  const options: Record<string, unknown> = {};
  let match: string | undefined;
  while (rest.length) {
    const token = rest.shift()!;
    if (token.startsWith('--')) {
      const [name, raw] = flag(token, rest);
      const error = applyOptionFlag(options, name, raw);
      if (error) return fail(`${error}; ${usage}`);
    } else if (match === undefined) match = token;
    else return fail(`unexpected '${token}'; ${usage}`);
  }
  return ok(match === undefined ? { kind: 'resume', options } : { kind: 'resume', match, options });
}

export const baseCommands: readonly CommandSpec[] = [
  {
    verb: 'help',
    action: 'HOUSE_HELP',
    usage: '!help',
    help: "the commands people use first; `!help GAME` one game's, `!help all` every command",
    parse: (args) => (args.length === 0 ? ok({ kind: 'help' }) : args.length === 1 ? ok({ kind: 'help', topic: args[0]! }) : fail('`!help` takes one word at most: a game (`!help trust`), a command (`!help play`) or `all`')),
  },
  { verb: 'games', action: 'HOUSE_GAMES', usage: '!games', help: 'list the games the House runs', parse: noArgs('games', { kind: 'games' }) },
  { verb: 'play', action: 'HOUSE_PLAY', usage: '!play GAME [NAMES] [--seed N] [--delay MS] [--set KEY=VALUE]', help: 'open a match (with names: start it at once, `me` for a seat of your own; without: open a lobby, which you and the admins may !join, anyone with `--open`)', parse: parsePlay },
  { verb: 'join', action: 'HOUSE_JOIN', usage: '!join', help: "sit down in the lobby: its opener's and the admins', or anyone's when opened with `--open`", parse: noArgs('join', { kind: 'join' }) },
  {
    verb: 'kick',
    action: 'HOUSE_KICK',
    usage: '!kick @NAME',
    help: 'send a seat away from your lobby before it starts',
    parse: (args) => (args.length === 1 && mentionName(args[0]!) ? ok({ kind: 'kick', player: mentionName(args[0]!) }) : fail('`!kick` needs one name, e.g. `!kick @Ada`')),
  },
  { verb: 'start', action: 'HOUSE_START', usage: '!start', help: 'start the lobby match', parse: noArgs('start', { kind: 'start' }) },
  { verb: 'status', action: 'HOUSE_STATUS', usage: '!status', help: 'show the scoreboard of the current match', parse: noArgs('status', { kind: 'status' }) },
  { verb: 'stop', action: 'HOUSE_STOP', usage: '!stop', help: 'stop the current match', parse: noArgs('stop', { kind: 'stop' }) },
  { verb: 'grant', action: 'HOUSE_GRANT', usage: '!grant @NAME N REASON', help: 'answer a beg: give up to N sats', parse: parseGrant },
  { verb: 'decline', action: 'HOUSE_DECLINE', usage: '!decline @NAME REASON', help: 'answer a beg: give nothing', parse: parseDecline },
  {
    verb: 'move',
    action: 'HOUSE_MOVE',
    usage: '!move MOVE',
    help: 'your move, when you hold a seat: the short form the House shows you, or the decision JSON',
    parse: (_args, text) => (text ? ok({ kind: 'move', text }) : fail('`!move` needs your move, e.g. `!move hf @Ada` or `!move {"action": "HIGH_FIVE"}`')),
  },
  { verb: 'done', action: 'HOUSE_DONE', usage: '!done', help: 'hand in a move that takes several commands', parse: noArgs('done', { kind: 'done' }) },
  {
    verb: 'view',
    action: 'HOUSE_VIEW',
    usage: '!view [json]',
    help: 'what your seat knows of the match, in a few lines (`!view json`: all of it as JSON)',
    parse: (args) => (args.length === 0 ? ok({ kind: 'view' }) : args.length === 1 && args[0]!.toLowerCase() === 'json' ? ok({ kind: 'view', json: true }) : fail('`!view` takes nothing, or `json`')),
  },
  {
    verb: 'name',
    action: 'HOUSE_NAME',
    usage: '!name NAME',
    help: 'the name you sit under at the House’s tables',
    parse: (_args, text) => (text ? ok({ kind: 'name', name: text.trim() }) : fail('`!name` needs the name you want, e.g. `!name Pat`')),
  },
  {
    verb: 'enter',
    action: 'HOUSE_ENTER',
    usage: '!enter NAME a2a|mcp|http|openai ...',
    help: 'register your agent elsewhere to play at the tables (A2A, MCP, plain HTTP, an OpenAI-compatible endpoint); `!play GAME me,@NAME` seats it',
    parse: (args) => {
      const parsed = parseEnter(args);
      return parsed.ok ? ok({ kind: 'enter', entrant: parsed.value }) : fail(parsed.error);
    },
  },
  {
    verb: 'entrants',
    action: 'HOUSE_ENTRANTS',
    usage: '!entrants [remove|open|close NAME]',
    help: 'list the registered agents; remove yours; open yours to anyone (`open NAME --match-tokens N --day-tokens N` for an openai one) or make it private again (`close NAME`)',
    parse: (args) => {
      const parsed = parseEntrants(args.map((a, i) => (i === 1 ? mentionName(a) : a)));
      return parsed.ok ? ok(parsed.command) : fail(parsed.error);
    },
  },
  { verb: 'resume', action: 'HOUSE_RESUME', usage: '!resume [MATCH] [--budget-tokens N ...]', help: 'continue a paused match', parse: parseResume },
  {
    verb: 'fork',
    action: 'HOUSE_FORK',
    usage: '!fork MATCH --phase N [--seat SEAT=WHO ...] [--seed N]',
    help: 'play a finished match on at this table from the end of its phase N, some seats played by others (`me`, `bot:STRATEGY`, an entrant): its opener or an admin',
    parse: (args) => {
      const parsed = parseFork(args);
      return parsed.ok ? ok({ kind: 'fork', ...parsed.fork }) : fail(parsed.error);
    },
  },
];

/** A game verb routed as `{kind: 'game'}` to the game's adapter, e.g. `gameCommand('dm', 'INFLUENCE_DM', '!dm @a @b', 'open a private channel')`. */
export function gameCommand(verb: string, action: string, usage: string, help: string): CommandSpec {
  return { verb, action, usage, help, parse: (args, text) => ok({ kind: 'game', verb, args, text }) };
}

/** A table with extra verbs; a later spec with the same verb replaces the earlier one. */
export function withCommands(table: readonly CommandSpec[], extra: readonly CommandSpec[]): CommandSpec[] {
  const byVerb = new Map(table.map((s) => [s.verb, s]));
  for (const spec of extra) byVerb.set(spec.verb, spec);
  return [...byVerb.values()];
}

/** The usages as code spans: the web GUI renders chat as markdown, where a bare `<word>` would vanish as an HTML tag. */
export function commandList(table: readonly CommandSpec[] = baseCommands): string {
  return table.map((s) => `\`${s.usage}\``).join(', ');
}

/** Edits between a typo and a command (a letter added, dropped or changed; two neighbours swapped count as one, as people type them). */
function typoDistance(typed: string, verb: string): number {
  for (let i = 0; i + 1 < typed.length; i++) if (typed.length === verb.length && `${typed.slice(0, i)}${typed[i + 1]}${typed[i]}${typed.slice(i + 2)}` === verb) return 1;
  return distance(typed, verb);
}

/** How far a typo may be from its command to be offered: one edit up to five letters, two beyond (`!dance` is not `!done`). */
const typoReach = (typed: string): number => (typed.length <= 5 ? 1 : 2);

/** An unknown verb: the command it is a typo of, when one is close (`!stpo` -> `!stop`), else every command allowed. */
function unknownCommandText(verb: string, table: readonly CommandSpec[]): string {
  const shown = `'!${verb.length > 40 ? `${verb.slice(0, 40)}…` : verb}'`;
  const near = verb.length > 40 ? [] : table.map((s) => ({ spec: s, d: typoDistance(verb, s.verb) })).filter(({ d }) => d <= typoReach(verb));
  const best = Math.min(...near.map(({ d }) => d));
  const closest = near.filter(({ d }) => d === best).map(({ spec }) => `\`${spec.usage}\``);
  if (closest.length) return `unknown command ${shown}: did you mean ${closest.join(' or ')}? \`!help all\` explains them all.`;
  return `unknown command ${shown}. \`!help all\` explains them all; allowed: ${commandList(table)}`;
}

/**
 * `null` when the text is not a command at all (ordinary chat); otherwise the
 * parsed command or a message saying what is allowed.
 */
export function parseCommand(text: string | undefined, table: readonly CommandSpec[] = baseCommands): ParsedCommand | null {
  if (!looksLikeCommand(text)) return null;
  const body = text!.trim().slice(1);
  const head = body.split(/\s+/, 1)[0] ?? '';
  const verb = head.toLowerCase();
  const spec = table.find((s) => s.verb === verb);
  if (!spec) return fail(unknownCommandText(verb, table));
  const target = takeMatch(body.slice(head.length).trim());
  if (target.error) return fail(target.error);
  const parsed = spec.parse(target.text.split(/\s+/).filter(Boolean), target.text);
  return parsed.ok && target.match ? { ...parsed, match: target.match } : parsed;
}

export function actionFor(command: HouseCommand, table: readonly CommandSpec[] = baseCommands): string {
  const verb = command.kind === 'game' ? command.verb : command.kind;
  return table.find((s) => s.verb === verb)?.action ?? 'HOUSE_COMMAND';
}

const allowedIn: Record<Situation, string[]> = {
  idle: ['help', 'games', 'name', 'play', 'status', 'resume'],
  lobby: ['help', 'games', 'name', 'join', 'kick', 'start', 'status', 'stop', 'resume'],
  running: ['help', 'games', 'name', 'status', 'stop', 'grant', 'decline', 'move', 'done', 'view', 'resume'],
};

/** `null` when the command fits the situation; otherwise what is allowed now. Game verbs are checked by their game. */
export function checkSituation(command: HouseCommand, situation: Situation): string | null {
  if (command.kind === 'game') return null;
  if (allowedIn[situation].includes(command.kind)) return null;
  const why: Record<Situation, string> = {
    idle: 'no match is open',
    lobby: 'a match is waiting in the lobby',
    running: 'a match is being played',
  };
  return `!${command.kind} is not possible now: ${why[situation]}. Allowed now: ${allowedIn[situation].map((v) => `!${v}`).join(', ')}.`;
}
