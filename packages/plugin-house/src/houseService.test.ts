import { afterAll, describe, expect, test } from 'bun:test';
import { fakeRuntime } from './testing/fakeRuntime.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from './houseService.ts';
import { silentGateway } from './roomGateway.ts';
import { useHouseLog } from './houseLog.ts';

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

test('lobby: !play opens it with the default seats (four for Trust, with different baselines first), a player agent joins, !start plays it to the end', async () => {
  const h = house();
  expect(await h.handleCommand({ kind: 'join' }, kurt)).toBe('!join is not possible now: no match is open. Allowed now: !help, !games, !name, !play, !status, !resume.');
  const opened = await h.handleCommand({ kind: 'play', game: 'cafe', players: [], seed: 4, options: {} }, observer);
  expect(opened).toMatch(/^Café lobby cafe-4-\w+ \(seed 4\) seats Ivo, Jana, Kurt\. Observer and House admins may !join \(`!play cafe --open` opens a lobby to anyone\); it starts in 60 s or at !start\.$/);
  expect(await h.handleCommand({ kind: 'join' }, ivo)).toBe('Ivo is already seated.');
  const id = (await h.listMatches()).matches[0]!.id;
  await h.stopMatch(id);
  await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 4, options: {} }, observer);
  expect(await h.handleCommand({ kind: 'join' }, kurt)).toBe('Kurt is already seated.');
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 1, reason: 'r' }, observer)).toStartWith('!grant is not possible now: a match is waiting in the lobby.');
  const trustId = (await h.listMatches()).matches[0]!.id;
  expect(await h.handleCommand({ kind: 'start' }, observer)).toStartWith(`Trust match ${trustId} has started (seed 4): Ivo, Jana, Kurt. Watch it in the room "Trust ${trustId.split('-').at(-1)!.slice(0, 4)} · Ivo, Jana, Kurt" under Groups, or on the dashboard: `);
  const summary = await h.finished(trustId);
  expect(summary).toMatchObject({ id: trustId, game: 'trust', status: 'finished', players: [{ name: 'Ivo' }, { name: 'Jana' }, { name: 'Kurt' }] });
  const detail = (await h.getMatch(trustId))!;
  expect(detail.events.filter((e) => e.type === 'decision_missing')[0]).toMatchObject({ round: 1, to: ['Ivo'] });
  expect(detail.outcome.over).toBe(true);
  expect(await h.handleCommand({ kind: 'status' }, observer)).toStartWith(`trust ${trustId}: finished, round ${summary!.round}.`);
});

test('players cannot open, stop or answer for the observer; unknown games and players are named', async () => {
  const h = house({ HOUSE_ROUND_DELAY_MS: '50' });
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 1, options: {} }, ivo)).toBe('Only people open matches; players join with !join.');
  expect(await h.handleCommand({ kind: 'play', game: 'chess', players: [], options: {} }, observer)).toBe(`Unknown game 'chess'. Games: ${Object.keys(h.games).join(', ')}`);
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Zed'], options: {} }, observer)).toBe('Unknown player Zed. Players: Ivo, Jana, Kurt, or me');
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Ivo'], options: {} }, observer)).toBe("player id 'Ivo' appears twice");
  const started = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Jana', 'Ivo'], seed: 9, options: {} }, observer);
  expect(started).toStartWith('Trust match trust-9-');
  expect(await h.handleCommand({ kind: 'stop' }, ivo)).toStartWith('Only the person who opened trust-9-');
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 3, reason: 'x' }, observer)).toBe('No open beg from Ivo: nobody is begging right now.');
  const id = (await h.listMatches()).matches[0]!.id;
  expect(await h.handleCommand({ kind: 'stop' }, observer)).toStartWith(`Match ${id} stopped at round `);
  await h.finished(id);
  expect((await h.listMatches()).matches[0]).toMatchObject({ id, status: 'stopped', players: [{ name: 'Jana' }, { name: 'Ivo' }] });
  await h.stop();
});

test('a game verb reaches its game’s adapter while that game runs, and only then', async () => {
  const { houseGames } = await import('./games/houseGames.ts');
  const { gameCommand } = await import('./commands/parse.ts');
  const seen: string[] = [];
  houseGames.push({ game: 'trust', board: houseGames[0]!.board, chart: () => null, commands: [gameCommand('taunt', 'TRUST_TAUNT', '!taunt @name', 'tease a player')], handle: (c, ctx) => (seen.push(`${ctx.author.name} ${c.args.join(' ')}`), `taunted in ${ctx.matchId}`) });
  try {
    const h = house({ HOUSE_ROUND_DELAY_MS: '50' });
    const taunt = { kind: 'game' as const, verb: 'taunt', args: ['@Ivo'], text: '@Ivo' };
    expect(await h.handleCommand(taunt, kurt)).toStartWith('!taunt needs a running match. Allowed now: `!help`, `!games`');
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Kurt'], seed: 2, options: {} }, observer);
    const id = (await h.listMatches()).matches[0]!.id;
    expect(await h.handleCommand(taunt, kurt)).toBe(`taunted in ${id}`);
    expect(seen).toEqual(['Kurt @Ivo']);
    await h.stopMatch(id);
    await h.stop();
  } finally {
    houseGames.pop();
  }
});

