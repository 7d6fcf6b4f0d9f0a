import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { discordSendingReady } from './discordClient.ts';
import { postedRecently, RECENT_MESSAGES } from './postedRecently.ts';

/** A House whose bot reads a thread of `messages` (oldest first), as discord.js fetches them: the last `limit`. */
function houseReading(messages: Array<{ author: string; content: string }> | null): IAgentRuntime {
  const house = fakeRuntime('The House');
  const fetch = async ({ limit }: { limit: number }) => {
    if (!messages) throw new Error('Missing Access');
    return new Map(messages.slice(-limit).map((m, i) => [String(i), { author: { id: m.author }, content: m.content }]));
  };
  const client = { user: { id: 'house-bot' }, isReady: () => true, channels: { fetch: async (id: string) => ({ id, messages: { fetch } }) } };
  Object.assign(house, { getService: (name: string) => (name === 'discord' ? { client } : null) });
  discordSendingReady(house);
  return house;
}

test("a post is found among the bot's own last messages as it went (mentions, pictures in words), not another's nor one older", async () => {
  const people = new Map([['ada', '123456789012345678']]);
  const text = 'Round 4: @Ada gives, Bram keeps.';
  const own = { author: 'house-bot', content: 'Round 4: <@123456789012345678> gives, Bram keeps.\n(pictures: the board after round 4)' };
  expect(await postedRecently(houseReading([own]), 'thread', text, people)).toBe(true);
  expect(await postedRecently(houseReading([{ ...own, author: 'someone' }]), 'thread', text, people)).toBe(false);
  const later = Array.from({ length: RECENT_MESSAGES }, (_, i) => ({ author: 'house-bot', content: `line ${i}` }));
  expect(await postedRecently(houseReading([own, ...later]), 'thread', text, people)).toBe(false);
  expect(await postedRecently(houseReading(null), 'thread', text, people)).toBeNull();
});
