import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ModelType } from '@elizaos/core';
import { Match, runMatchSync } from '@the-house/games';
import { games } from '@the-house/games/registry.ts';
import { houseStateProvider, type HouseService } from '@the-house/plugin-house';
import { findPlayer } from '@the-house/plugin-player';
import type { Memory, State } from '@elizaos/core';
import { startHost, type Host } from '../src/host.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { JOURNAL_CHUNK, readStoredNotes } from '@the-house/lab/decision/storedNotes.ts';

process.env.PGLITE_DATA_DIR = 'memory://';
process.env.SERVER_HOST = '127.0.0.1';
process.env.HOUSE_ROUND_DELAY_MS = '0';
process.env.HOUSE_LOBBY_MS = '0';
process.env.HOUSE_BEG_TIMEOUT_MS = '3000';
delete process.env.DISCORD_API_TOKEN;
delete process.env.OPENAI_API_KEY;
delete process.env.ANTHROPIC_API_KEY;

let host: Host;
let chat: RestChat;
let houseId: string;
let dm: string;
const lines: string[] = [];

const house = () => host.house.getService<HouseService>('house')!;
const reply = (test: (t: string) => boolean) => chat.waitFor(dm, houseId, test);

beforeAll(async () => {
  host = await startHost({ port: await freePort(), log: (line) => lines.push(line) });
  chat = new RestChat(host.url);
  houseId = await chat.agentId('The House');
  dm = await chat.dm(houseId);
});

afterAll(async () => {
  await host?.stop();
});

test('with no tokens the host says once that Discord is off, and every player thinks offline', () => {
  expect(lines.filter((l) => l.includes('Discord is off'))).toEqual(['Discord is off (no DISCORD_API_TOKEN); the House plays in the web GUI']);
  expect(lines).toContain('Ada: offline (trust copycat, cafe credit-union, influence alliance, goldmine tit-for-tat-raid)');
  expect(lines).toContain('Dev: offline (trust copykitten, cafe strategic-betrayer, influence random, goldmine greedy-mine)');
  expect(host.runtimes.map((r) => r.character.name).sort()).toEqual(['Ada', 'Bram', 'Cleo', 'Dev', 'Edda', 'Finn', 'The House']);
});

test('!games lists the games; a wrong-phase command says what is allowed', async () => {
  await chat.send(dm, '!games');
  expect(await reply((t) => t.includes('**Trust** (`trust`, 2-8 players)'))).toContain('Start one with `!play GAME`');
  await chat.send(dm, '!join');
  expect(await reply((t) => t.startsWith('!join'))).toBe('!join is not possible now: no match is open. Allowed now: !help, !games, !name, !play, !status, !resume.');
  await chat.send(dm, '!dance');
  expect(await reply((t) => t.startsWith('unknown command'))).toStartWith("unknown command '!dance'. `!help all` explains them all; allowed: ");
});

test('!play trust through the REST API plays a whole match to a winner or a draw', async () => {
  await chat.send(dm, '!play trust --seed 11');
  const opened = await reply((t) => t.includes('lobby trust-11'));
  const id = opened.match(/lobby (trust-11-\w+)/)![1]!;
  const summary = await house().finished(id);
  expect(summary?.status).toBe('finished');
  // The lobby seats four with different strategies (the first four characters here).
  expect(summary?.players.map((p) => p.name)).toEqual(['Ada', 'Bram', 'Cleo', 'Dev']);
  const detail = (await house().getMatch(id))!;
  expect(detail.outcome.over).toBe(true);
  expect(['replicate', 'limit', 'elimination', 'draw']).toContain(detail.outcome.kind!);
  expect(detail.history.map((h) => h.round)).toEqual(Array.from({ length: detail.history.length }, (_, i) => i + 1));

  const stored = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as { channelId: string; postedRound: number };
  expect(stored?.postedRound).toBe(detail.history.length);
  const room = (await chat.messages(stored!.channelId, 100)).map((m) => m.content);
  expect(room.some((t) => t.includes('Match over: '))).toBe(true);
  expect(room.filter((t) => t.startsWith('[trust] Round ')).length).toBe(detail.history.length);
  // RULES T-4: the players read the room, so a miss is told there only once the match is over.
  expect(room.filter((t) => !t.includes('Match over: ')).some((t) => t.includes('missed'))).toBe(false);
  expect(room.some((t) => t.includes('fallback'))).toBe(false);

  // Offline brains draw from the runner's stream: the House's match is the headless one, hash for hash.
  const headless = Match.create(games.trust!, {}, 11, ['Ada', 'Bram', 'Cleo', 'Dev']);
  const { copycat, grudger, detective, copykitten } = games.trust!.strategies;
  runMatchSync(headless, { Ada: copycat!, Bram: grudger!, Cleo: detective!, Dev: copykitten! });
  expect(detail.events.at(-1)!.hash).toBe(headless.log!.head);
  const ratings = (await (await fetch(`${host.url}/house/ratings`)).json()) as Record<string, Array<{ participant: string; matches: number }>>;
  expect(ratings.trust!.map((r) => r.participant).sort()).toEqual(['copycat', 'copykitten', 'detective', 'grudger']);

  const notes = await findPlayer('Ada')!.getCache<{ round: number; opponents: Record<string, unknown> }>(`house-notes:${id}`);
  expect(notes?.round).toBe(detail.history.length);
  expect(Object.keys(notes!.opponents).sort()).toEqual(['Bram', 'Cleo', 'Dev']);
  // Her journal as a restart reads it (the sealed chunks and the head's rest): every round, once, in order.
  const ada = findPlayer('Ada')!;
  const read = await readStoredNotes(id, async (key) => (await ada.getCache(key)) ?? null);
  expect(read!.notes.journal!.map((d) => d.round)).toEqual(detail.history.map((h) => h.round));
  expect(read!.sealed).toBe(Math.floor(detail.history.length / JOURNAL_CHUNK));

  await chat.send(dm, '!status');
  expect(await reply((t) => t.startsWith(`trust ${id}: finished`))).toContain('round');

  const provided = await houseStateProvider.get(host.house, {} as Memory, {} as State);
  expect(provided.text).toContain('No match is open.');
  expect(provided.values).toMatchObject({ houseStatus: 'idle', houseTables: 0 });
});

