import { expect, test } from 'bun:test';
import { PACE, PACE_JITTER_MS, paceBotRequests, RequestPace } from './botRequests.ts';

/** A clock that moves only when the pace waits: the test reads when each request started, not how long it took. */
function fakeClock() {
  const clock = { t: 0, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
  return clock;
}

test('one queue per bot: requests start in order, never more than the limit in any window', async () => {
  const clock = fakeClock();
  const pace = new RequestPace(3, 1000, clock);
  const starts: Array<[number, number]> = [];
  await Promise.all(Array.from({ length: 8 }, (_, i) => pace.take().then(() => starts.push([i, clock.t]))));
  expect(starts.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  const times = starts.map(([, t]) => t);
  for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(3);
});

test("the bot's REST requests go out through the queue, and one aborted while it waited is not sent", async () => {
  const sent: string[] = [];
  const options = { makeRequest: async (url: string, _init: RequestInit): Promise<unknown> => (sent.push(url), new Response('{}')) };
  const clock = fakeClock();
  paceBotRequests({ rest: { options } }, new RequestPace(1, 1000, clock));
  await options.makeRequest('https://discord.test/api/v10/channels/1/messages', { method: 'POST' });
  const controller = new AbortController();
  const waiting = options.makeRequest('https://discord.test/api/v10/channels/2/messages', { method: 'POST', signal: controller.signal });
  controller.abort();
  expect(await waiting.catch((error: Error) => error.name)).toBe('AbortError');
  expect(sent).toEqual(['https://discord.test/api/v10/channels/1/messages']);
});

test("the bot's pace keeps any second Discord counts under its global 50, with up to a second between a request's start and its arrival", async () => {
  const clock = fakeClock();
  const pace = new RequestPace(PACE.requests, PACE.windowMs, clock);
  const starts: number[] = [];
  for (let i = 0; i < 400; i++) {
    await pace.take();
    starts.push(clock.t);
  }
  // The requests one Discord second may receive: those started within it, or up to PACE_JITTER_MS before it.
  const busiest = Math.max(...starts.map((t) => starts.filter((u) => u >= t && u < t + 1000 + PACE_JITTER_MS).length));
  expect(busiest).toBeLessThan(50);
  expect(busiest).toBe(PACE.requests);
});
