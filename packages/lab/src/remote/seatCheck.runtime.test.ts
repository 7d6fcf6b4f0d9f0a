import { afterAll, describe, expect, test } from 'bun:test';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { referenceA2aAgent, type RunningAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import type { AgentMode } from './reference/referenceMove.ts';
import { referenceMcpAgent, type McpAgentRun } from './reference/referenceMcpAgent.ts';
import { labGames } from '../games/labGames.ts';

const running: Array<RunningAgent | McpAgentRun> = [];
afterAll(async () => {
  for (const r of running) await r.stop();
});

/** `bun run house seat-check ...` in a process of its own (the agents answer from this one), its output as it goes. */
function seatCheck(args: string[], onLine: (line: string) => void = () => {}): Promise<{ code: number; lines: string[] }> {
  // Loopback is refused by default; a builder checking a local agent allows it, as here.
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, 'seat-check', ...args, '--move-ms', '3000'], { stdout: 'pipe', stderr: 'ignore', env: { ...process.env, HOUSE_FETCH_ALLOW: '127.0.0.1:*' } });
  const lines: string[] = [];
  return (async () => {
    const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        onLine(line);
      }
    }
    return { code: await child.exited, lines };
  })();
}

const CHECKS = [...[...labGames.values()].map((m) => `answers a legal ${m.game.title} move`), 'gives the same answer to the same turn', "answers the House's repair turn with a legal move", 'answers within a short deadline', 'keeps to the move time, so its time bank lasts'];
const REDIAL = 'answers a turn asked again after the House dropped the connection it was asked on';
const failed = (lines: string[]) => lines.filter((l) => l.startsWith('FAIL')).map((l) => l.slice(5, l.indexOf(':') > 0 ? l.indexOf(':') : undefined));

describe('seat-check', () => {
  test.each([['a2a'], ['http']] as const)('passes the reference %s agent, a line per check', async (kind) => {
    const agent = kind === 'a2a' ? referenceA2aAgent() : referenceHttpBot();
    running.push(agent);
    const { code, lines } = await seatCheck([kind, agent.url]);
    // A legal move of each game, then the protocol's checks (the turn id, a redial among them).
    expect(lines.at(-1)).toBe(`all ${CHECKS.length + 3} checks passed`);
    expect(code).toBe(0);
    expect(agent.ends).toEqual([expect.objectContaining({ kind: 'match_over', seat: 'candidate', result: expect.objectContaining({ class: 'decided' }) })]);
    expect(lines).toContain('ok   hears the end of the match');
    for (const check of [...CHECKS, 'echoes the turn id', REDIAL]) expect(lines.some((l) => l.startsWith(`ok   ${check}`))).toBe(true);
  }, 60_000);

  test.each([
    ['a2a', 'stale', 'echoes the turn id'],
    ['http', 'illegal', 'answers a legal Trust move within 3000 ms'],
    ['http', 'slow', 'keeps to the move time, so its time bank lasts (3 turns of 1500 ms, a bank of 750 ms)'],
  ] as Array<['a2a' | 'http', AgentMode, string]>)('names the failing check for a broken %s agent (%s)', async (kind, mode, check) => {
    // A slow agent takes 2 s a move: within the 3 s move time, over the 1.5 s of the short checks.
    const agent = kind === 'a2a' ? referenceA2aAgent({ mode }) : referenceHttpBot({ mode, delayMs: 2_000 });
    running.push(agent);
    const { code, lines } = await seatCheck([kind, agent.url]);
    expect(code).toBe(1);
    expect(failed(lines)).toContain(check);
    // 2 s a move overruns 1.5 s by 500 ms: the 750 ms bank is gone by turn 2 (turn 1 on a machine slow enough to add 250 ms).
    if (mode === 'slow') expect(lines.some((l) => /^FAIL keeps to the move time, so its time bank lasts \([^)]*\): turn [12]: its time bank ran out \(750 ms spent\); in a match the House's baseline plays the seat from then on$/.test(l))).toBe(true);
  }, 60_000);

  test('fails an agent that never makes a move of a game: {"action": "FLY_TO_THE_MOON"} is a legal move of no game, first answer or repair', async () => {
    const agent = referenceHttpBot({ mode: 'nonsense' });
    running.push(agent);
    const { code, lines } = await seatCheck(['http', agent.url]);
    expect(code).toBe(1);
    const games = [...labGames.values()].map((m) => m.game.title);
    expect(failed(lines)).toEqual(expect.arrayContaining([...games.map((title) => `answers a legal ${title} move within 3000 ms`), "answers the House's repair turn with a legal move"]));
    // Each says what was wrong: the game's own refusal, or (where the game alone would have taken it) the key no decision of that game has.
    for (const title of ['Café V3', 'Influence']) expect(lines.find((l) => l.startsWith(`FAIL answers a legal ${title} move`))).toContain('unknown key "action"');
    // The decision's error and the repair's are labelled, in that order, so a builder knows which answer to fix.
    for (const title of games) expect(lines.find((l) => l.startsWith(`FAIL answers a legal ${title} move`))).toMatch(/: decision: .+ \| repair: .+$/);
  }, 60_000);

  test.each([
    ['good', 0, []],
    ['malformed', 1, ['answers a legal Trust move within 3000 ms']],
  ] as Array<[AgentMode, number, string[]]>)('MCP: serves a seat for the agent to connect to; a %s agent', async (mode, expectedCode, failing) => {
    let agent: McpAgentRun | undefined;
    const { code, lines } = await seatCheck(['mcp'], (line) => {
      const url = /^connect your agent to: (\S+)$/.exec(line)?.[1];
      if (url) running.push((agent = referenceMcpAgent(url, { mode })));
    });
    expect(code).toBe(expectedCode);
    for (const check of failing) expect(failed(lines)).toContain(check);
    // Told the end once the checks are over, the agent stops; it calls no more once refused.
    expect(lines).toContain('ok   comes back after the House drops its connection, and answers the next turn');
    expect(lines).toContain('ok   hears the end of the match');
    expect(lines).toContain('ok   stops calling once its token is refused');
    expect(await agent!.done).toBe('over');
  }, 60_000);
});
