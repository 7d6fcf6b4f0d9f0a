import type { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { playerDiscordIds } from '../discord/discordClient.ts';
import { errorLine } from '../discord/discordError.ts';
import { DiscordOutbox } from '../discord/discordOutbox.ts';
import { discordSignOuts } from '../discord/discordSignOuts.ts';
import { dmClosedSecretText, houseSignedOutText, playerSignedOutText } from '../discord/discordTexts.ts';
import { reopenGameRoom, roomAfterRefusal, type RoomFallback } from '../discord/gameRoomFallback.ts';
import { gameRoomOn } from '../discord/gameRoomOn.ts';
import { postedRecently } from '../discord/postedRecently.ts';
import { postOnPlatform, type Speaker } from '../discord/postOnPlatform.ts';
import { UndeliveredPost } from '../discord/undeliveredPost.ts';
import type { HouseGame } from '../games/houseGame.ts';
import type { GameRoom } from '../roomGateway.ts';
import type { RoomPicture } from '../pictures/roomPicture.ts';
import { picturesText, roundPictures } from '../pictures/roundPictures.ts';
import { roundText } from '../roundText.ts';
import { sumOf } from '../storeRows.ts';
import { personOf, seatSpecOf } from '../seats/seatSpec.ts';
import { dmRoomName } from '../roomNames.ts';
import { dmRoomsClosedText, roomName } from '../texts/houseTexts.ts';
import { matchPageLine, PAGE_LINK_EVERY } from '../texts/matchPageLine.ts';
import type { HumanSeat, StoredMatch } from '../types.ts';
import type { TableHost } from './tableHost.ts';
import { tellOwner } from './tellOwner.ts';

/**
 * Everything a table says, and the one place that knows rooms and platforms:
 * the game room (a GUI group, and the Discord channel or thread of `!play`),
 * the private rooms of a match's DMs, a seated person's chat with the House,
 * and the observer's. What is said privately goes only where that person
 * reads it, with one exception on Discord: a person whose DMs refuse the
 * House's bot is named (and pinged) in the match's thread or channel, at
 * once and once, though never with the observer link. Where Discord refuses
 * the game room itself, the match moves to the thread's channel (or, out of
 * sight or deleted, to the web GUI alone) after one refused call, saying
 * so once; where Discord signs the House's bot out, the match leaves Discord
 * for the web GUI, and its owner is told.
 */
export class TableVoice {
  /** The keyed posts of the platform room, each sent once across a restart (the GUI's room keys its own). */
  private readonly outbox: DiscordOutbox;

  /** `persist` saves the match (a closed match's voice has nothing to save). */
  constructor(
    private readonly host: TableHost,
    private readonly stored: StoredMatch,
    private readonly persist: () => Promise<boolean> = async () => true,
  ) {
    this.outbox = new DiscordOutbox(host.runtime, stored.id);
  }

  /** The player agent that speaks for a seat: only one an agent plays (a fork may give an agent's seat, and its name, to a person or a baseline). */
  private agentOf(player: PlayerId) {
    return seatSpecOf(this.stored, player).kind === 'agent' ? this.host.players.find(player) : undefined;
  }

  private get roomName(): string {
    return roomName(this.host.games, this.stored);
  }

  /** The match's game room: a group of the House and its agents in the GUI, and on Discord a thread where `!play` was typed. */
  async openRoom(): Promise<void> {
    const { stored } = this;
    const members = stored.players.map((p) => this.agentOf(p)?.agentId).filter((x): x is NonNullable<typeof x> => !!x);
    const room = await this.host.gateway.createRoom(this.roomName, [this.host.runtime.agentId, ...members]);
    if (room) {
      stored.channelId = room.channelId;
      stored.serverId = room.serverId;
    }
    if (!stored.origin) return;
    const opened = await gameRoomOn(this.host.runtime, stored.origin, this.roomName, stored.id);
    stored.origin = opened.room;
    if (opened.note) await postOnPlatform(this.host.runtime, opened.room, opened.note, undefined, [], this.mentions()).catch((error) => this.host.runtime.logger.warn(`House: could not post to discord: ${errorLine(error)}`));
  }

  /** A public line: the game room, and the platform channel the match was opened from. `as` speaks for a player; `pictures` go with the text. */
  async say(text: string, key?: string, as?: PlayerId, pictures: readonly RoomPicture[] = []): Promise<void> {
    await this.speak(text, key, as, pictures, new Map());
  }

  /** `say`, pinging on Discord the people in `people` (lower-case name to Discord id) the text names. */
  private async speak(text: string, key: string | undefined, as: PlayerId | undefined, pictures: readonly RoomPicture[], people: ReadonlyMap<string, string>, guiText = text): Promise<void> {
    const { stored } = this;
    if (stored.origin) {
      const send = () => this.toPlatformRoom(text, as ? { name: this.postAuthor(as).name, runtime: this.agentOf(as) } : undefined, pictures, people);
      const origin = stored.origin;
      const posted = () => (origin.source === 'discord' ? postedRecently(this.host.runtime, origin.channelId, text, this.mentions(people)) : Promise.resolve(null));
      if (key) await this.outbox.once(key, send, posted);
      else await send();
    }
    if (!stored.channelId || !stored.serverId) return;
    const room: GameRoom = { channelId: stored.channelId, serverId: stored.serverId };
    await this.host.gateway.post(room, guiText, key, as ? this.postAuthor(as) : undefined, pictures);
  }

  /**
   * A public line whose last line, a link to the match page, only the web
   * GUI's room gets: a GUI room shows its last 30 messages, so a late watcher
   * needs the page, while a Discord channel keeps its whole history and a
   * server's AutoMod may refuse a post for its link.
   */
  async sayWithPage(text: string, pageLine: string, key?: string, pictures: readonly RoomPicture[] = []): Promise<void> {
    await this.speak(text, key, undefined, pictures, new Map(), `${text}\n${pageLine}`);
  }

  /** A finished round's post: its text with its pictures; pictures alone (the text went out with the phase, as Influence's last round does) with what they show in words. Every tenth round's text ends, in the GUI's room, with the match page at that round. */
  async postRound(round: number, text: string | null, pictures: readonly RoomPicture[]): Promise<void> {
    if (text !== null && round % PAGE_LINK_EVERY === 0) await this.sayWithPage(text, matchPageLine(this.stored.id, round), `round:${round}`, pictures);
    else if (text !== null) await this.say(text, `round:${round}`, undefined, pictures);
    else if (pictures.length) await this.say(picturesText(pictures), `pictures:${round}`, undefined, pictures);
  }

  /** Who a Discord post may mention: the player agents with a bot of their own, then `people`. */
  private mentions(people: ReadonlyMap<string, string> = new Map()): Map<string, string> {
    return new Map([...playerDiscordIds(this.host.players), ...people]);
  }

  /**
   * The platform room's part of a public line. When Discord refuses it for
   * good (a permission, a locked thread), the match moves where it still may
   * post, saying so once, and the rest of the line follows it there.
   */
  private async toPlatformRoom(text: string, as: Speaker | undefined, pictures: readonly RoomPicture[], people: ReadonlyMap<string, string>): Promise<void> {
    const origin = this.stored.origin!;
    const mentions = this.mentions(people);
    try {
      await postOnPlatform(this.host.runtime, origin, text, as, pictures, mentions);
    } catch (error) {
      this.host.runtime.logger.warn(`House: could not post to ${origin.source}: ${errorLine(error)}`);
      if (!(error instanceof UndeliveredPost) || origin.source !== 'discord') return;
      const moved = await this.moveRoom(await roomAfterRefusal(this.host.runtime, origin, error.code, this.stored.id, this.openedIn()));
      if (moved) await postOnPlatform(this.host.runtime, moved, error.unsent, undefined, pictures, mentions).catch((again) => this.host.runtime.logger.warn(`House: could not post to discord: ${errorLine(again)}`));
    }
  }

  /** The Discord channel `!play` was typed in, where a thread of the match hangs (Discord forgets a deleted thread's parent; the match's table keeps it). */
  private openedIn(): string | null {
    const table = this.stored.table ?? '';
    return table.startsWith('discord:') ? table.slice('discord:'.length) : null;
  }

  /** Acts on where the platform room goes: its new place (told why, in one line), or none (the owner is told privately); returns the new place. */
  private async moveRoom(fallback: RoomFallback): Promise<{ source: string; channelId: string } | null> {
    const { stored } = this;
    if (fallback.kind === 'keep') return null;
    stored.origin = fallback.kind === 'parent' ? fallback.room : null;
    await this.persist();
    if (fallback.kind === 'gone') {
      await tellOwner(this, stored, fallback.line);
      return null;
    }
    await postOnPlatform(this.host.runtime, fallback.room, fallback.line, undefined, [], this.mentions()).catch((error) => this.host.runtime.logger.warn(`House: could not post to discord: ${errorLine(error)}`));
    return fallback.room;
  }

  /** After a restart: the platform room is found again (a Discord thread that archived meanwhile reopened), and the rounds whose public outcome never reached the room are posted, once each. */
  async postMissedRounds(match: Match, adapter: HouseGame | undefined): Promise<void> {
    const { stored } = this;
    if (stored.origin) await this.moveRoom(await reopenGameRoom(this.host.runtime, stored.origin, stored.id, this.openedIn()));
    for (const h of stored.history) {
      if (h.round <= stored.postedRound) continue;
      const events = stored.log.filter((e) => e.round === h.round).map((e) => ({ type: e.type, data: e.data, to: e.to }));
      const record = { round: h.round, report: { players: h.players, extra: h.extra }, events };
      const text = adapter?.roundText ? adapter.roundText(record, match) : roundText(stored.game, h.round, events);
      await this.postRound(h.round, text, roundPictures(adapter, record, match, (line) => this.host.runtime.logger.warn(line)));
      stored.postedRound = h.round;
    }
  }

  /** Who a post is carried for: an agent under its own id, a person under the House's (their words, marked as theirs). */
  private postAuthor(player: PlayerId): { id: string; name: string } {
    const agent = this.agentOf(player);
    return agent ? { id: agent.agentId, name: agent.character.name } : { id: personOf(this.stored, player)?.id ?? this.host.runtime.agentId, name: player };
  }

  /** A private room of `members` and the House, made once and kept with the match, where `as` speaks. */
  async whisper(members: PlayerId[], text: string, as: PlayerId, key?: string): Promise<void> {
    const { stored } = this;
    const id = [...members].sort().join('|');
    let room = Object.hasOwn(stored.rooms, id) ? stored.rooms[id] : undefined;
    if (!room) {
      const ids = members.map((m) => this.agentOf(m)?.agentId ?? personOf(stored, m)?.id).filter((x): x is NonNullable<typeof x> => !!x);
      const made = await this.host.gateway.createRoom(dmRoomName(this.host.games[stored.game]?.title ?? stored.game, stored.id, members), [this.host.runtime.agentId, ...ids]);
      if (!made) return;
      room = stored.rooms[id] = made;
    }
    await this.host.gateway.post(room, text, key, this.postAuthor(as));
  }

  /** A closed match's platform posts are not sent again: its outbox rows go (a match that never had a platform room has none). */
  async forgetPosts(): Promise<void> {
    if (this.stored.origin || this.openedIn() !== null) await this.outbox.forget();
  }

  /**
   * A closed match's DM rooms leave the GUI's Groups (one Influence match
   * makes up to a room per pair and more), unless HOUSE_KEEP_DM_ROOMS is set:
   * what was said there stays in the match's record and the dashboard's
   * timeline. The game room stays.
   */
  async closeDmRooms(): Promise<void> {
    const { stored } = this;
    const rooms = Object.values(stored.rooms);
    const gateway = this.host.gateway;
    if (!rooms.length || this.host.settings.keepDmRooms || !gateway.closeRoom || this.host.stopping) return;
    for (const room of rooms) await gateway.closeRoom(room);
    stored.rooms = {};
    await this.persist();
    await this.say(dmRoomsClosedText(rooms.length, this.host.settings.dashboardUrl));
  }

  /** Writes to a seated person privately: their chat with the House (web GUI or Discord), else the game room with their name. */
  async tellPerson(player: PlayerId, text: string): Promise<void> {
    const seat = personOf(this.stored, player);
    const rest = await this.toPrivateOrigin(seat, text, player);
    if (rest === null) return;
    if (seat?.room) return this.host.gateway.post(seat.room, rest);
    await this.sayTo(player, seat, rest);
  }

  /**
   * Whether a host told `player` this private text about round `round`
   * before (the match's outbox keeps it from now on, by round and text): a
   * host that took over and plays the round again tells the same words once,
   * and different words (the round went otherwise) anew.
   */
  async toldNoticeBefore(player: PlayerId, round: number, text: string): Promise<boolean> {
    return this.outbox.toldBefore(`notice:${player}:${round}:${sumOf(text).slice(0, 16)}`);
  }

  /** Whether a host told `player` the turn `turn` before (the match's outbox, which every host of the House reads, keeps it from now on). */
  async toldTurnBefore(player: PlayerId, turn: string): Promise<boolean> {
    return this.outbox.toldBefore(`turn:${player}:${turn}`);
  }

  /** Writes to the person who opened the match, in the chat they opened it from; with none (REST, tests), the House tab is their view. */
  async tellObserver(text: string): Promise<void> {
    const seat = this.stored.observer;
    const rest = await this.toPrivateOrigin(seat, text, 'the observer');
    if (rest === null) return;
    if (seat?.room) return this.host.gateway.post(seat.room, rest);
    // A Discord observer whose DMs refuse the House's bot: their name in the match's thread.
    if (seat?.discordId && this.stored.owner) await this.sayTo(this.stored.owner.name, seat, rest);
  }

  /**
   * Discord signed a bot out for good. The House's own: the match leaves
   * Discord and plays on in the web GUI, and its owner is told where they can
   * still read it (the web GUI's room, under their name). A player's: the
   * House carries that player's words in Discord from now on, and says so.
   */
  async discordSignedOut(runtime: object): Promise<void> {
    const { stored } = this;
    if (stored.origin?.source !== 'discord') return;
    if (runtime === this.host.runtime) {
      stored.origin = null;
      await this.persist();
      await tellOwner(this, stored, houseSignedOutText(stored.id));
      return;
    }
    const player = stored.players.find((p) => this.agentOf(p) === runtime);
    if (player) await tellOwner(this, stored, playerSignedOutText(player, stored.id));
  }

  /** A person's private platform chat (their Discord DM): null once all of `text` went; else what is left to deliver elsewhere. */
  private async toPrivateOrigin(seat: HumanSeat | null | undefined, text: string, who: string): Promise<string | null> {
    if (!seat?.origin) return text;
    if (seat.origin.source === 'discord' && discordSignOuts.has(this.host.runtime)) return text;
    try {
      await postOnPlatform(this.host.runtime, seat.origin, text, undefined, [], this.mentions());
      return null;
    } catch (error) {
      this.host.runtime.logger.warn(`House: could not write to ${who} on ${seat.origin.source}: ${errorLine(error)}`);
      return error instanceof UndeliveredPost ? error.unsent : text;
    }
  }

  /** What was for one person, in the game room under their name (pinged on Discord); the observer link never goes there. */
  private async sayTo(name: string, seat: HumanSeat | null | undefined, text: string): Promise<void> {
    const key = this.stored.observerKey;
    const line = (key && text.includes(key)) || text.includes('/house/reveal/') ? dmClosedSecretText() : text;
    const people = seat?.discordId ? new Map([[name.toLowerCase(), seat.discordId]]) : new Map<string, string>();
    await this.speak(`@${name}: ${line}`, undefined, undefined, [], people);
  }
}
