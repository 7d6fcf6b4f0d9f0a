import { randomBytes } from 'node:crypto';
import { checkPlayers, parseConfig } from '@the-house/games/engine/config.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { lookalike } from '@the-house/games/engine/lookalike.ts';
import { nullRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import { emptyRecord } from '@the-house/lab/models/matchRecorder.ts';
import { matchOptionsProblem, matchOptionsSchema, type MatchOptions } from '@the-house/lab/seats/matchOptions.ts';
import { houseLog } from '../houseLog.ts';
import { hoursText, worstCaseMs } from './matchLimits.ts';
import { tableOf } from '../tables.ts';
import { lobbyText, startedText } from '../texts/houseTexts.ts';
import { badOptionsText, meIsAgentText, meNeedsPersonText, noBaselineText, notSavedText, tooFewHereText, tooLongText, unknownGameText, unknownPlayersText } from '../texts/openMatchTexts.ts';
import type { Table } from '../table/table.ts';
import type { PlayerDirectory } from '../playerDirectory.ts';
import { agentSpec, seatHeldBy, type SeatSpecs } from '../seats/seatSpec.ts';
import type { CommandAuthor, HumanSeat, StoredMatch } from '../types.ts';
import type { DeskHost } from './deskHost.ts';
import { clockSettings } from '@the-house/lab/remote/clockSettings.ts';
import { entrantSeats, type SeatedEntrant } from '../entrants/entrantSeats.ts';
import { seatTokenText } from '../reveal/secretLinks.ts';
import { EntrantStore } from '../entrants/entrantStore.ts';
import { typedPrivately } from '../entrants/typedPrivately.ts';
import { entrantKey } from '../entrants/entrantKey.ts';
import { entrantSpendOf } from '../entrants/entrantSpend.ts';
import { isAdmin } from '../access.ts';
import { houseOf, personSeatIn, seatChatLine } from './seatChatLine.ts';

/** A line-up entry that seats one of the game's baselines with no agent behind it. */
const BOT = /^bot:(.+)$/i;

/** At most this much of what a person typed is quoted back. */
const QUOTE = 200;
export const quote = (text: string): string => (text.length > QUOTE ? `${text.slice(0, QUOTE)}… (${text.length} characters)` : text);

/**
 * Where the House writes to a person what is theirs alone (their turns, their
 * notices, an observer's begs and link): their direct chat with the House,
 * never the room the command was typed in when others read it. On Discord,
 * their DM with the House's bot (the one exception: a person whose DMs refuse
 * the bot is named in the match's thread); in the web GUI, the chat they typed in when
 * the server records it as theirs and the House's alone, else a direct chat
 * the House opens with them.
 */
export async function privateSeat(host: DeskHost, author: CommandAuthor): Promise<HumanSeat> {
  // On Discord without a DM that works (closed to the server), the Discord id lets the House name and ping them in the match's thread instead.
  if (author.origin) return { id: author.id, room: null, origin: author.direct ?? null, ...(author.discordId ? { discordId: author.discordId } : {}) };
  const gateway = host.gateway;
  const here = author.room ?? null;
  const hereIsPrivate = here ? (gateway.isPrivateTo ? await gateway.isPrivateTo(here.channelId, author.id) : author.private !== false) : false;
  const room = hereIsPrivate ? here : ((await gateway.directRoom?.(author.id)) ?? null);
  return { id: author.id, room, origin: null };
}

/** The players a lobby seats by itself: agents with different baselines for the game first, so the table shows a mix. */
function lobbySeats(players: PlayerDirectory, game: AnyGame, seats: number): string[] {
  const agents = players.names();
  const strategyOf = (name: string): string => {
    const runtime = players.find(name);
    const settings = (runtime?.character.settings ?? {}) as { strategies?: Record<string, unknown> };
    const named = settings.strategies && Object.hasOwn(settings.strategies, game.id) ? settings.strategies[game.id] : undefined;
    return typeof named === 'string' ? named : name;
  };
  const seen = new Set<string>();
  const distinct = agents.filter((name) => !seen.has(strategyOf(name)) && seen.add(strategyOf(name)));
  return [...distinct, ...agents.filter((name) => !distinct.includes(name))].slice(0, Math.min(seats, game.maxPlayers));
}

/** The player agent a person's name would pass for: the same name in any case, or in letters that look alike (Іvo with a Cyrillic І is Ivo). */
export function agentNamed(players: PlayerDirectory, name: string): string | undefined {
  return players.find(name)?.character.name ?? players.names().find((agent) => lookalike(agent) === lookalike(name));
}

/** A new table's when-started announcement, once its room exists (a room that could not be made is the play loop's to report). */
export async function tableStartedText(host: DeskHost, table: Table): Promise<string> {
  await table.roomReady?.catch(() => undefined);
  return startedText(host.games, table.stored, host.settings.dashboardUrl);
}

type Refused = { ok: false; error: string };
type Opened = { ok: true; id: string; text: string } | Refused;
const refused = (error: string): Refused => ({ ok: false, error });

/** Who sits where: the players in seat order and who plays each seat other than a player agent. */
export interface LineUp {
  players: string[];
  seats: SeatSpecs;
  entrants: SeatedEntrant[];
}

const emptyLineUp = (players: string[]): LineUp => ({ players, seats: nullRecord(), entrants: [] });
const isMe = (name: string): boolean => name.toLowerCase() === 'me';
const botOf = (name: string): string | undefined => BOT.exec(name)?.[1];
/** Names that are not `me`, a baseline or a player agent: registered entrants, or unknown. */
const othersIn = (players: PlayerDirectory, names: readonly string[]): string[] => names.filter((n) => !isMe(n) && botOf(n) === undefined && !players.find(n));

/** The seats `!play`'s names ask for, once every name is known: `me`, baselines, player agents and entrants. */
export async function namedLineUp(host: DeskHost, game: AnyGame, names: string[], author: CommandAuthor | null): Promise<LineUp | Refused> {
  if (!author && names.some(isMe)) return refused(meNeedsPersonText);
  const badBots = names.filter((n) => botOf(n) !== undefined && !ownValue(game.strategies, botOf(n)!.toLowerCase()));
  if (badBots.length) return refused(noBaselineText(quote(badBots.join(', ')), game.title, Object.keys(game.strategies)));
  const asker = { author, admin: !!author && isAdmin(host.settings.admins, author), privately: (a: CommandAuthor) => typedPrivately(host.gateway, a), spentToday: (name: string) => entrantSpendOf(host.runtime).today(name) };
  const entered = await entrantSeats(new EntrantStore(host.runtime), othersIn(host.players, names), game, clockSettings().rules, asker);
  if (!entered.ok) return refused(entered.error);
  const unknown = othersIn(host.players, names).filter((n) => !entered.seats.has(entrantKey(n)));
  if (unknown.length) return refused(unknownPlayersText(unknown.length, quote(unknown.join(', ')), host.players.names()));
  return seatNames(host, names, entered.seats, author);
}

/** Each name to its seat; `me` sits under the name the person goes by, which may not be a player agent's. */
async function seatNames(host: DeskHost, names: string[], entrants: ReadonlyMap<string, SeatedEntrant>, author: CommandAuthor | null): Promise<LineUp | Refused> {
  const me = author ? await host.people.nameOf(author) : '';
  const lineUp = emptyLineUp([]);
  lineUp.players = names.map((n) => {
    if (isMe(n)) return me;
    const entrant = entrants.get(entrantKey(n));
    if (entrant) {
      lineUp.seats[entrant.name] = { kind: 'remote', remote: entrant.record };
      lineUp.entrants.push(entrant);
      return entrant.name;
    }
    const bot = botOf(n);
    if (bot === undefined) return host.players.find(n)!.character.name;
    lineUp.seats[bot.toLowerCase()] = { kind: 'strategy', strategy: bot.toLowerCase() };
    return bot.toLowerCase();
  });
  if (me && names.some(isMe)) {
    if (agentNamed(host.players, me)) return refused(meIsAgentText(me));
    lineUp.seats[me] = { kind: 'person', person: await privateSeat(host, author!) };
  }
  return lineUp;
}

/** The match's config and options, checked, and within how long the House lets one match hold a table. */
function matchSettings(host: DeskHost, game: AnyGame, players: readonly string[], lobby: boolean, rawConfig: unknown, rawOptions: unknown): { ok: true; config: unknown; options: MatchOptions } | Refused {
  const check = lobby ? (players.length < game.minPlayers ? tooFewHereText(game.id, game.minPlayers, players.length) : null) : checkPlayers(game, [...players]);
  if (check) return refused(check);
  const config = parseConfig(game, rawConfig);
  if (!config.ok) return refused(config.error);
  const options = matchOptionsSchema.safeParse(rawOptions);
  if (!options.success) return refused(badOptionsText(matchOptionsProblem(options.error)));
  // A table is shared: one match may not hold it for days (rounds x deadlines x the pause between rounds).
  const worst = worstCaseMs(game, config.value, players.length, host.settings.decisionDeadlineMs, options.data.roundDelayMs ?? host.settings.roundDelayMs(game));
  if (worst > host.settings.maxMatchMs) return refused(tooLongText(hoursText(worst), hoursText(host.settings.maxMatchMs)));
  return { ok: true, config: config.value, options: options.data };
}

/** What a new match is made of, once its seats and settings are checked. */
interface NewMatch {
  game: AnyGame;
  lineUp: LineUp;
  config: unknown;
  options: MatchOptions;
  seed: number | undefined;
  origin: StoredMatch['origin'];
  author: CommandAuthor | null;
  lobby: boolean;
  openLobby: boolean;
}

/** The new match's record: a lobby until it begins, owned by the person who opened it (a player agent owns none). */
async function newStoredMatch(host: DeskHost, m: NewMatch): Promise<StoredMatch> {
  const seed = m.seed ?? Date.now() % 2_147_483_647;
  const now = Date.now();
  const person = m.author && !host.players.isAgent(m.author.id) ? m.author : null;
  const { players } = m.lineUp;
  const seats = nullRecord(players.map((p) => [p, ownValue(m.lineUp.seats, p) ?? agentSpec()]));
  return {
    id: `${m.game.id}-${seed}-${crypto.randomUUID().slice(0, 8)}`,
    game: m.game.id,
    seed,
    config: m.config,
    status: 'lobby',
    players,
    channelId: null,
    serverId: null,
    state: null,
    log: [],
    history: [],
    origin: m.origin,
    postedRound: 0,
    options: m.options,
    record: emptyRecord(),
    paused: null,
    seats,
    // RULES T-c: a person who sits in the match is not its observer; the game's policy answers its begs.
    observer: person && seatHeldBy({ seats }, person.id) === undefined ? await privateSeat(host, person) : null,
    observerKey: randomBytes(24).toString('base64url'),
    owner: person ? { id: person.id, name: await host.people.nameOf(person) } : null,
    ...(m.openLobby && m.lobby ? { lobbyOpen: true } : {}),
    table: m.author ? tableOf(m.author) : 'default',
    rooms: {},
    createdAt: now,
    updatedAt: now,
  };
}

/** A lobby waits `HOUSE_LOBBY_MS`, then begins by itself unless `!start` began it sooner. */
function waitInLobby(host: DeskHost, game: AnyGame, table: Table): Opened {
  const { stored } = table;
  const wait = host.settings.lobbyMs;
  houseLog(host.runtime, `${stored.id} lobby opened${stored.owner ? ` by ${stored.owner.name}` : ''}: ${stored.players.join(', ')}; starts in ${Math.round(wait / 1000)} s`);
  table.lobbyTimer = setTimeout(() => {
    // Started by the clock, with nobody's command to answer: the table is told where to watch.
    if (table.beginByItself()) void tableStartedText(host, table).then((text) => table.voice.tellObserver(text));
  }, wait);
  return { ok: true, id: stored.id, text: lobbyText(game, stored, wait) };
}

/**
 * Opens a match: with names it starts at once; without, a lobby seated with
 * the game's default count that starts by itself. Names are player agents,
 * `me` (the person who typed it), `bot:<strategy>` (one of the game's
 * baselines) or registered entrants (`@mybot`, `!enter`).
 */
export async function openMatch(
  host: DeskHost,
  gameId: string,
  names: string[],
  seed?: number,
  origin: StoredMatch['origin'] = null,
  rawOptions: unknown = {},
  author: CommandAuthor | null = null,
  rawConfig: unknown = {},
  openLobby = false,
): Promise<Opened> {
  const game = ownValue(host.games, gameId);
  if (!game) return refused(unknownGameText(gameId, Object.keys(host.games)));
  const lobby = names.length === 0;
  const lineUp = lobby ? emptyLineUp(lobbySeats(host.players, game, game.presentation.lobbySeats)) : await namedLineUp(host, game, names, author);
  if ('ok' in lineUp) return lineUp;
  const settings = matchSettings(host, game, lineUp.players, lobby, rawConfig, rawOptions);
  if (!settings.ok) return settings;
  const stored = await newStoredMatch(host, { game, lineUp, config: settings.config, options: settings.options, seed, origin, author, lobby, openLobby });
  const table = host.seat(stored, null);
  if (!(await table.persist())) return refused(notSavedText(stored.paused));
  if (lobby) return waitInLobby(host, game, table);
  const error = table.begin();
  if (error) return refused(error);
  const turns = author ? seatChatLine(houseOf(host), author, personSeatIn(lineUp.seats, author.id)) : '';
  return { ok: true, id: stored.id, text: `${await tableStartedText(host, table)}${turns}${seatTokenText(host.runtime, host.settings.publicUrl, lineUp.entrants)}` };
}
