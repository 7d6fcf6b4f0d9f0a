import type { AnyGame } from '@the-house/games/engine/types.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import type { MatchSummary, PendingBeg, StoredMatch } from '../types.ts';
import { guiLink } from './matchPageLine.ts';
import { forkBeginsText } from './forkTexts.ts';

/** The short part of a match id a person can tell matches apart by (and type: `--match` takes it). */
export function shortId(id: string): string {
  return (id.split('-').at(-1) ?? id).slice(0, 4);
}

/** A match's game room, as the GUI lists it: the game, the short id and who plays, so that rooms do not look alike. */
export function roomName(games: Record<string, AnyGame>, stored: Pick<StoredMatch, 'game' | 'id' | 'players'>): string {
  const shown = stored.players.slice(0, 3).join(', ');
  const more = stored.players.length > 3 ? ` +${stored.players.length - 3}` : '';
  return `${games[stored.game]?.title ?? stored.game} ${shortId(stored.id)} · ${shown}${more}`;
}

/** A game in three lines: what it is, how a round goes (its summary's first sentences), and how to start it. */
export function gameLines(g: AnyGame): string {
  const sentences = g.summary.split(/(?<=\.)\s/);
  return `- **${g.title}** (\`${g.id}\`, ${g.minPlayers}-${g.maxPlayers} players): ${sentences[0]}\n  ${sentences.slice(1, 3).join(' ')}\n  Start: \`!play ${g.id}\`; sit down yourself: \`!play ${g.id} me,NAMES\`.`;
}

/** `!games`: each game in three lines, and how to start one. */
export function gamesText(games: Record<string, AnyGame>): string {
  const lines = Object.values(games).map(gameLines);
  return `${lines.join('\n')}\nStart one with \`!play GAME\` (e.g. \`!play trust\`), or \`!play trust me,Ada\` to sit down yourself. \`!help\` lists every command.`;
}

/** `!play` alone: which games there are. */
export function playWhichText(games: Record<string, AnyGame>): string {
  return `Which game? ${Object.values(games).map((g) => `\`!play ${g.id}\` (${g.title})`).join(', ')}. \`!games\` says what each is.`;
}

/**
 * What a person is told when a match starts: who plays, and where to watch
 * it. In the web GUI the room is a link: the GUI lists a new group only at its
 * next refresh of the list (every two minutes, or at once on a click of its logo).
 */
export function startedText(games: Record<string, AnyGame>, stored: StoredMatch, dashboardUrl: string): string {
  const game = games[stored.game];
  const name = roomName(games, stored);
  const inGui = stored.channelId && stored.serverId && !stored.origin;
  // A link relative to where the person is: the GUI opens it in place, on whatever address they reach the host by.
  const room = inGui ? `the room [${name}](/group/${stored.channelId}?messageServerId=${stored.serverId})` : `the room "${name}"${stored.origin ? '' : ' under Groups'}`;
  const dashboard = inGui ? guiLink('/house') : dashboardUrl;
  return `${game?.title ?? stored.game} match ${stored.id} has started (seed ${stored.seed}): ${stored.players.join(', ')}. Watch it in ${room}, or on the dashboard: ${dashboard}`;
}

/** The lobby's announcement. */
export function lobbyText(game: AnyGame, stored: StoredMatch, waitMs: number): string {
  const who = stored.lobbyOpen || !stored.owner ? 'Anyone may !join' : `${stored.owner.name} and House admins may !join (\`!play ${game.id} --open\` opens a lobby to anyone)`;
  return `${game.title} lobby ${stored.id} (seed ${stored.seed}) seats ${stored.players.join(', ')}. ${who}; it starts in ${Math.round(waitMs / 1000)} s or at !start.`;
}

