import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyChain } from '@the-house/games';
import type { HouseService } from '@the-house/plugin-house';
import { remoteOf } from '@the-house/plugin-house/seats/seatSpec.ts';
import type { StoredMatch } from '@the-house/plugin-house/types.ts';
import { repoRoot, startHost } from '../src/host.ts';
import { spawnAgent, type AgentProcess } from './kit/remoteAgent.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { waitUntil } from './kit/waitUntil.ts';
import { revealLink } from './kit/revealLink.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'house-open-seat-restart-'));
const matchDir = mkdtempSync(join(tmpdir(), 'house-open-seat-restart-matches-'));
const children: Array<ReturnType<typeof Bun.spawn>> = [];
const agents: AgentProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const agent of agents) agent.kill();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(matchDir, { recursive: true, force: true });
});

function childEnv(port: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DISCORD_|OPENAI_|ANTHROPIC_|OLLAMA_|POSTGRES_URL|CENTRAL_MESSAGE_SERVER_URL)/.test(k)) env[k] = v;
  return { ...env, PORT: String(port), SERVER_HOST: '127.0.0.1', PGLITE_DATA_DIR: dataDir, HOUSE_ROUND_DELAY_MS: '150', HOUSE_COUNTDOWN_MS: '0', HOUSE_LOBBY_MS: '0', LOG_LEVEL: 'error', HOUSE_REMOTE_MOVE_MS: '10000', HOUSE_REMOTE_BANK_MS: '20000', HOUSE_REMOTE_MAX_MISSES: '2', HOUSE_MATCH_DIR: matchDir };
}

/** The host in a process of its own on `port`, ready when the House answers the REST API. */
async function bootChild(port: number): Promise<{ child: ReturnType<typeof Bun.spawn>; chat: RestChat }> {
  const child = Bun.spawn([process.execPath, join(repoRoot, 'apps/agent/src/index.ts')], { cwd: repoRoot, env: childEnv(port), stdout: 'ignore', stderr: 'ignore' });
  children.push(child);
  const chat = new RestChat(`http://127.0.0.1:${port}`, 'b0b0b0b0-0000-4000-8000-000000000001', 'Olive');
  await chat.agentWhenUp('The House', () => (child.exitCode === null ? null : `the host exited ${child.exitCode} while starting`), 120_000);
  return { child, chat };
}

test('the House killed mid-match resumes; its MCP seat goes on with the same token, charged no timeout', async () => {
  const port = await freePort();
  const first = await bootChild(port);
  const houseId = await first.chat.agentId('The House');
  const dm = await first.chat.dm(houseId);
  await first.chat.send(dm, '!enter ref-mcp mcp');
  await first.chat.waitFor(dm, houseId, (t) => t.startsWith('Entered ref-mcp'), 30_000);
  await first.chat.send(dm, '!play trust Ada,@ref-mcp --seed 21');
  const opened = await first.chat.waitFor(dm, houseId, (t) => t.includes('/house/reveal/'), 30_000);
  const id = /match (trust-21-\w{8})/.exec(opened)![1]!;
  // The reply holds a one-time link, not the token: opened once, it shows the seat's address.
  const token = /\/house\/mcp\/seat\/([A-Za-z0-9_-]{43})/.exec((await revealLink(opened, `http://127.0.0.1:${port}`)).secret)![1]!;
  const agent = await spawnAgent('mcp', ['--url', `http://127.0.0.1:${port}/house/mcp/seat/${token}`]);
  agents.push(agent);
  await waitUntil(() => agent.turns().length >= 5, () => `the MCP agent handed in ${agent.turns().length} turns; its last lines: ${JSON.stringify(agent.lines.slice(-3))}`, 60_000);
  first.child.kill('SIGKILL');
  await first.child.exited;

  // The same address: the agent keeps calling it with its token until the House is back.
  const second = await bootChild(port);
  const done = await Promise.race([agent.exited, Bun.sleep(180_000).then(() => `still running; its last lines: ${JSON.stringify(agent.lines.slice(-3))}`)]);
  expect(done).toBe(0);
  // Once the match ends the agent reads its end from wait_for_turn (issue 36), with its own result, and stops.
  expect(agent.lines.at(-2)).toMatchObject({ end: { kind: 'match_over', match: id, seat: 'ref-mcp' } });
  expect(agent.lines.at(-1)).toMatchObject({ done: 'over' });
  // The agent hears the end before the House's last save; the match file is written once that save is made, as the table retires.
  await waitUntil(() => existsSync(join(matchDir, `${id}.match.json`)), () => `no match file for ${id}`, 60_000);
  second.child.kill('SIGKILL');
  await second.child.exited;

  process.env.PGLITE_DATA_DIR = dataDir;
  process.env.SERVER_HOST = '127.0.0.1';
  process.env.LOG_LEVEL = 'error';
  const host = await startHost({ port: await freePort(), log: () => {} });
  try {
    const house = host.house.getService<HouseService>('house')!;
    let detail = await house.getMatch(id);
    for (let i = 0; !detail && i < 100; i++) {
      await Bun.sleep(50);
      detail = await house.getMatch(id);
    }
    expect(detail?.summary.status).toBe('finished');
    expect(verifyChain(detail!.events)).toEqual({ ok: true });
    const rounds = detail!.history.map((h) => h.round);
    expect(rounds).toEqual(Array.from({ length: rounds.length }, (_, i) => i + 1));
    // Not one turn of the seat was lost to the House's crash.
    expect(detail!.events.filter((e) => e.type === 'decision_missing')).toEqual([]);
    expect(detail!.usage['ref-mcp']).toMatchObject({ fallbacks: 0 });
    const stored = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as Pick<StoredMatch, 'seats'>;
    expect(remoteOf(stored, 'ref-mcp')!.clock).toMatchObject({ timeouts: 0, unreachable: 0, invalid: 0, missesInRow: 0, substituted: null });
  } finally {
    await host.stop();
  }
}, 300_000);
