import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { referenceA2aAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import { referenceMcpAgent, type McpAgentRun } from './reference/referenceMcpAgent.ts';

const running: Array<{ stop(): unknown }> = [];
afterAll(async () => {
  for (const r of running) await r.stop();
});
const started = <T extends { stop(): unknown }>(agent: T): T => (running.push(agent), agent);

/** `play trust` headless as a user runs it, an MCP agent connected to each MCP seat it prints; its stdout. */
async function play(players: string, env: Record<string, string>, rounds: number): Promise<{ code: number; stdout: string; mcp: McpAgentRun[] }> {
  const out = mkdtempSync(join(tmpdir(), 'match-end-'));
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, 'play', 'trust', '--seed', '2', '--players', players, '--set', `maxRounds=${rounds}`, '--out', out], {
    env: { ...process.env, HOUSE_FETCH_ALLOW: '127.0.0.1:*', ...env },
    stdout: 'pipe',
    stderr: 'ignore',
  });
  const mcp: McpAgentRun[] = [];
  const seen = new Set<string>();
  let stdout = '';
  const decoder = new TextDecoder();
  const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    stdout += decoder.decode(read.value, { stream: true });
    for (const m of stdout.matchAll(/connect the MCP agent of seat \S+ to: (\S+)\n/g)) {
      if (seen.has(m[1]!)) continue;
      seen.add(m[1]!);
      mcp.push(started(referenceMcpAgent(m[1]!, { pollMs: 2_000 })));
    }
  }
  return { code: await child.exited, stdout, mcp };
}

describe('the end of a match reaches each outside agent, once, with its own result', () => {
  test('HTTP and A2A agents that hang from round 1 each get one end: forfeit, not a winner, the winners named', async () => {
    const http = started(referenceHttpBot({ mode: 'silent' }));
    const a2a = started(referenceA2aAgent({ mode: 'silent' }));
    const { code } = await play(`http:${http.url},a2a:${a2a.url},copykitten`, { HOUSE_REMOTE_MOVE_MS: '100', HOUSE_REMOTE_BANK_MS: '0' }, 4);
    expect(code).toBe(0);
    expect(http.ends).toEqual([{ kind: 'match_over', match: 'trust-2', game: 'trust', seat: 'http', result: { class: 'forfeit', why: expect.stringMatching(/^substituted/), won: false, winners: ['copykitten'] }, your_place: 2 }]);
    expect(a2a.ends).toEqual([{ kind: 'match_over', match: 'trust-2', game: 'trust', seat: 'a2a', result: { class: 'forfeit', why: expect.stringMatching(/^substituted/), won: false, winners: ['copykitten'] }, your_place: 2 }]);
  }, 90_000);

  test('an MCP agent reads {over: true, result, your_place} from wait_for_turn before headless play stops serving its seat; an A2A agent that played hears it decided', async () => {
    const a2a = started(referenceA2aAgent());
    const { code, mcp } = await play(`mcp,a2a:${a2a.url},copykitten`, {}, 3);
    expect(code).toBe(0);
    expect(mcp.length).toBe(1);
    expect(await mcp[0]!.done).toBe('over');
    const [end] = mcp[0]!.ends;
    expect(mcp[0]!.ends.length).toBe(1);
    expect(end).toMatchObject({ over: true, kind: 'match_over', match: 'trust-2', seat: 'mcp', result: { class: 'decided' } });
    expect(a2a.ends).toEqual([expect.objectContaining({ seat: 'a2a', result: expect.objectContaining({ class: 'decided' }), your_place: expect.any(Number) })]);
    expect(end!.result.winners).toEqual(a2a.ends[0]!.result.winners);
  }, 120_000);
});