test('a beg goes to the observer, who grants it by command; a player cannot grant', async () => {
  const edda = findPlayer('Edda')!;
  edda.registerModel(
    ModelType.TEXT_LARGE,
    async (_rt, params) => (String(params.prompt).includes('[[HOUSE_REQUEST]]') ? '```json\n{"action": "BEG", "amount": 9, "reason": "my roof leaks"}\n```' : '<response><thought>x</thought><actions>IGNORE</actions></response>'),
    'test-begger',
    1000,
  );
  await chat.send(dm, '!play trust Edda Finn --seed 5');
  const started = await reply((t) => t.includes('match trust-5-'));
  const id = started.match(/match (trust-5-\w+)/)![1]!;
  const until = Date.now() + 15_000;
  while (house().liveMatch(id)!.pendingBegs.length === 0 && Date.now() < until) await Bun.sleep(50);
  expect(house().liveMatch(id)!.pendingBegs).toMatchObject([{ player: 'Edda', amount: 9, reason: 'my roof leaks', round: 1 }]);
  // RULES T-a: amount and reason reach the observer's own chat; the game room hears only who begged.
  expect(await reply((t) => t.startsWith('Edda begs you'))).toStartWith('Edda begs you for 9 sats: "my roof leaks".');
  const begRoom = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as { channelId: string };
  const roomLines = async () => (await chat.messages(begRoom.channelId, 100)).map((m) => m.content);
  while (!(await roomLines()).includes('Edda begs the observer.') && Date.now() < until) await Bun.sleep(50);
  expect((await roomLines()).filter((t) => t.includes('roof') || t.includes('9 sats'))).toEqual([]);

  const provided = await houseStateProvider.get(host.house, {} as Memory, {} as State);
  expect(provided.text).toContain(`trust ${id}: running`);
  expect(provided.text).toContain('Rules of Trust: Each round every player picks');
  expect(provided.values).toMatchObject({ houseMatchId: id, houseGame: 'trust', houseStatus: 'running', houseTables: 1 });

  const ada = findPlayer('Ada')!;
  expect(await house().handleCommand({ kind: 'grant', player: 'Edda', amount: 20, reason: 'I am the House now' }, { id: ada.agentId, name: 'Ada' }, id)).toBe(
    `Only the person who opened ${id}, or a House admin, may !grant it; a player agent may not.`,
  );

  await chat.send(dm, '!grant @Edda 12 fix that roof');
  expect(await reply((t) => t.startsWith('Granted'))).toBe('Granted 9 sats to Edda (capped to the 9 asked): fix that roof. They will be told.');
  while (house().liveMatch(id)!.history.length === 0) await Bun.sleep(50);
  const answer = house().liveMatch(id)!.events.find((e) => e.type === 'beg_answer');
  expect(answer).toMatchObject({ to: ['Edda'], data: { player: 'Edda', asked: 9, granted: 9, reason: 'fix that roof', by: 'observer' } });
  expect(house().liveMatch(id)!.history[0]!.players.Edda).toMatchObject({ sats: 58 });

  while (house().liveMatch(id)!.history.length < 2) await Bun.sleep(50);
  const policy = house().liveMatch(id)!.events.filter((e) => e.type === 'beg_answer' && e.round === 2);
  expect(policy).toMatchObject([{ to: ['Edda'], data: { granted: 0, by: 'policy', reason: 'no answer from the observer; the default policy declines' } }]);

  await chat.send(dm, '!stop');
  expect(await reply((t) => t.startsWith(`Match ${id} stopped`))).toContain('stopped at round');
  expect((await house().summaryOf(id))?.status).toBe('stopped');
});

