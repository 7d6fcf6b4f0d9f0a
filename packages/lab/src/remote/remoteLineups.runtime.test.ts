import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { referenceA2aAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';

const a2a = referenceA2aAgent();
const http = referenceHttpBot();
afterAll(async () => {
  await a2a.stop();
  await http.stop();
});

/** `bun run house ...` in a process of its own (the agents answer from this one), allowed to call loopback as a builder testing a local agent would be. */
async function house(...args: string[]): Promise<{ code: number; stdout: string }> {
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, ...args], { stdout: 'pipe', stderr: 'ignore', env: { ...process.env, HOUSE_FETCH_ALLOW: '127.0.0.1' } });
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
