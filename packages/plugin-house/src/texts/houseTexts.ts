import type { AnyGame } from '@the-house/games/engine/types.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import type { CommandSpec } from '../commands/parse.ts';
import type { MatchSummary, PendingBeg, StoredMatch } from '../types.ts';

/** A match's game room, as the GUI lists it. */
export function roomName(games: Record<string, AnyGame>, stored: Pick<StoredMatch, 'game' | 'id'>): string {
  return `${games[stored.game]?.title ?? stored.game} ${stored.id}`;
}

/** `!help`: how to start and watch a match, and every command (placeholders in code spans: the GUI renders chat as markdown). */
export function helpText(games: Record<string, AnyGame>, table: readonly CommandSpec[], dashboardUrl: string): string {
  return [
    `**The House** runs ${Object.values(games).map((g) => g.title).join(', ')} among its players (\`!games\` says what each is).`,
    'Start: `!play trust` opens a lobby (others `!join`, it starts by itself or at `!start`); `!play trust Ada Bram` starts at once; `!play trust me,Ada` gives you a seat. Add `--seed N`, `--delay MS` (between rounds) or `--set KEY=VALUE` (a game setting).',
    `Watch: each match gets a room under *Groups* in this window, and the dashboard: ${dashboardUrl}`,
    'In a seat: the House writes to you each turn with your moves; answer with `!move ...` as shown, `!view` shows everything you know.',
    'A command acts on the match of the room you type it in; add `--match ID` for another. Only the person who opened a match (or an admin) may stop it or answer its begs.',
    'Commands:',
    ...table.map((s) => `- \`${s.usage}\` ${s.help}`),
  ].join('\n');
}

/** `!games`: each game in a line, and how to start one. */
export function gamesText(games: Record<string, AnyGame>): string {
  const lines = Object.values(games).map((g) => `- **${g.title}** (\`${g.id}\`, ${g.minPlayers}-${g.maxPlayers} players): ${g.summary.split(/(?<=\.)\s/)[0]}`);
  return `${lines.join('\n')}\nStart one with \`!play GAME\` (e.g. \`!play trust\`), or \`!play trust me,Ada\` to sit down yourself. \`!help\` lists every command.`;
}

/**
 * What a person is told when a match starts: who plays, and where to watch
 * it. In the web GUI the room is a link: the GUI lists a new group only at its
 * next refresh of the list (every two minutes, or at once on a click of its logo).
 */
export function startedText(games: Record<string, AnyGame>, stored: StoredMatch, publicUrl: string, dashboardUrl: string): string {
  const game = games[stored.game];
  const name = roomName(games, stored);
  const inGui = stored.channelId && stored.serverId && !stored.origin;
  const room = inGui
    ? `the room [${name}](${publicUrl}/group/${stored.channelId}?messageServerId=${stored.serverId}) (it joins the Groups list within two minutes, or at once when you click the elizaOS logo)`
    : `the room "${name}"${stored.origin ? '' : ' under Groups'}`;
  return `${game?.title ?? stored.game} match ${stored.id} has started (seed ${stored.seed}): ${stored.players.join(', ')}. Watch it in ${room}, or on the dashboard: ${dashboardUrl}`;
}

/** The lobby's announcement. */
export function lobbyText(game: AnyGame, stored: StoredMatch, waitMs: number): string {
  return `${game.title} lobby ${stored.id} (seed ${stored.seed}) seats ${stored.players.join(', ')}. Players may !join; it starts in ${Math.round(waitMs / 1000)} s or at !start.`;
}

/** `!status` of one match: the scoreboard, how it ended or why it waits, and whether its match file is there. */
export function statusText(summary: MatchSummary, stored: StoredMatch, state: unknown, pendingBegs: readonly PendingBeg[], fileNote: string): string {
  const s = summary;
  const board = s.players.map((p) => `${p.name}${p.score === null ? '' : ` ${p.score}`}${p.alive ? '' : ' (out)'}`).join(', ');
  const ending = s.status === 'finished' ? describeOutcome(stored.game, state) : null;
  const end = s.status === 'finished' ? (ending ? ` Ending: ${ending}.` : ` Winners: ${s.winners.join(', ') || 'none (draw)'}.`) : '';
  const paused = s.status === 'paused' && stored.paused ? ` Paused: ${stored.paused}.` : '';
  // Amount and reason are the observer's alone (RULES T-a); a status reply may land in a room others read.
  const begs = pendingBegs.map((b) => `${b.player}'s beg`);
  return `${s.game} ${s.id}: ${s.status}, round ${s.round}. ${board}.${end}${paused}${begs.length ? ` Waiting for the observer: ${begs.join('; ')}.` : ''}${fileNote}`;
}

/** Whether a closed match's file is there (`replay-match` and repairs read it), as the end of a status line. */
export function fileNoteText(missing: boolean, why: string | undefined): string {
  return missing ? ` Its match file is missing${why ? ` (it could not be written: ${why})` : ''}.` : '';
}

/** One open table, for `!status` with no match here and for a refusal that names the busy tables. */
export function tableLine(games: Record<string, AnyGame>, s: MatchSummary): string {
  return `${s.id} (${games[s.game]?.title ?? s.game}, ${s.status}${s.status === 'running' ? ` round ${s.round}` : ''}, opened by ${s.owner ?? 'the House'}; room "${s.room}")`;
}

/** What the game room hears as a match begins or resumes. */
export function beginsText(game: AnyGame, stored: StoredMatch): string {
  return `${game.title} begins: ${stored.players.join(', ')} (seed ${stored.seed}). ${game.summary}`;
}

/** `!resume` of a match that is not open. */
export function notOpenText(id: string): string {
  return `Match ${id} is not open, so it cannot resume.`;
}

/** `!resume`'s answer once the match plays on. */
export function resumeText(id: string, round: number): string {
  return `Match ${id} resumes at round ${round}.`;
}

export function resumesText(game: AnyGame, round: number): string {
  return `${game.title} resumes at round ${round}.`;
}

/** The game room's line for a match its budget paused. */
export function budgetPausedText(id: string, why: string): string {
  return `Match ${id} is paused: ${why}. Resume it with !resume ${id} and a larger budget (e.g. --budget-tokens N).`;
}

export function savePausedText(id: string): string {
  return `Match ${id} is paused: the House could not save it. Its owner or an admin can try again with !resume ${id}.`;
}

export function failedText(id: string): string {
  return `Match ${id} stopped: the House could not play it on (its log says why).`;
}

export function dmRoomsClosedText(count: number, dashboardUrl: string): string {
  return `The ${count} DM room${count > 1 ? 's' : ''} of this match ${count > 1 ? 'are' : 'is'} closed; every whisper is in the match's timeline on the dashboard: ${dashboardUrl}`;
}

export function fileNotWrittenText(id: string, why: string): string {
  return `The match file of ${id} could not be written (${why}). The match itself is safe in the House's database; \`replay-match\` and repairs need the file.`;
}

/** A round's private notices for a seated person. */
export function privateRoundText(round: number, notices: readonly unknown[]): string {
  return `Round ${round}, privately for you: ${notices.join(' ')}`;
}

/** The observer's private link: everything of the match, live (RULES S-a). */
export function observerLinkText(id: string, publicUrl: string, key: string): string {
  return `Your observer link for ${id}: everything of it, live, including what the players do not see. It is yours alone; do not share it: ${publicUrl}/house/observe/${key}`;
}

/** The room's line when a person let too many turns pass. */
export function awayText(player: string, turns: number): string {
  return `${player} let ${turns} turns in a row pass: the game's fallback plays for them for the rest of the match.`;
}
