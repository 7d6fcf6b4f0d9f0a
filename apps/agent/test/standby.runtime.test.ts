import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, runMatchSync, verifyChain } from '@the-house/games';
import type { Strategy } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { bundlePath, type MatchBundle } from '@the-house/lab/models/matchBundle.ts';
import { checkSignature, readSignature } from '@the-house/lab/signing/matchSignature.ts';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import { restoreRepeats } from '@the-house/plugin-house/sharedValues.ts';
import { AGAIN_LINE } from '@the-house/plugin-house/table/personSeat.ts';
import type { MatchDetail } from '@the-house/plugin-house/types.ts';
import { repoRoot } from '../src/host.ts';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import { ensureVectorType } from './kit/pgVectorStandIn.ts';
import { heldHttpBot, type HeldHttpBot } from './kit/heldHttpBot.ts';
import { answerTurns, discordTurnChat, restTurnChat } from './kit/personTurns.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { waitUntil } from './kit/waitUntil.ts';

const url = process.env.HOUSE_TEST_POSTGRES_URL;
if (!url) console.warn('SKIPPED the standby test: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a server from Debian packages and sets it)');

/** A host process with its log lines as they come. */
interface HostProcess {
  child: ReturnType<typeof Bun.spawn>;
  lines: string[];
  /** The first line matching, waited for (the process exiting first fails). */
  line(pattern: RegExp, timeoutMs: number): Promise<string>;
}

/** Each table's Trust match, played with no kill: its rounds' reports, its outcome and its log's last hash. */
function straight(seed: number, rounds: number, seats: Array<[string, Strategy<any, any>]>) {
  const trust = games.trust!;
  const match = Match.create(trust, trust.configSchema.parse({ maxRounds: rounds }), seed, seats.map(([player]) => player));
  const reports: Array<Record<string, Record<string, unknown>>> = [];
  runMatchSync(match, Object.fromEntries(seats), (r) => reports.push(r.report.players));
  return { reports, outcome: match.outcome(), lastHash: match.log!.entries.at(-1)!.hash };
}

/** What a person types every turn (`!move hf @Ada`), as the strategy of a straight run. */
const highFiveAda = { name: 'hf-ada', description: 'a person who high-fives Ada every turn', traits: {}, decide: () => ({ action: 'HIGH_FIVE', target: 'Ada' }) } as unknown as Strategy<unknown, unknown>;

/**
 * An active host with four live Trust tables (its own player agents; a person
 * in the web GUI; an outside agent over HTTP; a person in a loopback Discord
 * thread) is killed with SIGKILL mid-match; the standby on the same
 * PostgreSQL takes the lease, starts the House and its players and resumes
 * every match, and each ends as a straight headless run of the same seed with
 * every room, DM, thread, outside agent and agent's memory told each round
 * once. The old host, started again, stands by; when the new active host is
 * paused past its lease (SIGSTOP) with the web GUI person's table mid-match,
 * it takes over in turn, and the paused host, woken, exits without a write.
 * The people and the outside agent hold a turn across each handover (the test
 * decides when a table waits, not a race of paces).
 */
