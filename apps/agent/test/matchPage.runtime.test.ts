import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import type { RoundMap } from '@the-house/games/goldmine/goldmineTypes.ts';
import type { MatchDetail } from '@the-house/plugin-house/types.ts';
import { GOLDMINE_MAP_SIZE } from '@the-house/plugin-house/games/goldmine/goldmineMapPicture.ts';
import { artifacts, hasChromium, launchChromium, openHouseChat, openHouseTab, seen, showEveryone, warnIfNoChromium } from './kit/chromium.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

warnIfNoChromium('the match page and room pictures browser test');
const shots = join(artifacts, 'issue25');

/** Sets the scrubber as a person would: focus it, Home to the first round, then the arrow key. */
async function scrubTo(page: Page, round: number): Promise<void> {
  const scrubber = page.locator('#scrubber');
  await scrubber.focus();
  await scrubber.press('Home');
  for (let r = 1; r < round; r++) await scrubber.press('ArrowRight');
}

/** The map's cells on the page, counted by colour. */
async function cellsByColour(page: Page): Promise<Map<string, number>> {
  const colours = await page.locator('#board .map > div').evaluateAll((cells) => cells.map((c) => getComputedStyle(c).backgroundColor));
  const out = new Map<string, number>();
  for (const c of colours) out.set(c, (out.get(c) ?? 0) + 1);
  return out;
}

const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

