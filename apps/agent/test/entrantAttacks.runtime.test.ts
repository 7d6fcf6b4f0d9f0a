import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { RestChat } from './kit/restChat.ts';
import { revealLink } from './kit/revealLink.ts';
import { startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * Issue 33's findings 1, 2 and 3 tried again as an attacker would: strangers
 * in their own DMs with the House, servers of theirs on loopback, and the
 * operator's key in the House's .env. Each attempt is refused or contained,
 * and the person trying is told in one line.
 */

const OPERATOR_KEY = 'sk-operator-33-do-not-leak';
const OLIVE_KEY = 'sk-olive-33';
const ADMIN = crypto.randomUUID();
const matchDir = mkdtempSync(join(tmpdir(), 'house-attacks-'));

/** An OpenAI-compatible endpoint that notes every Authorization it is sent, and blocks every turn. */
function provider() {
  const seen: string[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => {
      seen.push(req.headers.get('authorization') ?? '');
      return Response.json({ choices: [{ message: { content: '{"action": "BLOCK"}' } }], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    },
  });
  return { seen, url: `http://127.0.0.1:${server.port}/v1`, port: server.port!, stop: () => server.stop(true) };
}

const operatorModel = provider();
const strangerModel = provider();
const oliveModel = provider();
/** A service beside the agents, never to be reached through them. */
const internalHits: string[] = [];
const internal = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => (internalHits.push(new URL(req.url).pathname), new Response('INTERNAL-SECRET-PAGE')) });
/** A stranger's agent that sends the House on to the internal service. */
const redirector = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null, { status: 302, headers: { location: `http://127.0.0.1:${internal.port}/admin` } }) });
/** A stranger's agent that answers with another service's words, not a turn. */
const WORDS = 'INTERNAL-SECRET-WORDS: db password hunter2';
const babbler = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(WORDS, { headers: { 'content-type': 'text/plain' } }) });

let host: TestHost;
let houseId: string;
const people = new Map<string, { chat: RestChat; dm: string }>();

async function person(name: string, id: string = crypto.randomUUID()) {
  const known = people.get(name);
  if (known) return known;
  const chat = new RestChat(host.url, id, name);
  const made = { chat, dm: await chat.dm(houseId) };
  people.set(name, made);
  return made;
}

/** What the House answers `name` to `text` in their DM: the first new answer that passes `test`. */
async function say(name: string, text: string, test: (t: string) => boolean = () => true): Promise<string> {
  const { chat, dm } = await person(name);
  const before = new Set((await chat.messages(dm, 100)).map((m) => m.id));
  await chat.send(dm, text);
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const found = (await chat.messages(dm, 100)).find((m) => m.authorId === houseId && !before.has(m.id) && test(m.content));
    if (found) return found.content;
    await Bun.sleep(100);
  }
  throw new Error(`no answer to ${text}`);
}

const idOf = (text: string): string => /match (trust-\d+-\w{8})/.exec(text)![1]!;

beforeAll(async () => {
  const declared = [{ name: 'house-bot', kind: 'openai', url: operatorModel.url, model: 'small', keyEnv: 'HOUSE_ENTRANT_KEY_HOUSE_BOT' }];
  host = await startTestHost({
    players: ['Ada'],
    env: {
      HOUSE_ADMINS: ADMIN,
      HOUSE_ENTRANTS: JSON.stringify(declared),
      // The key a stranger must never reach, under the old folded name and the declared one.
      HOUSE_ENTRANT_KEY_HOUSE_BOT: OPERATOR_KEY,
      HOUSE_ENTRANT_KEY_MY_BOT: OPERATOR_KEY,
      // Every loopback port here is listed, the internal service's too: the list serves only the address an entrant was entered with.
      HOUSE_FETCH_ALLOW: [operatorModel.port, strangerModel.port, oliveModel.port, internal.port, redirector.port, babbler.port].map((p) => `127.0.0.1:${p}`).join(','),
      HOUSE_ROUND_DELAY_MS: '0',
      HOUSE_LOBBY_MS: '0',
      HOUSE_MATCH_DIR: matchDir,
      HOUSE_REMOTE_MOVE_MS: '3000',
      HOUSE_REMOTE_BANK_MS: '6000',
      HOUSE_REMOTE_MAX_MISSES: '50',
    },
  });
  houseId = await new RestChat(host.url).agentId('The House');
  await person('Root', ADMIN);
}, 90_000);

afterAll(async () => {
  await host?.stop();
  for (const s of [operatorModel, strangerModel, oliveModel]) s.stop();
  for (const s of [internal, redirector, babbler]) s.stop(true);
}, 30_000);

describe("finding 1: the operator's .env key", () => {
  test("a stranger's !enter under any spelling of a name picks up no key, and the declared entrant is the House's", async () => {
    for (const name of ['my_bot', 'My.Bot', 'my-bot']) {
      expect(await say('Mallory', `!enter ${name} openai ${strangerModel.url} small`, (t) => t.startsWith('Not entered'))).toBe(`Not entered: ${name} needs its key: send \`!enter ${name} openai BASE_URL MODEL KEY\` in a direct message to the House.`);
    }
    expect(await say('Mallory', `!enter House_Bot openai ${strangerModel.url} small sk-mallory`, (t) => t.startsWith('Not entered'))).toBe("Not entered: house-bot is declared by the House's operator (HOUSE_ENTRANTS); pick another name.");
    expect(await say('Mallory', '!play trust Ada,@house_bot --seed 1', (t) => t.startsWith('house-bot'))).toBe("house-bot is the House's own entrant: only a House admin seats it.");
    expect(strangerModel.seen).toEqual([]);
  });

  test('an admin seats the declared entrant: its key goes to its declared URL, and only there', async () => {
    const opened = await say('Root', '!play trust Ada,@House.Bot --seed 2 --set maxRounds=2', (t) => t.includes('trust-2-'));
    await waitForEnd(host.service, idOf(opened), 60_000);
    expect(operatorModel.seen.length).toBeGreaterThan(0);
    expect(operatorModel.seen.every((a) => a === `Bearer ${OPERATOR_KEY}`)).toBe(true);
    expect([...strangerModel.seen, ...oliveModel.seen].join(' ')).not.toContain(OPERATOR_KEY);
  }, 90_000);
});

