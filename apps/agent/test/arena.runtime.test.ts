import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { repoRoot } from '../src/host.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { fortyMatchesLoseNoPost, openedId, opens, ownersAndAdmins, rebuiltFromFile, sixTablesAtOnce } from './kit/arenaScenarios.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

const adminId = crypto.randomUUID();
const matchDir = mkdtempSync(join(tmpdir(), 'house-arena-matches-'));
let host: TestHost;

beforeAll(async () => {
  host = await startTestHost({ env: { HOUSE_ROUND_DELAY_MS: '0', HOUSE_ADMINS: adminId, HOUSE_MATCH_DIR: matchDir, HOUSE_MAX_TABLES: '8', HOUSE_MAX_MATCH_HOURS: '1000' } });
});

afterAll(async () => {
  await host?.stop();
  rmSync(matchDir, { recursive: true, force: true });
});

describe('the House as a shared arena (PGLite)', () => {
  test('six matches from six rooms by three people run at once, each with the log of headless play', () => sixTablesAtOnce(host), 300_000);
  test("a non-owner's !stop is refused; the owner's and an admin's work", () => ownersAndAdmins(host, adminId), 120_000);
  test('a deleted chunk row is reported, and the match comes back whole from its file', () => rebuiltFromFile(host), 180_000);
  test('forty matches with no round delay lose no room post', () => fortyMatchesLoseNoPost(host), 600_000);
});

describe('one host per data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'house-lock-'));
  const children: Array<ReturnType<typeof Bun.spawn>> = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.lock`, { force: true });
  });

  const spawnHost = (port: number) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DISCORD_|OPENAI_|ANTHROPIC_|OLLAMA_|POSTGRES_URL|CENTRAL_MESSAGE_SERVER_URL|HOUSE_ADMINS)/.test(k)) env[k] = v;
    const child = Bun.spawn([process.execPath, join(repoRoot, 'apps/agent/src/index.ts')], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port), SERVER_HOST: '127.0.0.1', PGLITE_DATA_DIR: dataDir, HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_MATCH_DIR: matchDir, LOG_LEVEL: 'error' },
      stdout: 'ignore',
      stderr: 'pipe',
    });
    children.push(child);
    return child;
  };

  test('a second host on the same PGLite directory exits non-zero with one line naming the first; the first keeps its matches', async () => {
    const port = await freePort();
    const first = spawnHost(port);
    const chat = new RestChat(`http://127.0.0.1:${port}`, crypto.randomUUID(), 'Lena');
    const houseId = await chat.agentWhenUp('The House', () => (first.exitCode === null ? null : `the first host exited ${first.exitCode} while starting`), 90_000);
    const dm = await chat.dm(houseId);
    await chat.send(dm, '!play trust Ada Bram --seed 61 --set maxRounds=6');
    const id = openedId(await chat.waitFor(dm, houseId, opens(61), 30_000));
    const finished = async () => ((await (await fetch(`${chat.baseUrl}/house/matches/${id}`)).json()) as { summary: { status: string }; events: Parameters<typeof verifyChain>[0] });
    while ((await finished()).summary.status !== 'finished') await Bun.sleep(100);
    const before = await finished();

    const second = spawnHost(await freePort());
    const code = await second.exited;
    const stderr = (await new Response(second.stderr).text()).trim();
    expect(code).not.toBe(0);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toStartWith(`error: another House (pid ${first.pid}, started `);
    expect(stderr).toContain(`is using the data directory ${dataDir}; stop it first`);

    const after = await finished();
    expect(after.summary.status).toBe('finished');
    expect(after.events.length).toBe(before.events.length);
    expect(verifyChain(after.events)).toEqual({ ok: true });
    first.kill('SIGTERM');
    await first.exited;
  }, 180_000);
});
