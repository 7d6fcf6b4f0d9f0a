import { randomBytes } from 'node:crypto';
import { checkPlayers, parseConfig } from '@the-house/games/engine/config.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { lookalike } from '@the-house/games/engine/lookalike.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { emptyRecord } from '@the-house/lab/models/matchRecorder.ts';
import { matchOptionsProblem, matchOptionsSchema } from '@the-house/lab/seats/matchOptions.ts';
import { findPlayer, isPlayerAgent, playerNames } from '@the-house/plugin-player/playerRegistry.ts';
import { houseLog } from '../houseLog.ts';
import { hoursText, worstCaseMs } from './matchLimits.ts';
import { tableOf } from '../tables.ts';
import { lobbyText, startedText } from '../texts/houseTexts.ts';
import type { Table } from '../table/table.ts';
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
function lobbySeats(game: AnyGame, seats: number): string[] {
  const agents = playerNames();
  const strategyOf = (name: string): string => {
    const runtime = findPlayer(name);
    const settings = (runtime?.character.settings ?? {}) as { strategies?: Record<string, unknown> };
    const named = settings.strategies && Object.hasOwn(settings.strategies, game.id) ? settings.strategies[game.id] : undefined;
    return typeof named === 'string' ? named : name;
  };
  const seen = new Set<string>();
  const distinct = agents.filter((name) => !seen.has(strategyOf(name)) && seen.add(strategyOf(name)));
  return [...distinct, ...agents.filter((name) => !distinct.includes(name))].slice(0, Math.min(seats, game.maxPlayers));
}

/** The player agent a person's name would pass for: the same name in any case, or in letters that look alike (Іvo with a Cyrillic І is Ivo). */
export function agentNamed(name: string): string | undefined {
  return findPlayer(name)?.character.name ?? playerNames().find((agent) => lookalike(agent) === lookalike(name));
}