test('!play --set: a config the game accepts is the match config; a bad key or value says what is allowed', async () => {
  const h = house();
  const bad = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], options: {}, config: { maxRound: 5 } }, observer);
  expect(bad).toStartWith("bad trust config: unknown key 'maxRound' (allowed keys: startSats, maxRounds,");
  const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 3, options: {}, config: { maxRounds: 4 } }, observer);
  expect(opened).toStartWith('Trust match trust-3-');
  const summary = await h.finished((await h.listMatches()).matches[0]!.id);
  expect(summary!.round).toBe(4);
  await h.stop();
});

describe('a person in a seat', () => {
  const person = { id: 'person-7', name: 'Pat' };
  const waitFor = async (h: HouseService, id: string, test: (detail: NonNullable<ReturnType<HouseService['liveMatch']>>) => boolean) => {
    for (let i = 0; i < 400; i++) {
      const detail = h.liveMatch(id);
      if (detail && test(detail)) return detail;
      await Bun.sleep(10);
    }
    throw new Error('timed out');
  };

  test('`me` seats the sender; the House waits for their !move, refuses an illegal one with what is allowed, and plays the legal one', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000' });
    const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 3, options: {} }, person);
    expect(opened).toStartWith('Trust match trust-3-');
    const id = (await h.listMatches()).matches[0]!.id;
    await waitFor(h, id, (d) => d.waitingFor.includes('pat'));
    expect(await h.handleCommand({ kind: 'move', text: 'JUGGLE' }, person)).toStartWith('Not accepted: ');
    expect(await h.handleCommand({ kind: 'move', text: 'HIGH_FIVE @Ivo' }, kurt)).toBe('You hold no seat in a running match. Join a lobby with `!join`, or sit down with `!play GAME me,NAMES` (e.g. `!play trust me,Ada`).');
    expect(await h.handleCommand({ kind: 'move', text: 'high_five @Ivo' }, person)).toBe('Move accepted.');
    const detail = await waitFor(h, id, (d) => d.history.length >= 1);
    const round = detail.events.find((e) => e.type === 'round' && e.round === 1)!;
    expect((round.data as { acts: Record<string, { action: string }> }).acts.Pat!.action).toMatch(/HIGH_FIVE|ATTACK/);
    const record = (h as unknown as { live: Map<string, { stored: { record: { phases: Array<{ answers: Record<string, unknown> }> } } }> }).live.get(id)!.stored.record;
    expect(record.phases[0]!.answers.Pat).toEqual({ kind: 'human', texts: ['!move JUGGLE', '!move high_five @Ivo'], calls: [], outcome: 'valid', errors: [], final: '{"action":"HIGH_FIVE","target":"Ivo"}' });
    await h.stopMatch(id);
    await h.stop();
  });

  test("a person's Café move of market moves alone is refused with how to add the answer, and the move with an answer is taken", async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000' });
    expect(await h.handleCommand({ kind: 'play', game: 'cafe', players: ['me', 'Ivo', 'Jana', 'Kurt'], seed: 6, options: {} }, person)).toStartWith('Café');
    const id = (await h.listMatches()).matches[0]!.id;
    await waitFor(h, id, (d) => d.waitingFor.includes('pat'));
    const refused = await h.handleCommand({ kind: 'move', text: 'donate @Ivo 10' }, person);
    expect(refused).toStartWith('Not accepted: your move has market moves but no answer to the challenge, and the judge ranks a missing answer worst; put your answer first: `!move YOUR ANSWER; donate @NAME N`. Try again before the deadline.');
    expect(refused).toContain('!move YOUR ANSWER (to the challenge)');
    // The rules refuse it for a model ("bad decision: market move 1 (accept_loan): ..."); the person reads plain sentences.
    const noOffer = await h.handleCommand({ kind: 'move', text: 'Bread at dawn; accept @ivo; donate @Ivo' }, person);
    expect(noOffer).toStartWith("Not accepted: Accepting a loan from Ivo cannot be made: 'Ivo' has no open loan offer to you. A gift is `donate @NAME N`: a player and the tokens to give, more than 0 (e.g. `donate @Ada 100`). Try again before the deadline.");
    expect(noOffer).not.toContain('bad decision');
    expect(await h.handleCommand({ kind: 'move', text: 'Bread at dawn; donate @Ivo 10' }, person)).toBe('Move accepted.');
    await h.stopMatch(id);
    await h.stop();
  });

  test('a declined beg reaches the person who begged once, in their next turn', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000', HOUSE_ROUND_DELAY_MS: '0' });
    const toPat: string[] = [];
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (room, text) => void (room.channelId === 'pat-dm' && toPat.push(text)) };
    const pat = { ...person, room: { channelId: 'pat-dm', serverId: 'srv' } };
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 7, options: {}, config: { observer: 'decline', maxRounds: 2 } }, pat);
    const id = (await h.listMatches()).matches[0]!.id;
    await waitFor(h, id, (d) => d.waitingFor.includes('pat'));
    expect(await h.handleCommand({ kind: 'move', text: 'beg 5 hungry' }, pat)).toBe('Move accepted.');
    await waitFor(h, id, (d) => d.history.length === 1 && d.waitingFor.includes('pat'));
    const told = toPat.filter((t) => /declin/i.test(t));
    expect(told).toHaveLength(1);
    expect(told[0]).toStartWith('Pat, your move in Trust');
    await h.stopMatch(id);
    await h.stop();
  });

  test("a person hears a round's private notice once: in their next turn, or in a line of its own when no turn follows", async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000', HOUSE_ROUND_DELAY_MS: '0' });
    const toPat: string[] = [];
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (room, text) => void (room.channelId === 'pat-dm' && toPat.push(text)) };
    const pat = { ...person, room: { channelId: 'pat-dm', serverId: 'srv' } };
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 7, options: {}, config: { missChance: 1, maxRounds: 2 } }, pat);
    const id = (await h.listMatches()).matches[0]!.id;
    await waitFor(h, id, (d) => d.waitingFor.includes('pat'));
    expect(await h.handleCommand({ kind: 'move', text: 'hf' }, pat)).toBe('Move accepted.');
    await waitFor(h, id, (d) => d.history.length === 1 && d.waitingFor.includes('pat'));
    const missed = 'Your HIGH_FIVE at Ivo missed and landed as an ATTACK; Ivo saw an attack.';
    expect(toPat.filter((t) => t.includes(missed))).toHaveLength(1);
    expect(toPat.find((t) => t.includes(missed))).toStartWith('Pat, your move in Trust');
    expect(await h.handleCommand({ kind: 'move', text: 'hf' }, pat)).toBe('Move accepted.');
    await h.finished(id);
    // The last round's miss has no turn to carry it: it comes in a line of its own.
    expect(toPat.filter((t) => t.startsWith('Round 2, privately for you: ') && t.includes(missed))).toHaveLength(1);
    await h.stop();
  });

  test('a person who does not answer in time gets the fallback, like an agent', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '400' });
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'me'], seed: 5, options: {} }, person);
    const id = (await h.listMatches()).matches[0]!.id;
    const detail = await waitFor(h, id, (d) => d.history.length >= 1);
    expect(detail.events.find((e) => e.type === 'decision_missing' && e.data?.player === 'Pat')).toMatchObject({ round: 1, to: ['Pat'], data: { why: 'brain failed: no move from Pat in time' } });
    expect(detail.events.find((e) => e.type === 'fallback' && e.data?.player === 'Pat')).toMatchObject({ round: 1, data: { action: 'DO_NOTHING' } });
    await h.stopMatch(id);
    await h.stop();
  });

  test('a person joins a lobby by !join and holds a seat; a name taken by an agent is refused', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000' });
    await h.handleCommand({ kind: 'play', game: 'cafe', players: [], seed: 8, options: {}, open: true }, observer);
    expect(await h.handleCommand({ kind: 'join' }, person)).toBe('Pat joins Café as a person: the House will ask you for each move here: Ivo, Jana, Kurt, Pat.');
    expect(await h.handleCommand({ kind: 'join' }, person)).toBe('Pat is already seated.');
    const id = (await h.listMatches()).matches[0]!.id;
    const clash = await h.open('trust', ['me', 'Jana'], 1, null, {}, { id: 'person-9', name: 'Ivo' });
    expect(clash).toEqual({ ok: false, error: 'Ivo is the name of a player agent; a person needs another name to sit down (`!name NAME`).' });
    await h.stopMatch(id);
    await h.stop();
  });
});

