import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { matrixGame } from '@the-house/games/matrix/matrixGame.ts';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { referenceA2aAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import { referenceMcpAgent } from './reference/referenceMcpAgent.ts';
import { readBundle } from '../models/matchBundle.ts';

const a2a = referenceA2aAgent();
const http = referenceHttpBot();
const extra: Array<{ stop(): unknown }> = [];
afterAll(async () => {
  await a2a.stop();
  await http.stop();
  for (const agent of extra) await agent.stop();
});
const started = <T extends { stop(): unknown }>(agent: T): T => (extra.push(agent), agent);

/** `bun run house ...` in a process of its own (the agents answer from this one), allowed to call loopback as a builder testing a local agent would be. */
async function house(...args: string[]): Promise<{ code: number; stdout: string }> {
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, ...args], { stdout: 'pipe', stderr: 'ignore', env: { ...process.env, HOUSE_FETCH_ALLOW: '127.0.0.1:*' } });
  const stdout = await new Response(child.stdout as ReadableStream<Uint8Array>).text();
  return { code: await child.exited, stdout };
}

test('a tournament takes remote agents beside baselines: every pair played, the agent ranked under its entry', async () => {
  const { code, stdout } = await house('tournament', 'trust', '--players', `copycat,a2a:${a2a.url}`, '--repeats', '1', '--out', mkdtempSync(join(tmpdir(), 'remote-tournament-')));
  expect(code).toBe(0);
  expect(stdout).toContain(`a2a:${a2a.url}`);
  expect(stdout).toContain('3 matches (2 strategies, every pair and self-pair, 1 repeats');
  expect(a2a.turns.length).toBeGreaterThan(0);
}, 120_000);

test('a sweep takes a remote agent in its population, one seat per entry', async () => {
  const out = mkdtempSync(join(tmpdir(), 'remote-sweep-'));
  const { code } = await house('sweep', 'trust', '--seeds', '2', '--rounds', '4', '--population', `copycat:1,http:${http.url}`, '--out', out);
  expect(code).toBe(0);
  expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(`http:${http.url}`);
  expect(http.turns.length).toBe(2 * 4);
}, 120_000);

test('play serves an MCP seat on loopback, prints where its agent connects, and plays once it has called; the match file has its turns', async () => {
  const out = mkdtempSync(join(tmpdir(), 'remote-mcp-play-'));
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, 'play', 'trust', '--seed', '3', '--players', 'copycat,mcp', '--set', 'maxRounds=6', '--out', out], { stdout: 'pipe', stderr: 'ignore' });
  const url = await mcpSeatUrl(child.stdout as ReadableStream<Uint8Array>);
  expect(url).toBeDefined();
  const agent = referenceMcpAgent(url!);
  try {
    expect(await child.exited).toBe(0);
  } finally {
    agent.stop();
  }
  const read = readBundle(join(out, 'match.json'), out);
  if (!read.ok) throw new Error(read.error);
  expect(read.bundle.players).toEqual(['copycat', 'mcp']);
  // Every turn of the MCP seat was its agent's answer, recorded as a call: none fell back.
  const calls = read.bundle.record.calls.filter((c) => c.caller === 'mcp');
  expect(calls.length).toBe(read.bundle.log.filter((e) => e.type === 'round').length);
  expect(agent.submitted.length).toBe(calls.length);
  expect(read.bundle.record.phases.every((p) => p.answers.mcp?.outcome === 'valid')).toBe(true);
}, 120_000);

