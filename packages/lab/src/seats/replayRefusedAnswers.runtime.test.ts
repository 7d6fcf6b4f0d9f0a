import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { readBundle } from '../models/matchBundle.ts';
import { referenceMove } from '../remote/reference/referenceMove.ts';
import type { RemoteTurn } from '../remote/remoteTurn.ts';
import { replayMatch } from './replayMatch.ts';

/** An HTTP bot that answers every first ask with a move no game takes, and every repair well. */
const bot = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: async (req) => {
    const turn = (await req.json()) as RemoteTurn;
    return Response.json(turn.repair ? { turn_id: turn.turn_id, action: referenceMove(turn) } : { turn_id: turn.turn_id, action: { nonsense: 'internal words' } });
  },
});
afterAll(() => bot.stop(true));

// Issue 33, finding 3: a refused answer is kept only as its size and hash, so the repair prompt that quoted it cannot be rebuilt; the replay says so by not checking that prompt, and still reproduces the log.
test('a match whose remote seat was repaired every turn replays to the same log, its refused answers kept only as digests', async () => {
  const out = mkdtempSync(join(tmpdir(), 'refused-replay-'));
  const child = Bun.spawn([process.execPath, HOUSE_MAIN, 'play', 'trust', '--seed', '5', '--players', `copycat,http:http://127.0.0.1:${bot.port}/turn`, '--set', 'maxRounds=4', '--out', out], { stdout: 'ignore', stderr: 'ignore', env: { ...process.env, HOUSE_FETCH_ALLOW: `127.0.0.1:${bot.port}` } });
  expect(await child.exited).toBe(0);
  const read = readBundle(join(out, 'match.json'), out);
  if (!read.ok) throw new Error(read.error);
  expect(JSON.stringify(read.bundle)).not.toContain('internal words');
  const phases = read.bundle.record.phases.map((p) => Object.values(p.answers).find((a) => a.texts.some((t) => t.startsWith('[not a valid turn')))?.outcome);
  expect(phases.filter((o) => o === 'repaired').length).toBe(4);
  const replayed = await replayMatch(games, read.bundle);
  if (!replayed.ok) throw new Error(replayed.error);
  expect(replayed.report).toMatchObject({ reproduced: true, prompts: { changed: [] } });
}, 120_000);