describe('tables, owners and admins', () => {
  const room = (id: string) => ({ channelId: id, serverId: 'srv' });
  const pat = { id: 'person-pat', name: 'Pat', room: room('pat-dm') };
  const lee = { id: 'person-lee', name: 'Lee', room: room('lee-dm') };
  const root = { id: '7d1f2c3b-4a5e-4f60-8a71-92b3c4d5e6f7', name: 'Root', room: room('root-dm') };
  const game = (game: string, players: string[], seed: number) => ({ kind: 'play' as const, game, players, seed, options: {} });

  test('each room holds its own match; commands act on the room they were typed in, or on --match', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '200' });
    expect(await h.handleCommand(game('trust', ['Ivo', 'Jana'], 1), pat)).toStartWith('Trust match trust-1-');
    expect(await h.handleCommand(game('trust', ['Jana', 'Kurt'], 2), lee)).toStartWith('Trust match trust-2-');
    expect(await h.handleCommand(game('cafe', ['Ivo', 'Kurt'], 3), pat)).toStartWith('This room already has trust-1-');
    const [two, one] = h.openMatches().map((s) => s.id);
    expect(await h.handleCommand({ kind: 'status' }, pat)).toStartWith(`trust ${one}: running`);
    expect(await h.handleCommand({ kind: 'status' }, lee)).toStartWith(`trust ${two}: running`);
    expect(await h.handleCommand({ kind: 'status' }, { id: 'p9', name: 'Nobody', room: room('elsewhere') })).toStartWith('No match at this table. 2 tables are open: ');
    expect(await h.handleCommand({ kind: 'status' }, lee, one!.split('-').at(-1))).toStartWith(`trust ${one}: running`);
    expect(await h.handleCommand({ kind: 'stop' }, lee, 'trust-')).toStartWith("'trust-' fits 2 matches");
    expect(await h.handleCommand({ kind: 'stop' }, lee, one)).toBe(`Only Pat, who opened ${one}, or a House admin (HOUSE_ADMINS) may !stop it.`);
    expect(await h.handleCommand({ kind: 'stop' }, { ...lee, name: 'Pat' }, one)).toStartWith('Only Pat, who opened');
    // Typed in another chat, !stop and !start reach no match of Pat's: they name it and the command that would.
    const patElsewhere = { ...pat, room: room('pat-other-chat') };
    expect(await h.handleCommand({ kind: 'stop' }, patElsewhere)).toBe(`No match of yours is open in this chat, and !stop acts only where it is typed. Your open match is ${one}: type \`!stop --match ${one}\`, or type !stop in its chat.`);
    expect(await h.handleCommand({ kind: 'start' }, patElsewhere)).toStartWith('No match of yours is open in this chat, and !start acts only where it is typed.');
    expect(await h.handleCommand({ kind: 'status' }, pat)).toStartWith(`trust ${one}: running`);
    expect(await h.handleCommand({ kind: 'stop' }, pat)).toStartWith(`Match ${one} stopped at round `);
    expect(await h.handleCommand({ kind: 'status' }, pat)).toStartWith(`trust ${one}: stopped`);
    await h.finished(one!);
    expect(h.openMatches().map((s) => s.id)).toEqual([two]);
    await h.stopMatch(two!);
    await h.stop();
  });

  test('an admin named in HOUSE_ADMINS (by id or Discord role) may stop anyone’s match; a player agent may not', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '200', HOUSE_ADMINS: `${root.id}, discord-role:222222222222222222` });
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 4), pat);
    const id = h.openMatches()[0]!.id;
    expect(await h.handleCommand({ kind: 'stop' }, ivo, id)).toStartWith(`Only the person who opened ${id}, or a House admin, may !stop it`);
    expect(await h.handleCommand({ kind: 'stop' }, { id: 'person-x', name: 'X', roles: ['222222222222222222'] }, id)).toStartWith(`Match ${id} stopped`);
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 5), pat);
    const next = h.openMatches()[0]!.id;
    expect(await h.handleCommand({ kind: 'stop' }, root, next)).toStartWith(`Match ${next} stopped`);
    await h.stop();
  });

  test('HOUSE_MAX_TABLES bounds the matches at once; past it !play says how many and where', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '200', HOUSE_MAX_TABLES: '2' });
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 6), pat);
    await h.handleCommand(game('trust', ['Jana', 'Kurt'], 7), lee);
    const full = await h.handleCommand(game('trust', ['Ivo', 'Kurt'], 8), root);
    expect(full).toStartWith('All 2 tables are busy (HOUSE_MAX_TABLES): trust-6-');
    expect(full).toMatch(/opened by Pat; room "Trust \w{4} · Ivo, Jana"/);
    expect(full).toMatch(/opened by Lee; room "Trust \w{4} · Jana, Kurt"/);
    for (const s of h.openMatches()) await h.stopMatch(s.id);
    await h.stop();
  });

  test('a player agent sits at two tables at once, each seat with its own match', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '0' });
    await h.handleCommand({ ...game('trust', ['Ivo', 'Jana'], 9) }, pat);
    await h.handleCommand({ ...game('trust', ['Ivo', 'Kurt'], 9) }, lee);
    const ids = h.openMatches().map((s) => s.id);
    const done = await Promise.all(ids.map((id) => h.finished(id)));
    expect(done.map((s) => s?.status)).toEqual(['finished', 'finished']);
    expect(done.map((s) => s?.players.map((p) => p.name))).toEqual([['Ivo', 'Kurt'], ['Ivo', 'Jana']]);
    await h.stop();
  });
});

