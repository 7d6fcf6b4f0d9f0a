import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { DEFAULT_WINDOW } from '../decision/playerView.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { httpModelClient } from '../models/httpModelClient.ts';
import { gateLimitsSchema, ProviderGate } from '../models/providerGate.ts';
import { parseFetchAllow, type OutboundPolicy } from '../net/outboundPolicy.ts';
import { matchResult } from '../ratings/placements.ts';
import { rateMatch } from '../ratings/rateMatch.ts';
import { emptyRatings, RATING_OPTIONS } from '../ratings/ratingTable.ts';
import type { RemoteSeatLine } from '../remote/decideRemote.ts';
import { httpBotClient } from '../remote/httpBotClient.ts';
import { openaiSeatClient } from '../remote/openaiSeatClient.ts';
import { referenceHttpBot } from '../remote/reference/referenceHttpBot.ts';
import { clockRulesSchema, newClock, type ClockRules } from '../remote/seatClock.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';
import { ratedSeats } from './ratedSeats.ts';
import { seatResults, type SeatResults } from './seatResults.ts';

// Loopback is refused by default: these tests allow it, as HOUSE_FETCH_ALLOW=127.0.0.1:* would.
const loopback = (parseFetchAllow('127.0.0.1:*') as { ok: true; policy: OutboundPolicy }).policy;
const running: Array<{ stop(): unknown }> = [];
afterAll(async () => {
  for (const r of running) await r.stop();
});
const started = <T extends { stop(): unknown }>(agent: T): T => (running.push(agent), agent);
const strategy = (name: string) => trustGame.strategies[name]!;
/** A gate that gives up fast: one retry after a millisecond. */
const quickGate = () => new ProviderGate('results-test', gateLimitsSchema.parse({ retries: 1, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 10_000 }));

function remote(client: RemoteSeatLine['client'], fallback: string, rules: Partial<ClockRules> = {}): HeadlessSeat {
  return { kind: 'remote', line: { client, clock: newClock(clockRulesSchema.parse({ moveMs: 150, bankMs: 0, ...rules })), entrant: 'entrant:agent@1', fallback: strategy(fallback) } };
}

/** A Trust match of `rounds` headless (`agent` against `bot`), its outcome, and each seat's result as the House and `play` class it. */
async function play(agent: HeadlessSeat, bot: string, rounds = 8): Promise<{ outcome: Outcome; results: SeatResults; scores: Record<PlayerId, number> }> {
  const ids = ['agent', 'bot'];
  const match = Match.create(trustGame, trustGame.configSchema.parse({ maxRounds: rounds }), 5, ids);
  const recorder = new MatchRecorder('results', emptyRecord());
  const seats: Record<PlayerId, HeadlessSeat> = { agent, bot: { kind: 'offline', strategy: strategy(bot) } };
  const { outcome } = await playRecorded(match, seats, recorder, { matchId: 'results', budget: {}, window: DEFAULT_WINDOW });
  const scores = Object.fromEntries(ids.map((id) => [id, trustGame.score(match.state, id)]));
  const clocks = new Map(agent.kind === 'remote' ? [['agent', agent.line.clock] as const] : []);
  return { outcome, results: seatResults(outcome, recorder.record, { players: ids, scores, clocks }), scores };
}

const classOf = (results: SeatResults, player: string) => results.seats.find((s) => s.player === player)!.class;

