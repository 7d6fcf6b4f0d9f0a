import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { Strategy } from '@the-house/games/engine/types.ts';
import { matrixGame } from '@the-house/games/matrix/matrixGame.ts';
import type { MatrixDecision } from '@the-house/games/matrix/matrixDecision.ts';
import type { MatrixView } from '@the-house/games/matrix/matrixTypes.ts';
import { artifacts, hasChromium, launchChromium, openHouseChat, say, seen, showEveryone, warnIfNoChromium } from './kit/chromium.ts';
import { RestChat } from './kit/restChat.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

warnIfNoChromium('the Matrix games person-seat browser test');
const shots = join(artifacts, 'matrix-person');

let host: TestHost;
let houseId: string;

interface RoomMessage {
  authorId: string;
  content: string;
  metadata?: { attachments?: Array<{ url: string; title: string; contentType: string }> };
}

/** A room's messages, oldest first, with the attachments the GUI draws. */
async function roomMessages(channelId: string): Promise<RoomMessage[]> {
  const body = (await (await fetch(`${host.url}/api/messaging/channels/${channelId}/messages?limit=100`)).json()) as { data: { messages: RoomMessage[] } };
  return body.data.messages.reverse();
}

/** The stored match's strategy for each baseline or offline seat, as the House recorded it. */
async function seatStrategies(id: string): Promise<Map<string, string>> {
  const record = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as { record: { seats: Record<string, { strategy: string | null }> } };
  return new Map(Object.entries(record.record.seats).flatMap(([player, seat]) => (seat.strategy ? [[player, seat.strategy] as const] : [])));
}

