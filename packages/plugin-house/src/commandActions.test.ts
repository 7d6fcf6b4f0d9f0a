import { expect, test } from 'bun:test';
import type { Memory } from '@elizaos/core';
import { authorOf } from './commandActions.ts';

const message = (content: Record<string, unknown>, metadata: Record<string, unknown>) => ({ entityId: 'e1', roomId: 'r1', content, metadata }) as unknown as Memory;

test("who wrote a command is what the platform says, never what the message's metadata claims", () => {
  // A web GUI client may write anything into a message's metadata: roles, a Discord id, another name.
  const forged = authorOf(message({ text: '!stop', source: 'client_chat' }, { roles: ['Croupiers'], discord: { roles: ['41771983423143936'] }, fromId: '80351110224678912', raw: { senderId: 'gui-1', senderName: 'Pat' } }));
  expect(forged).toEqual({ id: 'gui-1', entityId: 'e1', name: 'Pat' });
  // plugin-discord's own message: the gateway's user id.
  const discord = authorOf(message({ text: '!stop', source: 'discord' }, { fromId: '80351110224678912', entityName: 'Sam' }));
  expect(discord).toEqual({ id: 'e1', entityId: 'e1', name: 'Sam', discordId: '80351110224678912' });
});
