import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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
