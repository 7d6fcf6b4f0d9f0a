// An ElizaOS server whose agents play at House tables over A2A (plugin-competitor):
//   bun packages/plugin-competitor/src/runCompetitor.ts [--port N] [--name NAME] [--character file.json]... [--data-dir DIR]
// With no character file, one offline agent that plays each game's first baseline (or settings.strategies).
// One --character serves its agent at /competitor; several (up to 64, one runtime each, one database)
// serve each at /competitor/<name>. A character whose settings.brain is 'model' thinks with
// @elizaos/plugin-openai when OPENAI_API_KEY is set (OPENAI_BASE_URL for any server speaking its API).
// It prints one JSON line an agent when all are ready: {"url": "http://127.0.0.1:N/competitor", "name": ...}, the address to !enter.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Character, Plugin } from '@elizaos/core';
import { AgentServer } from '@elizaos/server';
import { competitorAgents } from './competitorAgents.ts';

const { values } = parseArgs({ args: process.argv.slice(2), options: { port: { type: 'string' }, name: { type: 'string' }, character: { type: 'string', multiple: true }, 'data-dir': { type: 'string' } } });
process.env.SENTRY_DSN ??= 'disabled';
process.env.SERVER_HOST ??= '127.0.0.1';
process.env.SECRET_SALT ??= 'house-competitor';
const port = values.port === undefined ? 3100 : Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error('--port is a TCP port (1-65535)');
const characters: Character[] = values.character?.length
  ? values.character.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Character)
  : [{ name: values.name ?? 'Visitor', bio: ['An agent from another server, at The House to play.'], settings: { brain: 'offline', strategies: { trust: 'grudger' } } }];

/** The model plugin for 'model' brains: plugin-openai when a key is set; without one they play their baselines, as the House's do. */
async function modelPlugin(): Promise<Plugin | null> {
  if (!characters.some((c) => (c.settings as { brain?: unknown } | undefined)?.brain === 'model')) return null;
  if (!process.env.OPENAI_API_KEY) {
    process.stderr.write("OPENAI_API_KEY is not set: the characters whose brain is 'model' play their baselines\n");
    return null;
  }
  return ((await import('@elizaos/plugin-openai')) as { default: Plugin }).default;
}

const made = competitorAgents(characters, await modelPlugin());
if (!made.ok) throw new Error(made.error);
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'house-competitor-'));
const server = new AgentServer();
await server.start({ port, dataDir, agents: made.agents.map(({ character, plugins }) => ({ character, plugins })) });
// The server takes the next port when the one asked for is busy, and says which in SERVER_PORT.
const bound = process.env.SERVER_PORT ?? String(port);
for (const { character, path } of made.agents) process.stdout.write(`${JSON.stringify({ url: `http://${process.env.SERVER_HOST}:${bound}/competitor${path}`, name: character.name })}\n`);