describe('storage', () => {
  test('a finished match leaves memory and is read back from the store, whole', async () => {
    const h = house();
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 12, options: {} }, observer);
    const id = h.openMatches()[0]!.id;
    await h.finished(id);
    expect(h.openMatches()).toEqual([]);
    expect(h.liveMatch(id)).toBeNull();
    const detail = (await h.getMatch(id))!;
    expect(detail.summary).toMatchObject({ id, status: 'finished' });
    expect(detail.damage).toBeNull();
    expect((await h.listMatches()).matches.map((m) => m.id)).toEqual([id]);
    await h.stop();
  });

  test('a save the database keeps refusing pauses the match with the reason; !resume tries again and finishes it', async () => {
    const runtime = fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_SAVE_ATTEMPTS: '2', HOUSE_SAVE_BACKOFF_MS: '1' });
    let broken = false;
    const setCache = runtime.setCache.bind(runtime);
    Object.assign(runtime, { setCache: async (key: string, value: unknown) => (broken && key.startsWith('house:match:') ? false : setCache(key, value)) });
    const h = new HouseService(runtime);
    h.gateway = silentGateway;
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 13, options: {} }, observer);
    const id = h.openMatches()[0]!.id;
    broken = true;
    await h.finished(id);
    const paused = h.liveMatch(id)!;
    expect(paused.summary.status).toBe('paused');
    expect(paused.paused).toStartWith(`could not save house:match:${id}`);
    expect(await h.handleCommand({ kind: 'resume', options: {} }, observer)).toStartWith(`Match ${id} cannot resume yet: could not save`);
    broken = false;
    expect(await h.handleCommand({ kind: 'resume', options: {} }, observer)).toStartWith(`Match ${id} resumes at round `);
    expect(await h.finished(id)).toMatchObject({ id, status: 'finished' });
    await h.stop();
  });
});

