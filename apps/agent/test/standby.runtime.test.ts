import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, runMatchSync, verifyChain } from '@the-house/games';
import { games } from '@the-house/games/registry.ts';
import { bundlePath, type MatchBundle } from '@the-house/lab/models/matchBundle.ts';
import { checkSignature, readSignature } from '@the-house/lab/signing/matchSignature.ts';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import type { MatchDetail } from '@the-house/plugin-house/types.ts';
import { repoRoot } from '../src/host.ts';
import { ensureVectorType } from './kit/pgVectorStandIn.ts';
import { freePort, RestChat } from './kit/restChat.ts';

const url = process.env.HOUSE_TEST_POSTGRES_URL;
if (!url) console.warn('SKIPPED the standby test: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a server from Debian packages and sets it)');

/** A host process with its log lines as they come. */
interface HostProcess {
  child: ReturnType<typeof Bun.spawn>;
  lines: string[];
  /** The first line matching, waited for (the process exiting first fails). */
  line(pattern: RegExp, timeoutMs: number): Promise<string>;
}

/**
 * An active host with a live offline Trust table is killed with SIGKILL
 * mid-match; the standby on the same PostgreSQL takes the lease, starts the
 * House and its players and resumes the match, which ends as a straight
 * headless run of the same seed. The old host, started again, stands by;
 * when the new active host is paused past its lease (SIGSTOP) it takes over
 * in turn, and the paused host, woken, exits without a write.
 */
