import { afterAll, expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { registerPlayer, unregisterPlayer } from '../player/playerRegistry.ts';
import { HouseService } from './houseService.ts';
import { silentGateway } from './roomGateway.ts';

/**
 * The House's command flow on a stand-in runtime (settings, cache, logger): no
 * database, no server. Seated players have no decision action here, so every
 * decision is missing and the game's fallback plays.
 */
function fakeRuntime(name: string, settings: Record<string, string> = {}): IAgentRuntime {
  const cache = new Map<string, unknown>();
  const quiet = () => {};
  return {
    agentId: `id-${name}`,
    character: { name },
    getSetting: (key: string) => settings[key] ?? null,
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => cache.set(key, value) && true,
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
  } as unknown as IAgentRuntime;
}

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
  expect(await h.handleCommand({ kind: 'join' }, kurt)).toBe('!join is not possible now: no match is open. Allowed now: !games, !play, !status');
  const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 4 }, observer);
  expect(opened).toMatch(/^Trust lobby trust-4-\w+ \(seed 4\) seats Ivo, Jana\. Players may !join; it starts in 60 s or at !start\.$/);
  expect(await h.handleCommand({ kind: 'join' }, observer)).toBe('Only player agents can join (players: Ivo, Jana, Kurt). Name them in !play <game> <names>.');
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
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 1 }, ivo)).toBe('Only the observer opens matches; players join with !join.');
  expect(await h.handleCommand({ kind: 'play', game: 'chess', players: [] }, observer)).toBe(`Unknown game 'chess'. Games: ${Object.keys(h.games).join(', ')}`);
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Zed'] }, observer)).toBe('Unknown player Zed. Players: Ivo, Jana, Kurt');
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Ivo'] }, observer)).toBe("player id 'Ivo' appears twice");
  const started = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Jana', 'Ivo'], seed: 9 }, observer);
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
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Kurt'], seed: 2 }, observer);
    const id = h.listMatches()[0]!.id;
    expect(await h.handleCommand(taunt, kurt)).toBe(`taunted in ${id}`);
    expect(seen).toEqual(['Kurt @Ivo']);
    await h.stopMatch(id);
    await h.stop();
  } finally {
    gameAdapters.pop();
  }
});