describe('what a person reads', () => {
  test('the host hears one line per match event: opened, started, finished, stopped', async () => {
    const lines: string[] = [];
    useHouseLog((line) => lines.push(line));
    try {
      const h = house();
      await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 5, options: {} }, observer);
      const id = h.openMatches()[0]!.id;
      await h.handleCommand({ kind: 'start' }, observer);
      await h.finished(id);
      await h.handleCommand({ kind: 'play', game: 'cafe', players: ['Ivo', 'Jana', 'Kurt'], seed: 6, options: { roundDelayMs: 60_000 } }, observer);
      const cafe = h.openMatches()[0]!.id;
      await h.stopMatch(cafe);
      expect(lines.map((l) => l.replace(/ \d+ s$/, ' N s').replace(/round \d+/, 'round N'))).toEqual([
        `${id} lobby opened by Observer: Ivo, Jana, Kurt; starts in N s`,
        `${id} started: Ivo, Jana, Kurt; room "Trust ${id.split('-').at(-1)!.slice(0, 4)} · Ivo, Jana, Kurt"`,
        // Nobody in this fake room has a brain: the fallbacks play until every unit is out, and every seat forfeits (README, "Results").
        `${id} finished at round N: all eliminated: a draw; results: ${['Ivo', 'Jana', 'Kurt'].map((p) => `${p} forfeits from round 3: 3 turns in a row without a valid answer (the last: no decision in time)`).join('; ')}; winners by the results none`,
        `${cafe} started: Ivo, Jana, Kurt; room "Café ${cafe.split('-').at(-1)!.slice(0, 4)} · Ivo, Jana, Kurt"`,
        `${cafe} stopped at round N`,
      ]);
      await h.stop();
    } finally {
      useHouseLog(null);
    }
  });

  const gui = { id: 'person-gui-1234', name: 'user', room: { channelId: 'dm-gui', serverId: 'srv' } };

  test('!help says how to start and watch, with the dashboard address; no placeholder is a bare <word>', async () => {
    const h = house({ HOUSE_PUBLIC_URL: 'http://example.test:3000/' });
    const help = await h.handleCommand({ kind: 'help' }, { ...observer, origin: { source: 'discord', channelId: 'c1' } });
    expect(help).toContain('`!play trust me,Ada` gives you a seat');
    expect(help).toContain('the dashboard: http://example.test:3000/house');
    // In the web GUI the link is relative (it opens on the address the person used), and help says what the GUI does with every link.
    expect(await h.handleCommand({ kind: 'help' }, observer)).toContain('the dashboard: [/house](/house) (this window asks "Open external link?" before it opens any link, in a new tab)');
    expect(help).not.toContain('`!grant');
    expect(help).not.toMatch(/<[a-z]/i);
    expect(await h.handleCommand({ kind: 'help', topic: 'trust' }, observer)).toContain('`!grant @NAME N REASON` answer a beg');
    expect(await h.handleCommand({ kind: 'help', topic: 'all' }, observer)).toContain('`!grant @NAME N REASON` answer a beg');
    const games = await h.handleCommand({ kind: 'games' }, observer);
    expect(games).toContain('- **Trust** (`trust`, 2-8 players): ');
    expect(games).toEndWith('Start one with `!play GAME` (e.g. `!play trust`), or `!play trust me,Ada` to sit down yourself. `!help` lists every command.');
  });

  test('the web GUI calls everyone "user": such a person sits as Guest-xxxx until they choose a name with !name', async () => {
    const h = house({ HOUSE_DECISION_DEADLINE_MS: '10000' });
    expect(await h.handleCommand({ kind: 'name', name: '__proto__' }, gui)).toStartWith('Not changed: a name starts with a letter or digit');
    expect(await h.handleCommand({ kind: 'name', name: 'constructor' }, gui)).toBe("Not changed: 'constructor' is reserved.");
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 21, options: {} }, gui);
    expect(h.openMatches()[0]!.players.map((p) => p.name)).toEqual(['Guest-pers', 'Ivo']);
    await h.stopMatch(h.openMatches()[0]!.id);
    expect(await h.handleCommand({ kind: 'name', name: 'Pat' }, gui)).toBe('From your next seat on you sit down as Pat (a seat you hold now keeps its name).');
    expect(await h.handleCommand({ kind: 'name', name: 'Pat' }, { ...gui, id: 'someone-else' })).toBe("Not changed: 'Pat' is taken by someone else.");
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 22, options: {} }, gui);
    const id = h.openMatches()[0]!.id;
    expect(h.openMatches()[0]!.players.map((p) => p.name)).toEqual(['Pat', 'Ivo']);
    for (let i = 0; i < 200 && !h.liveMatch(id)?.waitingFor.includes('pat'); i++) await Bun.sleep(10);
    const refused = await h.handleCommand({ kind: 'move', text: 'juggle' }, gui);
    expect(refused).toStartWith('Not accepted: ');
    expect(refused).toContain('Your moves now: `!move hf` · `!move attack` · `!move block`');
    expect(await h.handleCommand({ kind: 'view', json: true }, gui)).toStartWith(`Your view of ${id}, round 1:\n\`\`\`json\n{\n "game": "trust",`);
    expect(await h.handleCommand({ kind: 'view' }, gui)).toBe(`What you know of ${id}, round 1:\nYou have 50 sats (round 1 of 30). Others: Ivo 50.\n\`!view json\` shows all of it as JSON.`);
    expect(await h.handleCommand({ kind: 'move', text: 'hf' }, gui)).toBe('Move accepted.');
    await h.stopMatch(id);
    await h.stop();
  });

  test('a reply quotes at most 200 characters of what was typed', async () => {
    const h = house();
    const names = Array.from({ length: 400 }, (_, i) => `Nobody${i}`);
    const reply = await h.handleCommand({ kind: 'play', game: 'trust', players: names, options: {} }, observer);
    expect(reply.length).toBeLessThan(500);
    expect(reply).toContain(`… (${names.join(', ').length} characters)`);
  });

  test('--delay sets one match\'s pause between rounds', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '0' });
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 23, options: { roundDelayMs: 400 } }, observer);
    const id = h.openMatches()[0]!.id;
    await Bun.sleep(250);
    expect(h.liveMatch(id)!.history.length).toBeLessThanOrEqual(1);
    await h.stopMatch(id);
    await h.stop();
  });
});

