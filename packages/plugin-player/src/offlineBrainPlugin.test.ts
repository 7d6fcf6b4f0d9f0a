import { expect, test } from 'bun:test';
import { ModelType, type IAgentRuntime } from '@elizaos/core';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { encodeRequest, type DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { EMBEDDING_SIZE } from '@the-house/lab/decision/offlineEmbedding.ts';
import { strategyMove } from '@the-house/lab/decision/strategyMove.ts';
import { offlineBrainPlugin } from './offlineBrainPlugin.ts';

const state = trustGame.setup(trustGame.configSchema.parse({}), 4, ['Ann', 'Bob']);
const request: DecisionRequest = {
  matchId: 'trust-4-x',
  game: 'trust',
  seed: 4,
  player: 'Ann',
  round: 1,
  phase: 'act',
  view: trustGame.view(state, 'Ann'),
  legalMoves: trustGame.legalMoves(state, 'Ann'),
  schema: {},
};
const runtime = { character: { name: 'Ann' } } as unknown as IAgentRuntime;
type TextHandler = (rt: IAgentRuntime, p: { prompt: string }) => Promise<string>;

test('the named strategy answers a House request: always-cheat attacks', () => {
  expect(strategyMove(request, { trust: 'always-cheat' })).toEqual({ action: 'ATTACK', target: 'Bob' });
});

test('an unknown strategy name falls back to the game’s first strategy; an unknown game gives an empty object', () => {
  expect(trustGame.validate(state, 'Ann', strategyMove(request, { trust: 'no-such-strategy' })).ok).toBe(true);
  expect(strategyMove({ ...request, game: 'chess' }, { trust: 'copycat' })).toEqual({});
});

test('TEXT_LARGE reads the last request marker in the prompt and answers JSON', async () => {
  const plugin = offlineBrainPlugin({ trust: 'always-cooperate' });
  const large = plugin.models![ModelType.TEXT_LARGE] as unknown as TextHandler;
  const answer = await large(runtime, { prompt: `Your view...\nRequest: ${encodeRequest(request)}` });
  expect(JSON.parse(answer)).toEqual({ action: 'HIGH_FIVE', target: 'Bob' });
});

test('chat prompts get fixed replies: players stay quiet in groups, the House answers', async () => {
  const shouldRespond = '<action>RESPOND | IGNORE | STOP</action>';
  const player = offlineBrainPlugin({ trust: 'copycat' }).models![ModelType.TEXT_SMALL] as unknown as TextHandler;
  const house = offlineBrainPlugin(null).models![ModelType.TEXT_SMALL] as unknown as TextHandler;
  expect(await player(runtime, { prompt: shouldRespond })).toContain('<action>IGNORE</action>');
  expect(await house(runtime, { prompt: shouldRespond })).toContain('<action>RESPOND</action>');
  expect(await player(runtime, { prompt: 'say hi' })).toContain('<actions>REPLY</actions>');
});

test('embeddings have 384 numbers and are deterministic', async () => {
  const embed = offlineBrainPlugin(null).models![ModelType.TEXT_EMBEDDING] as unknown as (rt: IAgentRuntime, p: { text: string } | null) => Promise<number[]>;
  const a = await embed(runtime, { text: 'high five' });
  expect(a).toHaveLength(EMBEDDING_SIZE);
  expect(await embed(runtime, { text: 'high five' })).toEqual(a);
  expect(await embed(runtime, null)).toHaveLength(EMBEDDING_SIZE);
});

test('the GUI gets a plain chat title, never XML; a reflection prompt gets a well-formed empty answer', async () => {
  const plugin = offlineBrainPlugin(null);
  const text = plugin.models![ModelType.TEXT_SMALL] as unknown as TextHandler;
  const house = { character: { name: 'The House' } } as unknown as IAgentRuntime;
  const title = (messages: string) => text(house, { prompt: `Based on the conversation below, generate a short, descriptive title for this chat. ...\nRecent conversation:\n${messages}\nRespond with just the title, nothing else.` });
  expect(await title('User: !games\nAgent: trust ...\nUser: !play cafe\nUser: !play trust me,Ada')).toBe('Trust at The House');
  expect(await title('User: hello\nAgent: hi')).toBe('Games with The House');
  // Two chats that each opened a Trust match: told apart by the match's short id, as its room is.
  const opened = (id: string) => `User: !play trust me,Ada\nAgent: Trust match ${id} has started (seed 7): Pat, Ada. Watch it in the room [Trust ${id.split('-')[2]!.slice(0, 4)} · Pat, Ada](/group/x)`;
  expect(await title(`User: !play cafe\nAgent: Café lobby cafe-3-ffff0000 (seed 3)\n${opened('trust-7-a1b2c3d4')}`)).toBe('Trust a1b2 at The House');
  expect(await title(opened('trust-8-9f8e7d6c'))).toBe('Trust 9f8e at The House');
  // Café's chat is named as people know the game, not by its rules' title (Café V3).
  expect(await title('User: !play cafe\nAgent: Café lobby cafe-3-ffff0000 (seed 3)')).toBe('Café ffff at The House');
  const reflection = await text(house, { prompt: '# Task: Generate Agent Reflection, Extract Facts and Relationships\n...' });
  expect(reflection).toBe('<response><thought>Offline brain: nothing to reflect on.</thought><facts>none</facts><relationships>none</relationships></response>');
  expect(await text(house, { prompt: 'anything else' })).not.toContain('<game>');
});
