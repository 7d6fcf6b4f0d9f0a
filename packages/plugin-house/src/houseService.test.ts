import { afterAll, describe, expect, test } from 'bun:test';
import { fakeRuntime } from './testing/fakeRuntime.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from './houseService.ts';
import { silentGateway } from './roomGateway.ts';

/**
 * The House's command flow on a stand-in runtime (settings, cache, logger): no
 * database, no server. Seated players have no decision action here, so every
 * decision is missing and the game's fallback plays.
 */

const players = ['Ivo', 'Jana', 'Kurt'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

const observer = { id: 'person-1', name: 'Observer' };
const ivo = { id: 'id-Ivo', name: 'Ivo' };
const kurt = { id: 'id-Kurt', name: 'Kurt' };

function house(settings: Record<string, string> = {}): HouseService {
  const service = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '60000', ...settings }));
  service.gateway = silentGateway;
  return service;
}

test('lobby: !play opens it with the default seats, a player agent joins, !start plays it to the end', async () => {
  const h = house();
  expect(await h.handleCommand({ kind: 'join' }, kurt)).toBe('!join is not possible now: no match is open. Allowed now: !games, !play, !status, !resume');
  const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 4, options: {} }, observer);
  expect(opened).toMatch(/^Trust lobby trust-4-\w+ \(seed 4\) seats Ivo, Jana\. Players may !join; it starts in 60 s or at !start\.$/);
  expect(await h.handleCommand({ kind: 'join' }, ivo)).toBe('Ivo is already seated.');
  expect(await h.handleCommand({ kind: 'join' }, kurt)).toBe('Kurt joins Trust: Ivo, Jana, Kurt.');
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 1, reason: 'r' }, observer)).toStartWith('!grant is not possible now: a match is waiting in the lobby.');
  const id = h.listMatches()[0]!.id;
  expect(await h.handleCommand({ kind: 'start' }, observer)).toBe(`trust match ${id} starts: Ivo, Jana, Kurt.`);
  const summary = await h.finished(id);
  expect(summary).toMatchObject({ id, game: 'trust', status: 'finished', players: [{ name: 'Ivo' }, { name: 'Jana' }, { name: 'Kurt' }] });
  const detail = h.getMatch(id)!;
  expect(detail.events.filter((e) => e.type === 'decision_missing')[0]).toMatchObject({ round: 1, to: ['Ivo'] });
  expect(detail.outcome.over).toBe(true);
  expect(await h.handleCommand({ kind: 'status' }, observer)).toStartWith(`trust ${id}: finished, round ${summary!.round}.`);
});

test('players cannot open, stop or answer for the observer; unknown games and players are named', async () => {
  const h = house({ HOUSE_ROUND_DELAY_MS: '50' });
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 1, options: {} }, ivo)).toBe('Only the observer opens matches; players join with !join.');
  expect(await h.handleCommand({ kind: 'play', game: 'chess', players: [], options: {} }, observer)).toBe(`Unknown game 'chess'. Games: ${Object.keys(h.games).join(', ')}`);
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Zed'], options: {} }, observer)).toBe('Unknown player Zed. Players: Ivo, Jana, Kurt, or me');
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Ivo'], options: {} }, observer)).toBe("player id 'Ivo' appears twice");
  const started = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Jana', 'Ivo'], seed: 9, options: {} }, observer);
  expect(started).toStartWith('Trust match trust-9-');
  expect(await h.handleCommand({ kind: 'stop' }, ivo)).toBe('Only the observer stops matches.');
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 3, reason: 'x' }, observer)).toBe('No open beg from Ivo: nobody is begging right now.');
  const id = h.listMatches()[0]!.id;
  expect(await h.handleCommand({ kind: 'stop' }, observer)).toStartWith(`Match ${id} stopped at round `);
  await h.finished(id);
  expect(h.listMatches()[0]).toMatchObject({ id, status: 'stopped', players: [{ name: 'Jana' }, { name: 'Ivo' }] });
  await h.stop();
});

test('a game verb reaches its game’s adapter while that game runs, and only then', async () => {
  const { gameAdapters } = await import('./gameAdapters.ts');
  const { gameCommand } = await import('./commands/parse.ts');
  const seen: string[] = [];
  gameAdapters.push({ game: 'trust', commands: [gameCommand('taunt', 'TRUST_TAUNT', '!taunt @name', 'tease a player')], handle: (c, ctx) => (seen.push(`${ctx.author.name} ${c.args.join(' ')}`), `taunted in ${ctx.matchId}`) });
  try {
    const h = house({ HOUSE_ROUND_DELAY_MS: '50' });
    const taunt = { kind: 'game' as const, verb: 'taunt', args: ['@Ivo'], text: '@Ivo' };
    expect(await h.handleCommand(taunt, kurt)).toStartWith('!taunt needs a running match. Allowed now: !games');
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Kurt'], seed: 2, options: {} }, observer);
    const id = h.listMatches()[0]!.id;
    expect(await h.handleCommand(taunt, kurt)).toBe(`taunted in ${id}`);
    expect(seen).toEqual(['Kurt @Ivo']);
    await h.stopMatch(id);
    await h.stop();
  } finally {
    gameAdapters.pop();
  }
});