describe('fair use of tables (issue 23)', () => {
  const room = (id: string) => ({ channelId: id, serverId: 'srv' });
  const tom = { id: 'person-tom', name: 'Tom', room: room('tom-dm') };
  const game = (game: string, players: string[], seed: number, options: Record<string, unknown> = {}, config?: Record<string, unknown>) => ({ kind: 'play' as const, game, players, seed, options, ...(config ? { config } : {}) });

  test('one person holds at most HOUSE_TABLES_PER_PERSON open matches (default 2); an admin is not bound by it', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '200', HOUSE_ADMINS: '7d1f2c3b-4a5e-4f60-8a71-92b3c4d5e6f7' });
    expect(await h.handleCommand(game('trust', ['Ivo', 'Jana'], 31), { ...tom, room: room('t1') })).toStartWith('Trust match trust-31-');
    expect(await h.handleCommand(game('trust', ['Jana', 'Kurt'], 32), { ...tom, room: room('t2') })).toStartWith('Trust match trust-32-');
    const third = await h.handleCommand(game('trust', ['Ivo', 'Kurt'], 33), { ...tom, room: room('t3') });
    expect(third).toMatch(/^You have 2 matches open \(trust-3[12]-\w+, trust-3[12]-\w+\); a person may have 2 \(HOUSE_TABLES_PER_PERSON\)\. Stop one, or wait for it to end\.$/);
    const admin = { id: '7d1f2c3b-4a5e-4f60-8a71-92b3c4d5e6f7', name: 'Root' };
    expect(await h.handleCommand(game('trust', ['Ivo', 'Kurt'], 34), { ...admin, room: room('a1') })).toStartWith('Trust match trust-34-');
    expect(await h.handleCommand(game('trust', ['Ivo', 'Jana'], 35), { ...admin, room: room('a2') })).toStartWith('Trust match trust-35-');
    expect(await h.handleCommand(game('trust', ['Jana', 'Kurt'], 36), { ...admin, room: room('a3') })).toStartWith('Trust match trust-36-');
    for (const s of h.openMatches()) await h.stopMatch(s.id);
    await h.stop();
  });

  test("a match that could hold its table past HOUSE_MAX_MATCH_HOURS is refused, saying how long and what to change", async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '0' });
    const week = await h.handleCommand(game('goldmine', ['Ivo', 'Jana', 'Kurt'], 37, { roundDelayMs: 60_000 }, { rounds: 10_000 }), tom);
    expect(week).toBe('This match could hold its table for up to 14 days (every round at its full deadlines, plus the pause between rounds); the House allows 12 hours (HOUSE_MAX_MATCH_HOURS). Play fewer rounds (--set rounds=N) or a shorter --delay.');
    expect(await h.handleCommand(game('goldmine', ['Ivo', 'Jana', 'Kurt'], 38, {}, { rounds: 20 }), tom)).toStartWith('Gold mining match goldmine-38-');
    for (const s of h.openMatches()) await h.stopMatch(s.id);
    await h.stop();
  });

  test('the owner sends a seat away from the lobby with !kick; nobody else may', async () => {
    const h = house({ HOUSE_LOBBY_MS: '60000' });
    await h.handleCommand({ ...game('trust', [], 39), open: true }, tom);
    const id = h.openMatches()[0]!.id;
    const stranger = { id: 'person-x', name: 'Xena', room: room('x-dm') };
    expect(await h.handleCommand({ kind: 'join' }, { ...stranger, room: room('tom-dm') })).toStartWith('Xena joins Trust as a person');
    expect(await h.handleCommand({ kind: 'kick', player: 'Ivo' }, { ...stranger, room: room('tom-dm') })).toBe(`Only Tom, who opened ${id}, or a House admin (HOUSE_ADMINS) may !kick it.`);
    expect(await h.handleCommand({ kind: 'kick', player: 'xena' }, tom)).toBe(`Xena leaves the lobby of ${id}. Seated: Ivo, Jana, Kurt.`);
    expect(await h.handleCommand({ kind: 'kick', player: 'Zed' }, tom)).toBe(`Zed has no seat in ${id}. Seated: Ivo, Jana, Kurt.`);
    await h.stopMatch(id);
    await h.stop();
  });

  test("a stopped match's room hears that it ends here, at which round and by whom; a lobby stopped has no room to tell", async () => {
    const posts: string[] = [];
    const h = house({ HOUSE_ROUND_DELAY_MS: '100' });
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (_room, text) => void posts.push(text) };
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 42, {}, { maxRounds: 200 }), tom);
    const id = h.openMatches()[0]!.id;
    while (h.openMatches()[0]!.round < 2) await Bun.sleep(20);
    const answer = await h.handleCommand({ kind: 'stop' }, tom);
    const round = Number(/at round (\d+)/.exec(answer)?.[1]);
    expect(posts.at(-1)).toBe(`Match ${id} was stopped at round ${round} by Tom: it ends here, unfinished and unrated; its page keeps the rounds played.`);
    await h.finished(id);
    expect(posts.filter((t) => t.includes('was stopped'))).toHaveLength(1);
    await h.stop();
  });

  test("the stopped room names the stopper as the House knows them (!name), not by the GUI's display name", async () => {
    const posts: string[] = [];
    const h = house({ HOUSE_ROUND_DELAY_MS: '100' });
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (_room, text) => void posts.push(text) };
    const user = { id: 'person-user', name: 'user', room: room('user-dm') };
    expect(await h.handleCommand({ kind: 'name', name: 'Lena' }, user)).toContain('Lena');
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 43, {}, { maxRounds: 200 }), user);
    const id = h.openMatches()[0]!.id;
    await h.handleCommand({ kind: 'stop' }, user);
    expect(posts.at(-1)).toMatch(new RegExp(`^Match ${id} was stopped (at round \\d+ )?by Lena: it ends here`));
    await h.finished(id);
    await h.stop();
  });

  test("a House that stops tells a running match's room, as its last line and once, that it plays on when the House starts again", async () => {
    const posts: Array<[string, string]> = [];
    const h = house({ HOUSE_ROUND_DELAY_MS: '100' });
    let rooms = 0;
    h.gateway = { createRoom: async () => ({ channelId: `room-${++rooms}`, serverId: 'srv' }), post: async (at, text) => void posts.push([at.channelId, text]) };
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 44, {}, { maxRounds: 200 }), tom);
    const id = h.openMatches()[0]!.id;
    while (h.openMatches()[0]!.round < 2) await Bun.sleep(20);
    await h.stop();
    await h.stop();
    const halted = posts.filter(([, text]) => text.includes('the House is stopping'));
    expect(halted).toHaveLength(1);
    expect(halted[0]![1]).toMatch(new RegExp(`^Match ${id} pauses at round \\d+: the House is stopping\\. It plays on by itself from its last saved round when the House starts again\\.$`));
    expect(posts.filter(([at]) => at === halted[0]![0]).at(-1)).toEqual(halted[0]!);
  });

  test('an observer link keeps the match it was for once its table retires, so the link can lead to the match page', async () => {
    const h = house({ HOUSE_ROUND_DELAY_MS: '100' });
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 47, {}, { maxRounds: 200 }), tom);
    const id = h.openMatches()[0]!.id;
    const key = h.tables.get(id)!.stored.observerKey!;
    expect(h.observe(key)?.summary.id).toBe(id);
    expect(h.observedMatch(key)).toBeNull();
    await h.handleCommand({ kind: 'stop' }, tom);
    await h.finished(id);
    expect(h.observe(key)).toBeNull();
    expect(h.observedMatch(key)).toBe(id);
    expect(h.observedMatch('x'.repeat(key.length))).toBeNull();
    await h.stop();
  });

  test("a lobby whose clock runs out with seats that do not fit its game tells its opener why and how to go on, and stays a lobby", async () => {
    const said: string[] = [];
    const h = house({ HOUSE_LOBBY_MS: '60000' });
    h.gateway = { ...silentGateway, post: async (at, text) => void (at.channelId === 'tom-dm' && said.push(text)) };
    await h.handleCommand(game('trust', [], 46), tom);
    const id = h.openMatches()[0]!.id;
    for (const seat of h.openMatches()[0]!.players.slice(1)) await h.handleCommand({ kind: 'kick', player: seat.name }, tom);
    expect(h.tables.get(id)!.beginByItself()).toBe(false);
    await Bun.sleep(0);
    expect(said.at(-1)).toBe(`Match ${id} did not start: trust needs 2 to 8 players, got 1. It waits in its lobby: seat players with !join and start it with \`!start --match ${id}\`, or end it with \`!stop --match ${id}\`.`);
    expect(h.openMatches()[0]!.status).toBe('lobby');
    await h.stopMatch(id);
    await h.stop();
  });

  test("a room's first post and every tenth round's end with the match page (at that round), for a watcher the room's paging hid the start from", async () => {
    const posts: string[] = [];
    const h = house({ HOUSE_ROUND_DELAY_MS: '0', HOUSE_PUBLIC_URL: 'https://house.example.org' });
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (_room, text) => void posts.push(text) };
    await h.handleCommand(game('trust', ['Ivo', 'Jana'], 43, {}, { maxRounds: 12, missChance: 0, replicateAt: 10_000 }), tom);
    const id = h.openMatches()[0]!.id;
    expect((await h.finished(id))?.status).toBe('finished');
    const begins = posts.find((t) => t.startsWith('Trust begins'))!.split('\n');
    // Relative: the GUI opens it on the address the person reached it by.
    expect(begins.at(-1)).toBe(`Follow it round by round on its page: [/house/matches/${id}](/house/matches/${id})`);
    // Trust's room says once that it hears what the players saw, not the misses (RULES T-4).
    expect(begins.at(-2)).toBe('This room is told what the players saw: a high five that goes astray shows here as the attack it landed as. Each one is on the match page once the match is over.');
    const linked = posts.filter((t) => t.includes('Every round so far, on the match page'));
    expect(linked.map((t) => t.split('\n').at(-1))).toEqual([`Every round so far, on the match page: [/house/matches/${id}#round=10](/house/matches/${id}#round=10)`]);
    await h.stop();
  });

  test('a person who lets HOUSE_MISSED_TURNS turns in a row pass is played by the fallback for the rest of the match, and the room is told once', async () => {
    const posts: string[] = [];
    const h = house({ HOUSE_ROUND_DELAY_MS: '0', HOUSE_DECISION_DEADLINE_MS: '400', HOUSE_MISSED_TURNS: '2' });
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (_room, text) => void posts.push(text) };
    await h.handleCommand(game('trust', ['me', 'Ivo'], 40, {}, { maxRounds: 6 }), tom);
    const id = h.openMatches()[0]!.id;
    const summary = await h.finished(id);
    expect(summary?.status).toBe('finished');
    expect(posts.filter((t) => t.includes('turns in a row pass'))).toEqual(["Tom let 2 turns in a row pass: the game's fallback plays for them for the rest of the match."]);
    const missing = (await h.getMatch(id))!.events.filter((e) => e.type === 'decision_missing' && e.data?.player === 'Tom').map((e) => String(e.data?.why));
    expect(missing.slice(0, 2)).toEqual(['brain failed: no move from Tom in time', 'brain failed: no move from Tom in time']);
    expect(missing.slice(2)).toEqual(Array(4).fill('brain failed: Tom is away (missed 2 turns in a row)'));
    await h.stop();
  });
});

test('a person may not sit under an agent’s name in letters that look alike (Іvo with a Cyrillic І)', async () => {
  const h = house({ HOUSE_LOBBY_MS: '60000' });
  await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 41, options: {} }, { id: 'person-o', name: 'Olga', room: { channelId: 'o-dm', serverId: 'srv' } });
  const id = h.openMatches()[0]!.id;
  expect(await h.handleCommand({ kind: 'join' }, { id: 'person-c', name: '\u0406vo', room: { channelId: 'o-dm', serverId: 'srv' } })).toBe('\u0406vo is the name of a player agent; a person needs another name to sit down.');
  await h.stopMatch(id);
  await h.stop();
});
