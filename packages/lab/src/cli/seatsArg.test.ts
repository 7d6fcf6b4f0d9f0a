import { expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { CliError } from './cliError.ts';
import { seatsArg } from './seatsArg.ts';

const keys = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' };

test('a model seat plays in its default prompt mode, a Claude one through Anthropic; HOUSE_PROMPTS names one for all', () => {
  const trust = games.trust!;
  const { seats } = seatsArg(trust, 'model:gpt-5-mini,model:gpt-4o-mini,model:claude-sonnet-4-5,copycat', keys);
  const of = (id: string) => seats[id] as Extract<(typeof seats)[string], { kind: 'model' }>;
  expect([of('gpt-5-mini').prompts, of('gpt-4o-mini').prompts, of('claude-sonnet-4-5').prompts]).toEqual(['conversation', 'compact', 'conversation']);
  expect(of('claude-sonnet-4-5').client.provider).toStartWith('anthropic@');
  expect(of('gpt-5-mini').client.provider).toStartWith('http@');
  expect((seatsArg(games.influence!, 'model:gpt-5-mini', keys).seats['gpt-5-mini'] as { prompts?: string }).prompts).toBe('compact');
  expect((seatsArg(trust, 'model:gpt-4o-mini', { ...keys, HOUSE_PROMPTS: 'conversation' }).seats['gpt-4o-mini'] as { prompts?: string }).prompts).toBe('conversation');
  expect(() => seatsArg(trust, 'model:gpt-4o-mini', { ...keys, HOUSE_PROMPTS: 'chatty' })).toThrow(CliError);
  expect(() => seatsArg(trust, 'model:claude-haiku-4-5', { OPENAI_API_KEY: 'sk-test' })).toThrow(/ANTHROPIC_API_KEY/);
});