test('a model brain that answers in prose gets one repair round quoting the error; a second failure becomes the fallback', async () => {
  const finn = findPlayer('Finn')!;
  const prompts: string[] = [];
  finn.registerModel(
    ModelType.TEXT_LARGE,
    async (_rt, params) => {
      const prompt = String(params.prompt);
      if (!prompt.includes('[[HOUSE_REQUEST]]')) return '<response><thought>x</thought><actions>IGNORE</actions></response>';
      prompts.push(prompt);
      const round = prompts.length <= 2 ? 1 : 2;
      if (round === 1) return prompt.includes('Your previous answer was refused') ? 'Fine: {"action": "BLOCK", "reason": "safety first"} is my move.' : 'I will simply block, I think.';
      return '{"action": "FLY"}';
    },
    'test-sloppy-model',
    1000,
  );
  await chat.send(dm, '!play trust Finn Cleo --seed 8');
  const started = await reply((t) => t.includes('match trust-8-'));
  const id = started.match(/match (trust-8-\w+)/)![1]!;
  while (((await house().getMatch(id))?.history.length ?? 0) < 2) await Bun.sleep(50);
  // With no round delay the match may already be over; a running one is stopped here.
  if (house().liveMatch(id)) {
    await chat.send(dm, '!stop');
    await reply((t) => t.startsWith(`Match ${id} stopped`));
  }

  expect(prompts[0]).toContain('Legal now:\nHIGH_FIVE|ATTACK target=Cleo\nBLOCK|DO_NOTHING\nBEG amount=1..');
  expect(prompts[0]).toContain('"action"');
  expect(prompts[1]).toContain('Your previous answer was refused: decision is not valid JSON');
  expect(prompts[1]).toContain('Your previous answer was: I will simply block, I think.');
  const events = (await house().getMatch(id))!.events;
  const round1 = events.find((e) => e.type === 'round' && e.round === 1)!;
  expect((round1.data as { acts: Record<string, { action: string }> }).acts.Finn!.action).toBe('BLOCK');
  expect(prompts[2]).toContain('Your notes (trust: +1 a high five at you, -2 an attack): Cleo trust ');
  expect(prompts[3]).toContain('unknown action "FLY"');
  expect(events.find((e) => e.type === 'fallback' && e.round === 2)).toMatchObject({ to: ['Finn'], data: { player: 'Finn', action: 'DO_NOTHING' } });
});

test('one Trust match with a seat of each kind (a person, a player agent, a baseline with no agent) through the same table: the log of headless play with the same decisions', async () => {
  const person = new RestChat(host.url, crypto.randomUUID(), 'Pia');
  const pdm = await person.dm(houseId);
  await person.send(pdm, '!play trust me,Ada,bot:grudger --seed 21 --set maxRounds=4 --delay 0');
  const started = await person.waitFor(pdm, houseId, (t) => t.includes('match trust-21-'));
  const id = started.match(/match (trust-21-\w+)/)![1]!;
  expect(started).toContain('Pia, Ada, grudger');
  for (let round = 1; round <= 4; round++) {
    await person.waitFor(pdm, houseId, (t) => t.startsWith(`Pia, your move in Trust (${id}), round ${round}.`), 30_000);
    await person.send(pdm, '!move block');
  }
  const summary = await house().finished(id);
  expect(summary?.status).toBe('finished');
  const detail = (await house().getMatch(id))!;
  expect(detail.events.filter((e) => e.type === 'decision_missing')).toEqual([]);
  const record = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as { record: { seats: Record<string, { brain: string; strategy: string | null }> } };
  expect(record.record.seats).toMatchObject({ Pia: { brain: 'human' }, Ada: { brain: 'offline', strategy: 'copycat' }, grudger: { brain: 'offline', strategy: 'grudger' } });

  const headless = Match.create(games.trust!, { maxRounds: 4 }, 21, ['Pia', 'Ada', 'grudger']);
  const { copycat, grudger } = games.trust!.strategies;
  const blocks = { name: 'blocks', description: 'always blocks', traits: { memoryDepth: 0, stochastic: false, usesModel: false }, decide: () => ({ action: 'BLOCK' }) };
  runMatchSync(headless, { Pia: blocks, Ada: copycat!, grudger: grudger! });
  expect(detail.events.at(-1)!.hash).toBe(headless.log!.head);
}, 120_000);
