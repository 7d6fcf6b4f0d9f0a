import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { CommandSpec } from '../commands/parse.ts';
import { gameLines } from './houseTexts.ts';
import { guiLink } from './matchPageLine.ts';
import { paceHelpLine } from './paceTexts.ts';

/** What `!help` is asked about: nothing (the overview), `all`, a game or a command. */
export interface HelpAsk {
  games: Record<string, AnyGame>;
  /** Every command: the House's and every game's. */
  table: readonly CommandSpec[];
  dashboardUrl: string;
  /** Asked in the web GUI: its links are relative (they open on the address the person reached it by). */
  inGui?: boolean;
  /** Each game's commands: its own verbs and the House's that only its matches use (Trust's begs), by game id. */
  byGame: ReadonlyMap<string, readonly CommandSpec[]>;
  topic?: string;
}

/** The House's commands every match takes, for one game's help. */
const IN_A_MATCH = ['move', 'view', 'status', 'stop'];

const line = (s: CommandSpec): string => `- \`${s.usage}\` ${s.help}`;

/** Where to watch; in the GUI, what its every link does first. */
function watchLine(ask: HelpAsk): string {
  const where = 'Watch: each match gets a room under *Groups* in this window, and the dashboard: ';
  return ask.inGui ? `${where}${guiLink('/house')} (this window asks "Open external link?" before it opens any link, in a new tab)` : `${where}${ask.dashboardUrl}`;
}

const more = (games: Record<string, AnyGame>): string => `More: \`!help GAME\` for one game's commands (${Object.keys(games).map((id) => `\`!help ${id}\``).join(', ')}), \`!help all\` for every command.`;

function overview(ask: HelpAsk): string {
  return [
    `**The House** runs ${Object.values(ask.games).map((g) => g.title).join(', ')} among its players (\`!games\` says what each is).`,
    '- Start: `!play trust` opens a lobby you may `!join`; `!play trust Ada Bram` starts at once; `!play trust me,Ada` gives you a seat.',
    `- ${paceHelpLine}`,
    `- ${watchLine(ask)}`,
    '- In a seat: the House writes to you each turn with your moves; answer with `!move ...` as shown; `!view` shows what you know.',
    '- `!status` shows the match of the room you type it in, `!stop` stops it (you opened it, or you are an admin).',
    more(ask.games),
  ].join('\n');
}

function everything(ask: HelpAsk): string {
  const ownedByAGame = new Set([...ask.byGame.values()].flat().map((s) => s.verb));
  const sections = [...ask.byGame].filter(([, specs]) => specs.length).map(([id, specs]) => [`In ${ask.games[id]?.title ?? id} only:`, ...specs.map(line)]);
  return [
    `**The House** runs ${Object.values(ask.games).map((g) => g.title).join(', ')} among its players (\`!games\` says what each is).`,
    'Start: `!play trust` opens a lobby (you and the admins may `!join` it, anyone when opened with `!play trust --open`; it starts by itself or at `!start`); `!play trust Ada Bram` starts at once; `!play trust me,Ada` gives you a seat. Add `--seed N`, `--delay MS` (between rounds) or `--set KEY=VALUE` (a game setting).',
    paceHelpLine,
    watchLine(ask),
    'In a seat: the House writes to you each turn with your moves; answer with `!move ...` as shown, `!view` shows everything you know.',
    'A command acts on the match of the room you type it in; add `--match ID` for another. Only the person who opened a match (or an admin) may stop it or answer its begs.',
    'Commands:',
    ...ask.table.filter((s) => !ownedByAGame.has(s.verb)).map(line),
    ...sections.flat(),
  ].join('\n');
}

function oneGame(ask: HelpAsk, game: AnyGame): string {
  const common = IN_A_MATCH.flatMap((verb) => ask.table.filter((s) => s.verb === verb));
  return [gameLines(game), 'In its match:', ...[...common, ...(ask.byGame.get(game.id) ?? [])].map(line), '`!help all` lists every command.'].join('\n');
}

/**
 * `!help`: a short overview with the commands people use first; `!help GAME`
 * one game's commands; `!help all` every command (a game's own verbs under its
 * name, after the House's); `!help VERB` one command. Placeholders are in code
 * spans: the GUI renders chat as markdown.
 */
export function helpText(ask: HelpAsk): string {
  const topic = ask.topic?.toLowerCase().replace(/^!/, '');
  if (topic === undefined) return overview(ask);
  if (topic === 'all') return everything(ask);
  const game = Object.hasOwn(ask.games, topic) ? ask.games[topic] : undefined;
  if (game) return oneGame(ask, game);
  const command = ask.table.find((s) => s.verb === topic);
  if (command) return `${line(command)}\n\`!help all\` lists every command.`;
  const shown = topic.length > 40 ? `${topic.slice(0, 40)}…` : topic;
  return `No game or command '${shown}'. ${more(ask.games)}`;
}
