import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { referenceA2aAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import { referenceMcpAgent } from './reference/referenceMcpAgent.ts';
import { readBundle } from '../models/matchBundle.ts';

const a2a = referenceA2aAgent();
const http = referenceHttpBot();
afterAll(async () => {
  await a2a.stop();
  await http.stop();
});

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
  const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
  let text = '';
  let url: string | undefined;
  while (!url) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    url = /^connect the MCP agent of seat mcp to: (http:\/\/127\.0\.0\.1:\d+\/house\/mcp\/seat\/[A-Za-z0-9_-]{43})$/m.exec(text)?.[1];
  }
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

/** `bun run house ...` for its exit code and error line. */
async function houseErr(...args: string[]): Promise<{ code: number; stderr: string }> {
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, ...args], { stdout: 'ignore', stderr: 'pipe' });
  const stderr = await new Response(child.stderr as ReadableStream<Uint8Array>).text();
  return { code: await child.exited, stderr };
}