describe('results of headless matches', () => {
  test('issue 36: an agent that hangs from round 1 is substituted; its substitute wins the game, but the agent forfeits, is no winner, and its rating falls', async () => {
    const agent = started(referenceHttpBot({ mode: 'silent' }));
    const { outcome, results, scores } = await play(remote(httpBotClient(agent.url, { policy: loopback }), 'always-cheat'), 'always-cooperate');
    // The game's own ending still names the agent's seat: its substitute played it best.
    expect(outcome.winners).toEqual(['agent']);
    expect(classOf(results, 'agent')).toBe('forfeit');
    expect(results.seats[0]!.cause).toMatchObject({ by: 'seat', why: 'substituted: 3 turns in a row without a valid answer', at: { round: 3 } });
    expect(results.seats[0]).toMatchObject({ won: false, place: 2, timeouts: 3, fallbacks: 3 });
    expect(results.winners).toEqual(['bot']);
    const before = rateMatch(emptyRatings('trust'), matchResult(outcome, ['agent', 'bot'].map((p) => ({ player: p, participant: p, score: scores[p]! }))));
    expect(before.participants.agent!.mu).toBeGreaterThan(RATING_OPTIONS.mu!);
    const rated = rateMatch(emptyRatings('trust'), ratedSeats(results, (p) => p));
    expect(rated.participants.agent!.mu).toBeLessThan(RATING_OPTIONS.mu!);
    expect(rated.participants.bot).toMatchObject({ wins: 1 });
  }, 30_000);

  test("an agent's illegal moves: refused, repaired, refused again, three turns in a row: forfeit", async () => {
    const agent = started(referenceHttpBot({ mode: 'illegal' }));
    const { results } = await play(remote(httpBotClient(agent.url, { policy: loopback }), 'always-cheat', { moveMs: 5_000 }), 'always-cooperate');
    expect(classOf(results, 'agent')).toBe('forfeit');
    expect(results.seats[0]).toMatchObject({ repairs: 3, fallbacks: 3, timeouts: 0 });
    expect(results.winners).toEqual(['bot']);
  }, 30_000);

  test('a model seat whose answers no schema accepts three turns in a row forfeits', async () => {
    const stub = started(startOpenAiStub({ mode: 'invalid' }));
    const client = httpModelClient({ baseUrl: stub.baseUrl, model: 'stub-model', apiKey: 'sk-test', system: '' });
    const { results } = await play({ kind: 'model', client, gate: quickGate(), persona: '', system: '', fallback: strategy('copycat') }, 'always-cooperate', 4);
    expect(classOf(results, 'agent')).toBe('forfeit');
    expect(results.seats[0]!.cause!.why).toStartWith('3 turns in a row without a valid answer');
  }, 30_000);

  test("a provider outage (500 past the gate's retries) voids the model seat: no place, no win, no rating of its own changed", async () => {
    const stub = started(startOpenAiStub({ fault: () => ({ status: 500 }) }));
    const client = httpModelClient({ baseUrl: stub.baseUrl, model: 'stub-model', apiKey: 'sk-test', system: '' });
    const { results } = await play({ kind: 'model', client, gate: quickGate(), persona: '', system: '', fallback: strategy('copycat') }, 'always-cheat', 3);
    expect(classOf(results, 'agent')).toBe('void');
    expect(results.seats[0]).toMatchObject({ place: null, won: false, cause: { by: 'provider', at: { round: 1 } } });
    expect(results.seats[0]!.cause!.why).toStartWith('500 server error from http@');
    expect(results.unrated).toBeNull();
    const prior = rateMatch(emptyRatings('trust'), [
      { participant: 'agent', place: 1, won: true },
      { participant: 'other', place: 2, won: false },
    ]);
    expect(rateMatch(prior, ratedSeats(results, (p) => p))).toBe(prior);
  }, 30_000);

  test("an OpenAI-compatible entrant whose server answers 500 past retries is void too, its record naming the provider's fault", async () => {
    const stub = started(startOpenAiStub({ fault: () => ({ status: 500 }) }));
    const client = { ...openaiSeatClient({ baseUrl: stub.baseUrl, model: 'entrant-model', apiKey: 'sk-entrant', policy: loopback }), gate: quickGate() };
    const { results } = await play(remote(client, 'copycat', { moveMs: 5_000 }), 'always-cheat', 4);
    expect(classOf(results, 'agent')).toBe('void');
    expect(results.seats[0]!.cause).toMatchObject({ by: 'provider', at: { round: 1 } });
  }, 30_000);

  test("the House's own outbound policy refusing the agent's address voids the seat and leaves the match unrated", async () => {
    const agent = started(referenceHttpBot());
    const { results } = await play(remote(httpBotClient(agent.url), 'copycat'), 'always-cheat', 4);
    expect(agent.turns.length).toBe(0);
    expect(classOf(results, 'agent')).toBe('void');
    expect(results.seats[0]!.cause).toMatchObject({ by: 'house', at: { round: 1 } });
    expect(results.unrated).toStartWith("the House's fault at agent's turn in round 1");
    expect(ratedSeats(results, (p) => p)).toEqual([]);
  }, 30_000);

  test('headless play says so: the hanging agent forfeits in its row, the winners line names the other seat, and state.json keeps every seat\'s result', async () => {
    const agent = started(referenceHttpBot({ mode: 'silent' }));
    const out = mkdtempSync(join(tmpdir(), 'results-play-'));
    const env = { ...process.env, HOUSE_REMOTE_MOVE_MS: '100', HOUSE_REMOTE_BANK_MS: '0', HOUSE_FETCH_ALLOW: '127.0.0.1:*' };
    const child = Bun.spawn([process.execPath, HOUSE_MAIN, 'play', 'trust', '--seed', '1', '--players', `http:${agent.url},copykitten`, '--set', 'maxRounds=6', '--out', out], { env, stdout: 'pipe', stderr: 'ignore' });
    const stdout = await new Response(child.stdout as ReadableStream<Uint8Array>).text();
    expect(await child.exited).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('http '))).toMatch(/\sforfeit$/);
    expect(lines.find((l) => l.startsWith('copykitten '))).toMatch(/\swinner$/);
    expect(lines).toContain('http forfeits from round 3: substituted: 3 turns in a row without a valid answer');
    // The game's own words still say whose seat ended richest; the winners are the results'.
    expect(lines).toContain('limit after 6 rounds; winners: copykitten (in the game: round limit reached: http richest with 56 sats)');
    const saved = JSON.parse(readFileSync(join(out, 'state.json'), 'utf8'));
    expect(saved.outcome.winners).toEqual(['http']);
    expect(saved.results.winners).toEqual(['copykitten']);
    expect(saved.results.seats.map((s: { player: string; class: string }) => [s.player, s.class])).toEqual([
      ['http', 'forfeit'],
      ['copykitten', 'decided'],
    ]);
  }, 60_000);
});