/** `!status` of one match: the scoreboard, how it ended or why it waits, and whether its match file is there. */
export function statusText(summary: MatchSummary, stored: StoredMatch, state: unknown, pendingBegs: readonly PendingBeg[], fileNote: string, unit = ''): string {
  const s = summary;
  const board = s.players.map((p) => `${p.name}${p.score === null ? '' : ` ${scoreText(p.score, unit)}`}${p.alive ? '' : ' (out)'}`).join(', ');
  const ending = s.status === 'finished' ? describeOutcome(stored.game, state) : null;
  const end = s.status === 'finished' ? (ending ? ` Ending: ${ending}.` : ` Winners: ${s.winners.join(', ') || 'none (draw)'}.`) + resultsClause(s) : '';
  const paused = s.status === 'paused' && stored.paused ? ` Paused: ${stored.paused}.` : '';
  // Amount and reason are the observer's alone (RULES T-a); a status reply may land in a room others read.
  const begs = pendingBegs.map((b) => `${b.player}'s beg`);
  return `${s.game} ${s.id}: ${s.status}, round ${s.round}. ${board}.${end}${paused}${begs.length ? ` Waiting for the observer: ${begs.join('; ')}.` : ''}${fileNote}`;
}

/** A score as a person reads it: whole numbers as they are, others with two decimals, always with its unit. */
export function scoreText(score: number, unit: string): string {
  const n = Number.isInteger(score) ? score.toLocaleString('en-US') : score.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return unit ? `${n} ${score === 1 ? singular(unit) : unit}` : n;
}

/** A game's score unit for one (`1 round survived`, `1 sat`): its first word without the plural s; `gold` stays. */
function singular(unit: string): string {
  const [first = '', ...rest] = unit.split(' ');
  return [first.endsWith('s') && !first.endsWith('ss') ? first.slice(0, -1) : first, ...rest].join(' ');
}

/** Whether a closed match's file is there (`replay-match` and repairs read it), as the end of a status line. */
export function fileNoteText(missing: boolean, why: string | undefined): string {
  return missing ? ` Its match file is missing${why ? ` (it could not be written: ${why})` : ''}.` : '';
}

/** One open table, for `!status` with no match here and for a refusal that names the busy tables. */
export function tableLine(games: Record<string, AnyGame>, s: MatchSummary): string {
  return `${s.id} (${games[s.game]?.title ?? s.game}, ${s.status}${s.status === 'running' ? ` round ${s.round}` : ''}, opened by ${s.owner ?? 'the House'}; room "${s.room}")`;
}

/**
 * What the game room hears as a match begins: who plays, then this match's
 * rules from its starting state's config, the same lines a model's prompt
 * opens with (the game's summary states the defaults, which a match may not play by).
 */
export function beginsText(game: AnyGame, stored: StoredMatch, state: unknown): string {
  const opening = stored.fork ? forkBeginsText(game.title, stored.players, stored.fork, (state as { round: number }).round) : `${game.title} begins: ${stored.players.join(', ')} (seed ${stored.seed}).`;
  return `${opening}\n${game.rulesText(state)}`;
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
  return `Match ${id} is paused: the House could not save it. It goes on by itself once the database answers again; its owner or an admin can try sooner with !resume ${id}.`;
}

/** A stopped match's last line in its room: it ends here, at which round, and by whom. */
export function roomStoppedText(id: string, round: number, by: string | undefined): string {
  return `Match ${id} was stopped${round > 0 ? ` at round ${round}` : ''} by ${by ?? 'the House'}: it ends here, unfinished and unrated; its page keeps the rounds played.`;
}

/** A failed match's last line in its room: it cannot resume (it would fail again), so it ends as a stopped one does. */
export function failedText(id: string): string {
  return `Match ${id} stopped: the House could not play it on (its log says why). It ends here, unfinished and unrated; its page keeps the rounds played.`;
}

/** A running match's last line as the House stops: it plays on from its last save when the House starts again (resumeAll). */
export function haltedText(id: string, round: number): string {
  return `Match ${id} pauses${round > 0 ? ` at round ${round}` : ''}: the House is stopping. It plays on by itself from its last saved round when the House starts again.`;
}