beforeAll(async () => {
  // The House's pictures go where the server keeps media: a folder of this test's own.
  host = await startTestHost({ players: ['Ada', 'Bram'], env: { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', ELIZA_DATA_DIR: mkdtempSync(join(tmpdir(), 'house-media-')) } });
  houseId = await new RestChat(host.url).agentId('The House');
}, 90_000);

afterAll(async () => {
  await host?.stop();
}, 30_000);

test("a person plays a whole Matrix games match from their chat with the House (the GUI's REST API): a refused move says why and what may be typed, `!move c`, `!move d` and a move per opponent are taken; the room hears round 1 and the ending with the points race; the log is headless play's with the same moves", async () => {
  const person = new RestChat(host.url, crypto.randomUUID(), 'Pia');
  const dm = await person.dm(houseId);
  await person.send(dm, '!play matrix me,Ada,Bram --seed 3 --set rounds=4 --delay 0');
  const started = await person.waitFor(dm, houseId, (t) => t.includes('match matrix-3-'));
  const id = /match (matrix-3-\w+)/.exec(started)![1]!;
  expect(started).toContain('has started (seed 3): Pia, Ada, Bram.');
  const room = /\/group\/([0-9a-f-]{36})/.exec(started)![1]!;

  const typed = ['!move c', '!move d', '!move c @Ada d @Bram', '!move cooperate'];
  const meant: MatrixDecision[] = [{ action: 'C' }, { action: 'D' }, { moves: { Ada: 'C', Bram: 'D' } }, { action: 'C' }];
  const mine = { Ada: [] as string[], Bram: [] as string[] };
  for (const [i, move] of typed.entries()) {
    const round = i + 1;
    const turn = await person.waitFor(dm, houseId, (t) => t.startsWith(`Pia, your move in Matrix games (${id}), round ${round}.`), 30_000);
    expect(turn).toMatch(new RegExp(`\\nYou have \\d+ points \\(round ${round} of 4\\)\\. C: cooperate; D: defect\\.\\n`));
    for (const opponent of ['Ada', 'Bram'] as const) {
      const played = mine[opponent];
      expect(turn).toMatch(round === 1 ? `Against ${opponent}: first meeting.` : new RegExp(`Against ${opponent}: you ${played.join(' ')} / ${opponent} [CD]( [CD])*\\.`));
    }
    expect(turn).toContain('- `!move c`\n- `!move d`\n- `!move c @Ada d @Bram`\n');
    if (round === 1) {
      await person.send(dm, '!move maybe');
      const refused = await person.waitFor(dm, houseId, (t) => t.startsWith('Not accepted: '), 30_000);
      expect(refused.split('\n')).toEqual([expect.stringMatching(/^Not accepted: action: .+\. Try again before the deadline\.$/), 'Your moves now: `!move c` · `!move d` · `!move c @Ada d @Bram`']);
    }
    await person.send(dm, move);
    const decision = meant[i]!;
    for (const opponent of ['Ada', 'Bram'] as const) mine[opponent].push(decision.moves?.[opponent] ?? decision.action!);
  }
  const summary = await host.service.finished(id);
  expect(summary?.status).toBe('finished');
  const detail = (await host.service.getMatch(id))!;
  expect(detail.events.filter((e) => e.type === 'decision_missing' || e.type === 'fallback')).toEqual([]);

  // The person is told how it ended and where to read the whole match.
  const ended = await person.waitFor(dm, houseId, (t) => t.startsWith(`Match over: Matrix games ${id}.`), 30_000);
  expect(ended).toMatch(/ After 4 rounds, .+\. You finished \d(st|nd|rd) of 3 with \d+ points\. The whole match, now public: http:\/\/localhost:\d+\/house\/matches\/matrix-3-\w+$/);

  // The same match headless: Pia's moves as a strategy, the players' own strategies as the House recorded them.
  const strategies = await seatStrategies(id);
  const pia: Strategy<MatrixView, MatrixDecision> = { name: 'pia', description: 'the moves Pia typed', traits: { memoryDepth: 0, stochastic: false, usesModel: false }, decide: (view) => meant[view.round - 1]! };
  const headless = Match.create(matrixGame, { rounds: 4 }, 3, ['Pia', 'Ada', 'Bram']);
  runMatchSync(headless, { Pia: pia, Ada: matrixGame.strategies[strategies.get('Ada')!]!, Bram: matrixGame.strategies[strategies.get('Bram')!]! });
  expect(detail.events.at(-1)!.hash).toBe(headless.log!.head);
  expect(summary!.players.map((p) => [p.name, p.score])).toEqual(['Pia', 'Ada', 'Bram'].map((p) => [p, headless.state.scores[p]!]));

  // The room: the rules, round 1 in full, then the ending once, with the points race as a PNG the GUI draws.
  const posts = (await roomMessages(room)).filter((m) => m.authorId === houseId);
  expect(posts[0]!.content).toStartWith('Matrix games begins: Pia, Ada, Bram (seed 3).');
  expect(posts[1]!.content).toStartWith('[matrix] Round 1: ');
  const last = posts.at(-1)!;
  expect(last.content).toStartWith('[matrix] Round 4: ');
  expect(last.content.match(/Match over/g)).toHaveLength(1);
  expect(last.content.split('\n').at(-1)).toMatch(/^Match over: after 4 rounds, /);
  const race = last.metadata?.attachments?.[0];
  expect([race?.contentType, race?.url]).toEqual(['image', expect.stringMatching(/matrix-points-race\.png$/)]);
  expect(race!.title).toStartWith('The points race over rounds 1 to 4: ');
  for (const p of summary!.players) expect(race!.title).toContain(`${p.name} ended with ${p.score} points`);
  const png = await fetch(new URL(race!.url, host.url));
  expect(png.headers.get('content-type')).toContain('image/png');
  expect(PNG.sync.read(Buffer.from(await png.arrayBuffer())).width).toBeGreaterThan(0);
}, 120_000);

describe.skipIf(!hasChromium)('in the web GUI, in headless Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  test('a person starts a Matrix games match with a seat of their own, types `!move c` each round, reads the ending, and finds the points race in the room', async () => {
    const page = await openHouseChat(browser, host);
    const chat = page.locator('main');
    await say(page, '!play matrix me,Ada --seed 5 --set rounds=3 --delay 0');
    const [, id, seat] = await seen(chat, /Matrix games match (matrix-5-\w+) has started \(seed 5\): (Guest-\w+), Ada\./);
    for (const round of [1, 2, 3]) {
      await seen(chat, new RegExp(`${seat}, your move in Matrix games \\(${id}\\), round ${round}\\.[\\s\\S]*!move c[\\s\\S]*!move d`), 60_000);
      await say(page, '!move c');
    }
    await seen(chat, new RegExp(`Match over: Matrix games ${id}\\. After 3 rounds, `), 60_000);
    await page.screenshot({ path: join(shots, '1-seat.png') });

    const table = await host.service.summaryOf(id!);
    expect(table?.status).toBe('finished');
    // The room as the House's link opens it (rooms are named by game, a short id and who plays).
    const rest = new RestChat(host.url);
    const channels = (await (await fetch(`${host.url}/api/messaging/message-servers/${await rest.server()}/channels`)).json()) as { data: { channels: Array<{ id: string; name: string }> } };
    const room = channels.data.channels.find((c) => c.name.startsWith(`Matrix games ${id!.split('-').at(-1)!.slice(0, 4)} · `))!;
    await page.goto(`${host.url}/group/${room.id}?messageServerId=${await rest.server()}`);
    await showEveryone(page, ['The House', 'Ada']);
    await seen(chat, /Match over: after 3 rounds, /);
    const race = page.locator('main img[src*="/media/uploads/agents/"][src$="matrix-points-race.png"]');
    await race.first().waitFor({ timeout: 20_000 });
    expect(await race.first().getAttribute('alt')).toStartWith('The points race over rounds 1 to 3: ');
    await page.screenshot({ path: join(shots, '2-room.png') });
    await page.close();
  }, 180_000);
});
