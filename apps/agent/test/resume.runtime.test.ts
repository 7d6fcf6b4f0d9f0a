import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, runMatchSync, verifyChain } from '@the-house/games';
import { games } from '@the-house/games/registry.ts';
import type { MatchDetail } from '@the-house/plugin-house/types.ts';
import { repoRoot } from '../src/host.ts';
import { freePort, RestChat } from './kit/restChat.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'house-resume-'));
const children: Array<ReturnType<typeof Bun.spawn>> = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function childEnv(port: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DISCORD_|OPENAI_|ANTHROPIC_|OLLAMA_|POSTGRES_URL|CENTRAL_MESSAGE_SERVER_URL)/.test(k)) env[k] = v;
  return { ...env, PORT: String(port), SERVER_HOST: '127.0.0.1', PGLITE_DATA_DIR: dataDir, HOUSE_ROUND_DELAY_MS: '150', HOUSE_COUNTDOWN_MS: '0', HOUSE_LOBBY_MS: '0', LOG_LEVEL: 'error' };
}

async function bootChild(): Promise<{ child: ReturnType<typeof Bun.spawn>; chat: RestChat }> {
  const port = await freePort();
  const child = Bun.spawn([process.execPath, join(repoRoot, 'apps/agent/src/index.ts')], {
    cwd: repoRoot,
    env: childEnv(port),
    stdout: 'ignore',
    stderr: 'ignore',
  });
  children.push(child);
  const chat = new RestChat(`http://127.0.0.1:${port}`);
  await chat.agentWhenUp('The House', () => (child.exitCode === null ? null : `the host exited ${child.exitCode} while starting`), 120_000);
  return { child, chat };
}

const roundsPosted = (texts: string[]) => texts.map((t) => /^\[trust\] Round (\d+)/.exec(t)?.[1]).filter(Boolean).map(Number);

/**
 * Opens a Trust match of Ada (copycat) and Bram (grudger) with `options`,
 * kills the host with SIGKILL once `killAfter` rounds are posted, restarts it
 * and checks the match ends as a straight headless run of the same config.
 */
async function killAndResume(options: string, config: Record<string, unknown>, killAfter: number, readBack: 'restarted' | 'resumed'): Promise<void> {
  const first = await bootChild();
  const houseId = await first.chat.agentId('The House');
  const dm = await first.chat.dm(houseId);
  await first.chat.send(dm, `!play trust Ada Bram --seed 21${options}`);
  const started = await first.chat.waitFor(dm, houseId, (t) => t.includes('match trust-21-'), 30_000);
  const id = started.match(/match (trust-21-\w+)/)![1]!;
  const room = await first.chat.roomNamed(`Trust ${id.split('-').at(-1)!.slice(0, 4)} · `);
  let before: number[] = [];
  while (Math.max(0, ...before) < killAfter) {
    before = roundsPosted((await first.chat.messages(room, 100)).map((m) => m.content));
    await Bun.sleep(30);
  }
  first.child.kill('SIGKILL');
  await first.child.exited;
  const killedAt = Date.now();

  const second = await bootChild();
  const resumed = await second.chat.waitFor(room, houseId, (t) => t.startsWith('Trust resumes at round'), 60_000);
  const resumeRound = Number(resumed.match(/round (\d+)/)![1]);
  // The last round posted before the kill, as stored: the poll above saw it some rounds late when nothing paces them.
  const postedBeforeKill = Math.max(...roundsPosted((await second.chat.messages(room, 400)).filter((m) => m.created_at < killedAt).map((m) => m.content)));
  expect(postedBeforeKill).toBeGreaterThanOrEqual(Math.max(...before));
  // A round's post is written after its save, and the next round's save only once that post is out: it resumes after the
  // last round posted, and at most one round saved was left without its post.
  expect(resumeRound).toBeGreaterThan(postedBeforeKill);
  expect(resumeRound).toBeLessThanOrEqual(postedBeforeKill + 2);
  await second.chat.waitFor(room, houseId, (t) => t.includes('Match over: '), 120_000);
  const posted = roundsPosted((await second.chat.messages(room, 200)).map((m) => m.content)).sort((a, b) => a - b);
  if (readBack === 'restarted') {
    second.child.kill('SIGKILL');
    await second.child.exited;
  }

  // The match as stored: read back by a third host (a process of its own: PGLite opens one database per process), or, where the first test has shown that, by the host that resumed it.
  const reader = readBack === 'restarted' ? await bootChild() : second;
  try {
    let detail: MatchDetail | null = null;
    for (let i = 0; !detail && i < 100; i++) {
      const res = await fetch(new URL(`/house/matches/${id}`, reader.chat.baseUrl));
      if (res.ok) detail = (await res.json()) as MatchDetail;
      else await Bun.sleep(50);
    }
    expect(detail?.summary.status).toBe('finished');
    const rounds = detail!.history.map((h) => h.round);
    expect(rounds).toEqual(Array.from({ length: rounds.length }, (_, i) => i + 1));
    expect(posted).toEqual(rounds);
    expect(verifyChain(detail!.events)).toEqual({ ok: true });
    expect(detail!.events.filter((e) => e.type === 'round').map((e) => e.round)).toEqual(rounds);

    const trust = games.trust!;
    const straight = Match.create(trust, trust.configSchema.parse(config), 21, ['Ada', 'Bram']);
    const sats: Array<Record<string, Record<string, unknown>>> = [];
    runMatchSync(straight, { Ada: trust.strategies.copycat!, Bram: trust.strategies.grudger! }, (r) => sats.push(r.report.players));
    expect(detail!.history.map((h) => h.players)).toEqual(sats);
    expect(detail!.outcome).toEqual(straight.outcome());
  } finally {
    reader.child.kill('SIGKILL');
    await reader.child.exited;
  }
}

test('a match killed with SIGKILL mid-match resumes from its last completed round, nothing lost or repeated', async () => {
  await killAndResume('', {}, 5, 'restarted');
}, 300_000);

// No pause between rounds: each phase's save is written while the next phase's requests are out (issue 26), and the next is applied only after it.
test('the same with no pause between rounds: killed while a save waits behind the next phase, it resumes to the same log', async () => {
  await killAndResume(' --delay 0 --set maxRounds=150', { maxRounds: 150 }, 30, 'resumed');
}, 300_000);
