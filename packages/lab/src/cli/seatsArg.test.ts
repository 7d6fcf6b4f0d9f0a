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

test('remote seats: a2a:, http: and openai:<base>#<model> by kind, with the time rules of the environment; bad ones refused in one line', () => {
  const trust = games.trust!;
  const { ids, seats } = seatsArg(trust, 'a2a:https://agent.example.org,http:https://bot.example.org/turn,a2a:https://other.example.org,openai:https://api.example.org/v1#small-model,grudger', { HOUSE_ENTRANT_KEY: 'sk-entrant', HOUSE_REMOTE_MOVE_MS: '2000' });
  expect(ids).toEqual(['a2a', 'http', 'a2a-2', 'openai', 'grudger']);
  const remote = seats.a2a as Extract<(typeof seats)[string], { kind: 'remote' }>;
  expect(remote.line.client.provider).toBe('a2a@https://agent.example.org');
  expect(remote.line.clock.rules.moveMs).toBe(2000);
  expect((seats.openai as typeof remote).line.entrant).toBe('openai:small-model');
  expect(() => seatsArg(trust, 'openai:https://api.example.org/v1#m', {})).toThrow(/HOUSE_ENTRANT_KEY/);
  expect(() => seatsArg(trust, 'openai:https://api.example.org/v1', { HOUSE_ENTRANT_KEY: 'k' })).toThrow(/names no model/);
  expect(() => seatsArg(trust, 'a2a:ftp://x.example.org', {})).toThrow(/http or https/);
  expect(() => seatsArg(trust, 'http:https://user:pw@x.example.org', {})).toThrow(/user name or password/);
  expect(() => seatsArg(trust, 'a2a:https://x.example.org', { HOUSE_REMOTE_BANK_MS: 'lots' })).toThrow(/HOUSE_REMOTE_BANK_MS/);
  expect(() => seatsArg(trust, 'a2a:https://x.example.org', { HOUSE_FETCH_ALLOW: 'not a host!' })).toThrow(/HOUSE_FETCH_ALLOW/);
});
