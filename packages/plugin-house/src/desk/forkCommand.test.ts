import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentChainLines } from '@the-house/lab/fork/parentChain.ts';
import { bundlePath, readBundle } from '@the-house/lab/models/matchBundle.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from '../houseService.ts';
import { silentGateway } from '../roomGateway.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import type { HouseCommand } from '../commands/parse.ts';

// Seated agents have no decision action here: the game's fallback plays them, as deterministically as the baseline beside them.
const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

const pat = { id: 'person-pat', name: 'Pat' };
const sam = { id: 'person-sam', name: 'Sam' };
const ivo = { id: 'id-Ivo', name: 'Ivo' };
const dir = mkdtempSync(join(tmpdir(), 'house-fork-table-'));
const h = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_MATCH_DIR: join(dir, 'matches'), HOUSE_DATA_DIR: join(dir, 'data') }));
h.gateway = silentGateway;
afterAll(() => h.stop());

const fork = (args: Partial<Extract<HouseCommand, { kind: 'fork' }>>): HouseCommand => ({ kind: 'fork', phase: 3, seats: [], ...args });
const file = (id: string) => {
  const read = readBundle(id, join(dir, 'matches'), { byName: true });
  if (!read.ok) throw new Error(read.error);
  return read.bundle;
};
/** The id a `!fork` answer names, once its match has finished. */
async function finishedFork(answer: string): Promise<string> {
  const id = /has started/.test(answer) ? /match (\S+-fork\d+-\w{4}) has started/.exec(answer)?.[1] : undefined;
  if (!id) throw new Error(`no fork opened: ${answer}`);
  expect((await h.finished(id))?.status).toBe('finished');
  return id;
}

describe('issue 37: !fork MATCH --phase N opens a live table from a finished match', () => {
  let parent = '';

  test('a finished match is forked by its opener: with every seat as it was, the fork ends with the parent\'s log hash for hash, and its file names the parent', async () => {
    const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana', 'bot:copycat'], seed: 11, options: {}, config: { maxRounds: 6 } }, pat);
    expect(opened).toStartWith('Trust match');
    parent = (await h.listMatches()).matches[0]!.id;
    expect(await h.handleCommand(fork({ match: parent }), pat)).toBe(`Match ${parent} is running: a match is forked once it has finished or stopped.`);
    expect((await h.finished(parent))?.status).toBe('finished');

    const answer = await h.handleCommand(fork({ match: parent }), pat);
    expect(answer).toStartWith(`Forked ${parent} after its phase 3: it plays on from round 4. Trust match ${parent}-fork3-`);
    const child = file(await finishedFork(answer));
    const original = file(parent);
    expect(child.log.map((e) => e.hash)).toEqual(original.log.map((e) => e.hash));
    expect(child.provenance!.parent).toMatchObject({ match: parent, phase: 3, parent: null });
    expect(child.record.phases.slice(0, 3)).toEqual(original.record.phases.slice(0, 3));
    expect(parentChainLines(child, bundlePath(join(dir, 'matches'), child.id), [])).toEqual([{ ok: true, text: expect.stringContaining(`parent: ${parent}, signed by key `) }]);
  });

  test('a seat swapped for a baseline keeps phases 1..N and then differs; a fork of the fork chains back to the first match', async () => {
    const answer = await h.handleCommand(fork({ match: parent, phase: 2, seats: [{ seat: 'jana', who: 'bot:always-cheat' }] }), pat);
    const id = await finishedFork(answer);
    const child = file(id);
    const original = file(parent);
    const kept = original.log.findIndex((e) => e.hash === child.provenance!.parent!.head) + 1;
    expect(kept).toBeGreaterThan(0);
    expect(child.log.slice(0, kept)).toEqual(original.log.slice(0, kept));
    expect(child.head).not.toBe(original.head);
    expect(child.provenance!.seats.Jana).toEqual({ kind: 'strategy', strategy: 'always-cheat', model: null, endpoint: null });
    expect(child.provenance!.seats.Ivo).toEqual(original.provenance!.seats.Ivo!);

    const grandchild = file(await finishedFork(await h.handleCommand(fork({ match: id, phase: 4, seed: 99 }), pat)));
    expect(grandchild.provenance!.parent).toMatchObject({ match: id, phase: 4, parent: { match: parent, phase: 2 } });
    expect(grandchild.provenance!.seeds.reseeded).toEqual([{ phase: 4, seed: 99 }]);
    const lines = parentChainLines(grandchild, bundlePath(join(dir, 'matches'), grandchild.id), []);
    expect(lines.map((l) => l.ok)).toEqual([true, true]);
    expect(lines[1]!.text).toStartWith(`parent: ${parent}, signed by key `);
  });

  test('who may fork, and what is refused in one line: another person, a player agent, a phase past the match, a seat that is not one, an agent in another\'s seat', async () => {
    expect(await h.handleCommand(fork({ match: parent }), sam)).toBe(`Only Pat, who opened ${parent}, or a House admin (HOUSE_ADMINS) may !fork it.`);
    expect(await h.handleCommand(fork({ match: parent }), ivo)).toBe('Only people open matches; players join with !join.');
    expect(await h.handleCommand(fork({ match: parent, phase: 999 }), pat)).toMatch(new RegExp(`^Match ${parent} cannot be forked: --phase must be 1 to \\d+ \\(the phases ${parent} recorded\\)\\.$`));
    expect(await h.handleCommand(fork({ match: parent, seats: [{ seat: 'Zed', who: 'me' }] }), pat)).toBe(`Match ${parent} cannot be forked: 'Zed' is not a seat of the match; its seats are Ivo, Jana, copycat.`);
    expect(await h.handleCommand(fork({ match: parent, seats: [{ seat: 'Jana', who: 'Ivo' }] }), pat)).toBe(
      `Match ${parent} cannot be forked: Ivo is a player agent: it plays only its own seat, not Jana's; a seat may be given to \`me\`, \`bot:STRATEGY\` or an entrant.`,
    );
    expect(await h.handleCommand(fork({}), { ...sam, room: { channelId: 'nowhere', serverId: 's' } })).toStartWith('Which match? `!fork MATCH --phase N`');
  });
});
