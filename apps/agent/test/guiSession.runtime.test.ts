import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Browser, Page, Response } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, openHouseChat, openHouseTab, say, seen, warnIfNoChromium } from './kit/chromium.ts';
import { RestChat } from './kit/restChat.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

warnIfNoChromium('the long GUI session test');

/** How long the person watches: long enough to measure the GUI's own pace per minute. */
const WATCH_MS = 60_000;

interface Tally {
  api: number;
  tooMany: number;
  /** Answers that carry a rate-limit header: requests the server's limiter counted. */
  counted: number;
}

function watch(page: Page, tally: Tally): void {
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    tally.api++;
    if (response.status() === 429) tally.tooMany++;
    const headers = response.headers();
    if (headers.ratelimit || headers['ratelimit-policy'] || headers['x-ratelimit-limit']) tally.counted++;
  });
}

describe.skipIf(!hasChromium)('a person keeps the GUI open on the House, its tab and a game room', () => {
  let host: TestHost;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    host = await startTestHost({ players: ['Ada', 'Bram', 'Cleo', 'Dev'], env: { HOUSE_LOBBY_MS: '0', HOUSE_ROUND_DELAY_MS: '2000' } });
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  }, 30_000);

  test('no request the GUI makes from this machine counts against the rate limit, none is refused, and every command is answered', async () => {
    const tally: Tally = { api: 0, tooMany: 0, counted: 0 };
    const page = await openHouseChat(browser, host);
    watch(page, tally);
    await openHouseTab(page);
    const chat = page.locator('main');
    await say(page, '!play trust Ada Bram Cleo Dev --seed 9');
    const [, id] = await seen(chat, /Trust match (trust-9-\w+) has started/);

    // The game room in a second tab, as the House's room link opens it.
    const rest = new RestChat(host.url);
    const channels = (await (await fetch(`${host.url}/api/messaging/message-servers/${await rest.server()}/channels`)).json()) as { data: { channels: Array<{ id: string; name: string }> } };
    const room = channels.data.channels.find((c) => c.name.startsWith(`Trust ${id!.split('-').at(-1)!.slice(0, 4)} · `))!;
    const roomPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watch(roomPage, tally);
    await roomPage.goto(`${host.url}/group/${room.id}?messageServerId=${await rest.server()}`, { waitUntil: 'domcontentloaded' });

    const start = Date.now();
    let asked = 0;
    while (Date.now() - start < WATCH_MS) {
      await say(page, '!status');
      asked++;
      await seen(chat, new RegExp(`(trust ${id}: (running|finished)[\\s\\S]*){${asked}}`), 20_000);
      await Bun.sleep(10_000);
    }
    const minutes = (Date.now() - start) / 60_000;
    console.log(`the GUI made ${Math.round(tally.api / minutes)} /api requests a minute with the House, its tab and a room open; ${tally.counted} counted against the rate limit, ${tally.tooMany} refused`);
    expect(tally.api).toBeGreaterThan(0);
    expect(tally.tooMany).toBe(0);
    expect(tally.counted).toBe(0);
    await roomPage.close();
  }, 240_000);
});
