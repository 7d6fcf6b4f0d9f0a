import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../host.ts';

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
