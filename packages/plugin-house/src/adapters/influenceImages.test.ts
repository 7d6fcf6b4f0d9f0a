import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { parseCommand, type HouseCommand } from '../commands/parse.ts';
import { houseCommandTable } from '../gameAdapters.ts';
import type { GameCommandContext, PhaseContext } from '../houseGameAdapter.ts';
import { HumanDesk } from '../humanDesk.ts';
import { pngBytes } from '../testing/imageBytes.ts';
import { influenceAdapter } from './influenceAdapter.ts';
import { handleInfluenceCommand } from './influenceCommand.ts';
import { phasePosts, playedRound } from './influencePosts.ts';

let server: ReturnType<typeof Bun.serve>;
let base: string;
let unreachable: string;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const path = new URL(req.url).pathname;
      if (path === '/ok.png') return new Response(pngBytes(100, 100), { headers: { 'content-type': 'image/png' } });
      if (path === '/huge.png') return new Response(pngBytes(2048, 2048), { headers: { 'content-type': 'image/png' } });
      return new Response('nothing here', { status: 404 });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
  unreachable = `http://127.0.0.1:${closed.port}`;
  closed.stop(true);
});

afterAll(() => server.stop(true));

const four = ['ann', 'bob', 'cat', 'dan'];

function atRumor(matchId: string): Match {
  const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), 2, four);
  match.step({ decisions: {} });
  expect((match.state as InfluenceState).phase).toBe('RUMOR');
  return match;
}

const phase = (matchId: string, match: Match) => ({ matchId, match, signal: new AbortController().signal }) as unknown as PhaseContext;

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
        cat: { verdict: 'unchecked', why: expect.stringContaining('the House could not reach') },
      },
    });
    const { events } = match.step({ decisions, external });
    expect(events.find((e) => e.type === 'refused')).toMatchObject({ to: ['bob'], data: { player: 'bob', reason: expect.stringContaining('the House fetched your image and cannot post it: the image is 2048x2048 pixels') } });
    expect(events.find((e) => e.type === 'timed_out')?.data?.player).toBe('bob');
    const cat = events.find((e) => e.type === 'public' && e.data?.from === 'cat')!;
    expect(cat.data!.imageNote).toContain('the House could not reach');
    const posts = phasePosts(events, match.state as InfluenceState, playedRound(events, match.state as InfluenceState));
    expect(posts.find((p) => p.key === 'public:1:cat')!.text).toMatch(new RegExp(`^${unreachable}/lost.png\\n\\(The House could not check this image: the House could not reach`));
    expect(posts.find((p) => p.key === 'public:1:ann')!.text).toBe(`${base}/ok.png`);
  });

  test('a person\'s !public img: is fetched at once: refused with the reason, or taken with the note', async () => {
    const id = `img-${crypto.randomUUID()}`;
    const state = atRumor(id).state as InfluenceState;
    const desk = new HumanDesk();
    const ctx: GameCommandContext = { matchId: id, game: influenceGame, state, author: { id: 'p', name: 'ann' }, seat: 'ann', humans: desk, log: [], say: async () => {} };
    const wait = desk.wait('ann', { check: (d) => influenceGame.validate(state, 'ann', d), openEnded: false, signal: new AbortController().signal });
    const verb = (line: string) => (parseCommand(line, houseCommandTable()) as { command: Extract<HouseCommand, { kind: 'game' }> }).command;
    expect(await handleInfluenceCommand(verb(`!public img:${base}/huge.png`), ctx)).toStartWith('Refused: the House fetched your image and cannot post it: the image is 2048x2048 pixels; the limit is 512x512.');
    expect(await handleInfluenceCommand(verb(`!public img:${unreachable}/x.png`), ctx)).toMatch(/Handed in\. \(The House could not check the image: the House could not reach .*; it is posted with that note\.\)$/);
    expect((await wait).decision).toEqual({ public: `img:${unreachable}/x.png` });
  });
});
