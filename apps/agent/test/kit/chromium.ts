import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { repoRoot } from '../../src/host.ts';
import type { TestHost } from './testHost.ts';

/** Debian's Chromium (CI installs it), or HOUSE_CHROMIUM. */
export const chromiumPath = process.env.HOUSE_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
/** Headless on a CI box: no sandbox (root), no GPU, and no calls home. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Where the browser tests save screenshots; `.ci/run` prints it. */
export const artifacts = join(repoRoot, 'test-artifacts');

/** The one line a browser test prints when it cannot run here. */
export function warnIfNoChromium(test: string): void {
  if (!hasChromium) console.warn(`SKIPPED ${test}: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set HOUSE_CHROMIUM)`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
}

/** A fresh page on the GUI with the House's chat open (past ElizaOS's guided tour, which a new browser gets first). */
export async function openHouseChat(browser: Browser, host: TestHost): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(host.url, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Skip' }).click({ timeout: 15_000 }).catch(() => {});
  await page.locator(`a[href="/chat/${host.house.agentId}"]`).first().click();
  await page.waitForURL(new RegExp(`/chat/${host.house.agentId}`));
  return page;
}

/** The agent page's right sidebar opens with an unlabeled icon button in the chat header: try them right to left. */
export async function openHouseTab(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'House' });
  const buttons = page.locator('button');
  const header: Array<{ i: number; x: number }> = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const box = await buttons.nth(i).boundingBox();
    if (box && box.y < 80 && box.x > 300) header.push({ i, x: box.x });
  }
  for (const { i } of header.sort((a, b) => b.x - a.x)) {
    if (await tab.isVisible()) break;
    await buttons.nth(i).click();
    await tab.waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
    if (!(await tab.isVisible())) await page.keyboard.press('Escape');
  }
  await tab.click();
}

/** Polls the visible text of `where` until `pattern` matches; returns the match. */
export async function seen(where: Locator, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
  const until = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < until) {
    text = await where.innerText({ timeout: 2000 }).catch((error: Error) => `(no text: ${error.message.split('\n')[0]})`);
    const found = text.match(pattern);
    if (found) return found;
    await Bun.sleep(250);
  }
  const shot = join(artifacts, 'failed.png');
  await where.page().screenshot({ path: shot }).catch(() => {});
  throw new Error(`never saw ${pattern} within ${timeoutMs} ms (screenshot: ${shot}); the last text ended with: ${text.slice(-600)}`);
}

/** Types a line into the open chat and sends it. */
export async function say(page: Page, text: string): Promise<void> {
  const box = page.locator('textarea').first();
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Opened by its address, ElizaOS 1.7.2's GUI may show a group room's messages
 * filtered to one agent: while its agent list loads, a group with one agent
 * known so far gets that agent chosen, and the choice stays. Once every agent
 * named is in the room's bar, choose All (a person clicks the same button).
 */
export async function showEveryone(page: Page, agents: string[], timeoutMs = 20_000): Promise<void> {
  const bar = page.locator('main div.overflow-x-auto', { hasText: 'Agents:' }).first();
  for (const name of agents) await bar.getByRole('button', { name, exact: true }).waitFor({ timeout: timeoutMs });
  await bar.getByRole('button', { name: 'All', exact: true }).click();
}
