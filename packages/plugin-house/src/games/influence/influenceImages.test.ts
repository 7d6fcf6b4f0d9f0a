import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { parseCommand, type HouseCommand } from '../../commands/parse.ts';
import { houseCommandTable } from '../houseGames.ts';
import type { GameCommandContext, PhaseContext } from '../houseGame.ts';
import { HumanDesk } from '../../humanDesk.ts';
import { pngBytes } from '../../testing/imageBytes.ts';
import { influenceAdapter } from './influenceAdapter.ts';
import { InfluenceTable } from './influenceTable.ts';
import { handleInfluenceCommand } from './influenceCommand.ts';
import { phasePosts, playedRound } from './influencePosts.ts';

let server: ReturnType<typeof Bun.serve>;
let internal: ReturnType<typeof Bun.serve>;
let base: string;
let internalBase: string;
let unreachable: string;
/** Requests the image server saw, by path. */
const fetched: string[] = [];
let internalHits = 0;
const allowBefore = process.env.HOUSE_FETCH_ALLOW;

beforeAll(() => {
  // The image server is on loopback, on a port of the system's choosing: the House is told so, as a host would be (HOUSE_FETCH_ALLOW=127.0.0.1:*); 127.0.0.2 stays out.
  process.env.HOUSE_FETCH_ALLOW = '127.0.0.1:*';
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url);
      const path = url.pathname;
      fetched.push(path);
      if (path === '/ok.png') return new Response(pngBytes(100, 100), { headers: { 'content-type': 'image/png' } });
      if (path === '/huge.png' || path.startsWith('/probe/')) return new Response(pngBytes(2048, 2048), { headers: { 'content-type': 'image/png' } });
      if (path === '/redirect.png') return new Response(null, { status: 302, headers: { location: url.searchParams.get('to')! } });
      return new Response('nothing here', { status: 404 });
    },
  });
  internal = Bun.serve({
    port: 0,
    hostname: '127.0.0.2',
    fetch: () => {
      internalHits += 1;
      return new Response(pngBytes(8, 8), { headers: { 'content-type': 'image/png' } });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  internalBase = `http://127.0.0.2:${internal.port}`;
  const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
  unreachable = `http://127.0.0.1:${closed.port}`;
  closed.stop(true);
});

afterAll(() => {
  server.stop(true);
  internal.stop(true);
  if (allowBefore === undefined) delete process.env.HOUSE_FETCH_ALLOW;
  else process.env.HOUSE_FETCH_ALLOW = allowBefore;
});

const four = ['ann', 'bob', 'cat', 'dan'];

function atRumor(matchId: string): Match {
  const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), 2, four);
  match.step({ decisions: {} });
  expect((match.state as InfluenceState).phase).toBe('RUMOR');
  return match;
}

/** What the House's log was told: why an image could not be checked goes there, and only there. */
const hostLog: string[] = [];
const house = { logger: { info: (line: string) => hostLog.push(line), warn: (line: string) => hostLog.push(line), error: (line: string) => hostLog.push(line) } };
/** Each match's table: what its phases and its people's commands share (`InfluenceTable`). */
const tables = new Map<string, InfluenceTable>();
const tableOf = (matchId: string): InfluenceTable => tables.get(matchId) ?? tables.set(matchId, new InfluenceTable()).get(matchId)!;
const phase = (matchId: string, match: Match) => ({ matchId, match, house, signal: new AbortController().signal, table: tableOf(matchId) }) as unknown as PhaseContext;

const verb = (line: string) => (parseCommand(line, houseCommandTable()) as { command: Extract<HouseCommand, { kind: 'game' }> }).command;
const say = async (ctx: GameCommandContext, line: string): Promise<string> => handleInfluenceCommand(verb(line), ctx);

/** A person, Ann, asked for her RUMOR move in a match of her own. */
function personAtRumor() {
  const id = `img-${crypto.randomUUID()}`;
  const state = atRumor(id).state as InfluenceState;
  const desk = new HumanDesk();
  const ctx: GameCommandContext = { matchId: id, game: influenceGame, state, author: { id: 'p', name: 'ann' }, seat: 'ann', humans: desk, log: [], say: async () => {}, table: tableOf(id) };
  const wait = desk.wait('ann', { check: (d) => influenceGame.validate(state, 'ann', d), openEnded: false, signal: new AbortController().signal });
  return { ctx, wait };
}