/** A new table's when-started announcement, once its room exists (a room that could not be made is the play loop's to report). */
export async function tableStartedText(host: DeskHost, table: Table): Promise<string> {
  await table.roomReady?.catch(() => undefined);
  return startedText(host.games, table.stored, host.settings.dashboardUrl);
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
): Promise<{ ok: true; id: string; text: string } | { ok: false; error: string }> {
  const game = ownValue(host.games, gameId);
  if (!game) return { ok: false, error: `Unknown game '${gameId}'. Games: ${Object.keys(host.games).join(', ')}` };
  const available = playerNames();
  let players: string[];
  const humans: Record<string, HumanSeat> = {};
  const bots: Record<string, string> = Object.create(null);
  const remotes: NonNullable<StoredMatch['remotes']> = Object.create(null);
  const seatedEntrants: SeatedEntrant[] = [];
  if (names.length) {
    if (!author && names.some((n) => n.toLowerCase() === 'me')) return { ok: false, error: '`me` needs a person to seat: name agents only, or send !play from a chat.' };
    const botOf = (n: string) => BOT.exec(n)?.[1];
    const badBots = names.filter((n) => botOf(n) !== undefined && !ownValue(game.strategies, botOf(n)!.toLowerCase()));
    if (badBots.length) return { ok: false, error: `No baseline ${quote(badBots.join(', '))} in ${game.title}. Its baselines: ${Object.keys(game.strategies).map((s) => `bot:${s}`).join(', ')}` };
    const asker = { author, admin: !!author && isAdmin(host.settings.admins, author), privately: (a: CommandAuthor) => typedPrivately(host.gateway, a), spentToday: (name: string) => entrantSpendOf(host.runtime).today(name) };
    const entered = await entrantSeats(new EntrantStore(host.runtime), names.filter((n) => n.toLowerCase() !== 'me' && botOf(n) === undefined && !findPlayer(n)), game, clockSettings().rules, asker);
    if (!entered.ok) return { ok: false, error: entered.error };
    const unknown = names.filter((n) => n.toLowerCase() !== 'me' && botOf(n) === undefined && !findPlayer(n) && !entered.seats.has(entrantKey(n)));
    if (unknown.length) return { ok: false, error: `Unknown player${unknown.length > 1 ? 's' : ''} ${quote(unknown.join(', '))}. Players: ${available.join(', ') || 'none'}, or me` };
    const me = author ? await host.people.nameOf(author) : '';
    players = names.map((n) => {
      if (n.toLowerCase() === 'me') return me;
      const entrant = entered.seats.get(entrantKey(n));
      if (entrant) {
        remotes[entrant.name] = entrant.record;
        seatedEntrants.push(entrant);
        return entrant.name;
      }
      const bot = botOf(n);
      if (bot === undefined) return findPlayer(n)!.character.name;
      bots[bot.toLowerCase()] = bot.toLowerCase();
      return bot.toLowerCase();
    });
    if (me && names.some((n) => n.toLowerCase() === 'me')) {
      if (agentNamed(me)) return { ok: false, error: `${me} is the name of a player agent; a person needs another name to sit down (\`!name NAME\`).` };
      humans[me] = await privateSeat(host, author!);
    }
  } else {
    players = lobbySeats(game, game.presentation.lobbySeats);
  }
  const lobby = names.length === 0;
  const check = lobby ? (players.length < game.minPlayers ? `${game.id} needs at least ${game.minPlayers} players; only ${players.length} are here` : null) : checkPlayers(game, players);
  if (check) return { ok: false, error: check };
  const config = parseConfig(game, rawConfig);
  if (!config.ok) return { ok: false, error: config.error };
  const options = matchOptionsSchema.safeParse(rawOptions);
  if (!options.success) return { ok: false, error: `bad match options: ${matchOptionsProblem(options.error)}` };
  // A table is shared: one match may not hold it for days (rounds x deadlines x the pause between rounds).
  const worst = worstCaseMs(game, config.value, players.length, host.settings.decisionDeadlineMs, options.data.roundDelayMs ?? host.settings.roundDelayMs(game));
  if (worst > host.settings.maxMatchMs) {
    return { ok: false, error: `This match could hold its table for up to ${hoursText(worst)} (every round at its full deadlines, plus the pause between rounds); the House allows ${hoursText(host.settings.maxMatchMs)} (HOUSE_MAX_MATCH_HOURS). Play fewer rounds (--set rounds=N) or a shorter --delay.` };
  }
  const matchSeed = seed ?? Date.now() % 2_147_483_647;
  const id = `${game.id}-${matchSeed}-${crypto.randomUUID().slice(0, 8)}`;
  const now = Date.now();
  const person = author && !isPlayerAgent(author.id) ? author : null;
  const stored: StoredMatch = {
    id,
    game: game.id,
    seed: matchSeed,
    config: config.value,
    status: 'lobby',
    players,
    channelId: null,
    serverId: null,
    state: null,
    log: [],
    history: [],
    origin,
    postedRound: 0,
    options: options.data,
    record: emptyRecord(),
    paused: null,
    humans,
    ...(Object.keys(bots).length ? { bots: { ...bots } } : {}),
    ...(Object.keys(remotes).length ? { remotes: { ...remotes } } : {}),
    // RULES T-c: a person who sits in the match is not its observer; the game's policy answers its begs.
    observer: person && !Object.values(humans).some((h) => h.id === person.id) ? await privateSeat(host, person) : null,
    observerKey: randomBytes(24).toString('base64url'),
    owner: person ? { id: person.id, name: await host.people.nameOf(person) } : null,
    ...(openLobby && names.length === 0 ? { lobbyOpen: true } : {}),
    table: author ? tableOf(author) : 'default',
    rooms: {},
    createdAt: now,
    updatedAt: now,
  };
  const table = host.seat(stored, null);
  if (!(await table.persist())) return { ok: false, error: `The House could not save the new match: ${stored.paused}` };
  if (!lobby) {
    const error = table.begin();
    if (error) return { ok: false, error };
    return { ok: true, id, text: `${await tableStartedText(host, table)}${seatTokenText(host.runtime, host.settings.publicUrl, seatedEntrants)}` };
  }
  const wait = host.settings.lobbyMs;
  houseLog(host.runtime, `${id} lobby opened${stored.owner ? ` by ${stored.owner.name}` : ''}: ${players.join(', ')}; starts in ${Math.round(wait / 1000)} s`);
  table.lobbyTimer = setTimeout(() => {
    // Started by the clock, with nobody's command to answer: the table is told where to watch.
    if (!table.begin()) void tableStartedText(host, table).then((text) => table.voice.tellObserver(text));
  }, wait);
  return { ok: true, id, text: lobbyText(game, stored, wait) };
}