test('play matrix seats an A2A agent, an HTTP bot and an MCP agent beside a baseline: each answers every turn itself, the log is the one their strategies make headless, and the match file replays', async () => {
  // Strategies that draw nothing: no seed travels with a turn, so an agent's draws would not be the match's.
  const defector = started(referenceA2aAgent({ strategy: 'always-defect' }));
  const titForTat = started(referenceHttpBot({ strategy: 'tit-for-tat' }));
  const out = mkdtempSync(join(tmpdir(), 'remote-matrix-play-'));
  const rounds = 8;
  const players = `grudger,a2a:${defector.url},http:${titForTat.url},mcp`;
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, 'play', 'matrix', '--seed', '4', '--players', players, '--set', `rounds=${rounds}`, '--out', out], { stdout: 'pipe', stderr: 'ignore', env: { ...process.env, HOUSE_FETCH_ALLOW: '127.0.0.1:*' } });
  const url = await mcpSeatUrl(child.stdout as ReadableStream<Uint8Array>);
  expect(url).toBeDefined();
  const agent = referenceMcpAgent(url!, { strategy: 'tester' });
  try {
    expect(await child.exited).toBe(0);
  } finally {
    agent.stop();
  }
  const read = readBundle(join(out, 'match.json'), out);
  if (!read.ok) throw new Error(read.error);
  expect(read.bundle.players).toEqual(['grudger', 'a2a', 'http', 'mcp']);
  for (const seat of ['a2a', 'http', 'mcp']) {
    expect([seat, read.bundle.record.calls.filter((c) => c.caller === seat).length]).toEqual([seat, rounds]);
    expect(read.bundle.record.phases.every((p) => p.answers[seat]?.outcome === 'valid')).toBe(true);
  }
  expect([defector.turns.length, titForTat.turns.length, agent.submitted.length]).toEqual([rounds, rounds, rounds]);
  const { grudger, 'always-defect': alwaysDefect, 'tit-for-tat': tft, tester } = matrixGame.strategies;
  const headless = Match.create(matrixGame, { rounds }, 4, ['grudger', 'a2a', 'http', 'mcp']);
  runMatchSync(headless, { grudger: grudger!, a2a: alwaysDefect!, http: tft!, mcp: tester! });
  expect(read.bundle.head).toBe(headless.log!.head);
  const replayed = Bun.spawnSync([process.execPath, HOUSE_MAIN, 'replay-match', out], { stdout: 'pipe', stderr: 'pipe' });
  expect(replayed.stdout.toString()).toContain('reproduced: the event log matches the recorded one');
}, 120_000);

test('play with an MCP seat whose agent never calls stops before the first turn, saying which seat and how to give it longer', async () => {
  const { code, stderr } = await houseErr('play', 'trust', '--seed', '4', '--players', 'copycat,mcp', '--mcp-wait-ms', '1000', '--out', mkdtempSync(join(tmpdir(), 'remote-mcp-wait-')));
  expect(code).toBe(2);
  expect(stderr.trim()).toBe('error: no MCP agent called within 1000 ms for seat mcp; start it with the address printed above (or give it longer with --mcp-wait-ms)');
}, 60_000);

test('a tournament or a sweep refuses an MCP seat, saying where one plays', async () => {
  for (const args of [['tournament', 'trust', '--players', 'copycat,mcp'], ['sweep', 'trust', '--population', 'copycat:1,mcp']]) {
    const { code, stderr } = await houseErr(...args);
    expect(code).toBe(2);
    expect(stderr).toContain('an MCP agent plays one match headless (bun run house play <game> --players copycat,mcp');
  }
}, 60_000);

/** The address `play` prints for its MCP seat's agent, read off its output as it comes; undefined if it ends first. */
async function mcpSeatUrl(stdout: ReadableStream<Uint8Array>): Promise<string | undefined> {
  const reader = stdout.getReader();
  let text = '';
  let url: string | undefined;
  while (!url) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    url = /^connect the MCP agent of seat mcp to: (http:\/\/127\.0\.0\.1:\d+\/house\/mcp\/seat\/[A-Za-z0-9_-]{43})$/m.exec(text)?.[1];
  }
  reader.releaseLock();
  return url;
}

/** `bun run house ...` for its exit code and error line. */
async function houseErr(...args: string[]): Promise<{ code: number; stderr: string }> {
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, ...args], { stdout: 'ignore', stderr: 'pipe' });
  const stderr = await new Response(child.stderr as ReadableStream<Uint8Array>).text();
  return { code: await child.exited, stderr };
}