describe.skipIf(!url)('a standby on the same PostgreSQL takes over from a killed host', () => {
  /** The agents' table: mid-match at the kill (past round 5), over on the standby. */
  const ROUNDS = 20;
  /** The other three tables' rounds: each waits on its person or outside agent at round HELD when the host dies. */
  const SHORT = 6;
  const HELD = 3;
  /** The round whose turn Pia holds when the standby is paused: her table is the one mid-match through the second handover. */
  const PAUSED = 5;
  const dataDir = mkdtempSync(join(tmpdir(), 'house-standby-'));
  const children: HostProcess[] = [];
  let db: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  let port = 0;
  let guild: DiscordTestGuild;
  let bot: HeldHttpBot;

  beforeAll(async () => {
    db = await freshDatabase(url!, 'house_standby_test');
    const vector = await ensureVectorType(db.url);
    if (typeof vector !== 'string') throw new Error(`the test database has no usable vector type: ${vector.error}`);
    port = await freePort();
    // The loopback Discord and the outside agent live in this process: they outlive every host.
    guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: [], people: ['Sam'] });
    bot = heldHttpBot('copycat', HELD);
  }, 60_000);

  afterAll(async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.child.exited));
    await bot?.stop();
    await guild?.stop();
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
      // A match opened from a chat waits 10 s in its room before its first round; each of four tables would.
      HOUSE_COUNTDOWN_MS: '0',
      // The outside agent is this test's, on loopback, which the House refuses unless allowed; the turn it holds till the kill takes no time of its own.
      HOUSE_FETCH_ALLOW: '127.0.0.1:*',
      HOUSE_REMOTE_MOVE_MS: '60000',
      HOUSE_REMOTE_BANK_MS: '300000',
      // The House's bot in the loopback guild (the preload points discord.js at it).
      ...guild.env,
      TEST_DISCORD_API: guild.emulator.api,
      LOG_LEVEL: 'error',
    };
  }

  function spawnHost(): HostProcess {
    const preload = join(import.meta.dir, 'kit/discord/emulatedDiscord.preload.ts');
    const child = Bun.spawn([process.execPath, '--preload', preload, join(repoRoot, 'apps/agent/src/index.ts')], { cwd: repoRoot, env: childEnv(), stdout: 'pipe', stderr: 'ignore' });
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

  const roundOf = (text: string) => Number(/^\[trust\] Round (\d+)/.exec(text)?.[1] ?? 0);
  const lastRound = (texts: string[]) => Math.max(0, ...texts.map(roundOf));

  test("four live tables (agents, a person, an outside agent over HTTP, a Discord thread) resume on the standby after a SIGKILL; the old host started again stands by, and takes over from a paused one, which exits; every match ends as the same seed played straight, every post, turn and memory told once", async () => {
    const first = spawnHost();
    await first.line(/is the active host: it holds the House's lease \(epoch 1;/, 60_000);
    const firstChat = await upAt(first);
    const standby = spawnHost();
    await standby.line(new RegExp(`standing by: .* pid ${first.child.pid} is the active host \\(lease epoch 1\\)`), 60_000);
    const houseId = await firstChat.agentId('The House');
    const houseSays = (m: { authorId: string }) => m.authorId === guild.house.botId;
    const opened = (text: string, seed: number) => new RegExp(`match (trust-${seed}-\\w+)`).exec(text)?.[1];
    const roomOf = (chat: RestChat, id: string) => chat.roomNamed(`Trust ${id.split('-').at(-1)!.slice(0, 4)} · `);

    // Three tables wait at round HELD when the host dies: each one's person or outside agent holds that turn (a person till
    // the House asks it again, the agent till the kill).
    // Discord: Sam plays Ada in a thread of #games, his turns in his DM with the House's bot.
    const asked = guild.say('Sam', guild.channel.id, `!play trust me,Ada --seed 24 --set maxRounds=${SHORT}`);
    const discordId = opened((await guild.waitFor(guild.channel.id, (m) => houseSays(m) && !!opened(m.content, 24), { since: asked.id })).content, 24)!;
    const samChat = discordTurnChat(guild, 'Sam');
    const sam = answerTurns(samChat, discordId, '!move hf @Ada', [HELD]);
    // A person in the web GUI plays Ada, her turns in her chat with the House.
    const pia = new RestChat(firstChat.baseUrl, crypto.randomUUID(), 'Pia');
    const piaDm = await pia.dm(houseId);
    await pia.send(piaDm, `!play trust me,Ada --seed 22 --set maxRounds=${SHORT}`);
    const personId = opened(await pia.waitFor(piaDm, houseId, (t) => !!opened(t, 22), 30_000), 22)!;
    const piaChat = restTurnChat(pia, piaDm, houseId);
    const person = answerTurns(piaChat, personId, '!move hf @Ada', [HELD, PAUSED]);
    // An outside agent over HTTP, entered by Olive, plays Bram.
    const olive = new RestChat(firstChat.baseUrl, crypto.randomUUID(), 'Olive');
    const oliveDm = await olive.dm(houseId);
    await olive.send(oliveDm, `!enter ref-http http ${bot.url}`);
    await olive.waitFor(oliveDm, houseId, (t) => t.startsWith('Entered ref-http'), 30_000);
    await olive.send(oliveDm, `!play trust Bram,@ref-http --seed 23 --set maxRounds=${SHORT}`);
    const remoteId = opened(await olive.waitFor(oliveDm, houseId, (t) => !!opened(t, 23), 30_000), 23)!;
    await waitUntil(() => sam.holding() && person.holding() && bot.holding(), () => `turns held: Sam ${sam.holding()}, Pia ${person.holding()}, the HTTP agent ${bot.holding()}`, 60_000);
    // The House's own agents, from the observer's chat.
    const dm = await firstChat.dm(houseId);
    await firstChat.send(dm, `!play trust Ada Bram --seed 21 --set maxRounds=${ROUNDS}`);
    const started = await firstChat.waitFor(dm, houseId, (t) => t.includes('match trust-21-'), 30_000);
    const id = started.match(/match (trust-21-\w+)/)![1]!;
    const room = await roomOf(firstChat, id);
    const personRoom = await roomOf(firstChat, personId);
    const remoteRoom = await roomOf(firstChat, remoteId);
    const thread = guild.threadOf(discordId)!.id;
    const discordTexts = () => guild.world.history(thread).filter(houseSays).map((m) => m.content);
    // Killed mid-match at every table: the agents' past round 5, each other one waiting on its turn of round HELD.
    let seen = 0;
    while (seen < 5) {
      seen = lastRound((await firstChat.messages(room, 100)).map((m) => m.content));
      await Bun.sleep(30);
    }
    first.child.kill('SIGKILL');
    await first.child.exited;
    bot.release();
    const killedAt = Date.now();

    await standby.line(/is the active host: it holds the House's lease \(epoch 2;/, 30_000);
    const tookAt = Date.now();
    // The old host started again while the standby starts and plays on (it loads for seconds before it reads the lease).
    const again = spawnHost();
    const chat = await upAt(standby);
    const resumed = await chat.waitFor(room, houseId, (t) => t.startsWith('Trust resumes at round'), 60_000);
    const resumeRound = Number(resumed.match(/round (\d+)/)![1]);
    // From its last save: after the rounds posted before the kill, not from the start.
    expect(resumeRound).toBeGreaterThan(seen);
    const resumesOf = async (r: string) => Number((await chat.waitFor(r, houseId, (t) => t.startsWith('Trust resumes at round'), 60_000)).match(/round (\d+)/)![1]);
    const resumedAt = new Map([[room, resumeRound], [personRoom, await resumesOf(personRoom)], [remoteRoom, await resumesOf(remoteRoom)]]);
    // The tables whose turn was held resume at that turn.
    expect([resumedAt.get(personRoom), resumedAt.get(remoteRoom)]).toEqual([HELD, HELD]);
    expect((await guild.waitFor(thread, (m) => houseSays(m) && m.content.startsWith('Trust resumes at round'), { timeoutMs: 60_000 })).content).toBe(`Trust resumes at round ${HELD}.`);
    await chat.waitFor(room, houseId, (t) => roundOf(t) >= resumeRound, 60_000);
    let firstMove = Infinity;
    for (const [r, from] of resumedAt) for (const m of await chat.messages(r, 400)) if (roundOf(m.content) >= from) firstMove = Math.min(firstMove, m.created_at);
    const board = (await (await fetch(new URL('/house/dashboard/view', chat.baseUrl))).json()) as { html: string };
    expect(board.html).toContain(`pid ${standby.child.pid} (lease epoch 2)</p>`);
    console.log(`standby: kill -> first resumed move ${firstMove - killedAt} ms (lease taken after ${tookAt - killedAt} ms)`);

    // Three tables end on the standby; Pia's waits on her turn of round PAUSED.
    for (const r of [room, remoteRoom]) await chat.waitFor(r, houseId, (t) => t.includes('Match over: '), 120_000);
    await guild.waitFor(thread, (m) => houseSays(m) && m.content.includes('Match over: '), { timeoutMs: 120_000 });
    await sam.stop();
    await waitUntil(() => person.holding(), `Pia asked her turn of round ${PAUSED}`, 60_000);

    // The old host, started again, finds the lease the standby's and waits in its turn, holding nothing.
    await again.line(new RegExp(`standing by: .* pid ${standby.child.pid} is the active host \\(lease epoch 2\\)`), 60_000);
    expect(again.lines.some((l) => /is the active host: it holds/.test(l) || /web GUI at/.test(l))).toBe(false);
    expect(again.child.exitCode).toBeNull();

    // The active host paused past its lease (a stopped VM): the waiting host takes over, and the paused one, woken, finds
    // the lease lost and exits (code 3) without a write; Pia's match, mid-play when it paused, ends as if nothing happened.
    // A phase's save is written while the next phase runs: the pause comes once the phase before Pia's held turn is in the
    // database, so the host that takes over asks that turn again, not the one before it (which she answered).
    const store = new SQL(db!.url, { max: 1 });
    try {
      await waitUntil(async () => {
        const [row] = (await store`SELECT value->>'json' AS json FROM cache WHERE key = ${`house:match:${personId}`}`) as Array<{ json: string | null }>;
        const head = row?.json ? (JSON.parse(row.json) as { state?: { round?: number } | null; sharedState?: unknown }) : null;
        // A state whose parts repeat is saved with each part once (sharedValues.ts).
        const state = head?.sharedState ? (restoreRepeats(head.sharedState)?.value as { round?: number } | undefined) : head?.state;
        return (state?.round ?? 0) >= PAUSED;
      }, `Pia's match saved up to her turn of round ${PAUSED}`, 30_000);
    } finally {
      await store.close();
    }
    standby.child.kill('SIGSTOP');
    await again.line(/is the active host: it holds the House's lease \(epoch 3;/, 30_000);
    standby.child.kill('SIGCONT');
    expect(await standby.child.exited).toBe(3);
    expect(standby.lines.some((l) => /(lost the House's lease|a save was refused).*this host stops now and writes nothing more/.test(l))).toBe(true);
    const last = await upAt(again);
    await last.waitFor(personRoom, houseId, (t) => t.includes('Match over: '), 120_000);
    await person.stop();
    const lastBoard = (await (await fetch(new URL('/house/dashboard/view', last.baseUrl))).json()) as { html: string };
    expect(lastBoard.html).toContain(`pid ${again.child.pid} (lease epoch 3)</p>`);

    /** The finished match as the last host serves it, checked against the same seed played straight. */
    const finished = async (matchId: string, seed: number, rounds: number, seats: Record<string, Strategy<any, any>>): Promise<MatchDetail> => {
      let detail: MatchDetail | null = null;
      for (let i = 0; detail?.summary.status !== 'finished' && i < 100; i++) {
        const res = await fetch(new URL(`/house/matches/${matchId}`, last.baseUrl));
        detail = res.ok ? ((await res.json()) as MatchDetail) : null;
        if (detail?.summary.status !== 'finished') await Bun.sleep(50);
      }
      expect(detail?.summary.status).toBe('finished');
      const played = detail!.history.map((h) => h.round);
      expect(played).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
      expect(verifyChain(detail!.events)).toEqual({ ok: true });
      const order = detail!.summary.players.map((p) => p.name);
      expect([...order].sort()).toEqual(Object.keys(seats).sort());
      const want = straight(seed, rounds, order.map((p) => [p, seats[p]!]));
      expect(detail!.history.map((h) => h.players)).toEqual(want.reports);
      expect(detail!.outcome).toEqual(want.outcome);
      expect(detail!.events.at(-1)!.hash).toBe(want.lastHash);
      return detail!;
    };
    const trust = games.trust!.strategies;
    const detail = await finished(id, 21, ROUNDS, { Ada: trust.copycat!, Bram: trust.grudger! });
    const personDetail = await finished(personId, 22, SHORT, { Pia: highFiveAda, Ada: trust.copycat! });
    await finished(remoteId, 23, SHORT, { Bram: trust.grudger!, 'ref-http': trust.copycat! });
    await finished(discordId, 24, SHORT, { Sam: highFiveAda, Ada: trust.copycat! });

    // Each signed file says where its match changed hosts: the agents' from the killed host to the standby, Pia's also from
    // the paused one to the third.
    const hostChanges = async (matchId: string, last: MatchDetail) => {
      const file = bundlePath(join(dataDir, 'matches'), matchId);
      let signature = readSignature(file);
      for (let i = 0; !signature.ok && i < 100; i++) {
        await Bun.sleep(50);
        signature = readSignature(file);
      }
      if (!signature.ok) throw new Error(signature.error);
      expect(checkSignature(file, last.events.at(-1)!.hash, signature.signature)).toEqual({ ok: true });
      return (JSON.parse(readFileSync(file, 'utf8')) as MatchBundle).hostChanges ?? [];
    };
    const hostOf = (pid: number | undefined, epoch: number) => expect.stringMatching(new RegExp(` pid ${pid} \\(lease epoch ${epoch}\\)$`));
    const killed = { type: 'host-changed' as const, from: hostOf(first.child.pid, 1), to: hostOf(standby.child.pid, 2), gapMs: expect.any(Number), at: expect.any(Number) };
    const changes = await hostChanges(id, detail);
    expect(changes).toEqual([{ ...killed, round: resumeRound }]);
    expect(changes[0]!.gapMs).toBeGreaterThan(0);
    expect(await hostChanges(personId, personDetail)).toEqual([
      { ...killed, round: HELD },
      { type: 'host-changed', from: hostOf(standby.child.pid, 2), to: hostOf(again.child.pid, 3), gapMs: expect.any(Number), round: PAUSED, at: expect.any(Number) },
    ]);

    // No post doubled or lost across either handover, in each game room and the thread: every round's post once, each resume said once, the end once.
    const roomSaid = async (r: string) => (await last.messages(r, 1000)).sort((a, b) => a.created_at - b.created_at).filter((m) => m.authorId === houseId).map((m) => m.content);
    const toldOnce = (said: string[], rounds: number, resumes: string[]) => {
      const perRound = new Map<number, number>();
      for (const text of said) if (roundOf(text)) perRound.set(roundOf(text), (perRound.get(roundOf(text)) ?? 0) + 1);
      expect([...perRound].sort(([a], [b]) => a - b)).toEqual(Array.from({ length: rounds }, (_, i) => [i + 1, 1]));
      expect(said.filter((t) => t.startsWith('Trust resumes at round'))).toEqual(resumes);
      expect(said.filter((t) => t.includes('Match over: '))).toHaveLength(1);
      expect(said.filter((t, i) => said.indexOf(t) !== i)).toEqual([]);
    };
    toldOnce(await roomSaid(room), ROUNDS, [`Trust resumes at round ${resumeRound}.`]);
    toldOnce(await roomSaid(personRoom), SHORT, [`Trust resumes at round ${HELD}.`, `Trust resumes at round ${PAUSED}.`]);
    toldOnce(await roomSaid(remoteRoom), SHORT, [`Trust resumes at round ${HELD}.`]);
    toldOnce(discordTexts(), SHORT, [`Trust resumes at round ${HELD}.`]);

    // Pia (in the web GUI) and Sam (in his Discord DM) were asked each turn once, but the ones a host died or paused during:
    // asked again once, told so; nothing else they were told came twice.
    for (const [turnChat, matchId, again] of [[piaChat, personId, [HELD, PAUSED]], [samChat, discordId, [HELD]]] as const) {
      const said = (await turnChat.read()).map((m) => m.text);
      const prompts = Array.from({ length: SHORT }, () => [] as boolean[]);
      for (const text of said) {
        const round = Number(new RegExp(`your move in Trust \\(${matchId}\\), round (\\d+)`).exec(text)?.[1] ?? 0);
        if (round) prompts[round - 1]!.push(text.startsWith(AGAIN_LINE));
      }
      expect(prompts).toEqual(prompts.map((_, i) => ((again as readonly number[]).includes(i + 1) ? [false, true] : [false])));
      const others = said.filter((t) => !t.includes(`your move in Trust (${matchId})`) && t !== 'Move accepted.');
      expect(others.filter((t, i) => others.indexOf(t) !== i)).toEqual([]);
    }

    // The outside agent (in this match alone): each turn of its match sent once, but the one it held when the host died, sent
    // again under the same id by the host that took over (and applied once: the log is the straight run's); the end once.
    const sent = new Map<string, number>();
    for (const t of bot.turns) sent.set(t, (sent.get(t) ?? 0) + 1);
    expect([...sent.values()]).toEqual(Array.from({ length: SHORT }, (_, i) => (i + 1 === HELD ? 2 : 1)));
    expect(bot.ends.filter((e) => e.match === remoteId)).toHaveLength(1);

    // Each player agent's memory of each of its matches (its private room with the House): every round's request once, no
    // round's end or answer twice.
    const sql = new SQL(db!.url, { max: 1 });
    try {
      for (const [name, sizes] of [['Ada', [SHORT, SHORT, ROUNDS]], ['Bram', [SHORT, ROUNDS]]] as const) {
        const agent = await last.agentId(name);
        const rooms = async () => {
          const rows = (await sql`SELECT room_id::text AS room, content->>'text' AS text FROM memories WHERE agent_id = ${agent}::uuid AND content->>'source' = 'house'`) as Array<{ room: string; text: string }>;
          const byRoom = new Map<string, string[]>();
          for (const { room: r, text } of rows) byRoom.set(r, [...(byRoom.get(r) ?? []), text]);
          return [...byRoom.values()];
        };
        // The last rounds' rows go out with the tables' last batches, as the matches close.
        const ask = (texts: string[]) => texts.map((t) => Number(/^\[House\] Trust, round (\d+) \(/.exec(t)?.[1] ?? 0)).filter(Boolean).sort((a, b) => a - b);
        const over = (texts: string[]) => texts.map((t) => Number(/^\[House\] Round (\d+) is over\./.exec(t)?.[1] ?? 0)).filter(Boolean).sort((a, b) => a - b);
        let kept = await rooms();
        for (let i = 0; i < 100 && !(kept.length === sizes.length && kept.every((texts) => over(texts).includes(Math.max(...ask(texts))))); i++) {
          await Bun.sleep(100);
          kept = await rooms();
        }
        const rounds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
        expect(kept.map(ask).sort((a, b) => a.length - b.length)).toEqual(sizes.map(rounds));
        for (const texts of kept) {
          const ends = over(texts);
          expect(ends).toEqual([...new Set(ends)]);
          // Every round's end: a phase's save writes the players' rows of that phase first, so a host killed after a save had
          // written them, and the phase it had not saved is played again by the host that takes over, its rows kept once.
          const n = Math.max(...ask(texts));
          expect(rounds(n).filter((r) => !ends.includes(r))).toEqual([]);
          // The player's own answers, one a turn (a turn asked again and answered alike is kept once).
          expect(texts.length - n - ends.length).toBe(n);
        }
      }
    } finally {
      await sql.close();
    }
  }, 400_000);
});