describe("finding 2: someone else's paid entrant", () => {
  test('a private entrant is refused to a stranger in one line; opened, it plays within its budgets, and a spent day refuses the seat', async () => {
    expect(await say('Olive', `!enter bare openai ${oliveModel.url} small ${OLIVE_KEY}`, (t) => t.startsWith('Entered'))).toStartWith('Entered bare (openai).');
    const refused = await say('Mallory', '!play trust Ada,@bare --seed 3', (t) => t.startsWith('bare'));
    expect(refused).toBe("bare is Olive's entrant and private: only they or a House admin seat it (they may let anyone, with `!entrants open bare`).");
    expect(oliveModel.seen).toEqual([]);
    expect(await say('Mallory', '!entrants open bare --match-tokens 10 --day-tokens 20', (t) => t.startsWith('bare'))).toBe("bare is Olive's entrant; only they or a House admin may open or close it.");
    expect(await say('Olive', '!entrants open bare --match-tokens 300 --day-tokens 350', (t) => t.startsWith('bare'))).toStartWith('bare is open to all (300 tokens a match, 350 a day)');
    const opened = await say('Mallory', '!play trust Ada,@bare --seed 4 --set maxRounds=5', (t) => t.includes('trust-4-'));
    const id = idOf(opened);
    await waitForEnd(host.service, id, 60_000);
    const detail = (await host.service.getMatch(id))!;
    // One call spends the match's budget (a Trust prompt is well over 300 tokens); its baseline plays the rest.
    expect(oliveModel.seen).toEqual([`Bearer ${OLIVE_KEY}`]);
    expect(detail.events.filter((e) => e.type === 'budget_exhausted').map((e) => e.data?.player)).toContain('bare');
    const spent = await say('Mallory', '!play trust Ada,@bare --seed 5', (t) => t.startsWith('bare'));
    expect(spent).toMatch(/^bare has spent today's budget its owner allows others \([\d,]+ of 350 tokens\); seat it again tomorrow \(UTC\), or ask Olive\.$/);
    // Its owner is not held to what they allow others.
    const own = await say('Olive', '!play trust Ada,@bare --seed 6 --set maxRounds=1', (t) => t.includes('trust-6-'));
    await waitForEnd(host.service, idOf(own), 60_000);
    expect(oliveModel.seen.length).toBe(2);
  }, 120_000);
});

describe('finding 3: a listed loopback agent', () => {
  test('its redirect to another listed port is refused; an answer that is not a turn is kept as its size and hash only', async () => {
    expect(await say('Mallory', `!enter hop http http://127.0.0.1:${redirector.port}/turn`, (t) => t.startsWith('Entered'))).toStartWith('Entered hop (http).');
    expect(await say('Mallory', `!enter words http http://127.0.0.1:${babbler.port}/turn`, (t) => t.startsWith('Entered'))).toStartWith('Entered words (http).');
    const opened = await say('Mallory', '!play trust Ada,@hop,@words --seed 7 --set maxRounds=2', (t) => t.includes('trust-7-'));
    const id = idOf(opened);
    await waitForEnd(host.service, id, 90_000);
    await host.service.finished(id);
    expect(internalHits).toEqual([]);
    const read = readBundle(id, matchDir);
    if (!read.ok) throw new Error(read.error);
    const file = JSON.stringify(read.bundle);
    expect(file).not.toContain('INTERNAL-SECRET');
    const words = read.bundle.record.calls.filter((c) => c.caller === 'words');
    expect(words.length).toBeGreaterThan(0);
    for (const call of words) expect(call).toMatchObject({ response: null, responseDigest: { bytes: Buffer.byteLength(WORDS), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const hop = read.bundle.record.calls.filter((c) => c.caller === 'hop');
    expect(hop.every((c) => c.response === null && c.error !== null)).toBe(true);
  }, 120_000);
});

describe("the owner's secrets in their DM", () => {
  test('the observer link reaches the DM only as a one-time link (an MCP seat token likewise: openSeats.runtime.test.ts)', async () => {
    const opened = await say('Olive', '!play trust Ada,bot:copycat --seed 8 --set maxRounds=30 --delay 5000', (t) => t.includes('trust-8-'));
    const id = idOf(opened);
    const { chat, dm } = await person('Olive');
    const line = await chat.waitFor(dm, houseId, (t) => t.startsWith(`Your observer link for ${id}`));
    expect(line).not.toContain('/house/observe/');
    const revealed = await revealLink(line);
    expect(revealed.secret).toContain(`/house/observe/`);
    expect((await fetch(revealed.link, { method: 'POST', headers: { accept: 'application/json' } })).status).toBe(410);
    const everything = (await chat.messages(dm, 200)).map((m) => m.content).join('\n');
    expect(everything).not.toContain(revealed.secret);
    await say('Olive', `!stop --match ${id}`, (t) => t.includes('stopped'));
  }, 60_000);
});
