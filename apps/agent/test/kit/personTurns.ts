import { AGAIN_LINE } from '@the-house/plugin-house/table/personSeat.ts';
import type { DiscordTestGuild } from './discord/discordTestGuild.ts';
import type { RestChat } from './restChat.ts';

/** Where a person reads the House's turns and types their moves. */
export interface TurnChat {
  /** The House's messages there, oldest first (`at` orders them). */
  read(): Promise<Array<{ id: string; text: string; at: number }>>;
  send(text: string): Promise<void>;
}

/** A person's chat with the House in the web GUI, over the REST API. */
export function restTurnChat(chat: RestChat, channel: string, houseId: string): TurnChat {
  return {
    read: async () =>
      (await chat.messages(channel, 100))
        .filter((m) => m.authorId === houseId)
        .map((m) => ({ id: m.id, text: m.content, at: m.created_at }))
        .sort((a, b) => a.at - b.at),
    send: (text) => chat.send(channel, text),
  };
}

/** A person's DM with the House's bot in the loopback Discord. */
export function discordTurnChat(guild: DiscordTestGuild, person: string): TurnChat {
  const dm = () => guild.world.dm(guild.people.get(person)!.id, guild.house.botId).id;
  return {
    read: async () => guild.world.history(dm()).filter((m) => m.authorId === guild.house.botId).map((m, at) => ({ id: m.id, text: m.content, at })),
    send: async (text) => void guild.say(person, dm(), text),
  };
}

/** A person answering their turns of one match. */
export interface PersonTurns {
  /** They read a turn they hold and have not answered it. */
  holding(): boolean;
  stop(): Promise<void>;
}

/**
 * A person who answers each turn of match `id` the House asks in `chat` with
 * `move`, each prompt once (a turn asked again is a prompt of its own). The
 * turn of each round in `holds` they leave unanswered until the House asks
 * it again (a host died or paused during it, and another plays on: its
 * prompt starts with AGAIN_LINE), which they answer. While the host is down
 * they keep reading, and answer once it is back.
 */
export function answerTurns(chat: TurnChat, id: string, move: string, holds: readonly number[] = []): PersonTurns {
  const answered = new Set<string>();
  const held = new Set<string>();
  let next = 0;
  let stopped = false;
  const roundOf = (text: string) => Number(/, round (\d+)/.exec(text)?.[1] ?? 0);
  const running = (async () => {
    while (!stopped) {
      try {
        const asks = (await chat.read()).filter((m) => m.text.includes(', your move in ') && m.text.includes(`(${id}), round `) && !answered.has(m.id) && !held.has(m.id));
        for (const ask of asks) {
          const round = roundOf(ask.text);
          if (ask.text.startsWith(AGAIN_LINE)) while (next < holds.length && holds[next]! <= round) next++;
          else if (next < holds.length && round >= holds[next]!) {
            held.add(ask.id);
            continue;
          }
          await chat.send(move);
          answered.add(ask.id);
        }
      } catch {
        // The host is down or starting: the same prompts are read again on the next pass.
      }
      await Bun.sleep(100);
    }
  })();
  return {
    holding: () => held.size > next,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