/** To the opener of a lobby whose clock ran out with seats that do not fit its game: it stays a lobby until they act. */
export function lobbyNotStartedText(id: string, why: string): string {
  return `Match ${id} did not start: ${why}. It waits in its lobby: seat players with !join and start it with \`!start --match ${id}\`, or end it with \`!stop --match ${id}\`.`;
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

/** The observer's private link (everything of the match, live: RULES S-a), behind a link that shows it once (`reveal/`). */
export function observerLinkText(id: string, revealLink: string): string {
  return `Your observer link for ${id} (everything of it, live, including what the players do not see) is behind this link, which shows it once within an hour: ${revealLink} . If it says it was opened already, someone else read it; \`!status\` here gives a new one.`;
}

/** The room's line when a person let too many turns pass. */
export function awayText(player: string, turns: number): string {
  return `${player} let ${turns} turns in a row pass: the game's fallback plays for them for the rest of the match.`;
}

/** What a finished match's summary adds when a seat forfeited or is void: who, why, and the winners that follow (empty when every seat played its own moves). */
export function resultsClause(summary: MatchSummary): string {
  if (!summary.results?.length) return '';
  return ` Results: ${summary.results.map((r) => r.note).join('; ')}. Winners by the results: ${summary.winners.join(', ') || 'none'}.`;
}

/** The game room's line at the end when a seat forfeited or is void (the room heard the game's own ending with the last round); null otherwise. */
export function roomResultsText(game: AnyGame, summary: MatchSummary): string | null {
  const clause = resultsClause(summary);
  return clause ? `${game.title} ${summary.id}:${clause}` : null;
}

const ordinal = (n: number): string => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/** Where each seat finished: seats that played their own moves first (a forfeit or void seat after them), then winners, the living, by score; equal ones share a place. */
export function placeOf(summary: MatchSummary, player: string): number {
  const unplayed = new Set((summary.results ?? []).map((r) => r.player));
  const rank = (p: MatchSummary['players'][number]) => [unplayed.has(p.name) ? 0 : 1, summary.winners.includes(p.name) ? 1 : 0, p.alive ? 1 : 0, p.score ?? 0];
  const mine = summary.players.find((p) => p.name === player);
  if (!mine) return summary.players.length;
  const own = rank(mine);
  return 1 + summary.players.filter((p) => {
    const other = rank(p);
    const i = other.findIndex((v, k) => v !== own[k]);
    return i >= 0 && other[i]! > own[i]!;
  }).length;
}

/**
 * What a match's end says privately to each person who sat in it, and to the
 * person who opened it: how it ended, their own line, where the whole match
 * is (public now), and how to verify it where the game offers a check.
 */
export function resultText(game: AnyGame, summary: MatchSummary, ending: string | null, pageUrl: string, audit: string | null, seat: string | null): string {
  const head = `Match over: ${game.title} ${summary.id}. ${ending ? `${ending[0]!.toUpperCase()}${ending.slice(1)}.` : summary.winners.length ? `Won by ${summary.winners.join(', ')}.` : 'A draw.'}${resultsClause(summary)}`;
  const me = seat ? summary.players.find((p) => p.name === seat) : undefined;
  const myResult = me ? summary.results?.find((r) => r.player === me.name) : undefined;
  const how = myResult ? `: your result is ${myResult.class === 'forfeit' ? 'a forfeit' : 'void'}` : me && summary.winners.includes(me.name) ? ': you won' : '';
  const mine = me ? ` You finished ${ordinal(placeOf(summary, me.name))} of ${summary.players.length}${me.score === null ? '' : ` with ${scoreText(me.score, game.scoreName)}`}${how}.` : '';
  return `${head}${mine} The whole match, now public: ${pageUrl}${audit ? `. ${audit}` : ''}`;
}