test('!play --set: a config the game accepts is the match config; a bad key or value says what is allowed', async () => {
  const h = house();
  const bad = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], options: {}, config: { maxRound: 5 } }, observer);
  expect(bad).toStartWith("bad trust config: unknown key 'maxRound' (allowed keys: startSats, maxRounds,");
  const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 3, options: {}, config: { maxRounds: 4 } }, observer);
  expect(opened).toStartWith('Trust match trust-3-');
  const summary = await h.finished(h.listMatches()[0]!.id);
  expect(summary!.round).toBe(4);
  await h.stop();
});

describe('a person in a seat', () => {
  const person = { id: 'person-7', name: 'Pat' };
  const waitFor = async (h: HouseService, id: string, test: (detail: NonNullable<ReturnType<HouseService['getMatch']>>) => boolean) => {
    for (let i = 0; i < 400; i++) {
      const detail = h.getMatch(id);
      if (detail && test(detail)) return detail;
      await Bun.sleep(10);
    }
    throw new Error('timed out');
  };

  test('`me` seats the sender; the House waits for their !move, refuses an illegal one with what is allowed, and plays the legal one', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000' });
    const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 3, options: {} }, person);
    expect(opened).toStartWith('Trust match trust-3-');
    const id = h.listMatches()[0]!.id;
    await waitFor(h, id, (d) => d.waitingFor.includes('pat'));
    expect(await h.handleCommand({ kind: 'move', text: 'JUGGLE' }, person)).toStartWith('Not accepted: ');
    expect(await h.handleCommand({ kind: 'move', text: 'HIGH_FIVE @Ivo' }, kurt)).toBe('You hold no seat in the running match. Join a lobby with !join, or be named in !play <game> me,<others>.');
    expect(await h.handleCommand({ kind: 'move', text: 'high_five @Ivo' }, person)).toBe('Move accepted.');
    const detail = await waitFor(h, id, (d) => d.history.length >= 1);
    const round = detail.events.find((e) => e.type === 'round' && e.round === 1)!;
    expect((round.data as { acts: Record<string, { action: string }> }).acts.Pat!.action).toMatch(/HIGH_FIVE|ATTACK/);
    const record = (h as unknown as { live: Map<string, { stored: { record: { phases: Array<{ answers: Record<string, unknown> }> } } }> }).live.get(id)!.stored.record;
    expect(record.phases[0]!.answers.Pat).toEqual({ kind: 'human', texts: ['!move JUGGLE', '!move high_five @Ivo'], calls: [], outcome: 'valid', errors: [], final: '{"action":"HIGH_FIVE","target":"Ivo"}' });
    await h.stopMatch(id);
    await h.stop();
  });

  test('a person who does not answer in time gets the fallback, like an agent', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '400' });
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'me'], seed: 5, options: {} }, person);
    const id = h.listMatches()[0]!.id;
    const detail = await waitFor(h, id, (d) => d.history.length >= 1);
    expect(detail.events.find((e) => e.type === 'decision_missing' && e.data?.player === 'Pat')).toMatchObject({ round: 1, to: ['Pat'], data: { why: 'brain failed: no move from Pat in time' } });
    expect(detail.events.find((e) => e.type === 'fallback' && e.data?.player === 'Pat')).toMatchObject({ round: 1, data: { action: 'DO_NOTHING' } });
    await h.stopMatch(id);
    await h.stop();
  });

  test('a person joins a lobby by !join and holds a seat; a name taken by an agent is refused', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000' });
    await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 8, options: {} }, observer);
    expect(await h.handleCommand({ kind: 'join' }, person)).toBe('Pat joins Trust as a person: the House will ask you for each move here: Ivo, Jana, Pat.');
    expect(await h.handleCommand({ kind: 'join' }, person)).toBe('Pat is already seated.');
    const id = h.listMatches()[0]!.id;
    const clash = await h.open('trust', ['me', 'Jana'], 1, null, {}, { id: 'person-9', name: 'Ivo' });
    expect(clash).toEqual({ ok: false, error: 'Ivo is the name of a player agent; a person needs another name to sit down.' });
    await h.stopMatch(id);
    await h.stop();
  });
});
