import type { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { findPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { gameRoomOn } from '../discord/gameRoomOn.ts';
import { postOnPlatform } from '../discord/postOnPlatform.ts';
import type { HouseGameAdapter } from '../houseGameAdapter.ts';
import type { GameRoom } from '../roomGateway.ts';
import type { RoomPicture } from '../pictures/roomPicture.ts';
import { picturesText, roundPictures } from '../pictures/roundPictures.ts';
import { roundText } from '../roundText.ts';
import { dmRoomName } from '../roomNames.ts';
import { dmRoomsClosedText, roomName } from '../texts/houseTexts.ts';
import type { StoredMatch } from '../types.ts';
import type { TableHost } from './tableHost.ts';

/**
 * Everything a table says, and the one place that knows rooms and platforms:
 * the game room (a GUI group, and the Discord channel or thread of `!play`),
 * the private rooms of a match's DMs, a seated person's chat with the House,
 * and the observer's. What is said privately goes only where that person
 * reads it.
 */
export class TableVoice {
  /** `persist` saves the match (a closed match's voice has nothing to save). */
  constructor(
    private readonly host: TableHost,
    private readonly stored: StoredMatch,
    private readonly persist: () => Promise<boolean> = async () => true,
  ) {}

  private get roomName(): string {
    return roomName(this.host.games, this.stored);
  }

  /** The match's game room: a group of the House and its agents in the GUI, and on Discord a thread where `!play` was typed. */
  async openRoom(): Promise<void> {
    const { stored } = this;
    const members = stored.players.map((p) => findPlayer(p)?.agentId).filter((x): x is NonNullable<typeof x> => !!x);
    const room = await this.host.gateway.createRoom(this.roomName, [this.host.runtime.agentId, ...members]);
    if (room) {
      stored.channelId = room.channelId;
      stored.serverId = room.serverId;
    }
    if (stored.origin) stored.origin = await gameRoomOn(this.host.runtime, stored.origin, this.roomName);
  }

  /** A public line: the game room, and the platform channel the match was opened from. `as` speaks for a player; `pictures` go with the text. */
  async say(text: string, key?: string, as?: PlayerId, pictures: readonly RoomPicture[] = []): Promise<void> {
    const { stored } = this;
    if (stored.origin) {
      try {
        await postOnPlatform(this.host.runtime, stored.origin, text, as ? { name: this.postAuthor(as).name, runtime: findPlayer(as) } : undefined, pictures);
      } catch (error) {
        this.host.runtime.logger.warn(`House: could not post to ${stored.origin.source}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!stored.channelId || !stored.serverId) return;
    const room: GameRoom = { channelId: stored.channelId, serverId: stored.serverId };
    await this.host.gateway.post(room, text, key, as ? this.postAuthor(as) : undefined, pictures);
  }

  /** A finished round's post: its text with its pictures; pictures alone (the text went out with the phase, as Influence's last round does) with what they show in words. */
  async postRound(round: number, text: string | null, pictures: readonly RoomPicture[]): Promise<void> {
    if (text !== null) await this.say(text, `round:${round}`, undefined, pictures);
    else if (pictures.length) await this.say(picturesText(pictures), `pictures:${round}`, undefined, pictures);
  }

  /** After a restart: the rounds whose public outcome never reached the room are posted, once each. */
  async postMissedRounds(match: Match, adapter: HouseGameAdapter | undefined): Promise<void> {
    const { stored } = this;
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
    const agent = findPlayer(player);
    const { humans } = this.stored;
    return agent ? { id: agent.agentId, name: agent.character.name } : { id: (Object.hasOwn(humans, player) ? humans[player]?.id : undefined) ?? this.host.runtime.agentId, name: player };
  }

  /** A private room of `members` and the House, made once and kept with the match, where `as` speaks. */
  async whisper(members: PlayerId[], text: string, as: PlayerId, key?: string): Promise<void> {
    const { stored } = this;
    const id = [...members].sort().join('|');
    let room = Object.hasOwn(stored.rooms, id) ? stored.rooms[id] : undefined;
    if (!room) {
      const ids = members.map((m) => findPlayer(m)?.agentId ?? (Object.hasOwn(stored.humans, m) ? stored.humans[m]?.id : undefined)).filter((x): x is NonNullable<typeof x> => !!x);
      const made = await this.host.gateway.createRoom(dmRoomName(this.host.games[stored.game]?.title ?? stored.game, stored.id, members), [this.host.runtime.agentId, ...ids]);
      if (!made) return;
      room = stored.rooms[id] = made;
    }
    await this.host.gateway.post(room, text, key, this.postAuthor(as));
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
    const { humans } = this.stored;
    const seat = Object.hasOwn(humans, player) ? humans[player] : undefined;
    if (seat?.origin) {
      try {
        await postOnPlatform(this.host.runtime, seat.origin, text);
        return;
      } catch (error) {
        this.host.runtime.logger.warn(`House: could not write to ${player} on ${seat.origin.source}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (seat?.room) return this.host.gateway.post(seat.room, text);
    await this.say(`@${player}: ${text}`);
  }

  /** Writes to the person who opened the match, in the chat they opened it from; with none (REST, tests), the House tab is their view. */
  async tellObserver(text: string): Promise<void> {
    const seat = this.stored.observer;
    if (seat?.origin) {
      try {
        await postOnPlatform(this.host.runtime, seat.origin, text);
        return;
      } catch (error) {
        this.host.runtime.logger.warn(`House: could not write to the observer on ${seat.origin.source}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (seat?.room) await this.host.gateway.post(seat.room, text);
  }
}