describe.skipIf(!hasChromium)('the match page and a picture in the room, in headless Chromium (issue 25)', () => {
  let host: TestHost;
  let browser: Browser;
  let id = '';
  let room = { channelId: '', serverId: '' };

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // The House's pictures go where the server keeps media: a folder of this test's own.
    host = await startTestHost({ players: ['Ada', 'Bram', 'Cleo'], env: { HOUSE_ROUND_DELAY_MS: '0', ELIZA_DATA_DIR: mkdtempSync(join(tmpdir(), 'house-media-')) } });
    browser = await launchChromium();
    const opened = await host.service.open('goldmine', ['Ada', 'Bram', 'Cleo'], 5, null, { roundDelayMs: 0 }, null, { rounds: 20 });
    if (!opened.ok) throw new Error(opened.error);
    id = opened.id;
    const table = host.service.tables.get(id)!;
    await table.roomReady;
    room = { channelId: table.stored.channelId!, serverId: table.stored.serverId! };
    expect((await host.service.finished(id))?.status).toBe('finished');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  }, 30_000);

  test("Gold mining's room shows the ownership map every 10 rounds as an image the GUI draws, a decodable PNG of its size", async () => {
    const page = await openHouseChat(browser, host);
    await page.goto(`${host.url}/group/${room.channelId}?messageServerId=${room.serverId}`);
    await showEveryone(page, ['The House', 'Ada', 'Bram', 'Cleo']);
    const maps = page.locator('main img[src*="/media/uploads/agents/"][src$=".png"]');
    await seen(page.locator('main'), /Final gold/);
    await maps.nth(1).waitFor({ timeout: 20_000 });
    expect(await maps.count()).toBe(2);
    const [first, last] = await maps.evaluateAll((imgs) => imgs.map((i) => ({ src: (i as HTMLImageElement).src, alt: (i as HTMLImageElement).alt, width: (i as HTMLImageElement).naturalWidth })));
    expect(first!.alt).toStartWith("Gold mining's ownership map after round 10 of 20: ");
    expect(last!.alt).toStartWith("Gold mining's ownership map at the end (round 20) and each miner's gold: ");
    expect(first!.width).toBe(GOLDMINE_MAP_SIZE.width);
    await page.locator('main img').last().scrollIntoViewIfNeeded();
    await page.getByText('Connection Restored').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
    await page.screenshot({ path: join(shots, 'after-goldmine-room.png') });

    // The picture itself, as the GUI fetched it: saved, and decoded in full.
    const res = await fetch(first!.src);
    expect(res.headers.get('content-type')).toContain('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    writeFileSync(join(shots, 'goldmine-room-map-round-10.png'), bytes);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([GOLDMINE_MAP_SIZE.width, GOLDMINE_MAP_SIZE.height]);
    await page.close();
  }, 60_000);

  test('the match page: the board, chart and timeline follow the scrubber through the rounds; an API client still gets JSON', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${host.url}/house/matches/${id}`);
    await page.locator('#board[data-round="20"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#roundLabel').innerText()).toBe('Round 20 of 20');
    expect(await page.locator('#board .map > div').count()).toBe(100);
    // Over, the gold is public: the board shows each miner's.
    const detail = (await host.service.getMatch(id))!;
    const gold = (detail.state as { gold: number[] }).gold;
    expect(await page.locator('#board tbody tr td:nth-child(3)').allInnerTexts()).toEqual(gold.map(String));

    await scrubTo(page, 10);
    await page.locator('#board[data-round="10"]').waitFor();
    expect(await page.locator('#chartbox').getAttribute('data-marker')).toBe('10');
    expect(await page.locator('#timeline li.current').getAttribute('data-round')).toBe('10');
    expect(await page.locator('#roundLabel').innerText()).toBe('Round 10 of 20');
    // The map is round 10's, as the room was told it.
    const map = detail.events.find((e) => e.round === 10 && e.type === 'round')!.data as unknown as RoundMap;
    const counted = await cellsByColour(page);
    const seats = await page.locator('#board .legend .dot').evaluateAll((dots) => dots.map((d) => getComputedStyle(d).backgroundColor));
    expect(seats.map((c) => counted.get(c) ?? 0)).toEqual(map.held);
    expect(counted.get(rgb('#262b36')) ?? 0).toBe(map.owner.filter((o) => o < 0).length);
    await page.screenshot({ path: join(shots, 'after-match-page.png'), fullPage: true });

    await page.locator('#prev').click();
    await page.locator('#board[data-round="9"]').waitFor();
    expect(await page.locator('#timeline li.current').getAttribute('data-round')).toBe('9');
    // The address follows the round shown, and a link to a round (as the room's every tenth post gives) opens the page there.
    expect(new URL(page.url()).hash).toBe('#round=9');
    const linked = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await linked.goto(`${host.url}/house/matches/${id}#round=12`);
    await linked.locator('#board[data-round="12"]').waitFor({ timeout: 20_000 });
    expect(await linked.locator('#roundLabel').innerText()).toBe('Round 12 of 20');
    await linked.close();

    const json = await fetch(`${host.url}/house/matches/${id}`, { headers: { accept: 'application/json' } });
    expect(((await json.json()) as { summary: { id: string } }).summary.id).toBe(id);
    await page.close();
  }, 60_000);

  test('issue 33 (7): a long match is served a window of rounds at a time: its page shows the latest, and its scrubber fetches the earlier ones it moves to', async () => {
    // Just past one window (the latest 200 rounds): a longer match proves nothing more and takes minutes on a loaded machine.
    const opened = await host.service.open('goldmine', ['Ada', 'Bram', 'Cleo'], 8, null, { roundDelayMs: 0 }, null, { rounds: 230 });
    if (!opened.ok) throw new Error(opened.error);
    expect((await host.service.finished(opened.id))?.status).toBe('finished');
    const json = (await (await fetch(`${host.url}/house/matches/${opened.id}`, { headers: { accept: 'application/json' } })).json()) as MatchDetail;
    expect(json.rounds).toEqual({ from: 31, to: 230, first: 1, last: 230 });
    expect(json.history.map((h) => h.round)).toEqual(Array.from({ length: 200 }, (_, i) => 31 + i));
    expect(json.events.every((e) => e.round >= 31)).toBe(true);
    const asked = (await (await fetch(`${host.url}/house/matches/${opened.id}?from=1&to=230`, { headers: { accept: 'application/json' } })).json()) as MatchDetail;
    expect(asked.rounds).toEqual({ from: 1, to: 230, first: 1, last: 230 });
    expect(verifyChain(asked.events, json.events.at(-1)!.hash)).toEqual({ ok: true });

    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${host.url}/house/matches/${opened.id}`);
    await page.locator('#board[data-round="230"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#roundLabel').innerText()).toBe('Round 230 of 230');
    expect([await page.locator('#scrubber').getAttribute('min'), await page.locator('#scrubber').getAttribute('max')]).toEqual(['1', '230']);
    // Home: round 1, which the page did not hold; it asks for the rounds around it and shows them.
    await page.locator('#scrubber').focus();
    await page.locator('#scrubber').press('Home');
    await page.locator('#board[data-round="1"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#timeline li.current').getAttribute('data-round')).toBe('1');
    await page.locator('#next').click();
    await page.locator('#board[data-round="2"]').waitFor();
    // End: back to the latest rounds.
    await page.locator('#scrubber').press('End');
    await page.locator('#board[data-round="230"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#roundLabel').innerText()).toBe('Round 230 of 230');
    await page.close();
  }, 180_000);

  test("a running match's public page: gold hidden, and it follows the rounds as they finish; the dashboard's row opens it", async () => {
    const opened = await host.service.open('goldmine', ['Ada', 'Bram', 'Cleo'], 6, null, { roundDelayMs: 400 }, null, { rounds: 200 });
    if (!opened.ok) throw new Error(opened.error);
    try {
      const wide = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      await wide.goto(`${host.url}/house`);
      await wide.locator(`tr[data-match="${opened.id}"]`).click();
      await wide.waitForURL(new RegExp(`/house/matches/${opened.id}$`));
      await wide.locator('#board[data-round]').waitFor({ timeout: 20_000 });
      const first = Number(await wide.locator('#board').getAttribute('data-round'));
      // The page moves on with the match (it polls; rounds finish faster than it asks, so it may skip some).
      await wide.waitForFunction((round) => Number(document.getElementById('board')?.dataset.round) > round + 1, first, { timeout: 20_000 });
      expect(await wide.locator('#roundLabel').innerText()).toMatch(/^Round (\d+) of \1$/);
      expect(await wide.locator('#board tbody tr td:nth-child(3)').allInnerTexts()).toEqual(['hidden', 'hidden', 'hidden']);
      expect(await wide.locator('#hidden').innerText()).toContain("Each miner's gold is its own business");
      await wide.screenshot({ path: join(shots, 'after-match-page-live.png'), fullPage: true });
      await wide.close();

      // From the GUI's narrow House tab, a row opens the match page in a tab of its own.
      const page = await openHouseChat(browser, host);
      await openHouseTab(page);
      const frame = page.frameLocator('iframe[src*="/house/dashboard"]');
      await frame.locator(`tr[data-match="${opened.id}"]`).waitFor({ timeout: 20_000 });
      const [popup] = await Promise.all([page.waitForEvent('popup'), frame.locator(`tr[data-match="${opened.id}"] td`).first().click()]);
      await popup.waitForURL(new RegExp(`/house/matches/${opened.id}$`));
      await popup.locator('#board[data-round]').waitFor({ timeout: 20_000 });
      await page.close();
    } finally {
      await host.service.stopMatch(opened.id);
    }
  }, 90_000);
});
