import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlePath } from '@the-house/lab/models/matchBundle.ts';
import { CHUNK } from '@the-house/plugin-house/matchStore.ts';
import { command, openedId, opens, personAt, roomMessages, type Seat } from './kit/arenaScenarios.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

/**
 * What a person sees of a match whose stored rows or file went bad: the detail,
 * the list, `!status --match` and the House tab all answer, with the same
 * status, the reason in words and no path of the server; nothing the match
 * file or the database still held is lost.
 */
const matchDir = mkdtempSync(join(tmpdir(), 'house-faults-'));
let host: TestHost;
let dora: Seat;

beforeAll(async () => {
  host = await startTestHost({ players: ['Ada', 'Bram', 'Cleo'], env: { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_MATCH_DIR: matchDir } });
  dora = await personAt(host, 'Dora');
}, 90_000);

afterAll(async () => {
  await host?.stop();
  rmSync(matchDir, { recursive: true, force: true });
});

async function played(seed: number): Promise<string> {
  const id = openedId(await command(host, dora, `!play goldmine Ada Bram Cleo --seed ${seed} --set rounds=70`, opens(seed)));
  await host.service.finished(id);
  return id;
}

async function rest(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${host.url}${path}`);
  return { status: res.status, body: await res.text() };
}

/** What a person reads of a match: its detail, its line in the list, `!status --match`, and whether the House tab answers. */
async function seenBy(id: string): Promise<{ detail: string; damage: string | null; listed: string; status: string; tab: number; texts: string }> {
  const detail = JSON.parse((await rest(`/house/matches/${id}`)).body) as { summary: { status: string }; damage: string | null };
  const list = JSON.parse((await rest('/house/matches?per=100')).body) as { matches: Array<{ id: string; status: string; damage?: string | null }> };
  const status = await command(host, dora, `!status --match ${id}`, (r) => r.includes(id));
  const tab = await rest('/house');
  const listed = list.matches.find((m) => m.id === id)!;
  return { detail: detail.summary.status, damage: detail.damage, listed: listed.status, status, tab: tab.status, texts: JSON.stringify([detail, listed, status]) };
}

const row = (key: string) => host.house.getCache<{ json: string; sum?: string }>(key);

describe('storage faults', () => {
  test('a corrupt head row, and a corrupt or edited chunk of each list, with the match file whole: rebuilt from the file, the same status everywhere, nothing lost', async () => {
    const faults: Array<[string, (id: string) => Promise<void>]> = [
      ['corrupt head', async (id) => void (await host.house.setCache(`house:match:${id}`, { ...(await row(`house:match:${id}`))!, json: '{"id": "broken' }))],
      ...(['log', 'history', 'calls', 'phases'] as const).flatMap((list): Array<[string, (id: string) => Promise<void>]> => [
        [`corrupt ${list} chunk`, async (id) => void (await host.house.setCache(`house:match:${id}:${list}:0`, { json: '[{"seq": 0,' }))],
        [`edited ${list} chunk`, async (id) => {
          const stored = (await row(`house:match:${id}:${list}:0`))!;
          await host.house.setCache(`house:match:${id}:${list}:0`, { ...stored, json: stored.json.replace(/"round":1\b/, '"round":2') });
        }],
        [`deleted ${list} chunk`, async (id) => void (await host.house.deleteCache(`house:match:${id}:${list}:0`))],
      ]),
    ];
    // One match, damaged one way after another: each time it comes back whole from its file and is written back.
    const id = await played(700);
    const whole = (await host.service.getMatch(id, { fresh: true }))!;
    expect(whole.events.length).toBeGreaterThan(64);
    expect(whole.history.length).toBe(70);
    for (const [name, damage] of faults) {
      await damage(id);
      const seen = await seenBy(id);
      expect([name, seen.detail, seen.listed, seen.tab]).toEqual([name, 'finished', 'finished', 200]);
      expect(seen.damage).toEndWith('; rebuilt from its match file');
      expect(seen.status).toContain(`goldmine ${id}: finished, round 70.`);
      expect(seen.texts).not.toContain(matchDir);
      const back = (await host.service.getMatch(id, { fresh: true }))!;
      expect(back.damage).toBeNull();
      expect(back.events).toEqual(whole.events);
      expect(back.history).toEqual(whole.history);
    }
  }, 300_000);

  test('the same faults with the match file missing, or truncated: damaged in the list and the detail alike, the reason in words, the House tab still answers', async () => {
    for (const [i, spoil] of ([(path: string) => unlinkSync(path), (path: string) => writeFileSync(path, readFileSync(path, 'utf8').slice(0, 500))] as const).entries()) {
      const id = await played(800 + i);
      spoil(bundlePath(matchDir, id));
      await host.house.setCache(`house:match:${id}:log:0`, { json: '[' });
      const seen = await seenBy(id);
      expect([seen.detail, seen.listed, seen.tab]).toEqual(['damaged', 'damaged', 200]);
      expect(seen.damage).toBe(`log chunk 1 of ${seen.damage!.match(/of (\d+)/)![1]} is not valid JSON (entries 0..${CHUNK - 1}); not rebuilt: ${i === 0 ? `there is no match file '${id}.match.json'` : `'${id}.match.json' is not valid JSON`}`);
      expect(seen.status).toBe(`Match ${id} is damaged: ${seen.damage}`);
      expect(seen.texts).not.toContain(matchDir);
      // Its intact part is still served (issue 33): every round report, read before the log's first chunk.
      const served = (await host.service.getMatch(id, { fresh: true }))!;
      expect([served.summary.status, served.summary.round, served.history.length, served.events.length]).toEqual(['damaged', 70, 70, 0]);
    }
  }, 300_000);

  test("a match file that cannot be written (a full disk, a folder that refuses writes): nothing pauses, the owner is told in one line, !status says the file is missing", async () => {
    for (const [i, [target, why]] of ([['/dev/full', 'the disk is full'], ['/proc/sys/kernel/ostype', 'its folder cannot be written to']] as const).entries()) {
      const seed = 900 + i;
      // The House writes a match file beside itself first: aim every such write of this seed's match at the failing device.
      const opened = await command(host, dora, `!play trust Ada Bram --seed ${seed} --set maxRounds=3 --delay 500`, opens(seed));
      const id = openedId(opened);
      symlinkSync(target, `${bundlePath(matchDir, id)}.tmp`);
      await host.service.finished(id);
      const told = (await roomMessages(host, dora.room, 20)).filter((m) => m.authorId === host.house.agentId).map((m) => m.content).filter((t) => t.includes(`${id} could not be written`));
      expect(told).toEqual([`The match file of ${id} could not be written (${why}). The match itself is safe in the House's database; \`replay-match\` and repairs need the file.`]);
      expect((await host.service.getMatch(id))!.summary.status).toBe('finished');
      expect(await command(host, dora, `!status --match ${id}`, (r) => r.includes(id))).toEndWith(`Its match file is missing (it could not be written: ${why}).`);
    }
  }, 120_000);
});
