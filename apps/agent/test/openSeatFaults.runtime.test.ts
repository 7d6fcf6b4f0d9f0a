import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { RemoteSeatRecord } from '@the-house/plugin-house/entrants/remoteSeatRecord.ts';
import { seatOfKind } from '@the-house/plugin-house/seats/seatSpec.ts';
import type { StoredMatch } from '@the-house/plugin-house/types.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { spawnAgent, type AgentProcess } from './kit/remoteAgent.ts';
import { startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';
import { waitUntil } from './kit/waitUntil.ts';

/**
 * Remote agents that go away: one killed mid-match (its turns fail, then its
 * baseline plays on, the log says so once), one back within the grace its
 * misses allow (it plays on, no move twice), and entrants the House may not
 * call (loopback without HOUSE_FETCH_ALLOW's leave is refused like any
 * private address: see remoteSeats.runtime.test.ts for redirects and metadata).
 */
let host: TestHost;
let chat: RestChat;
let houseId: string;
let dm: string;
const agents: AgentProcess[] = [];

async function ask(text: string, matches: RegExp): Promise<string> {
  const before = new Set((await chat.messages(dm, 100)).map((m) => m.id));
  await chat.send(dm, text);
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const found = (await chat.messages(dm, 100)).find((m) => m.authorId === houseId && !before.has(m.id) && matches.test(m.content));
    if (found) return found.content;
    await Bun.sleep(100);
  }
  throw new Error(`no answer to ${text.slice(0, 60)}`);
}

const remoteOf = async (id: string, seat: string): Promise<RemoteSeatRecord> => {
  const stored = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as Pick<StoredMatch, 'seats'>;
  return seatOfKind(stored, seat, 'remote')!.remote;
};

beforeAll(async () => {
  // Five misses in a row substitute a seat: an agent restarted on a loaded machine (a new process) is back well within them.
  host = await startTestHost({ players: ['Ada'], env: { HOUSE_FETCH_ALLOW: '127.0.0.1:*', HOUSE_ROUND_DELAY_MS: '150', HOUSE_LOBBY_MS: '0', HOUSE_REMOTE_MOVE_MS: '5000', HOUSE_REMOTE_BANK_MS: '10000', HOUSE_REMOTE_MAX_MISSES: '5' } });
  chat = new RestChat(host.url, crypto.randomUUID(), 'Olive');
  houseId = await chat.agentId('The House');
  dm = await chat.dm(houseId);
}, 90_000);

afterAll(async () => {
  for (const agent of agents) agent.kill();
  await host?.stop();
}, 30_000);

test('an agent killed mid-match: its turns fail, then its baseline plays it to the end, and the log says so once', async () => {
  const agent = await spawnAgent('a2a');
  agents.push(agent);
  await ask(`!enter gone a2a ${agent.url}`, /^Entered gone/);
  const opened = await ask('!play trust Ada,@gone --seed 3', /match trust-3-/);
  const id = /match (trust-3-\w{8})/.exec(opened)![1]!;
  await waitUntil(() => agent.turns().length >= 3, () => `the agent answered ${agent.turns().length} turns`, 60_000);
  agent.kill();
  await agent.exited;
  await waitForEnd(host.service, id, 120_000);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.status).toBe('finished');
  const notices = detail.events.filter((e) => e.type === 'seat_substituted');
  expect(notices.map((e) => e.data)).toEqual([{ player: 'gone', why: '5 turns in a row without a valid answer', strategy: 'copycat' }]);
  const remote = await remoteOf(id, 'gone');
  expect(remote.clock).toMatchObject({ substituted: '5 turns in a row without a valid answer', unreachable: 5, timeouts: 0 });
  expect(detail.usage.gone).toMatchObject({ fallbacks: 5 });
  expect(detail.usage.gone!.baseline).toBe(detail.history.length - agent.turns().length - 5);
  // Issue 36: the seat's result is its own, a forfeit, whatever its substitute did: never a winner, rated as a loss.
  expect(detail.summary.results).toEqual([{ player: 'gone', class: 'forfeit', note: expect.stringMatching(/^gone forfeits from round \d+: substituted: 5 turns in a row without a valid answer$/) }]);
  expect(detail.summary.winners).not.toContain('gone');
  const boards = (await (await fetch(`${host.url}/house/ratings`)).json()) as Record<string, Array<{ participant: string; mu: number; wins: number }>>;
  const gone = boards.trust!.find((r) => r.participant.startsWith('entrant:gone'))!;
  expect(gone.wins).toBe(0);
  expect(gone.mu).toBeLessThan(25);
}, 150_000);

test('issue 36: an agent that hangs from round 1 hears, once, at the end, that it forfeited; it is not among the winners it is told', async () => {
  const agent = await spawnAgent('a2a', ['--mode', 'silent']);
  agents.push(agent);
  await ask(`!enter hangs a2a ${agent.url}`, /^Entered hangs/);
  const opened = await ask('!play trust Ada,@hangs --seed 11 --set maxRounds=7', /match trust-11-/);
  const id = /match (trust-11-\w{8})/.exec(opened)![1]!;
  await waitForEnd(host.service, id, 120_000);
  const endsOf = () => agent.lines.filter((l) => (l.end as { match?: string } | undefined)?.match === id).map((l) => l.end);
  await waitUntil(() => endsOf().length > 0, 'the end of the match at the hanging agent', 30_000);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.winners).not.toContain('hangs');
  expect(endsOf()).toEqual([
    { kind: 'match_over', match: id, game: 'trust', seat: 'hangs', result: { class: 'forfeit', why: expect.stringMatching(/^substituted: /), won: false, winners: detail.summary.winners }, your_place: 2, match_url: expect.stringMatching(new RegExp(`/house/matches/${id}$`)) },
  ]);
}, 150_000);

