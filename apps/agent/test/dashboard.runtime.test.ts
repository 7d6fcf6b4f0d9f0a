import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, openHouseChat, openHouseTab, warnIfNoChromium } from './kit/chromium.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

warnIfNoChromium('the dashboard browser test');

async function scoreboard(frame: FrameLocator, id: string): Promise<Array<{ name: string; score: number }>> {
  const rows = frame.locator(`table.scoreboard[data-match="${id}"] tr[data-player]`);
  await rows.first().waitFor({ timeout: 20_000 });
  return rows.evaluateAll((trs) => trs.map((tr) => ({ name: tr.getAttribute('data-player') ?? '', score: Number(tr.querySelector('td.num')?.textContent) })));
}

describe.skipIf(!hasChromium)('the House tab in headless Chromium', () => {
  let host: TestHost;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    host = await startTestHost({ players: ['Ada', 'Bram'] });
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  }, 30_000);

  test('the GUI shows a running Trust match on the House tab of The House', async () => {
    const page = await openHouseChat(browser, host);

    // Slow enough to be seen running, quicker than Trust's watching pace.
    const opened = await host.service.open('trust', ['Ada', 'Bram'], 7, null, { roundDelayMs: 1500 });
    if (!opened.ok) throw new Error(opened.error);
    await openHouseTab(page);

    const frame = page.frameLocator('iframe[src*="/house/dashboard"]');
    await frame.locator(`section.match[data-match="${opened.id}"][data-status="running"]`).waitFor({ timeout: 20_000 });
    const rows = await scoreboard(frame, opened.id);
    expect(rows.map((r) => r.name).sort()).toEqual(['Ada', 'Bram']);
    const history = (await host.service.getMatch(opened.id))!.history;
    for (const { name, score } of rows) {
      const seen = new Set([50, ...history.map((h) => h.players[name]?.sats)]);
      expect(seen.has(score)).toBe(true);
    }
    await frame.locator(`canvas#score-${opened.id.replace(/[^A-Za-z0-9_-]/g, '_')}`).waitFor({ timeout: 20_000 });
    await frame.locator(`section.match[data-match="${opened.id}"] li.round[data-round="3"]`).waitFor({ timeout: 30_000 });
    await page.getByText('Connection Restored').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
    await page.screenshot({ path: join(artifacts, 'house-tab.png') });

    const wide = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await wide.goto(`${host.url}/house/dashboard`);
    expect(await wide.locator(`table.scoreboard[data-match="${opened.id}"] tr[data-player]`).count()).toBe(2);
    await wide.screenshot({ path: join(artifacts, 'house-dashboard.png'), fullPage: true });
    await host.service.stopMatch(opened.id);
  }, 120_000);
});
