import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifacts, hasChromium, launchChromium, openHouseChat, say, seen, showEveryone, warnIfNoChromium } from './kit/chromium.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

warnIfNoChromium("the person's-path browser test");
const shots = join(artifacts, 'person-path');


/** What a person sees must never be the model plumbing or a raw state dump. */
function expectReadable(text: string): void {
  expect(text).not.toContain('<response>');
  expect(text).not.toContain('{"game"');
}

describe.skipIf(!hasChromium)("a person's path through the web GUI", () => {
  let host: TestHost;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // The lobby starts by its timer, soon, then counts down; rounds keep Trust's watching pace.
    host = await startTestHost({ players: ['Ada', 'Bram', 'Cleo', 'Dev'], env: { HOUSE_LOBBY_MS: '3000', HOUSE_ROUND_DELAY_MS: '', HOUSE_COUNTDOWN_MS: '3000' } });
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  }, 30_000);

  test('help, a Trust match in its room and on /house, a seat played in short forms, status and stop', async () => {
    const page = await openHouseChat(browser, host);
    const chat = page.locator('main');
    const sidebar = page.locator('[data-sidebar="content"]:visible').first();

    // !help all: placeholders survive the markdown (in code spans), the dashboard's short address is given.
    await say(page, '!help all');
    await seen(chat, /Commands:/);
    const help = await chat.innerText();
    // Relative in the GUI: the dashboard opens on the address the person reached it by.
    expect(help).toContain('the dashboard: /house (this window asks "Open external link?"');
    expect(await chat.locator('code', { hasText: '!play GAME' }).count()).toBeGreaterThan(0);
    expect(await chat.locator('code', { hasText: '!grant @NAME N REASON' }).count()).toBeGreaterThan(0);
    expectReadable(help);
    await page.screenshot({ path: join(shots, '1-help.png') });

    // !play trust: a lobby of four that starts by its timer and says where to watch.
    // Ten rounds at Trust's watching pace (3.5 s between rounds): long enough to find it running, short enough for CI.
    await say(page, '!play trust --set maxRounds=10');
    const [, id] = await seen(chat, /Trust lobby (trust-\d+-\w+) \(seed \d+\) seats Ada, Bram, Cleo, Dev/);
    // Rooms are named by game, a short id and who plays, so that they do not look alike.
    const roomName = `Trust ${id!.split('-').at(-1)!.slice(0, 4)} · Ada, Bram, Cleo +1`;
    await seen(chat, new RegExp(`Trust match ${id} has started \\(seed \\d+\\): Ada, Bram, Cleo, Dev\\. Watch it in the room ${roomName.replace(/[+]/g, '\\+')}, or on the dashboard: /house`));
    // The room's name is a link to it (the GUI's markdown draws links as buttons).
    expect(await chat.locator('[data-streamdown="link"]', { hasText: roomName }).count()).toBe(1);
    const roomReady = Date.now();
    await page.screenshot({ path: join(shots, '2-play.png') });

    // The dashboard at its short address: the match, its players, sentences rather than dumps.
    const wide = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await wide.goto(`${host.url}/house`);
    await wide.locator(`section.match[data-match="${id}"]`).waitFor({ timeout: 20_000 });
    await seen(wide.locator(`section.match[data-match="${id}"]`), /Round \d+|round \d+/, 30_000);
    expect(await wide.locator(`table.scoreboard[data-match="${id}"] tr[data-player]`).count()).toBe(4);
    expectReadable(await wide.locator('body').innerText());
    await wide.screenshot({ path: join(shots, '3-dashboard.png'), fullPage: true });
    await wide.close();

    // The room link is relative: it opens the room on the address the person browses, whatever the host's name
    // (ElizaOS 1.7.2's GUI asks before any markdown link and opens it in a new tab; that part is the GUI's).
    await chat.locator('[data-streamdown="link"]', { hasText: roomName }).first().click();
    const [room] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open link', exact: true }).last().click()]);
    await room.waitForLoadState('domcontentloaded');
    expect(new URL(room.url()).origin).toBe(new URL(page.url()).origin);
    expect(new URL(room.url()).pathname).toStartWith('/group/');
    const roomUrl = room.url();
    await room.close();
    console.log(`the room opened from its link ${Math.round((Date.now() - roomReady) / 1000)} s after it was made`);
    await page.goto(roomUrl);
    await showEveryone(page, ['The House', 'Ada', 'Bram', 'Cleo', 'Dev']);
    // At the watching pace the match is still on when its room opens, which shows its countdown and then its rounds.
    expect((await host.service.summaryOf(id))!.status).toBe('running');
    await seen(chat, /Starting in 3 s…/);
    await seen(sidebar, new RegExp(roomName.replace(/[+]/g, '\\+').replace(/ · .*/, '')));
    await seen(chat, /Round \d+\n+[^\n]*(high-fived|attacked|blocked|did nothing|begged)[^\n]*\. Sats: Ada \d+/, 60_000);
    expectReadable(await chat.innerText());
    await page.screenshot({ path: join(shots, '4-room.png') });

    // Finished, its room stays: a command there is about that match, answered, and the input is free again.
    await host.service.finished(id);
    await say(page, '!status');
    await seen(chat, new RegExp(`trust ${id}: finished, round \\d+\\.`), 30_000);
    await page.locator('textarea:not([disabled])').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(shots, '5-finished-room.png') });

    // A seat of one's own, taken in this room (at full speed): the answer here says where the turns go, with a link to
    // the chat this person already has with the House, where its turns come, each a few readable lines in short forms.
    await say(page, '!play trust me,Ada --fast');
    const [, seat] = await seen(chat, /Trust match (trust-\d+-\w+) has started \(seed \d+\): (Guest-\w+), Ada\./);
    await seen(chat, /Your turns come privately to your chat with The House: open it/);
    await chat.locator('[data-streamdown="link"]', { hasText: 'open it' }).last().click();
    const [dm] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open link', exact: true }).last().click()]);
    await dm.waitForLoadState('domcontentloaded');
    expect(new URL(dm.url()).pathname).toStartWith(`/chat/${host.house.agentId}/`);
    const dmChat = dm.locator('main');
    // The chat where this person typed !help, their first words to the House.
    await seen(dmChat, /!help/);
    for (const [round, move] of [[1, 'hf'], [2, 'block'], [3, 'attack']] as const) {
      await seen(dmChat, new RegExp(`your move in Trust \\(${seat}\\), round ${round}\\.[\\s\\S]*!move hf[\\s\\S]*!move beg N REASON`), 70_000);
      await say(dm, `!move ${move}`);
    }
    await seen(dmChat, new RegExp(`your move in Trust \\(${seat}\\), round 4\\.`), 70_000);
    expectReadable(await dmChat.innerText());
    await dm.screenshot({ path: join(shots, '6-seat.png') });
    expect((await host.service.summaryOf(seat!))!.round).toBeGreaterThanOrEqual(4);

    // !status reads the person's match from any chat; !stop typed in a chat other than the match's does not stop it.
    await say(dm, '!status');
    await seen(dmChat, new RegExp(`trust ${seat}: running, round \\d+\\. Guest-\\w+ \\d+ sats, Ada \\d+ sats\\.`));
    await say(dm, '!stop');
    await seen(dmChat, new RegExp(`No match of yours is open in this chat, and !stop acts only where it is typed\\. Your open match is ${seat}`));
    expect((await host.service.summaryOf(seat!))!.status).toBe('running');
    await dm.close();

    // !stop where it was opened stops it, and its room's last line says so.
    await say(page, '!stop');
    await seen(chat, new RegExp(`Match ${seat} stopped at round \\d+\\.`));
    expectReadable(await chat.innerText());
    await page.screenshot({ path: join(shots, '7-stopped.png') });
    await chat.locator('[data-streamdown="link"]', { hasText: `Trust ${seat!.split('-').at(-1)!.slice(0, 4)}` }).last().click();
    const [seatRoom] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open link', exact: true }).last().click()]);
    await seatRoom.waitForLoadState('domcontentloaded');
    await showEveryone(seatRoom, ['The House', 'Ada']);
    const [last] = await seen(seatRoom.locator('main'), new RegExp(`Match ${seat} was stopped at round \\d+ by [^:\\n]+: it ends here[\\s\\S]*`));
    expect(last).not.toMatch(/\nRound \d+/);
    await seatRoom.screenshot({ path: join(shots, '8-stopped-room.png') });
    await seatRoom.close();
    console.log(`screenshots in ${shots}`);
  }, 300_000);

  test("the match page as a viewer: a shared #round= link opens there, play steps the rounds, a finished match's seat views switch, embed", async () => {
    // Played at full speed and over before the page opens: the page is a finished match's viewer.
    const opened = await host.service.open('trust', ['Ada', 'Bram'], 3, null, { roundDelayMs: 0 }, null, { maxRounds: 8 });
    if (!opened.ok) throw new Error(opened.error);
    expect((await host.service.finished(opened.id))?.status).toBe('finished');
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const label = page.locator('#roundLabel');

    // A shared link to round 3 opens at round 3.
    await page.goto(`${host.url}/house/matches/${opened.id}#round=3`);
    await seen(label, /^Round 3 of 8$/);
    expect(await page.locator('#board').getAttribute('data-round')).toBe('3');
    await page.screenshot({ path: join(shots, '9-round-link.png') });

    // Play at 4x steps a round at a time from there, keeps the address on the round shown, and stops at the last.
    await page.evaluate(() => {
      const shown: string[] = [];
      Object.assign(window, { shown });
      new MutationObserver(() => shown.push(document.getElementById('roundLabel')!.textContent ?? '')).observe(document.getElementById('roundLabel')!, { childList: true, characterData: true, subtree: true });
    });
    await page.locator('#speed').selectOption('4');
    await page.locator('#play').click();
    expect(await page.locator('#play').getAttribute('aria-pressed')).toBe('true');
    await page.locator('#play[aria-pressed="false"]').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual([4, 5, 6, 7, 8].map((r) => `Round ${r} of 8`));
    expect(new URL(page.url()).hash).toBe('#round=8');
    await page.screenshot({ path: join(shots, '10-played.png') });

    // The views of a finished match: the room's, each seat's, everything; the round shown stays.
    const views = page.locator('#views');
    expect(await views.locator('button').allInnerTexts()).toEqual(['public', 'Ada', 'Bram', 'everything']);
    expect(await views.locator('button[aria-pressed="true"]').innerText()).toBe('everything');
    await views.locator('button[data-as="seat:Ada"]').click();
    await views.locator('button[data-as="seat:Ada"][aria-pressed="true"]').waitFor({ timeout: 5_000 });
    await seen(page.locator('#hidden'), /^As Ada knew it while the match ran/);
    expect(await label.innerText()).toBe('Round 8 of 8');
    await page.screenshot({ path: join(shots, '11-seat-view.png') });
    await views.locator('button[data-as="public"]').click();
    await seen(page.locator('#hidden'), /^As the room was told it while the match ran/);

    // Embedded: the viewer without the page's chrome, at the linked round.
    await page.goto(`${host.url}/house/matches/${opened.id}?embed=1#round=2`);
    await seen(label, /^Round 2 of 8$/);
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.locator('#scorecard').isVisible()).toBe(false);
    await page.screenshot({ path: join(shots, '12-embed.png') });
    await page.close();
  }, 60_000);
});