describe.skipIf(!url)('a standby on the same PostgreSQL takes over from a killed host', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'house-standby-'));
  const children: HostProcess[] = [];
  let db: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  let port = 0;

  beforeAll(async () => {
    db = await freshDatabase(url!, 'house_standby_test');
    const vector = await ensureVectorType(db.url);
    if (typeof vector !== 'string') throw new Error(`the test database has no usable vector type: ${vector.error}`);
    port = await freePort();
  }, 60_000);

  afterAll(async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.child.exited));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  function childEnv(): Record<string, string> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DISCORD_|OPENAI_|ANTHROPIC_|OLLAMA_|POSTGRES_URL|PGLITE_DATA_DIR|CENTRAL_MESSAGE_SERVER_URL|HOUSE_)/.test(k)) env[k] = v;
    return {
      ...env,
      // Both hosts on one machine and one port: the standby binds it only once it takes over.
      PORT: String(port),
      SERVER_HOST: '127.0.0.1',
      POSTGRES_URL: db!.url,
      HOUSE_STANDBY: 'true',
      // The default lease: a host taking over on a loaded 2-core machine (loading ElizaOS, starting agents) must not stall past it and lose it early.
      HOUSE_LEASE_MS: '8000',
      HOUSE_DATA_DIR: dataDir,
      HOUSE_MATCH_DIR: join(dataDir, 'matches'),
      HOUSE_ROUND_DELAY_MS: '150',
      HOUSE_LOBBY_MS: '0',
      LOG_LEVEL: 'error',
    };
  }

  function spawnHost(): HostProcess {
    const child = Bun.spawn([process.execPath, join(repoRoot, 'apps/agent/src/index.ts')], { cwd: repoRoot, env: childEnv(), stdout: 'pipe', stderr: 'ignore' });
    const lines: string[] = [];
    void (async () => {
      const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let rest = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        rest += decoder.decode(value, { stream: true });
        const parts = rest.split('\n');
        rest = parts.pop()!;
        lines.push(...parts);
      }
    })();
    const line = async (pattern: RegExp, timeoutMs: number) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find((l) => pattern.test(l));
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`the host exited ${child.exitCode} before saying ${pattern}: ${lines.join(' | ')}`);
        if (Date.now() > until) throw new Error(`the host did not say ${pattern} in ${timeoutMs} ms: ${lines.join(' | ')}`);
        await Bun.sleep(25);
      }
    };
    const made = { child, lines, line };
    children.push(made);
    return made;
  }

  async function upAt(host: HostProcess): Promise<RestChat> {
    const gui = await host.line(/web GUI at http:\/\/\S+/, 120_000);
    const chat = new RestChat(gui.match(/web GUI at (http:\/\/\S+)/)![1]!);
    await chat.agentWhenUp('The House', () => (host.child.exitCode === null ? null : `the host exited ${host.child.exitCode} while starting`), 120_000);
    return chat;
  }

  /** Long enough that the second handover comes mid-match too. */
  const ROUNDS = 60;
  const roundOf = (text: string) => Number(/^\[trust\] Round (\d+)/.exec(text)?.[1] ?? 0);

  test('the killed host\'s match resumes on the standby; the old host started again stands by, and takes over from a paused one, which exits; the match ends as the same seed played straight', async () => {
    const first = spawnHost();
    await first.line(/is the active host: it holds the House's lease \(epoch 1;/, 60_000);
    const firstChat = await upAt(first);
    const standby = spawnHost();
    await standby.line(new RegExp(`standing by: .* pid ${first.child.pid} is the active host \\(lease epoch 1\\)`), 60_000);

    const houseId = await firstChat.agentId('The House');
    const dm = await firstChat.dm(houseId);
    await firstChat.send(dm, `!play trust Ada Bram --seed 21 --set maxRounds=${ROUNDS}`);
    const started = await firstChat.waitFor(dm, houseId, (t) => t.includes('match trust-21-'), 30_000);
    const id = started.match(/match (trust-21-\w+)/)![1]!;
    const room = await firstChat.roomNamed(`Trust ${id.split('-').at(-1)!.slice(0, 4)} · `);
    let seen = 0;
    while (seen < 5) {
      seen = Math.max(0, ...(await firstChat.messages(room, 100)).map((m) => roundOf(m.content)));
      await Bun.sleep(30);
    }
    first.child.kill('SIGKILL');
    await first.child.exited;
    const killedAt = Date.now();

    await standby.line(/is the active host: it holds the House's lease \(epoch 2;/, 30_000);
    const tookAt = Date.now();
    const chat = await upAt(standby);
    const resumed = await chat.waitFor(room, houseId, (t) => t.startsWith('Trust resumes at round'), 60_000);
    const resumeRound = Number(resumed.match(/round (\d+)/)![1]);
    // From its last save: after the rounds posted before the kill, not from the start.
    expect(resumeRound).toBeGreaterThan(seen);
    await chat.waitFor(room, houseId, (t) => roundOf(t) >= resumeRound, 60_000);
    const firstMove = (await chat.messages(room, 400)).filter((m) => roundOf(m.content) >= resumeRound).sort((a, b) => a.created_at - b.created_at)[0]!;
    const board = (await (await fetch(new URL('/house/dashboard/view', chat.baseUrl))).json()) as { html: string };
    expect(board.html).toContain(`pid ${standby.child.pid} (lease epoch 2)</p>`);
    console.log(`standby takeover: lease taken ${tookAt - killedAt} ms after the kill; first resumed round (${resumeRound}) posted ${firstMove.created_at - killedAt} ms after the kill`);

    // The old host, started again, finds the lease the standby's and waits in its turn, holding nothing.
    const again = spawnHost();
    await again.line(new RegExp(`standing by: .* pid ${standby.child.pid} is the active host \\(lease epoch 2\\)`), 60_000);
    expect(again.lines.some((l) => /is the active host: it holds/.test(l) || /web GUI at/.test(l))).toBe(false);
    expect(again.child.exitCode).toBeNull();

    // The active host paused past its lease (a stopped VM): the waiting host takes over, and the paused one, woken, finds
    // the lease lost and exits (code 3) without a write; the match, mid-play when it paused, ends as if nothing happened.
    const beforePause = Math.max(0, ...(await chat.messages(room, 400)).map((m) => roundOf(m.content)));
    standby.child.kill('SIGSTOP');
    expect(beforePause).toBeLessThan(ROUNDS);
    await again.line(/is the active host: it holds the House's lease \(epoch 3;/, 30_000);
    standby.child.kill('SIGCONT');
    expect(await standby.child.exited).toBe(3);
    expect(standby.lines.some((l) => /(lost the House's lease|a save was refused).*this host stops now and writes nothing more/.test(l))).toBe(true);
    const last = await upAt(again);
    await last.waitFor(room, houseId, (t) => t.includes('Match over: '), 120_000);
    const lastBoard = (await (await fetch(new URL('/house/dashboard/view', last.baseUrl))).json()) as { html: string };
    expect(lastBoard.html).toContain(`pid ${again.child.pid} (lease epoch 3)</p>`);

    let detail: MatchDetail | null = null;
    for (let i = 0; detail?.summary.status !== 'finished' && i < 100; i++) {
      const res = await fetch(new URL(`/house/matches/${id}`, last.baseUrl));
      detail = res.ok ? ((await res.json()) as MatchDetail) : null;
      if (detail?.summary.status !== 'finished') await Bun.sleep(50);
    }
    expect(detail?.summary.status).toBe('finished');
    const rounds = detail!.history.map((h) => h.round);
    expect(rounds).toEqual(Array.from({ length: rounds.length }, (_, i) => i + 1));
    expect(verifyChain(detail!.events)).toEqual({ ok: true });
    const trust = games.trust!;
    const straight = Match.create(trust, trust.configSchema.parse({ maxRounds: ROUNDS }), 21, ['Ada', 'Bram']);
    const reports: Array<Record<string, Record<string, unknown>>> = [];
    runMatchSync(straight, { Ada: trust.strategies.copycat!, Bram: trust.strategies.grudger! }, (r) => reports.push(r.report.players));
    expect(detail!.history.map((h) => h.players)).toEqual(reports);
    expect(detail!.outcome).toEqual(straight.outcome());
    expect(detail!.events.at(-1)!.hash).toBe(straight.log!.entries.at(-1)!.hash);

    // Its signed file says where it changed hosts: from the killed host to the standby, and from the paused one to the third.
    const file = bundlePath(join(dataDir, 'matches'), id);
    let signature = readSignature(file);
    for (let i = 0; !signature.ok && i < 100; i++) {
      await Bun.sleep(50);
      signature = readSignature(file);
    }
    if (!signature.ok) throw new Error(signature.error);
    expect(checkSignature(file, detail!.events.at(-1)!.hash, signature.signature)).toEqual({ ok: true });
    const changes = (JSON.parse(readFileSync(file, 'utf8')) as MatchBundle).hostChanges ?? [];
    const hostOf = (pid: number | undefined, epoch: number) => expect.stringMatching(new RegExp(` pid ${pid} \\(lease epoch ${epoch}\\)$`));
    expect(changes).toEqual([
      { type: 'host-changed', from: hostOf(first.child.pid, 1), to: hostOf(standby.child.pid, 2), gapMs: expect.any(Number), round: resumeRound, at: expect.any(Number) },
      { type: 'host-changed', from: hostOf(standby.child.pid, 2), to: hostOf(again.child.pid, 3), gapMs: expect.any(Number), round: expect.any(Number), at: expect.any(Number) },
    ]);
    expect(changes[0]!.gapMs).toBeGreaterThan(0);
    expect(changes[1]!.round).toBeGreaterThan(beforePause - 1);

    // No post doubled or lost across either handover: every round's post once, each resume said once, the end once.
    const said = (await last.messages(room, 1000)).sort((a, b) => a.created_at - b.created_at).filter((m) => m.authorId === houseId).map((m) => m.content);
    const perRound = new Map<number, number>();
    for (const text of said) if (roundOf(text)) perRound.set(roundOf(text), (perRound.get(roundOf(text)) ?? 0) + 1);
    expect([...perRound].sort(([a], [b]) => a - b)).toEqual(Array.from({ length: ROUNDS }, (_, i) => [i + 1, 1]));
    expect(said.filter((t) => t.startsWith('Trust resumes at round'))).toEqual([`Trust resumes at round ${resumeRound}.`, `Trust resumes at round ${changes[1]!.round}.`]);
    expect(said.filter((t) => t.includes('Match over: '))).toHaveLength(1);
    expect(said.filter((t, i) => said.indexOf(t) !== i)).toEqual([]);
  }, 400_000);
});