describe('Influence images in the House', () => {
  test('RUMOR: the House fetches every img: post; a refused one is a refused post, an unchecked one goes out with a note', async () => {
    const id = `img-${crypto.randomUUID()}`;
    const match = atRumor(id);
    const decisions = {
      ann: { public: `img:${base}/ok.png` },
      bob: { public: `img:${base}/huge.png` },
      cat: { public: `img:${unreachable}/lost.png` },
      dan: { public: 'plain words' },
    };
    const external = await influenceAdapter.external!(phase(id, match), decisions);
    expect(external).toEqual({
      images: {
        ann: { verdict: 'ok' },
        bob: { verdict: 'refused', why: 'the image is 2048x2048 pixels; the limit is 512x512' },
        cat: { verdict: 'unchecked', why: 'the image could not be checked' },
      },
    });
    const { events } = match.step({ decisions, external });
    expect(events.find((e) => e.type === 'refused')).toMatchObject({ to: ['bob'], data: { player: 'bob', reason: expect.stringContaining('the House fetched your image and cannot post it: the image is 2048x2048 pixels') } });
    expect(events.find((e) => e.type === 'timed_out')?.data?.player).toBe('bob');
    const cat = events.find((e) => e.type === 'public' && e.data?.from === 'cat')!;
    expect(cat.data!.imageNote).toBe('the image could not be checked');
    const posts = phasePosts(events, match.state as InfluenceState, playedRound(events, match.state as InfluenceState));
    expect(posts.find((p) => p.key === 'public:1:cat')!.text).toBe(`${unreachable}/lost.png\n(The House could not check this image.)`);
    expect(posts.find((p) => p.key === 'public:1:ann')!.text).toBe(`${base}/ok.png`);
    expect(hostLog.filter((line) => line.includes(id))).toEqual([`House: ${id}, cat's image check of ${JSON.stringify(`${unreachable}/lost.png`)}: could not fetch from ${unreachable.slice('http://'.length)} (ECONNREFUSED)`]);
  });

  test("a person's !public img: is fetched at once: refused with the reason, or taken with the note", async () => {
    const { ctx, wait } = personAtRumor();
    expect(await say(ctx, `!public img:${base}/huge.png`)).toStartWith('Refused: the House fetched your image and cannot post it: the image is 2048x2048 pixels; the limit is 512x512.');
    expect(await say(ctx, '!public plain words')).toBe('Your public message is noted; the House posts it for you when RUMOR closes. Handed in.');
    expect((await wait).decision).toEqual({ public: 'plain words' });

    const other = personAtRumor();
    expect(await say(other.ctx, `!public img:${unreachable}/x.png`)).toBe('Your public message is noted; the House posts it for you when RUMOR closes. Handed in. (The House could not check the image; it is posted with that note.)');
    expect((await other.wait).decision).toEqual({ public: `img:${unreachable}/x.png` });
  });
});

describe('image checks are not a probe (issue 23)', () => {
  test('20 img: probes by one person in one phase make at most one fetch; the rest are refused in plain words, and words still go out', async () => {
    const { ctx, wait } = personAtRumor();
    const before = fetched.filter((path) => path.startsWith('/probe/')).length;
    const replies: string[] = [];
    for (let i = 0; i < 20; i += 1) replies.push(await say(ctx, `!public img:${base}/probe/${i}.png`));
    expect(fetched.filter((path) => path.startsWith('/probe/')).length - before).toBe(1);
    expect(replies[0]).toStartWith('Refused: the House fetched your image and cannot post it: the image is 2048x2048 pixels');
    for (const reply of replies.slice(1)) expect(reply).toStartWith('Refused: the House checks one image per player in each phase and has checked yours this round; it fetches no other until the next round. You may still post words with !public TEXT.');
    expect(await say(ctx, '!public plain words after all')).toEndWith('Handed in.');
    expect((await wait).decision).toEqual({ public: 'plain words after all' });
  });

  test("an agent's second image in the same phase is not fetched; it goes out with the plain note", async () => {
    const id = `img-${crypto.randomUUID()}`;
    const match = atRumor(id);
    const before = fetched.length;
    expect(await influenceAdapter.external!(phase(id, match), { ann: { public: `img:${base}/probe/agent-1.png` } })).toEqual({ images: { ann: { verdict: 'refused', why: 'the image is 2048x2048 pixels; the limit is 512x512' } } });
    // The same phase asked again (a repair, a restart) with another URL: no fetch.
    expect(await influenceAdapter.external!(phase(id, match), { ann: { public: `img:${base}/probe/agent-2.png` }, bob: { public: `img:${base}/ok.png` } })).toEqual({
      images: { ann: { verdict: 'unchecked', why: 'the image could not be checked' }, bob: { verdict: 'ok' } },
    });
    expect(fetched.slice(before)).toEqual(['/probe/agent-1.png', '/ok.png']);
  });

  test("a table's checks go with it: the same match at a new table (a restart) checks again, and another match's table never sees them", async () => {
    const id = `img-${crypto.randomUUID()}`;
    const match = atRumor(id);
    const before = fetched.length;
    const first = { ...phase(id, match), table: new InfluenceTable() } as PhaseContext;
    expect(await influenceAdapter.external!(first, { ann: { public: `img:${base}/probe/table-1.png` } })).toMatchObject({ images: { ann: { verdict: 'refused' } } });
    const other = { ...phase(`img-${crypto.randomUUID()}`, match), table: new InfluenceTable() } as PhaseContext;
    expect(await influenceAdapter.external!(other, { ann: { public: `img:${base}/probe/table-2.png` } })).toMatchObject({ images: { ann: { verdict: 'refused' } } });
    const restarted = { ...phase(id, match), table: new InfluenceTable() } as PhaseContext;
    expect(await influenceAdapter.external!(restarted, { ann: { public: `img:${base}/probe/table-3.png` } })).toMatchObject({ images: { ann: { verdict: 'refused' } } });
    expect(fetched.slice(before)).toEqual(['/probe/table-1.png', '/probe/table-2.png', '/probe/table-3.png']);
  });

  test('what a person hears back never holds a status code, an address, a port or an error code', async () => {
    const before = internalHits;
    const urls = [
      `${base}/gone.png`,
      `${unreachable}/x.png`,
      `${base}/redirect.png?to=${encodeURIComponent(`${internalBase}/a.png`)}`,
      `${internalBase}/a.png`,
      `http://2130706434:${internal.port}/a.png`,
      `http://[::ffff:127.0.0.2]:${internal.port}/a.png`,
      `http://localhost:${internal.port}/a.png`,
    ];
    for (const url of urls) {
      const { ctx, wait } = personAtRumor();
      const reply = await say(ctx, `!public img:${url}`);
      expect(reply).toBe('Your public message is noted; the House posts it for you when RUMOR closes. Handed in. (The House could not check the image; it is posted with that note.)');
      expect(reply).not.toMatch(/\b[1-5]\d\d\b|\d+\.\d+\.\d+\.\d+|::|localhost|:\d{2,5}\b|\bE[A-Z]{3,}\b|ERR_/);
      await wait;
    }
    expect(internalHits).toBe(before);
  });
});