test('an agent back within its misses plays on: no move is made twice, and it is not substituted', async () => {
  const port = await freePort();
  const first = await spawnAgent('http', ['--port', String(port)]);
  agents.push(first);
  await ask(`!enter flaky http ${first.url}`, /^Entered flaky/);
  // Paced so a restarted agent is back within its five misses many times over (6 s and more after the first).
  const opened = await ask('!play trust Ada,@flaky --seed 4 --delay 1500 --set maxRounds=15', /match trust-4-/);
  const id = /match (trust-4-\w{8})/.exec(opened)![1]!;
  await waitUntil(() => first.turns().length >= 3, () => `the agent answered ${first.turns().length} turns`, 60_000);
  first.kill();
  await first.exited;
  // Back once the House has felt it gone (one miss), on the same address.
  await waitUntil(() => (host.service.liveMatch(id)?.usage.flaky?.fallbacks ?? 0) >= 1, () => `the match is ${host.service.liveMatch(id)?.summary.status ?? 'closed'} with no fallback for flaky`, 60_000);
  const second = await spawnAgent('http', ['--port', String(port)]);
  agents.push(second);
  await waitForEnd(host.service, id, 120_000);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.status).toBe('finished');
  expect(detail.events.some((e) => e.type === 'seat_substituted')).toBe(false);
  expect(second.turns().length).toBeGreaterThan(0);
  const answered = [...first.turns(), ...second.turns()];
  expect(new Set(answered).size).toBe(answered.length);
  const remote = await remoteOf(id, 'flaky');
  expect(remote.clock.substituted).toBeNull();
  expect(remote.clock.unreachable).toBeGreaterThanOrEqual(1);
  expect(remote.clock.unreachable).toBeLessThan(5);
}, 150_000);

test('by default the House calls no loopback address: an entrant there gets no turn, and its seat falls back', async () => {
  const bot = await spawnAgent('http');
  agents.push(bot);
  await ask(`!enter local http ${bot.url}`, /^Entered local/);
  const allowed = process.env.HOUSE_FETCH_ALLOW;
  delete process.env.HOUSE_FETCH_ALLOW;
  try {
    const opened = await ask('!play trust Ada,@local --seed 8 --set maxRounds=2', /match trust-8-/);
    const id = /match (trust-8-\w{8})/.exec(opened)![1]!;
    await waitForEnd(host.service, id, 60_000);
    expect(bot.turns()).toEqual([]);
    expect((await remoteOf(id, 'local')).clock).toMatchObject({ unreachable: 2, timeouts: 0 });
  } finally {
    process.env.HOUSE_FETCH_ALLOW = allowed;
  }
}, 90_000);

test('a malformed, a flooding and a slow agent are bounded, each with one clear reason in the record', async () => {
  const malformed = await spawnAgent('http', ['--mode', 'malformed']);
  const flood = await spawnAgent('http', ['--mode', 'flood']);
  // Past its 5 s move time, well within the bank: its move stands, and what it took beyond the move comes out of the bank.
  const slow = await spawnAgent('http', ['--mode', 'slow', '--delay-ms', '6500']);
  agents.push(malformed, flood, slow);
  await ask(`!enter babbler http ${malformed.url}`, /^Entered babbler/);
  await ask(`!enter flooder http ${flood.url}`, /^Entered flooder/);
  await ask(`!enter slowpoke http ${slow.url}`, /^Entered slowpoke/);
  const opened = await ask('!play trust Ada,@babbler,@flooder,@slowpoke --seed 9 --set maxRounds=1', /match trust-9-/);
  const id = /match (trust-9-\w{8})/.exec(opened)![1]!;
  await waitForEnd(host.service, id, 60_000);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.status).toBe('finished');
  await host.service.finished(id);
  const read = readBundle(id, host.service.settings.matchDir!);
  if (!read.ok) throw new Error(read.error);
  const answers = read.bundle.record.phases[0]!.answers;
  // Words with no move: the game's own reason, quoted in the one repair, then the fallback.
  expect(answers.babbler).toMatchObject({ outcome: 'fallback', errors: [expect.stringContaining('decision is not valid JSON'), expect.stringContaining('decision is not valid JSON')] });
  // Two megabytes of answer: read only to the limit, refused with that reason, no repair asked of a seat that cannot answer.
  expect(answers.flooder).toMatchObject({ outcome: 'fallback', errors: ["the agent's answer is over 262144 bytes"] });
  expect((await remoteOf(id, 'babbler')).clock.invalid).toBe(1);
  expect((await remoteOf(id, 'flooder')).clock.invalid).toBe(1);
  expect(answers.slowpoke).toMatchObject({ outcome: 'valid' });
  const slowClock = (await remoteOf(id, 'slowpoke')).clock;
  expect(slowClock).toMatchObject({ timeouts: 0, invalid: 0, substituted: null });
  expect(slowClock.bankLeftMs).toBeLessThanOrEqual(10_000 - 1_500);
  expect(slowClock.bankLeftMs).toBeGreaterThan(0);
}, 90_000);
