// An ElizaOS server with one agent that plays at a House table over A2A (plugin-competitor):
//   bun packages/plugin-competitor/src/runCompetitor.ts [--port N] [--name NAME] [--character file.json] [--data-dir DIR]
// With no character file, an offline agent that plays each game's first baseline (or settings.strategies).
// It prints one JSON line when ready: {"url": "http://127.0.0.1:N/competitor"}, the address to !enter.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Character } from '@elizaos/core';
import { AgentServer } from '@elizaos/server';
import { competitorPlugin } from './competitorPlugin.ts';

const { values } = parseArgs({ args: process.argv.slice(2), options: { port: { type: 'string' }, name: { type: 'string' }, character: { type: 'string' }, 'data-dir': { type: 'string' } } });
process.env.SENTRY_DSN ??= 'disabled';
process.env.SERVER_HOST ??= '127.0.0.1';
process.env.SECRET_SALT ??= 'house-competitor';
const port = values.port === undefined ? 3100 : Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error('--port is a TCP port (1-65535)');
const character: Character = values.character
  ? (JSON.parse(readFileSync(values.character, 'utf8')) as Character)
  : { name: values.name ?? 'Visitor', bio: ['An agent from another server, at The House to play.'], settings: { brain: 'offline', strategies: { trust: 'grudger' } } };
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'house-competitor-'));
const server = new AgentServer();
await server.start({ port, dataDir, agents: [{ character, plugins: [competitorPlugin] }] });
process.stdout.write(`${JSON.stringify({ url: `http://${process.env.SERVER_HOST}:${port}/competitor`, name: character.name })}\n`);
