import { expect, test } from 'bun:test';
import type { IAgentRuntime, Memory } from '@elizaos/core';
import { discordRolesOf } from './memberRoles.ts';

const roles = new Map([
  ['10', { id: '10', name: '@everyone' }],
  ['11', { id: '11', name: 'Referees' }],
]);
const client = {
  user: { id: '1' },
  isReady: () => true,
  guilds: { fetch: async (id: string) => ({ id, members: { fetch: async (user: string) => ({ roles: { cache: user === '7' ? roles : new Map() } }) } }) },
};
const runtime = { getService: (name: string) => (name === 'discord' ? { client } : null), logger: { warn: () => {} } } as unknown as IAgentRuntime;
const message = (source: string, fromId: string) => ({ content: { text: '!stop', source }, metadata: { fromId, discordServerId: '10' } }) as unknown as Memory;

test("a Discord sender's role ids (HOUSE_ADMINS names roles by id, not by a name anyone can give a role), without @everyone; none outside Discord", async () => {
  expect(await discordRolesOf(runtime, message('discord', '7'))).toEqual(['11']);
  expect(await discordRolesOf(runtime, message('discord', '8'))).toEqual([]);
  expect(await discordRolesOf(runtime, message('client_chat', '7'))).toBeNull();
});
